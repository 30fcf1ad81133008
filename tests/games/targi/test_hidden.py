"""What no seat can see (spec 15.2): deck orders and face-down cards, observed and re-dealt."""

from __future__ import annotations

import json
import re

from games.core import rng
from games.targi import GAME
from games.targi.engine.state import TargiState
from games.targi.testing import BLUE, WHITE, actions_phase, cell, check_cards, play

VIEWERS = (BLUE, WHITE, None)


def snapshot(st: TargiState) -> str:
    return json.dumps(GAME.to_json(st), sort_keys=True)


def public(st: TargiState, viewer: int | None) -> tuple[object, ...]:
    """Everything a viewer is shown of a position."""
    options = [(o.notation, o.label, dict(o.targets)) for o in GAME.options(st)]
    return (
        GAME.view(st, viewer), GAME.text(st, viewer), GAME.decision(st), options,
        GAME.provisional_scores(st, viewer), GAME.hidden_from(st, viewer),
    )


def walk(seed: int, hungry: bool) -> list[TargiState]:
    """The positions of one seeded game; `hungry` prefers drawing cards (so decks run out)."""
    st, gen, seen = GAME.new_game(2, seed), rng.seed_state(seed), []
    while (d := GAME.decision(st)) is not None:
        seen.append(st)
        keen = [a for a in d.actions if a.split()[0] in ("use", "play", "hand", "take", "row")]
        options = keen if hungry and keen else list(d.actions)
        gen, pick = rng.below(gen, len(options))
        st = GAME.apply(st, options[pick])
    return seen


def test_observation_is_the_same_for_every_viewer_and_forgets_the_generator() -> None:
    st = walk(3, hungry=True)[100]
    observed = {snapshot(GAME.observe(st, viewer).state) for viewer in VIEWERS}
    assert len(observed) == 1
    assert GAME.observe(st, BLUE).state.rng == 0 and st.rng != 0


def test_deck_order_and_face_down_cards_do_not_change_the_observation() -> None:
    st = actions_phase(BLUE, figures={BLUE: [2]}, markers={BLUE: ["C11"]}, cells={"C11": "GD1"})
    st, _ = play(st, "use C11")  # a tribe card now lies face down on C11
    other = st.copy()
    pool = [other.cells[0], *other.tribe_deck]
    other.cells[0], other.tribe_deck = pool[-1], pool[:-1][::-1]
    assert other.cells[0] != st.cells[0]
    assert GAME.observe(other, WHITE) == GAME.observe(st, WHITE)
    assert all(public(other, v) == public(st, v) for v in VIEWERS)


def test_determinized_positions_keep_everything_known_and_every_card() -> None:
    for seed, hungry in ((1, False), (2, True), (5, True)):
        for n, st in enumerate(walk(seed, hungry)[::7]):
            for viewer in VIEWERS:
                observation = GAME.observe(st, viewer)
                world, _ = GAME.determinize(observation, rng.seed_state(n))
                check_cards(world)
                assert GAME.observe(world, viewer) == observation
                assert public(world, viewer) == public(st, viewer)
                assert world.rng != 0


def test_determinize_re_deals_the_unknown_cards() -> None:
    st = actions_phase(BLUE, figures={BLUE: [2]}, markers={BLUE: ["C11"]}, cells={"C11": "GD1"})
    st, _ = play(st, "use C11")
    observation = GAME.observe(st, None)
    worlds = [GAME.determinize(observation, rng.seed_state(n))[0] for n in range(40)]
    assert len({w.cells[0] for w in worlds}) > 5  # the face-down card is any unknown tribe card
    assert len({tuple(w.tribe_deck) for w in worlds}) == 40


def test_a_card_drawn_before_a_reshuffle_never_returns_to_the_new_deck() -> None:
    # One goods card is left: using C12 puts it face down; using C21 empties the deck, so the
    # discard pile is reshuffled and the next card is drawn from it. Everyone then knows that
    # C12 holds the old deck's last card and that C21 and the new deck hold discarded cards.
    st = actions_phase(
        BLUE, figures={BLUE: [2]}, markers={BLUE: ["C12", "C21"]},
        cells={"C12": "OA1", "C21": "OA2"}, goods_deck=("GVP",),
    )  # fmt: skip
    discarded = set(st.goods_discard)
    st, events = play(st, "use C12", "discard", "use C21", "discard")
    assert "The goods discard pile was shuffled into a new goods deck." in [e.text for e in events]
    assert cell(st, "C12") == "GVP"
    observation = GAME.observe(st, BLUE)
    for n in range(30):
        world, _ = GAME.determinize(observation, rng.seed_state(n))
        assert cell(world, "C12") == "GVP"
        assert cell(world, "C21") in discarded and set(world.goods_deck) <= discarded
        assert GAME.observe(world, BLUE) == observation


def test_a_determinized_game_plays_on_to_the_end() -> None:
    st = walk(4, hungry=True)[150]
    world, _ = GAME.determinize(GAME.observe(st, BLUE), rng.seed_state(9))
    gen = rng.seed_state(1)
    while (d := GAME.decision(world)) is not None:
        gen, pick = rng.below(gen, len(d.actions))
        world = GAME.apply(world, d.actions[pick])
        check_cards(world)
    assert GAME.outcome(world) is not None


def test_no_event_names_a_card_nobody_can_see() -> None:
    """A card hidden before and after a step (in a deck, or face down) is never named."""
    for seed in range(4):
        for st in walk(seed, hungry=seed % 2 == 1):
            d = GAME.decision(st)
            assert d is not None
            for action in d.actions:
                step = GAME.step(st, action)
                unseen = GAME.hidden_from(st, None) & GAME.hidden_from(step.state, None)
                for event in step.events:
                    assert event.public  # nothing in Targi is known to one seat only
                    named = {c for c in unseen if re.search(rf"\b{c}\b", event.text)}
                    assert not named, event.text
