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


# ---- what an agent is given: observe and determinize (spec §17.1) ---------------------------


def observed(st: State, viewer: int | None) -> dict[str, object]:
    return GAME.to_json(GAME.observe(st, viewer).state)


def ochre_pending(card: str) -> State:
    """Round 3, Ochre holding ``card`` (a level I yellow card, face down in the level I deck
    otherwise) pending for the next reset; the deck's face-up card is the same either way."""
    st = position(round=3, pending={OCHRE: ["SY1-2"]}, tracks={OCHRE: "Y3"})
    st.special["Y1"] = ["SY1-2" if c == card else c for c in st.special["Y1"]]
    st.players[OCHRE].pending, st.players[OCHRE].gained = [card], [card]
    return st


def test_another_seats_pending_yellow_card_is_not_in_the_observation() -> None:
    a, b = ochre_pending("SY1-2"), ochre_pending("SY1-3")
    for viewer in (TEAL, None):
        assert first_difference(observed(a, viewer), observed(b, viewer)) is None
    assert observed(a, OCHRE) != observed(b, OCHRE)  # Ochre knows its own card


def test_a_yellow_card_found_by_search_is_not_in_the_others_observation() -> None:
    # Ochre searches the level I yellow deck and picks one of two cards; while it is asked
    # whether to swap, and after keeping it, Teal's observation is the same either way.
    st = position(round=3, tracks={OCHRE: "Y2"}, hands={OCHRE: ["C1", "C2", "C3"]})
    st, _ = play(st, "play C1 up", "colour", "step Y", "search")
    first, second = legal(st)[:2]
    a, _ = play(st, first)
    b, _ = play(st, second)
    assert kind(a) == "yellow_swap"
    assert first_difference(observed(a, TEAL), observed(b, TEAL)) is None
    a, _ = play(a, "keep")
    b, _ = play(b, "keep")
    assert first_difference(observed(a, TEAL), observed(b, TEAL)) is None


def test_a_yellow_card_among_action_cards_is_not_in_the_others_observation() -> None:
    a = ochre_with_yellows(["C1", "C2", "SY2-1"], ["SY1-2", "C3", "C4"])
    b = ochre_with_yellows(["C1", "C2", "SY2-1"], ["SY1-5", "C3", "C4"])
    b.players[OCHRE].gained = ["SY1-5", "SY2-1"]
    b.special["Y1"] = [c if c != "SY1-5" else "SY1-2" for c in b.special["Y1"]]
    assert first_difference(observed(a, TEAL), observed(b, TEAL)) is None


def test_determinize_deals_another_seats_hidden_yellow_card_from_the_unseen_ones() -> None:
    st = ochre_pending("SY1-2")
    top = st.special["Y1"][-1]
    unseen = set(st.special["Y1"][:-1]) | {"SY1-2"}
    observation = GAME.observe(st, TEAL)
    dealt: set[str] = set()
    rng = 1
    for _ in range(40):
        world, rng = GAME.determinize(observation, rng)
        ochre = world.players[OCHRE]
        assert len(ochre.pending) == 1 and ochre.pending == [c for c in ochre.gained]
        card = ochre.pending[0]
        assert card in unseen and card not in world.special["Y1"]
        assert world.special["Y1"][-1] == top
        assert sorted([card, *world.special["Y1"][:-1]]) == sorted(unseen)
        dealt.add(card)
    assert len(dealt) > 1  # really re-dealt, not the real card every time


def test_other_private_zones_are_not_in_the_observation() -> None:
    # Teal's sack card, the order of every deck and of the solo rival's deck: a viewer who
    # cannot see them observes the same whatever they are.
    a = position(round=3, hands={TEAL: ["C1", "C2", "C3", "SK01"]})
    b = position(round=3, hands={TEAL: ["C1", "C2", "C3", "SK02"]})
    b.sack = ["SK01" if c == "SK02" else c for c in b.sack]
    b.deck1, b.canal_stack = b.deck1[::-1], b.canal_stack[::-1]
    b.bonus_deck = {c: deck[::-1] for c, deck in b.bonus_deck.items()}
    b.players[TEAL].deck = b.players[TEAL].deck[::-1]
    assert first_difference(observed(a, OCHRE), observed(b, OCHRE)) is None
    solo_a, solo_b = position(players=1), position(players=1)
    solo_b.rival_deck = solo_b.rival_deck[::-1]
    assert solo_a.rival_deck != solo_b.rival_deck
    assert first_difference(observed(solo_a, OCHRE), observed(solo_b, OCHRE)) is None
