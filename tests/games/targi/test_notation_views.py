"""Notation (aliases, the three distinct errors, labels), serialisation and views."""

from __future__ import annotations

import json

import pytest

from games.core import AmbiguousAction, IllegalAction, NotationError, SchemaError, get
from games.targi import GAME
from games.targi.testing import BLUE, WHITE, actions_phase, legal, play, position, res


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("Place #5", "place 5"),
        ("  place   7 ", "place 7"),
        ("use c22", "use C22"),
        ("SKIP #9", "skip 9"),
        ("trade 2 salt -> pepper", "trade SS>P"),
        ("trade ss>p", "trade SS>P"),
        ("trade 2 salt for 1 pepper", "trade SS>P"),
        ("trade 3 dates > gold", "trade DDD>G"),
        ("silver 4 dates", "silver DDDD"),
        ("silver gold", "silver G"),
        ("silver nothing", "silver none"),
        ("fata c13 c22", "fata C13>C22"),
        ("fata C13 -> C22", "fata C13>C22"),
        ("pay 1 date 2 salt", "pay DSS"),
        ("pay ssd", "pay DSS"),
        ("pay vp", "pay vp"),
        ("pay 3 vp", "pay vp"),
        ("pay gold", "pay G"),
        ("take date", "take D"),
        ("take pepper date", "take DP"),
        ("return Salt", "return S"),
        ("omit pepper", "omit P"),
        ("omit none", "omit none"),
        ("choose gau1", "choose GAU1"),
        ("noble keep", "keep"),
        ("tribe play", "play"),
        ("END", "end"),
        ("row 3", "row 3"),
        ("alt 2", "alt 2"),
    ],
)
def test_normalize_accepts_friendly_aliases(typed: str, canonical: str) -> None:
    assert GAME.normalize(typed) == canonical


@pytest.mark.parametrize(
    "typed", ["", "fly 3", "place", "place 17", "use C44", "take gold bar", "row 4", "end now"]
)
def test_notation_error_for_text_that_is_not_a_move(typed: str) -> None:
    st = GAME.new_game(2, 1)
    if typed == "place":
        return  # a bare verb is notation (see the ambiguity test)
    with pytest.raises(NotationError, match="not Targi notation"):
        GAME.parse(st, typed)


def test_three_distinct_notation_errors() -> None:
    st = GAME.new_game(2, 1)
    with pytest.raises(NotationError):
        GAME.parse(st, "dance")
    with pytest.raises(IllegalAction, match="raid corner"):
        GAME.parse(st, "place 4")
    with pytest.raises(AmbiguousAction) as info:
        GAME.parse(st, "place")
    assert "place 2" in info.value.candidates
    assert not isinstance(info.value, IllegalAction)


def test_wrong_kind_of_move_names_the_current_decision() -> None:
    st = GAME.new_game(2, 1)
    with pytest.raises(IllegalAction, match="must place a Targi figure"):
        GAME.parse(st, "trade SS>P")


def test_explanations_name_the_rule() -> None:
    st = actions_phase(BLUE, figures={BLUE: [5]}, resources={BLUE: res(s=3)})
    assert GAME.explain_illegal(st, "use 9") == "Blue has no Targi figure on #9 to use now."
    st, _ = play(st, "use 5")
    assert "needs the P-TRADER effect" in GAME.explain_illegal(st, "trade SS>G")
    assert "does not hold 2 pepper" in GAME.explain_illegal(st, "trade PP>D")


def test_every_legal_action_round_trips_and_has_a_short_label() -> None:
    st = GAME.new_game(2, 5)
    for _ in range(400):
        d = GAME.decision(st)
        if d is None:
            break
        for action in d.actions:
            assert GAME.parse(st, action) == action
            label = GAME.describe(st, action)
            assert 0 < len(label) <= 80
        st = GAME.apply(st, d.actions[len(d.actions) // 2])


def test_describe_labels() -> None:
    st = position(round=2)
    assert GAME.describe(st, "place 5") == "Place on #5 Trader"
    st = actions_phase(BLUE, figures={BLUE: [5]}, markers={BLUE: ["C22"]}, cells={"C22": "GSS"})
    assert GAME.describe(st, "use C22") == "Use C22 (2 salt)"
    assert GAME.describe(st, "skip 5") == "Skip #5 Trader"


def test_json_round_trip_mid_game_and_schema_check() -> None:
    st = GAME.new_game(2, 9)
    for _ in range(60):
        d = GAME.decision(st)
        assert d is not None
        st = GAME.apply(st, d.actions[-1])
        data = json.loads(json.dumps(GAME.to_json(st)))
        again = GAME.from_json(data)
        assert GAME.to_json(again) == GAME.to_json(st)
        assert GAME.decision(again) == GAME.decision(st)
    data = GAME.to_json(st)
    with pytest.raises(SchemaError):
        GAME.from_json({**data, "schema": 99})
    with pytest.raises(SchemaError):
        GAME.from_json({**data, "game": "yspahan"})
    with pytest.raises(SchemaError, match="malformed"):
        GAME.from_json({**data, "state": {"round": 3}})


def test_registry_finds_targi() -> None:
    assert get("targi") is GAME and GAME.seat_label(WHITE) == "White"


def test_view_hides_decks_and_face_down_cards_and_shows_deck_sizes() -> None:
    st = actions_phase(BLUE, figures={BLUE: [2]}, markers={BLUE: ["C11"]}, cells={"C11": "GD1"})
    st, _ = play(st, "use C11")
    hidden = GAME.hidden_from(st, WHITE)
    assert st.cells[0] in hidden and set(st.goods_deck) <= hidden
    for seat in (BLUE, WHITE, None):
        text = json.dumps(GAME.view(st, seat))
        assert not any(f'"{h}"' in text for h in hidden)
        view = GAME.view(st, seat)
        assert view["goods_deck"] == len(st.goods_deck)
        assert view["tribe_deck"] == len(st.tribe_deck)


def test_view_schema_and_decision_actions_only_for_the_deciding_seat() -> None:
    st = GAME.new_game(2, 4)
    d = GAME.decision(st)
    assert d is not None
    mine, theirs = GAME.view(st, d.seat), GAME.view(st, 1 - d.seat)
    assert mine["decision"]["actions"] == list(d.actions)
    assert theirs["decision"]["actions"] == [] and GAME.view(st, None)["decision"]["actions"] == []
    assert [o["notation"] for o in mine["decision"]["options"]] == list(d.actions)
    assert theirs["decision"]["options"] == []
    assert set(mine) == {
        "game", "viewer", "round", "phase", "start_player", "robber", "active_seat", "border",
        "centre", "goods_deck", "tribe_deck", "goods_discard", "tribe_discard", "revealed",
        "players", "decision", "log", "outcome",
    }  # fmt: skip
    assert mine["viewer"] == d.seat and theirs["viewer"] == 1 - d.seat
    assert GAME.view(st, None)["viewer"] is None
    assert len(mine["border"]) == 16 and mine["border"][0]["robber"] is True
    assert [c["cell"] for c in mine["centre"]][:3] == ["C11", "C12", "C13"]
    tribe = next(c["card"] for c in mine["centre"] if c["card"]["type"] == "tribe")
    assert set(tribe) == {
        "id", "type", "symbol", "cost", "costs", "vp", "effect", "effect_kind", "effect_text",
        "stand_in",
    }  # fmt: skip
    player = mine["players"][0]
    assert player["label"] == "Blue" and len(player["display"]) == 3
    assert player["dates"] == 2 and player["vp_tokens"] == 4


def test_text_board_is_compact_and_hides_face_down_cards() -> None:
    st = actions_phase(BLUE, figures={BLUE: [2]}, markers={BLUE: ["C11"]}, cells={"C11": "GD1"})
    st, _ = play(st, "use C11")
    board = GAME.text(st, None)
    replacement = st.cells[0]
    assert replacement is not None and replacement not in board
    assert "[tribe]" in board
    assert board.splitlines()[0].startswith("Round 1 | actions | robber #1")


def test_text_board_lays_the_border_around_the_centre() -> None:
    st = actions_phase(BLUE, figures={BLUE: [2], WHITE: [14]}, markers={BLUE: ["C12"]},
                       cells={"C12": "GD1"})
    rows = [line for line in GAME.text(st, None).splitlines() if line.startswith("|")]
    cells = [[c.strip() for c in line.strip("|").split("|")] for line in rows]
    names = [row for i, row in enumerate(cells) if i % 2 == 0]  # first line of each row
    below = [row for i, row in enumerate(cells) if i % 2 == 1]
    assert [n.split()[0] for n in names[0]] == ["#16", "#1", "#2", "#3", "#4"]
    assert [n.split()[0] for n in names[2]] == ["#14", "C21", "C22", "C23", "#6"]
    assert [n.split()[0] for n in names[4]] == ["#12", "#11", "#10", "#9", "#8"]
    # C12 sits under #2 (its column) and beside #15 (its row): where Blue's Targi crosses.
    assert names[1][2] == "C12 GD1 <B>" and below[1][2] == "1 date"
    assert below[0][2] == "Targi: Blue" and below[2][0] == "Targi: White"


def test_explanations_for_raids_limits_fata_and_silversmith() -> None:
    st = actions_phase(
        BLUE, round=6, start=WHITE, figures={BLUE: [2]},
        resources={BLUE: res(d=1, s=2, vp=3), WHITE: res(d=3, vp=0)},
    )  # fmt: skip
    st, _ = play(st, "end")  # raid 2: Blue may pay SS, DS or 1 VP
    assert GAME.explain_illegal(st, "pay D") == (
        "Raid 2 takes exactly 2 goods (no partial payment)."
    )
    assert GAME.explain_illegal(st, "pay PP") == "Blue does not hold 2 pepper."
    st = actions_phase(
        BLUE, figures={BLUE: [9, 10]}, markers={BLUE: ["C11"]}, cells={"C11": "GD1"},
        resources={BLUE: res(d=3)},
    )  # fmt: skip
    st, _ = play(st, "use C11", "use 9")
    # No marker left on the board: Fata Morgana did nothing and the menu is back.
    assert legal(st) == ["use 10", "skip 10", "end"]
    st, _ = play(st, "use 10")
    assert "2 or 4 identical goods" in GAME.explain_illegal(st, "silver DDD")
    assert GAME.explain_illegal(st, "silver DDDD") == "Blue does not hold 4 dates."


def test_fata_morgana_explains_a_face_down_target() -> None:
    st = actions_phase(
        BLUE, figures={BLUE: [9]}, markers={BLUE: ["C11", "C33"]}, cells={"C11": "GD1"}
    )
    st, _ = play(st, "use C11", "use 9")
    assert "face down this round" in GAME.explain_illegal(st, "fata C33>C11")


def test_labels_for_sub_decisions() -> None:
    st = actions_phase(BLUE, figures={BLUE: [5, 10]}, resources={BLUE: res(s=4, g=2)})
    st, _ = play(st, "use 5")
    assert GAME.describe(st, "trade SS>P") == "Trade 2 salt for 1 pepper"
    assert GAME.describe(st, "trade SSS>G") == "Trade 3 salt for 1 gold"
    assert GAME.describe(st, "done") == "Done trading"
    st, _ = play(st, "done", "use 10")
    assert GAME.describe(st, "silver SSSS") == "4 salt for 3 VP"
    assert GAME.describe(st, "silver GG") == "2 gold for 4 VP"
    assert GAME.describe(st, "silver none") == "No exchange"
    assert GAME.describe(st, "pay DSS") == "Pay 1 date + 2 salt"
    assert GAME.describe(st, "return P") == "Return 1 pepper"
    assert GAME.describe(st, "take DS") == "Take 1 date + 1 salt"
    assert GAME.describe(st, "omit none") == "No discount"
    assert GAME.describe(st, "fata C13>C22") == "Move marker C13 to C22"
    assert GAME.describe(st, "choose GAU1") == "Take GAU1 (1 gold)"


def test_reversible_only_without_draws_and_with_the_same_seat() -> None:
    st = actions_phase(
        BLUE, figures={BLUE: [2, 13], WHITE: [3]}, markers={BLUE: ["C12"]},
        cells={"C12": "OA1"}, resources={BLUE: res(p=1, g=1)},
    )  # fmt: skip
    step = GAME.step(st, "use C12")  # tribe card offered, nothing drawn yet
    assert step.reversible
    step = GAME.step(step.state, "play")  # the row is still to choose: nothing drawn yet
    assert step.reversible
    step = GAME.step(step.state, "row 1")  # the cell is refilled from the goods deck
    assert not step.reversible
    assert GAME.step(st, "use 2").reversible
    assert not GAME.step(st, "use 13").reversible  # the Caravan draws a card
    last = actions_phase(BLUE, figures={BLUE: [2], WHITE: [3]})
    assert not GAME.step(last, "use 2").reversible  # White decides next


def test_explanations_for_cost_choices() -> None:
    st = actions_phase(
        BLUE, figures={BLUE: [2]}, markers={BLUE: ["C12"]}, cells={"C12": "CA2"},
        display={BLUE: [["TE9"]]}, resources={BLUE: res(d=1, p=1, s=2)},
    )  # fmt: skip
    st, _ = play(st, "use C12", "play")
    assert GAME.explain_illegal(st, "alt 2") == (
        "`alt 2` cannot be played now: Blue must choose the discount."
    )
    st2 = actions_phase(
        BLUE, figures={BLUE: [2]}, markers={BLUE: ["C12"]}, cells={"C12": "CA5"},
        display={BLUE: [["TE9"]]}, resources={BLUE: res(g=1, d=1)},
    )  # fmt: skip
    st2, _ = play(st2, "use C12", "play")
    assert legal(st2) == ["row 1", "row 2", "row 3"]  # a gold-only cost has nothing to omit
    with pytest.raises(NotationError, match="gold is never chosen here"):
        GAME.parse(st, "omit gold")


def test_omit_explains_a_good_missing_from_the_cost() -> None:
    st = actions_phase(
        BLUE, figures={BLUE: [2]}, markers={BLUE: ["C12"]}, cells={"C12": "CA9"},
        display={BLUE: [["TE9"]]}, resources={BLUE: res(d=2, s=1)},
    )  # fmt: skip
    st, _ = play(st, "use C12", "play")  # CA9 costs 2D + 1S
    assert legal(st) == ["omit D", "omit S", "omit none"]
    assert GAME.explain_illegal(st, "omit P") == "The cost 2D + 1S has no pepper to leave out."
