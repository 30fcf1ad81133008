"""Each UNCERTAIN reading of the rules spec (its section 17 and the marks in the text),
implemented as written and pinned here by name, so changing one is a visible decision."""

from __future__ import annotations

from games.sahwari import GAME
from games.sahwari.engine.data import GUILD_POS, LOCKED, NO, POS_INDEX
from games.sahwari.testing import (
    ORANGE,
    PINK,
    PURPLE,
    at,
    camel_at,
    kind,
    legal,
    play,
    position,
    with_caravan,
)

P1A = 2


def test_u01_two_camels_each_with_two_players_one_with_three_or_four() -> None:
    assert [len(GAME.new_game(n, 1).cpos) - 2 for n in (2, 3, 4)] == [4, 3, 4]


def test_u02_guild_camels_start_on_the_guild_tile_player_camels_off_the_map() -> None:
    st = GAME.new_game(3, 5)
    assert st.cpos[:2] == (GUILD_POS, GUILD_POS)
    # The first player's camel entered at the Guild tile (the only entry tile at the start).
    assert st.cpos[2 + st.first] == GUILD_POS
    assert all(p == NO for s, p in enumerate(st.cpos[2:]) if s != st.first)


def test_u03_guild_camels_block_player_camels() -> None:
    st = position(step="move", clear=True, camels={"P1a": "B1", "G1": "B2"},
                  tiles={"B2": "desert", "B3": ("resource", "A"), "A1": ("resource", "A")})
    assert "move B1 E" not in legal(st)


def test_u04_oasis_and_empty_guild_are_optional_stops_a_guild_with_items_mandatory() -> None:
    st = position(step="move", clear=True, camels={"P1a": "C1"},
                  tiles={"C2": "oasis", "C3": ("guild", "P"), "C4": ("resource", "A")})
    st, _ = play(st, "move C1 E")
    assert legal(st) == ["stop C2", "stop C3"]


def test_u05_an_own_camel_is_passed_but_never_shared_on_a_resource_tile() -> None:
    st = position(players=2, step="move", clear=True,
                  camels={"P1a": "A1", "P1b": "A2", "P2a": None, "P2b": None},
                  tiles={"A2": ("resource", "A"), "A3": ("resource", "A")})
    st, _ = play(st, "move A1 E")
    assert camel_at(st, "P1a") == "A3"


def test_u06_a_blocked_camel_stays_off_the_map_until_its_next_turn() -> None:
    st = position(step="move", clear=True, camels={"P1a": "A1", "P2a": "A2", "P3a": "B1"},
                  tiles={"A2": ("resource", "A"), "B1": ("resource", "A")})
    st, _ = play(st, "off A1")
    while GAME.decision(st) is not None and st.seat == ORANGE:
        st = GAME.apply(st, legal(st)[0])
    assert camel_at(st, "P1a") is None  # still off the map during the others' turns


def test_u07_the_market_refills_to_four_when_fewer_are_face_up() -> None:
    st = position(step="w3", market=["R01", "R02"])
    if GAME.decision(st) is not None and legal(st) == ["done"]:
        st, _ = play(st, "done")
    assert len(st.market) == 4


def test_u08_a_spyglass_looks_at_one_tile_or_one_opponent() -> None:
    st = with_caravan(position(step="w0", caravans={ORANGE: ["c01"], PURPLE: ["c02"]},
                               clear=True, tiles={"A1": ("resource", "c03")}), "c01", "Y09")
    st, _ = play(st, "reveal c01")
    assert legal(st) == ["spy A1", "spy Purple"]


def test_u09_the_bird_reaches_only_tiles_orthogonally_next_to_a_guild_camel() -> None:
    st = with_caravan(position(step="w0", caravans={ORANGE: ["c01"]}, clear=True,
                               camels={"G1": "C3", "G2": "C3"},
                               tiles={"C5": ("resource", "A"), "B3": ("resource", "A"),
                                      "D4": ("resource", "A")}), "c01", "Y14")
    _, events = play(st, "reveal c01")  # B3 is the only tile in reach: taken from at once
    assert any("sends the bird to B3" in e.text for e in events)


def test_u10_a_guild_camel_may_be_attacked_and_is_only_pushed() -> None:
    st = position(step="w0", camels={"P1a": "B2", "G1": "B3", "G2": "E5"},
                  strategy={ORANGE: 1}, storage={PURPLE: 1})
    st, _ = play(st, "attack", "attack B2 camel G1")
    assert kind(st) == "push" and st.store[PURPLE] == 1


def test_u11_with_empty_storage_an_attack_locks_a_placed_cube() -> None:
    st = position(step="w0", camels={"P1a": "B2", "P2a": "B3"}, strategy={ORANGE: 1},
                  rows={PURPLE: ["R05", "CLAN"]}, active={PURPLE: ["L1|CLAN"]})
    st, _ = play(st, "attack", "attack B2 camel P2a")
    assert st.junc[PURPLE] == (LOCKED,)


def test_u12_the_dealer_pairs_attack_spaces_with_cubes_in_storage_only() -> None:
    st = position(leaders={ORANGE: "dealer"}, rows={ORANGE: ["CLAN", "R27"]},
                  active={ORANGE: ["CLAN|R1"]}, storage={ORANGE: 0})
    assert GAME.view(st, None)["players"][ORANGE]["breakdown"]["leader"] == 0


def test_u13_a_clan_ability_needs_both_junctions_activated_and_scores_at_most_5() -> None:
    # R04 (clan ability: Diplomat) with seven cards in the row would give 7; capped at 5.
    row = ["R15", "R16", "R02", "R01", "CLAN", "R04", "R05"]
    st = position(rows={ORANGE: row}, active={ORANGE: ["CLAN|R1", "R1|R2"]})
    assert GAME.view(st, None)["players"][ORANGE]["breakdown"]["clan cards"] == 5


def test_u14_the_tie_break_counts_recruit_cards_not_pawns() -> None:
    from games.sahwari.engine import queries as Q

    st = position(rows={ORANGE: ["R25", "CLAN"]}, pawns={ORANGE: 4, PURPLE: 0})
    assert Q.tiebreak_count(st, ORANGE) == 1


def test_u15_the_highest_storage_cube_leaves_and_the_track_stays_contiguous() -> None:
    st = position(step="w0", storage={ORANGE: 3}, rows={ORANGE: ["R01", "CLAN"]})
    st, _ = play(st, "fill L1|CLAN")
    assert st.store[ORANGE] == 2
    assert GAME.view(st, None)["players"][ORANGE]["storage"]["score"] == 2  # space 3


def test_u16_influence_is_counted_at_the_end_only() -> None:
    st = with_caravan(position(step="w0", caravans={ORANGE: ["c01"]}), "c01", "B02")
    before = GAME.view(st, None)["players"][ORANGE]["score"]
    st, _ = play(st, "reveal c01")
    assert GAME.view(st, None)["players"][ORANGE]["score"] == before + 4  # no gain in play


def test_u18_the_spy_counts_used_caravans_not_those_turned_up_at_the_end() -> None:
    st = position(leaders={ORANGE: "spy"}, caravans={ORANGE: ["c01"]})
    st = with_caravan(st, "c01", "Y09")
    assert GAME.view(st, ORANGE)["players"][ORANGE]["breakdown"]["leader"] == 0
    st.faceup = ("c01",)  # turned up by the final reveal, never used
    assert GAME.view(st, ORANGE)["players"][ORANGE]["breakdown"]["leader"] == 0


def test_u19_a_tornado_on_the_moved_camel_cancels_the_collection() -> None:
    st = with_caravan(position(step="w1", caravans={ORANGE: ["c01"]}, clear=True,
                               camels={"P1a": "B2"}, tiles={"B2": ("resource", "A")},
                               moves=1, moved=P1A, mend=POS_INDEX["B2"], mdir="E"),
                      "c01", "Y13")
    st, _ = play(st, "reveal c01", "tornado P1a", "to E1")
    assert at(st, "B2") == ("A",) and st.store[ORANGE] == 0


def test_u20_a_tornado_needs_a_tile_with_no_camel_a_push_may_share_a_common_tile() -> None:
    st = with_caravan(position(step="w0", caravans={ORANGE: ["c01"]},
                               camels={"P1a": "B3", "P2a": "E5"}), "c01", "Y13")
    st, _ = play(st, "reveal c01", "tornado P1a")
    assert "to C3" not in legal(st)  # the Guild tile holds the guild camels
    st = position(step="w0", camels={"P1a": "B2", "P2a": "C2"}, strategy={ORANGE: 1},
                  clear=True, tiles={"B3": "desert", "C1": "desert", "D2": "desert"})
    st, _ = play(st, "attack", "attack B2 camel P2a")
    assert "push C3" in legal(st)  # shared with the guild camels


def test_u21_an_attack_lock_stops_an_artifact_scoring() -> None:
    st = position(rows={ORANGE: ["R01", "CLAN"]}, locked={ORANGE: ["L1|CLAN"]})
    assert GAME.view(st, None)["players"][ORANGE]["breakdown"]["artifacts"] == 0


def test_u22_a_pawn_collected_with_a_full_track_leaves_the_game() -> None:
    st = position(step="collect", clear=True, camels={"P1a": "B2"},
                  tiles={"B2": ("resource", "P")}, pawns={ORANGE: 5},
                  moves=1, moved=P1A, mend=POS_INDEX["B2"], mdir="E")
    st, _ = play(st, "take pawn")
    assert st.pawns[ORANGE] == 5 and at(st, "C3").count("P") == 0


def test_explorer_window_between_the_two_moves() -> None:
    """UNCERTAIN (spec 6.1.6): W1a falls between the Explorer's first and second move."""
    st = position(step="move", clear=True, leaders={ORANGE: "explorer"}, pawns={ORANGE: 1},
                  camels={"P1a": "B1"},
                  tiles={"B2": ("resource", "A"), "A2": ("resource", "P")})
    st, _ = play(st, "move B1 E")
    assert kind(st) == "abilities" and st.step == "w1a"


def test_storage_ability_usable_in_the_turn_the_cube_arrives() -> None:
    """UNCERTAIN (spec 6.4): "this turn or any later turn"."""
    st = position(step="collect", clear=True, camels={"P1a": "B2"},
                  tiles={"B2": ("resource", "A")}, storage={ORANGE: 3},
                  moves=1, moved=P1A, mend=POS_INDEX["B2"], mdir="E")
    st, _ = play(st, "take cube")
    assert "lock 4" in legal(st)


def test_unflipped_tile_backs_are_hidden() -> None:
    """UNCERTAIN (spec 3.3): a tile's back is secret until it flips; views never name ids."""
    st = GAME.new_game(3, 2)
    for seat in (ORANGE, PURPLE, PINK, None):
        hidden = GAME.hidden_from(st, seat)
        assert {t for t in st.tiles if t} <= hidden
