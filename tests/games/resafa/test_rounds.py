"""The end of a round (spec §5, §11), the Rain phase (§12), final scoring (§13), the solo
rival (§14), player counts (§4.3) and what each seat sees (§17.1)."""

from __future__ import annotations

from typing import Any

from games.resafa import GAME
from games.resafa.engine.data import TRADING_TILES
from games.resafa.engine.state import State
from games.resafa.testing import (
    OCHRE,
    TEAL,
    kind,
    legal,
    play,
    position,
    space_of,
    texts,
)


def last_turn(**kw: Any) -> State:
    """Teal's last turn of a 2-player round: one card in hand, five turns already taken."""
    kw.setdefault("hands", {})
    kw["hands"] = {TEAL: ["C1"], **kw["hands"]}
    return position(players=2, current=TEAL, start=OCHRE, turns=5, **kw)


def finish_turn(st: State) -> tuple[State, list[Any]]:
    return play(st, "play C1 up", "end")


def test_uncertain_leftover_bonus_cards_go_under_their_deck_and_three_are_dealt() -> None:
    """UNCERTAIN (spec §11.1): one deck per colour; leftovers go under it, leftmost first."""
    st = last_turn(bonus={"Y": ["BY01", "BY02"]})
    top = st.bonus_deck["Y"][-3:]
    st, _ = finish_turn(st)
    assert st.bonus["Y"] == list(reversed(top))
    assert st.bonus_deck["Y"][:2] == ["BY02", "BY01"]


def test_the_starting_player_tile_passes_left_and_the_round_advances() -> None:
    st, events = finish_turn(last_turn())
    assert st.round == 2 and st.start == TEAL and st.current == TEAL
    assert "Round 2 begins; Teal starts." in texts(events)


def test_cards_played_in_an_odd_round_turn_face_down() -> None:
    st = last_turn(hands={TEAL: ["C1"]})
    st.players[TEAL].played = ["C4:U", "C6:L"]
    st, _ = finish_turn(st)
    assert st.players[TEAL].facedown == ["C4", "C6", "C1"] and st.players[TEAL].played == []


def test_all_action_cards_are_collected_after_round_two_and_three_are_drawn() -> None:
    st = last_turn(round=2, hands={TEAL: ["C1"]}, decks={TEAL: []},
                   facedown={TEAL: ["C2", "C3", "C5"]})
    st.players[TEAL].played = ["C4:U", "C6:L"]
    st, events = finish_turn(st)
    p = st.players[TEAL]
    assert st.round == 3 and len(p.hand) == 3 and len(p.deck) == 3
    assert sorted(p.hand + p.deck) == ["C1", "C2", "C3", "C4", "C5", "C6"]
    assert p.facedown == [] and p.played == []
    mine = [e for e in events if e.audience == (TEAL,) and "action cards" in e.text]
    assert len(mine) == 1 and mine[0].text not in texts(events, OCHRE)


def test_rain_scores_the_flow_of_each_active_cube_after_round_two() -> None:
    # the example of spec §12: through-tiles at 21 and 31 (Ochre), Teal's tank at 41
    st = last_turn(round=2, decks={TEAL: []}, clear_network=True, vp={OCHRE: 0, TEAL: 0},
                   coins={TEAL: 0},
                   canals={"11": ("N", -1), "21": ("CN01", OCHRE), "31": ("CN02", OCHRE),
                           "41": ("TK1", TEAL)}, cubes={"21": "active"})
    st, events = finish_turn(st)
    assert st.players[OCHRE].vp == 2 and st.players[TEAL].vp == 3
    assert st.players[TEAL].coins == 1
    assert st.cube[space_of("21")] == 1  # inactive, where it is
    assert "Rain phase after round 2." in texts(events)


def test_a_basin_at_the_end_of_a_flow_scores_one_more() -> None:
    st = last_turn(round=4, decks={TEAL: []}, clear_network=True, vp={OCHRE: 0},
                   canals={"21": ("CN01", OCHRE), "31": ("CN15", OCHRE)},
                   cubes={"21": "active"})
    st, _ = finish_turn(st)
    assert st.players[OCHRE].vp == 1 + 2


def test_no_rain_after_an_odd_round() -> None:
    st = last_turn(clear_network=True, vp={OCHRE: 0},
                   canals={"21": ("CN01", OCHRE)}, cubes={"21": "active"})
    st, events = finish_turn(st)
    assert st.players[OCHRE].vp == 0 and st.cube[space_of("21")] == 2
    assert not [t for t in texts(events) if t.startswith("Rain")]


def test_uncertain_end_of_round_steps_run_display_faces_rain_reset_then_start_player() -> None:
    """UNCERTAIN (spec §5): the order of the end-of-round steps is the spec's choice."""
    st = last_turn(round=2, decks={TEAL: []}, facedown={TEAL: ["C2", "C3", "C5"]})
    st, events = finish_turn(st)
    lines = texts(events)
    rain = lines.index("Rain phase after round 2.")
    reset = next(i for i, t in enumerate(lines) if "collects the action cards" in t)
    start = lines.index("Round 3 begins; Teal starts.")
    assert rain < reset < start


def final_state(**kw: Any) -> State:
    st = last_turn(round=6, decks={TEAL: []}, **kw)
    st, _ = finish_turn(st)
    assert GAME.decision(st) is None
    return st


def test_final_scoring_adds_every_category_to_the_vp_of_play() -> None:
    st = final_state(
        vp={OCHRE: 10}, coins={OCHRE: 7}, ware={OCHRE: "2Sp+1A+1M"},
        tokens={OCHRE: ["scarab", "square", "scarab"]},
        workshops={OCHRE: {"c3": "W1-04", "f6": "W2-01"}}, squares={OCHRE: 2},
        clear_network=True, canals={"21": ("CN19", OCHRE), "41": ("TK1", OCHRE)},
        hands={OCHRE: ["SK01"]}, specials={OCHRE: ["SP1-5"]},
    )
    b = GAME.outcome(st).breakdown[OCHRE]  # type: ignore[union-attr]
    assert b["play"] == 10 and b["scarabs"] == 4 and b["workshops"] == 3
    assert b["gardens"] == 2 and b["canals"] == 3 and b["tanks"] == 4
    assert b["rare goods"] == 3 and b["coins"] == 2 and b["sack cards"] == 1
    assert b["pink cards"] == 4  # SP1-5: 1 VP per workshop, the starting two included
    assert GAME.outcome(st).scores[OCHRE] == sum(b.values())  # type: ignore[union-attr]


def test_uncertain_a_tie_goes_to_more_coins_then_more_scarabs() -> None:
    """UNCERTAIN (spec §13): the published tie-break is unknown; coins, then scarabs."""
    st = final_state(vp={OCHRE: 10, TEAL: 11}, coins={OCHRE: 5, TEAL: 2})
    out = GAME.outcome(st)
    assert out is not None and out.scores[OCHRE] == out.scores[TEAL]
    assert out.winners == (OCHRE,) and out.tiebreak == "coins"
    st = final_state(vp={OCHRE: 9, TEAL: 7}, coins={OCHRE: 2, TEAL: 2},
                     tokens={OCHRE: ["square"], TEAL: ["scarab"]})  # a scarab scores 2
    out = GAME.outcome(st)
    assert out is not None and out.winners == (TEAL,) and out.tiebreak == "scarabs"


# ---- solo (spec §14) -------------------------------------------------------------------------


def solo(**kw: Any) -> State:
    return position(players=1, hands={OCHRE: ["C1", "C4", "C6"]}, **kw)


def test_uncertain_solo_is_played_against_a_light_rival_by_default() -> None:
    """UNCERTAIN (spec §14): the rival is the default; the option plays for score alone."""
    assert GAME.default_options(1) == {"rival": True}
    assert GAME.new_game(1, 3).rival and not GAME.new_game(1, 3, {"rival": False}).rival
    st = GAME.new_game(1, 3, {"rival": False})
    assert GAME.view(st, 0)["rival"] is None


def test_the_rival_removes_a_bonus_card_blocks_a_box_and_removes_a_workshop() -> None:
    st = solo(bonus={"Y": ["BY01", "BY02", "BY03"]}, offer1=["W1-01", "W1-04", "W1-10"],
              rival_deck=["R05", "R01"])  # R01: yellow, Sura, workshop
    st, events = play(st, "play C1 up", "end")
    assert st.bonus["Y"] == ["BY02", "BY03"] and st.bonus_deck["Y"][0] == "BY01"
    assert st.boxes["SU"][:2] == [-2, -1]
    assert st.removed_ws == ["W1-01"] and st.offer1[0] not in ("", "W1-01")
    assert "The rival reveals R01." in texts(events)


def test_the_rival_never_takes_a_citys_last_free_box() -> None:
    st = solo(bases={OCHRE: ["SU"]}, rival_deck=["R01"])
    st, _ = play(st, "play C1 up", "end")
    assert st.boxes["SU"][:2] == [0, -1]


def test_the_rival_deck_is_reshuffled_when_empty() -> None:
    st = solo(rival_deck=[], rival_discard=["R01"])
    st, events = play(st, "play C1 up", "end")
    assert "The rival deck is reshuffled." in texts(events)
    assert len(st.rival_deck) == 11


def test_a_solo_game_ends_in_a_score_band() -> None:
    st = position(players=1, current=OCHRE, turns=2, round=6, hands={OCHRE: ["C1"]},
                  decks={OCHRE: []}, vp={OCHRE: 95}, coins={OCHRE: 0})
    st, _ = play(st, "play C1 up", "end")
    out = GAME.outcome(st)
    assert out is not None and out.winners == () and out.result is not None
    assert out.result.endswith(": Trader") and out.headline(["Ochre"]) == out.result


def test_one_seat_plays_a_whole_game() -> None:
    st = GAME.new_game(1, 5)
    while GAME.decision(st) is not None:
        st = GAME.apply(st, GAME.legal_actions(st)[-1])
    assert GAME.outcome(st) is not None


# ---- player counts, capacity and what each seat sees ----------------------------------------


def test_uncertain_only_the_boxes_change_with_the_player_count() -> None:
    """UNCERTAIN (spec §4.3): box 3 is unused with 1 or 2 players; nothing else changes."""
    for players, third in ((1, -3), (2, -3), (3, -1), (4, -1)):
        st = GAME.new_game(players, 1)
        assert all(b[2] == third for b in st.boxes.values())
        assert all(len(st.bonus[c]) == 3 for c in "YWBP") and len([t for t in st.offer1 if t]) == 3


def test_uncertain_unloading_stops_at_the_warehouse_cap() -> None:
    """UNCERTAIN (spec §9.5): items that do not fit the warehouse stay on the caravan."""
    st = position(hands={OCHRE: ["C2"]}, ware={OCHRE: "5S"}, caravan={OCHRE: ("PA", 2, "3S")},
                  sides="AAAAAA")
    st, _ = play(st, "play C2 low", "main", "go R")
    assert legal(st)[:2] == ["unload 1", "none"]


def test_uncertain_each_camel_carries_two_items() -> None:
    """UNCERTAIN (spec §15.13): capacity is 2 per camel."""
    st = position(hands={OCHRE: ["C2"]}, ware={OCHRE: "6S"}, camels={OCHRE: 3},
                  sides="AAAAAA")
    st, _ = play(st, "play C2 low", "main", "go PA", "load S")
    assert legal(st)[-1] == "take 6"


def test_uncertain_special_cards_and_pink_cards_are_public() -> None:
    """UNCERTAIN (spec §17.1): pink cards are shown openly, like the other special cards."""
    st = position(specials={OCHRE: ["SP1-1", "SB1-3"]}, hands={OCHRE: ["C1", "C4", "C6"]})
    seen = GAME.view(st, TEAL)["players"][OCHRE]
    assert [c["id"] for c in seen["specials"]] == ["SP1-1", "SB1-3"]
    assert seen["hand"] is None and seen["hand_count"] == 3 and seen["deck_count"] == 3


def test_the_trading_tiles_have_a_gold_sale_and_a_plain_purchase_on_each_side() -> None:
    for sides in TRADING_TILES.values():
        for gold, plain in sides:
            assert gold.sell and gold.bonus and not plain.sell and not plain.bonus


def test_a_search_of_a_yellow_card_stays_private() -> None:
    st = position(hands={OCHRE: ["C1", "C4", "C6"]}, tracks={OCHRE: "Y2"})
    st, events = play(st, "play C1 up", "colour", "step Y", "search")
    card = legal(st)[0].split()[1]
    st, events = play(st, f"pick {card}")
    assert all(card not in t for t in texts(events, TEAL))
    assert f"You take {card}." in texts(events, OCHRE)
    assert kind(st) == "yellow_swap"
