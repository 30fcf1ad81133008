"""Hidden information (spec §17.1): what a seat holds never shows in what the others see.

Two states that differ only in cards a viewer cannot see must show that viewer the same view,
the same decisions (whose, what kind, what prompt) and the same events, step after step.
"""

from __future__ import annotations

from games.resafa import GAME
from games.resafa.engine.state import State
from games.resafa.testing import OCHRE, TEAL, kind, legal, play, position, texts
from tests.games.conformance import first_difference, public_facts, step_facts

YELLOWS = ("SY1-2", "SY2-1")


def ochre_with_yellows(hand: list[str], deck: list[str]) -> State:
    """Round 3, Ochre one step below yellow level III, with two yellow cards among its action
    cards (C5 and C6 left the game for them): where they lie, hand or deck, is Ochre's secret."""
    st = position(round=3, hands={OCHRE: hand}, decks={OCHRE: deck}, tracks={OCHRE: "Y8"})
    st.special = {k: [c for c in v if c not in YELLOWS] for k, v in st.special.items()}
    p = st.players[OCHRE]
    p.removed, p.gained = ["C5", "C6"], list(YELLOWS)
    return st


def assert_same_for_others(a: State, b: State, *actions: str) -> None:
    for viewer in (TEAL, None):
        assert first_difference(public_facts(GAME, a, viewer), public_facts(GAME, b, viewer)) \
            is None
    for action in actions:
        step_a, step_b = GAME.step(a, action), GAME.step(b, action)
        for viewer in (TEAL, None):
            found = first_difference(step_facts(GAME, step_a, viewer),
                                     step_facts(GAME, step_b, viewer), f"after {action!r}: ")
            assert found is None, found
            found = first_difference(public_facts(GAME, step_a.state, viewer),
                                     public_facts(GAME, step_b.state, viewer),
                                     f"after {action!r}: ")
            assert found is None, found
        a, b = step_a.state, step_b.state


def test_the_yellow_swap_question_is_asked_whether_or_not_a_starting_card_is_in_hand() -> None:
    # After playing C1 Ochre holds either two yellow cards (nothing to swap) or a yellow card
    # and C2; Teal cannot tell which, so the swap question must come either way.
    only_yellow = ochre_with_yellows(["C1", *YELLOWS], ["C2", "C3", "C4"])
    with_start = ochre_with_yellows(["C1", "C2", "SY2-1"], ["SY1-2", "C3", "C4"])
    assert GAME.to_json(GAME.observe(only_yellow, TEAL).state) == \
        GAME.to_json(GAME.observe(with_start, TEAL).state)
    assert_same_for_others(only_yellow, with_start, "play C1 up", "colour", "step Y", "take",
                           "keep")
    st, _ = play(only_yellow, "play C1 up", "colour", "step Y", "take")
    assert kind(st) == "yellow_swap" and legal(st) == ["keep"]
    st, _ = play(with_start, "play C1 up", "colour", "step Y", "take")
    assert kind(st) == "yellow_swap" and legal(st) == ["swap C2", "keep"]


def test_a_yellow_card_found_by_search_is_asked_about_with_nothing_to_swap() -> None:
    st = ochre_with_yellows(["C1", *YELLOWS], ["C2", "C3", "C4"])
    st, _ = play(st, "play C1 up", "colour", "step Y", "search")
    st, _ = play(st, legal(st)[0])
    assert kind(st) == "yellow_swap" and legal(st) == ["keep"]
    st, _ = play(st, "keep")
    assert len(st.players[OCHRE].pending) == 1


def test_the_reset_names_the_starting_card_that_leaves_but_not_the_yellow_card() -> None:
    st = position(round=2, hands={OCHRE: ["C1", "C4", "C6"]}, decks={OCHRE: []},
                  facedown={OCHRE: ["C2", "C3", "C5"]}, pending={OCHRE: ["SY1-1"]})
    while kind(st) != "yellow_reset":
        first = legal(st)[0]
        st, _ = play(st, "end" if first in ("main", "colour") else first)
    st, events = play(st, "replace C2")
    assert any("C2" in t for t in texts(events, TEAL))
    assert not any("SY1-1" in t for t in texts(events, TEAL))
    assert not any("SY1-1" in line for line in st.log)
    assert any("SY1-1" in t for t in texts(events, OCHRE))
