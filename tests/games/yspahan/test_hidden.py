"""Hidden information (spec 18.1): what one seat holds never shows in what the others see.

The cards in a hand are secret; the number of cards is public. Prompts, the decisions that are
asked at all, events and observations must read the same whichever cards a hand holds.
"""

from __future__ import annotations

import json

from games.core import rng as R
from games.yspahan import GAME
from games.yspahan.engine.state import YspahanState
from games.yspahan.testing import BLUE, RED, YELLOW, kind, play, position, seat

TOWER = {1: (3, 0, 2), 2: (1, 0, 3), 6: (2, 0, 6)}


def public(st: YspahanState, viewer: int | None) -> str:
    d = GAME.decision(st)
    asked = None if d is None else (d.seat, d.kind, d.prompt)
    return json.dumps([GAME.view(st, viewer), asked])


def test_the_build_prompt_does_not_count_discount_cards_in_the_hidden_hand() -> None:
    # Blue took 2 camels and has no gold: nothing is affordable without a card. With C3 and
    # C4 Blue could build; with two other cards not. Red must not be able to tell.
    def at_build(hand: list[str]) -> YspahanState:
        st = position(tower={1: (1, 0, 2), 6: (2, 0, 6)}, gold={BLUE: 0}, hands={BLUE: hand})
        st, _ = play(st, "group 1", "camels")
        return st

    rich, poor = at_build(["C3a", "C4a"]), at_build(["C7a", "C8a"])
    assert kind(rich) == kind(poor) == "build"
    assert any(a.startswith("build ") for a in GAME.legal_actions(rich))
    assert public(rich, RED) == public(poor, RED)
    assert "no building is affordable without a discount card" in GAME.decision(rich).prompt  # type: ignore[union-attr]


def test_a_single_group_is_not_taken_at_once_when_a_hidden_card_might_be_played() -> None:
    # Yellow, last, with one group left. Holding C1 (playable) or C3 (never played alone), the
    # group choice is asked either way, so the flow does not reveal which.
    def yellow_turn(hand: list[str]) -> YspahanState:
        st = position(tower={1: (1, 0, 2), 6: (2, 0, 6)}, acting=2, hands={YELLOW: hand})
        st, _ = play(st, "group 6", "gold")  # Green, with no card, passes at once
        return st

    playable, unplayable = yellow_turn(["C1a"]), yellow_turn(["C3a"])
    assert seat(playable) == seat(unplayable) == YELLOW
    assert kind(playable) == kind(unplayable) == "choose_group"
    assert GAME.legal_actions(unplayable) == ["group 1"]
    assert public(playable, BLUE) == public(unplayable, BLUE)
    # With an empty hand (public) nothing can be hidden: the group is taken at once.
    empty = yellow_turn([])
    assert kind(empty) == "option" and seat(empty) == YELLOW


def test_the_end_of_a_turn_is_asked_whenever_the_hand_is_not_empty() -> None:
    st = position(players=2, tower={1: (1, 0, 1), 3: (1, 0, 4), 6: (1, 0, 6)},
                  hands={BLUE: ["C3a"]})
    st, _ = play(st, "group 1", "camels")
    assert kind(st) == "end_turn" and GAME.legal_actions(st) == ["end"]


def test_a_draw_is_told_to_the_drawer_only() -> None:
    st = position(tower=TOWER, deck_top=("C2b",))
    step = GAME.step(GAME.apply(st, "group 2"), "card")
    assert [e.text for e in GAME.events_for(step, RED)] == ["Blue drew a card (option C)."]
    mine = [e.text for e in GAME.events_for(step, BLUE)]
    assert "Blue drew C2b +3 Gold (option C)." in mine
    assert not any("C2b" in line for line in step.state.log)


def hidden_twin(st: YspahanState, viewer: int) -> YspahanState:
    """``st`` with the hands ``viewer`` cannot see swapped against deck cards."""
    twin = st.copy()
    other = next(s for s in range(st.np) if s != viewer and st.hands[s])
    twin.hands[other], twin.deck = sorted(st.deck[: len(st.hands[other])]), (
        st.deck[len(st.hands[other]) :] + st.hands[other]
    )
    twin.rng = st.rng ^ 12345
    return twin


def test_states_a_seat_cannot_tell_apart_give_the_same_observation() -> None:
    st = position(tower=TOWER, hands={BLUE: ["C1a"], RED: ["C5a", "C9b"]})
    twin = hidden_twin(st, BLUE)
    assert twin.hands[RED] != st.hands[RED]
    observed = GAME.to_json(GAME.observe(st, BLUE).state)
    assert observed == GAME.to_json(GAME.observe(twin, BLUE).state)
    assert observed["state"]["hands"][BLUE] == ["C1a"]
    assert observed["state"]["rng"] == "0"
    # Red sees its own cards, so for Red the two states differ.
    assert GAME.to_json(GAME.observe(st, RED).state) != GAME.to_json(GAME.observe(twin, RED).state)


def test_a_determinized_state_keeps_what_the_seat_knows_and_is_playable() -> None:
    st = position(tower=TOWER, hands={BLUE: ["C1a"], RED: ["C5a", "C9b"], YELLOW: ["C6a"]},
                  discard=["C2a"])
    observation = GAME.observe(st, BLUE)
    rng = R.seed_state(5)
    worlds = set()
    for _ in range(20):
        world, rng = GAME.determinize(observation, rng)
        assert world.hands[BLUE] == ["C1a"] and world.discard == ["C2a"]
        assert [len(h) for h in world.hands] == [len(h) for h in st.hands]
        cards = sorted(world.deck + [c for h in world.hands for c in h] + world.discard)
        assert cards == sorted(st.deck + [c for h in st.hands for c in h] + st.discard)
        assert GAME.to_json(GAME.observe(world, BLUE).state) == GAME.to_json(observation.state)
        GAME.play_out(world, lambda s, d: d.actions[0])
        worlds.add(json.dumps(world.hands))
    assert len(worlds) > 10


def test_provisional_scores_are_the_same_for_every_viewer_whatever_the_hands() -> None:
    st = position(hands={RED: ["C7a", "C8b"]}, score={BLUE: 5, RED: 3})
    twin = hidden_twin(st, BLUE)
    for viewer in (BLUE, RED, None):
        assert GAME.provisional_scores(st, viewer) == (5, 3, 0, 0)
        assert GAME.provisional_scores(twin, viewer) == (5, 3, 0, 0)
