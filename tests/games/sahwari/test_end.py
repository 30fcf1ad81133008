"""The end of the game with equal turns, final scoring and the tie-break in which everyone
can lose (spec 12, 13, 3.6, 3.7)."""

from __future__ import annotations

from typing import Any

from games.sahwari import GAME
from games.sahwari.engine.data import GUILD_POS, POS_INDEX, TILE_BY_ID
from games.sahwari.engine.state import SahwariState, put
from games.sahwari.testing import (
    ORANGE,
    PINK,
    PURPLE,
    camel_at,
    play,
    position,
    seat_of,
    with_caravan,
)

SIX_LEFT = {"A1": ("resource", "A"), "A5": ("resource", "A"), "E1": ("resource", "A"),
            "E5": ("resource", "A"), "B1": ("resource", "P")}  # five tiles + the Guild tile


def ending_turn(**kw: Any) -> SahwariState:
    """Orange (first player) about to end a turn on a map with six tiles showing resources."""
    return position(step="w3", clear=True, tiles=SIX_LEFT, turns=[1, 0, 0], **kw)


def test_six_tiles_left_trigger_the_end_and_the_round_is_finished() -> None:
    st = ending_turn(storage={ORANGE: 1})
    st, events = play(st, "done")
    assert st.endt and st.last == PINK
    assert any("The end is near" in e.text for e in events)
    assert seat_of(st) == PURPLE  # the others still play
    while GAME.decision(st) is not None:
        st = GAME.apply(st, GAME.legal_actions(st)[-1])
    assert st.turns[PURPLE] == st.turns[PINK] == st.turns[ORANGE]


def test_the_trigger_on_the_last_seats_turn_ends_the_game_at_once() -> None:
    st = position(step="w3", seat=PINK, clear=True, tiles=SIX_LEFT, storage={PINK: 1})
    if GAME.decision(st) is not None and "done" in GAME.legal_actions(st):
        st, _ = play(st, "done")
    assert GAME.decision(st) is None
    assert GAME.outcome(st) is not None


def finished(**kw: Any) -> SahwariState:
    """A position whose end was triggered, Orange playing the last turn; ended by "done"."""
    st = position(step="w3", seat=ORANGE, endt=True, last=ORANGE, reason="test", **kw)
    if GAME.decision(st) is not None:
        st, _ = play(st, "done")
    assert GAME.decision(st) is None
    return st


def test_final_scoring_counts_caravans_tracks_artifacts_leader_and_clan_cards() -> None:
    # Merchant sheet Ochre|Indigo; R01 Ochre|Ochre (+2 on its right edge) opens L1|CLAN.
    st = finished(
        rows={ORANGE: ["R01", "CLAN"]}, active={ORANGE: ["L1|CLAN"]},
        storage={ORANGE: 3}, pawns={ORANGE: 2}, caravans={ORANGE: ["c01", "c02"]},
    )
    st = with_caravan(with_caravan(st, "c01", "B01"), "c02", "B15")
    outcome = GAME.outcome(st)
    assert outcome is not None
    b = outcome.breakdown[ORANGE]
    assert b["caravans"] == 5 - 4  # every caravan is revealed at the end and counts
    assert b["storage"] == 3  # three cubes leave space 4's value visible
    assert b["recruits"] == 3  # two pawns: space 3's value
    assert b["artifacts"] == 2  # R01's +2 edge beside the activated space
    assert b["leader"] == 2  # Merchant: 4 cubes owned, two pairs
    assert outcome.scores[ORANGE] == sum(b.values())


def test_leader_formulas() -> None:
    st = position(rows={PURPLE: ["R05", "CLAN", "R07"]}, storage={ORANGE: 5, PINK: 2},
                  caravans={PINK: ["c01", "c02", "c03"]}, pawns={PINK: 0})
    view = GAME.view(st, None)["players"]
    assert view[ORANGE]["breakdown"]["leader"] == 2  # Merchant: floor(5 / 2)
    assert view[PURPLE]["breakdown"]["leader"] == 2  # Diplomat: two recruit cards
    assert view[PINK]["breakdown"]["leader"] == 2  # Bandit: min(2 cubes, 3 caravans)


def test_the_spy_counts_activated_spyglasses_and_used_spyglass_caravans() -> None:
    # Spy sheet Jade|Ochre. R10 Jade|Jade has Spyglass on its right edge: L1|CLAN.
    st = position(leaders={ORANGE: "spy"}, rows={ORANGE: ["R10", "CLAN"]},
                  active={ORANGE: ["L1|CLAN"]}, storage={ORANGE: 2}, slock={ORANGE: [2]},
                  caravans={ORANGE: ["c01"]}, faceup=["c01"])
    st = with_caravan(st, "c01", "Y09")
    assert GAME.view(st, None)["players"][ORANGE]["breakdown"]["leader"] == 3


def test_the_dealer_pairs_activated_attack_spaces_with_stored_cubes() -> None:
    # Dealer sheet Ochre|Crimson. R27 Crimson|Indigo has Crossed swords on its left edge,
    # beside the sheet's Crimson right edge: CLAN|R1. The used storage swords count too.
    st = position(leaders={ORANGE: "dealer"}, rows={ORANGE: ["CLAN", "R27"]},
                  active={ORANGE: ["CLAN|R1"]}, storage={ORANGE: 4}, slock={ORANGE: [4]})
    assert GAME.view(st, None)["players"][ORANGE]["breakdown"]["leader"] == 2
    st = position(leaders={ORANGE: "dealer"}, rows={ORANGE: ["CLAN", "R27"]},
                  active={ORANGE: ["CLAN|R1"]}, storage={ORANGE: 1}, slock={ORANGE: [4]})
    assert GAME.view(st, None)["players"][ORANGE]["breakdown"]["leader"] == 1


def test_a_clan_card_scores_only_when_activated_on_both_sides_capped_at_5() -> None:
    # Merchant Ochre|Indigo; R04 (Indigo|Indigo, clan ability: the Diplomat's formula), R05.
    st = position(rows={ORANGE: ["CLAN", "R04", "R05"]},
                  active={ORANGE: ["CLAN|R1", "R1|R2"]}, storage={ORANGE: 6})
    b = GAME.view(st, None)["players"][ORANGE]["breakdown"]
    assert b["clan cards"] == 2  # R04 (Diplomat formula): two recruit cards
    st = position(rows={ORANGE: ["CLAN", "R04", "R05"]}, active={ORANGE: ["CLAN|R1"]})
    assert GAME.view(st, None)["players"][ORANGE]["breakdown"]["clan cards"] == 0


def test_a_tie_is_broken_by_recruit_cards_plus_artifacts() -> None:
    # Explorer sheet Indigo|Jade; R25 Indigo|Crimson on the left is a dead junction: a card
    # that scores nothing but counts in the tie-break.
    st = finished(players=2, leaders={ORANGE: "explorer", PURPLE: "explorer"},
                  rows={ORANGE: ["R25", "CLAN"]},
                  camels={"P1a": "A1", "P1b": "A2", "P2a": "A3", "P2b": "A4"})
    outcome = GAME.outcome(st)
    assert outcome is not None
    assert outcome.scores[ORANGE] == outcome.scores[PURPLE]
    assert outcome.winners == (ORANGE,)
    assert outcome.tiebreak == "recruit cards plus artifact cubes"


def test_when_the_tie_break_ties_too_everyone_loses() -> None:
    st = finished(players=2, leaders={ORANGE: "explorer", PURPLE: "explorer"},
                  camels={"P1a": "A1", "P1b": "A2", "P2a": "A3", "P2b": "A4"})
    outcome = GAME.outcome(st)
    assert outcome is not None
    assert outcome.scores[0] == outcome.scores[1]
    assert outcome.winners == ()
    assert outcome.result is not None and "everyone loses" in outcome.result
    assert "Nobody wins" in outcome.headline(["Orange", "Purple"])


def test_guild_tile_counts_as_a_tile_showing_resources() -> None:
    st = position()
    assert st.kind[GUILD_POS] == "G"
    assert GAME.view(st, None)["resource_tiles"] == 25


def test_stand_in_stall_safeguard_ends_a_game_whose_last_tiles_cannot_be_reached() -> None:
    """STAND-IN (spec 12): 3 x N turns without an item leaving the map, at most 9 tiles."""
    nine = {**SIX_LEFT, "C1": ("resource", "A"), "C5": ("resource", "A"),
            "D1": ("resource", "A")}
    st = position(step="w3", clear=True, tiles=nine, stall=7, turns=[1, 0, 0])
    st.kind = tuple("D" if k == "R" and not items else k
                    for k, items in zip(st.kind, st.items, strict=True))
    st, _ = play(st, "done")
    assert not st.endt and st.stall == 8
    st = position(step="w3", clear=True, tiles=nine, stall=8, turns=[1, 0, 0])
    st.kind = tuple("D" if k == "R" and not items else k
                    for k, items in zip(st.kind, st.items, strict=True))
    st, events = play(st, "done")
    assert st.endt and any("nothing has left the map for 9 turns" in e.text for e in events)


def test_stand_in_turn_cap_ends_the_game_after_the_sixtieth_turn() -> None:
    st = position(step="w3", turns=[60, 59, 59])
    st, events = play(st, "done")
    assert st.endt and any("played 60 turns" in e.text for e in events)


def test_an_emptied_tile_flips_at_the_end_of_the_turn_and_camels_stay_on_it() -> None:
    st = position(step="w3", camels={"P1a": "B2"}, turns=[1, 0, 0])
    st.items = put(st.items, POS_INDEX["B2"], ())
    back = TILE_BY_ID[st.tiles[POS_INDEX["B2"]]].back
    step = GAME.step(st, "done")
    assert step.state.kind[POS_INDEX["B2"]] == back
    assert camel_at(step.state, "P1a") == "B2"
    assert step.revealed  # the back was a secret until now
    assert st.kind[GUILD_POS] == step.state.kind[GUILD_POS] == "G"  # the Guild never flips
