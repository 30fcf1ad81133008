"""Yspahan notation (aliases, the three errors, labels), serialisation and the views."""

from __future__ import annotations

import json

import pytest

from games.core import AmbiguousAction, IllegalAction, NotationError, SchemaError
from games.core import rng as R
from games.yspahan import GAME
from games.yspahan.testing import BLUE, RED, legal, play, position

TOWER = {1: (3, 0, 2), 2: (2, 0, 3), 3: (1, 0, 4), 6: (2, 0, 6)}


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("roll", "buy 0"),
        ("Buy 2 yellow dice", "buy 2"),
        ("buy yellow", "buy 1"),
        ("group gold", "group 6"),
        ("G3", "group 3"),
        ("take card", "card"),
        ("take gold with C2b", "gold +C2b"),
        ("group sack", "group 2"),
        ("shop", "shops"),
        ("Shops with c5a", "shops +C5a"),
        ("camels + C1B", "camels +C1b"),
        ("super", "supervisor"),
        ("cube sack b2", "cube SACK-B2"),
        ("sb2", "cube SACK-B2"),
        ("CUBE vase-c3", "cube VASE-C3"),
        ("go w3", "go W3"),
        ("e7", "go E7"),
        ("go west", "go W"),
        ("go h", "go H"),
        ("first bA1", "first BARREL-A1"),
        ("save", "keep"),
        ("build B6", "build crane"),
        ("build crane c4b c3a", "build crane C3a C4b"),
        ("Build Caravansary", "build caravanserai"),
        ("no building", "pass"),
        ("discount c4a c3a", "discount C3a C4a"),
        ("c7b", "play C7b"),
        ("end turn", "end"),
        ("quarter Vase", "quarter vase"),
        ("convert camel", "convert camels"),
        ("amount 03", "amount 3"),
    ],
)
def test_aliases_normalise_to_canonical_notation(typed: str, canonical: str) -> None:
    assert GAME.normalize(typed) == canonical
    assert GAME.normalize(canonical) == canonical


@pytest.mark.parametrize(
    "text", ["", "fly away", "group 7", "cube SACK-Z9", "step W", "go W11", "play C10", "buy 4",
             "build palace", "ship now"],
)  # fmt: skip
def test_text_that_is_not_notation_is_a_notation_error(text: str) -> None:
    with pytest.raises(NotationError, match="not Yspahan notation"):
        GAME.normalize(text)


def test_the_three_errors_are_distinct() -> None:
    st = position(tower=TOWER, camels={BLUE: 4}, gold={BLUE: 4})
    with pytest.raises(NotationError):
        GAME.parse(st, "dance")
    with pytest.raises(IllegalAction, match="holds no dice"):
        GAME.parse(st, "group 4")
    st, _ = play(st, "group 6", "gold")
    with pytest.raises(AmbiguousAction) as err:
        GAME.parse(st, "build")
    assert "build crane" in err.value.candidates and "build enclosure" in err.value.candidates
    assert GAME.parse(st, "b6") == "build crane"


def test_a_copy_of_a_card_points_to_the_offered_one() -> None:
    st = position(tower=TOWER, hands={BLUE: ["C1a", "C1b"]})
    assert legal(st).count("play C1a") == 1 and "play C1b" not in legal(st)
    with pytest.raises(IllegalAction, match="Both copies of a card are the same; play C1a"):
        GAME.parse(st, "play C1b")


def test_every_label_is_short_over_a_seeded_game() -> None:
    state = GAME.new_game(4, 11)
    r = R.seed_state(3)
    seen = 0
    while (d := GAME.decision(state)) is not None:
        assert len(d.actions) <= 25 or d.kind in ("card_amount",), (d.kind, len(d.actions))
        for a in d.actions:
            label = GAME.describe(state, a)
            assert 0 < len(label) <= 80, label
            seen += 1
        r, i = R.below(r, len(d.actions))
        state = GAME.apply(state, d.actions[i])
    assert seen > 500


def test_json_round_trip_mid_game_and_schema_checks() -> None:
    state = GAME.new_game(3, 5)
    r = R.seed_state(8)
    for _ in range(150):
        d = GAME.decision(state)
        assert d is not None
        r, i = R.below(r, len(d.actions))
        state = GAME.apply(state, d.actions[i])
    data = json.loads(json.dumps(GAME.to_json(state)))
    again = GAME.from_json(data)
    assert GAME.to_json(again) == GAME.to_json(state)
    assert GAME.decision(again) == GAME.decision(state)
    with pytest.raises(SchemaError):
        GAME.from_json({**data, "schema": 99})
    with pytest.raises(SchemaError):
        GAME.from_json({**data, "game": "targi"})


def test_view_shows_the_board_and_offers_actions_only_to_the_deciding_seat() -> None:
    st = position(tower=TOWER, shops={"SACK-B2": RED}, supervisor="W5", hands={RED: ["C1a"]})
    view = GAME.view(st, BLUE)
    json.dumps(view)
    assert view["supervisor"] == "W5" and view["players_count"] == 4
    shop = next(s for s in view["shops"] if s["id"] == "SACK-B2")
    assert shop["owner"] == RED and shop["street"] == ["W5"] and not shop["stand_in_position"]
    assert next(s for s in view["shops"] if s["id"] == "SACK-B3")["stand_in_position"]
    souk = next(s for s in view["souks"] if s["id"] == "SACK-B")
    assert souk["owner"] == RED and not souk["complete"] and souk["value"] == 6
    assert view["tower"][0] == {"space": 1, "name": "Camels", "value": 2, "white": 3,
                                "yellow": 0}  # fmt: skip
    assert view["decision"]["actions"] == legal(st)
    assert GAME.view(st, RED)["decision"]["actions"] == []
    assert GAME.view(st, None)["players"][RED]["hand"] is None
    assert "C1a" not in json.dumps(GAME.view(st, BLUE))
    assert len(view["street"]) == 29 and len(view["shops"]) == 47 and len(view["souks"]) == 14


def test_text_board_lists_quarters_caravan_and_players() -> None:
    st = position(tower=TOWER, shops={"VASE-A1": RED}, caravan=[BLUE], hands={BLUE: ["C2a"]})
    board = GAME.text(st, BLUE)
    assert "Vase: A4[R]" in board and "Caravan (bottom to top): B... / .... / ...." in board
    assert "Blue: 0 VP, 2 gold, 0 camels, hand C2a" in board
    assert "hand C2a" not in GAME.text(st, RED)


def test_text_board_draws_the_city_map() -> None:
    st = position(shops={"VASE-A1": RED, "SACK-C2": BLUE}, supervisor="E1")
    board = GAME.text(st, None).splitlines()
    hub = next(line for line in board if "H" in line and line.strip().startswith("."))
    # The Hub's row is the east-west street: Sack's C2 sits below its west side, Vase's A1 above
    # its east side, and the Supervisor stands on E1, just east of the Hub.
    row = board.index(hub)
    column = hub.index("H")
    assert hub[column + 2] == "@"
    assert board[row - 1][column + 2] == "R" and board[row + 1][column - 2] == "B"
    assert any(line.strip().startswith("Chest") and line.rstrip().endswith("Vase")
               for line in board)


PROBES = [
    "buy 0", "buy 3", "group 1", "group 5", "draw", "camels", "gold +C1a", "shops +C9b",
    "supervisor", "card", "cube SACK-A1", "cube VASE-C3", "go W3", "go H", "go N", "back",
    "first SACK-C2", "ship", "keep", "build enclosure", "build crane", "build shop C3a C4b",
    "build enclosure C4a", "pass",
    "discount none", "discount C3a C4b", "discount C1a", "play C1a", "play C3b", "play C6a",
    "play C9b", "end", "quarter sack", "convert gold", "amount 7",
]  # fmt: skip


def test_every_refusal_names_a_reason_at_every_kind_of_decision() -> None:
    seen: set[str] = set()
    for players in (2, 3, 4):
        state = GAME.new_game(players, 21)
        r = R.seed_state(players)
        while (d := GAME.decision(state)) is not None:
            seen.add(d.kind)
            for probe in PROBES:
                if probe not in d.actions:
                    reason = GAME.explain_illegal(state, probe)
                    assert reason and reason.endswith((".", ")")), (probe, reason)
            r, i = R.below(r, len(d.actions))
            state = GAME.apply(state, d.actions[i])
    assert {"choose_group", "option", "place_cube", "supervisor", "end_turn"} <= seen


def test_draws_rolls_and_other_seats_decisions_are_not_reversible() -> None:
    st = position(tower=TOWER, deck_top=("C4a",))
    assert GAME.step(st, "group 1").reversible  # same seat, nothing revealed
    chosen = GAME.apply(st, "group 1")
    assert not GAME.step(chosen, "card").reversible  # a card is drawn
    assert not GAME.step(position(step="buy"), "buy 0").reversible  # dice are rolled
    ship = position(tower={1: (1, 0, 1), 6: (1, 0, 6)}, shops={"SACK-C2": RED},
                    camels={RED: 1}, gold={BLUE: 0})  # fmt: skip
    ship = GAME.apply(GAME.apply(ship, "group 1"), "supervisor")
    step = GAME.step(ship, "go W1")
    assert GAME.decision(step.state).seat == RED and not step.reversible  # type: ignore[union-attr]


def test_options_carry_what_they_point_at_as_plain_json() -> None:
    st = position(tower={1: (1, 0, 1), 3: (2, 0, 4), 6: (1, 0, 6)}, shops={"SACK-C2": RED},
                  camels={BLUE: 2}, gold={BLUE: 3}, hands={BLUE: ["C3a", "C5a"]})
    targets = {o.notation: dict(o.targets) for o in GAME.options(st)}
    assert targets["group 3"] == {"tower_space": 3}
    assert targets["play C5a"] == {"card": "C5a"}
    st = GAME.apply(st, "group 3")
    targets = {o.notation: dict(o.targets) for o in GAME.options(st)}
    assert targets["shops +C3a"] == {"tower_space": 3, "option": "shops", "card": "C3a"}
    st = GAME.apply(st, "supervisor")
    targets = {o.notation: dict(o.targets) for o in GAME.options(st)}
    assert targets["go W1"] == {"space": "W1", "cost": {"gold": 3}, "ships": ["SACK-C2"]}
    assert targets["go W4"] == {"space": "W4", "cost": {"gold": 0}, "ships": []}
    st = GAME.apply(st, "go W4")
    targets = {o.notation: dict(o.targets) for o in GAME.options(st)}
    assert targets["build hammam C3a"] == {"building": "B3", "cards": ["C3a"],
                                           "cost": {"gold": 2}}
    assert targets["build enclosure"] == {"building": "B1", "cards": [], "cost": {"camels": 2}}
    assert targets["pass"] == {}
