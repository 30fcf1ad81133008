"""Checks every game must pass at every step of a seeded playout (see test_conformance.py).

Kept apart from the tests so a deliberately broken game can be run through them too: a check
that never fails proves nothing.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from typing import Any

from games.agents import Agent, agent_rng
from games.core import Event, Game, Step

BUTTON_LABEL = 80  # Discord's limit on a button label
SELECT_VALUE = 100  # ... and on a select option's value and an autocomplete choice


def shown(text: str, strings: Iterable[str]) -> set[str]:
    """Which ``strings`` occur as a whole string (key or value) in the JSON ``text``."""
    return {x for x in strings if quoted(x) in text}


def quoted(x: str) -> str:
    """``x`` as a JSON string token, without json.dumps for the plain ids that are most."""
    if x.isascii() and x.isprintable() and '"' not in x and "\\" not in x:
        return f'"{x}"'
    return json.dumps(x)


def snapshot(game: Game[Any], state: Any) -> str:
    """The state as canonical JSON text; also proves ``to_json`` is plain JSON."""
    return json.dumps(game.to_json(state), sort_keys=True)


def check_serialisation(game: Game[Any], state: Any, live: str) -> None:
    rebuilt = game.from_json(json.loads(live))
    assert snapshot(game, rebuilt) == live, "from_json(to_json(state)) differs from the state"


def check_views(game: Game[Any], state: Any, players: int, rotate: int | None = None) -> None:
    """Hidden strings and decision actions in the views of every seat and the spectator.

    With ``rotate`` (the step number) only the deciding seat, the spectator and one other
    seat in turn are checked, which covers every seat over a game at a fraction of the cost.
    """
    decision = game.decision(state)
    seats: list[int | None] = [*range(players), None]
    if rotate is not None and decision is not None and players > 2:
        others = [s for s in range(players) if s != decision.seat]
        seats = [decision.seat, others[rotate % len(others)], None]
    for seat in seats:
        view = game.view(state, seat)
        text = json.dumps(view)  # also proves the view is plain JSON
        leaked = shown(text, game.hidden_from(state, seat))
        assert not leaked, f"view of seat {seat} shows hidden {sorted(leaked)[:5]}"
        if decision is None:
            continue
        offer = view.get("decision")
        if isinstance(offer, dict) and "actions" in offer:
            offered = list(offer["actions"])
            expected = list(decision.actions) if seat == decision.seat else []
            assert offered == expected, (
                f"view of seat {seat} offers {offered[:5]}, expected {expected[:5]}"
            )
        elif seat == decision.seat:
            missing = set(decision.actions) - shown(text, decision.actions)
            assert not missing, f"deciding seat's view lacks actions {sorted(missing)[:5]}"
        else:
            seen = shown(text, decision.actions)
            assert not seen, f"seat {seat} sees the other seat's actions {sorted(seen)[:5]}"


def check_actions(game: Game[Any], state: Any, apply_all: bool, before: str) -> None:
    """Notation, labels and (with ``apply_all``) every legal action; ``before`` = snapshot."""
    decision = game.decision(state)
    assert decision is not None
    actions = decision.actions
    assert len(set(actions)) == len(actions), f"duplicate actions in {actions}"
    for action in actions:
        assert game.parse(state, game.format(action)) == action, f"{action!r} does not round-trip"
        label = game.describe(state, action)
        assert isinstance(label, str) and label.strip(), f"no label for {action!r}"
        assert len(label) <= BUTTON_LABEL, f"label {label!r} is too long for a button"
        assert len(action) <= SELECT_VALUE, f"{action!r} is too long for a select value"
        if apply_all:
            check_step(game, state, action, game.step(state, action))
    assert snapshot(game, state) == before, "parse/describe/apply mutated the state"


def check_step(game: Game[Any], state: Any, action: str, step: Step) -> None:
    assert all(isinstance(e, Event) and e.text for e in step.events), (
        f"{action!r} produced an event that is not an Event with text"
    )
    assert not (step.revealed and step.reversible), f"{action!r} revealed yet is reversible"
    if step.reversible:
        before, after = game.decision(state), game.decision(step.state)
        assert before is not None and after is not None and after.seat == before.seat, (
            f"{action!r} is marked reversible but the deciding seat changed"
        )


def check_outcome(game: Game[Any], state: Any, players: int) -> None:
    assert game.decision(state) is None and game.is_over(state)
    assert game.legal_actions(state) == []
    outcome = game.outcome(state)
    assert outcome is not None, "finished game has no outcome"
    assert len(outcome.scores) == players and len(outcome.breakdown) == players
    for seat in range(players):
        total = sum(outcome.breakdown[seat].values())
        assert total == outcome.scores[seat], (
            f"seat {seat}: breakdown sums to {total}, score is {outcome.scores[seat]}"
        )
    assert outcome.winners, "nobody won"
    top = max(outcome.scores)
    assert all(outcome.scores[w] == top for w in outcome.winners), (
        f"winners {outcome.winners} do not all have the top score {top}"
    )
    assert outcome.reason


def playout(
    game: Game[Any],
    agents: Sequence[Agent],
    seed: int,
    *,
    full: bool = True,
    apply_all_every: int = 5,
    purity_every: int = 1,
    limit: int = 20_000,
) -> list[str]:
    """Play one seeded game, checking the contract at every step; returns the actions.

    ``full`` adds the per-step serialisation, view and notation checks (slower);
    ``purity_every`` spaces out the check that ``step`` leaves its input untouched.
    """
    players = len(agents)
    options = game.default_options()
    state = game.new_game(players, seed, options)
    assert snapshot(game, state) == snapshot(game, game.new_game(players, seed, options)), (
        "the same seed gave two different games"
    )
    rngs = [agent_rng(seed, seat) for seat in range(players)]
    actions: list[str] = []
    for n in range(limit):
        decision = game.decision(state)
        if decision is None:
            break
        assert 0 <= decision.seat < players, f"deciding seat {decision.seat} is not at the table"
        assert decision.actions, "no legal action before the end"
        assert game.outcome(state) is None, "outcome before the game is over"
        live = snapshot(game, state) if full or n % purity_every == 0 else None
        if full and live is not None:
            check_serialisation(game, state, live)
            check_views(game, state, players, rotate=n)
            check_actions(game, state, n % apply_all_every == 0, live)
        action, rngs[decision.seat] = agents[decision.seat].choose(
            game, state, decision, rngs[decision.seat]
        )
        assert action in decision.actions, f"agent chose illegal {action!r}"
        step = game.step(state, action)
        if live is not None:
            assert snapshot(game, state) == live, f"step({action!r}) mutated its input"
        check_step(game, state, action, step)
        state = step.state
        actions.append(action)
    else:
        raise AssertionError(f"no end after {limit} decisions")
    check_outcome(game, state, players)
    final = snapshot(game, state)
    if full:
        check_serialisation(game, state, final)
        check_views(game, state, players)
    replayed = game.replay(players, seed, options, actions)
    assert snapshot(game, replayed) == final, "replay of the action log differs from the game"
    return actions
