"""Checks every game must pass at every step of a seeded playout (see test_conformance.py).

Kept apart from the tests so a deliberately broken game can be run through them too: a check
that never fails proves nothing.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from games.agents import Agent, agent_rng, choose_for
from games.core import MAX_OPTIONS, Event, Game, OptionError, Step
from games.core import rng as core_rng
from games.core.views import option_json

BUTTON_LABEL = 80  # Discord's limit on a button label
SELECT_VALUE = 100  # ... and on a select option's value and an autocomplete choice
TYPICAL_FACTOR = 3  # declared typical_decisions is within this factor of measured lengths


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
    """Hidden strings, decision actions and options in the views of every seat and the
    spectator: only the deciding seat's view lists options, and they are ``game.options``.

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
            assert "options" in offer, f"view of seat {seat} lists actions but no options"
            listed = list(offer["options"])
            wanted = [option_json(o) for o in game.options(state)] if seat == decision.seat else []
            assert listed == wanted, (
                f"view of seat {seat} offers options {listed[:2]}, expected {wanted[:2]}"
            )
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


def plain_json(x: Any) -> bool:
    """Whether ``x`` is made of dicts with string keys, lists, strings, numbers, bools and None
    only, so it survives ``json.dumps``/``loads`` unchanged."""
    if x is None or isinstance(x, (str, bool, int)):
        return True
    if isinstance(x, float):
        return math.isfinite(x)
    if isinstance(x, list):
        return all(plain_json(v) for v in x)
    if isinstance(x, dict):
        return all(isinstance(k, str) and plain_json(v) for k, v in x.items())
    return False


def check_decision_size(game: Game[Any], state: Any) -> None:
    decision = game.decision(state)
    assert decision is not None
    assert len(decision.actions) <= MAX_OPTIONS, (
        f"{decision.kind!r} offers {len(decision.actions)} options, more than a select holds "
        f"({MAX_OPTIONS})"
    )


def check_actions(
    game: Game[Any], state: Any, players: int, apply_all: bool, before: str
) -> None:
    """Notation, structured options and (with ``apply_all``) every legal action;
    ``before`` = snapshot."""
    decision = game.decision(state)
    assert decision is not None
    actions = decision.actions
    assert len(set(actions)) == len(actions), f"duplicate actions in {actions}"
    options = game.options(state)
    assert [o.notation for o in options] == list(actions), (
        f"options {[o.notation for o in options][:5]} are not the actions {list(actions)[:5]} "
        "in order"
    )
    for action, option in zip(actions, options, strict=True):
        assert game.parse(state, game.format(action)) == action, f"{action!r} does not round-trip"
        label = option.label
        assert isinstance(label, str) and label.strip(), f"no label for {action!r}"
        assert len(label) <= BUTTON_LABEL, f"label {label!r} is too long for a button"
        assert len(action) <= SELECT_VALUE, f"{action!r} is too long for a select value"
        assert isinstance(option.targets, dict) and plain_json(option.targets), (
            f"targets of {action!r} are not plain JSON: {option.targets!r}"
        )
        if apply_all:
            check_step(game, state, action, game.step(state, action), players)
    assert snapshot(game, state) == before, "parse/describe/apply mutated the state"


def check_step(game: Game[Any], state: Any, action: str, step: Step, players: int) -> None:
    for event in step.events:
        check_event(event, action, players)
    assert not (step.revealed and step.reversible), f"{action!r} revealed yet is reversible"
    if step.reversible:
        before, after = game.decision(state), game.decision(step.state)
        assert before is not None and after is not None and after.seat == before.seat, (
            f"{action!r} is marked reversible but the deciding seat changed"
        )


def check_event(event: Any, action: str, players: int) -> None:
    assert isinstance(event, Event) and isinstance(event.text, str) and event.text, (
        f"{action!r} produced an event that is not an Event with text"
    )
    stored = json.loads(json.dumps(event.to_json()))
    assert Event.from_json(stored) == event, (
        f"event {event!r} of {action!r} does not survive to_json/from_json"
    )
    assert event.seat is None or event.seat in range(players), (
        f"event {event.text!r} is about seat {event.seat!r}, not at the table"
    )
    audience = event.audience
    assert audience is None or (
        isinstance(audience, tuple) and audience
        and all(isinstance(s, int) and s in range(players) for s in audience)
    ), f"event {event.text!r} has audience {audience!r}, not None or a tuple of seats"


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
    assert outcome.winners or outcome.result is not None, "nobody won and there is no result"
    assert all(w in range(players) for w in outcome.winners), f"winners {outcome.winners}"
    if outcome.result is None:
        top = max(outcome.scores)
        assert all(outcome.scores[w] == top for w in outcome.winners), (
            f"winners {outcome.winners} do not all have the top score {top}"
        )
    assert outcome.reason
    headline = outcome.headline([game.seat_label(s) for s in range(players)])
    assert isinstance(headline, str) and headline.strip(), "the outcome has no headline"


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
        check_decision_size(game, state)
        live = snapshot(game, state) if full or n % purity_every == 0 else None
        if full and live is not None:
            check_serialisation(game, state, live)
            check_views(game, state, players, rotate=n)
            check_actions(game, state, players, n % apply_all_every == 0, live)
        action, rngs[decision.seat] = choose_for(
            agents[decision.seat], game, state, decision, rngs[decision.seat]
        )
        assert action in decision.actions, f"agent chose illegal {action!r}"
        step = game.step(state, action)
        if live is not None:
            assert snapshot(game, state) == live, f"step({action!r}) mutated its input"
        check_step(game, state, action, step, players)
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


# ---- once per game: options, information ------------------------------------------------


def random_game(game: Game[Any], state: Any, seed: int, limit: int = 20_000) -> int:
    """Play ``state`` to its end with uniformly random actions; returns the decisions made."""
    rng = core_rng.seed_state(seed)
    for n in range(limit):
        decision = game.decision(state)
        if decision is None:
            return n
        check_decision_size(game, state)
        rng, i = core_rng.below(rng, len(decision.actions))
        state = game.apply(state, decision.actions[i])
    raise AssertionError(f"no end after {limit} decisions")


def refusal(call: Callable[[], Any]) -> str:
    """The message of the OptionError ``call`` raises; fails if it accepts."""
    try:
        accepted = call()
    except OptionError as error:
        return str(error)
    raise AssertionError(f"accepted {accepted!r} instead of refusing it")


def out_of_range(values: Sequence[Any]) -> Any:
    """A value of the right kind that is not among ``values``."""
    if isinstance(values[0], bool):
        return "maybe"
    if isinstance(values[0], int):
        return max(values) + 1
    return "-".join(str(v) for v in values) + "-other"


def as_typed(value: Any) -> str:
    """``value`` as a person types it in a command."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def check_options_schema(game: Game[Any], seed: int = 1) -> None:
    """The declared options: small choice lists, valid defaults, validation that fills in and
    refuses with the allowed values named, and a game that starts and ends with every value."""
    counts = range(game.min_players, game.max_players + 1)
    names = [o.name for o in game.options_schema]
    assert len(set(names)) == len(names), f"option names repeat: {names}"
    for players in [None, *counts]:
        expected = {o.name: o.default for o in game.options_schema
                    if players is None or o.applies_to(players)}
        assert game.default_options(players) == expected
        assert game.validate_options({}, players) == expected, (
            f"validate_options does not fill in the defaults for {players} players"
        )
    unknown = refusal(lambda: game.validate_options({"no_such_option": True}))
    assert all(name in unknown for name in names), f"{unknown!r} does not name the options"
    for spec in game.options_schema:
        values = spec.values
        assert 0 < len(values) <= MAX_OPTIONS, (
            f"option {spec.name!r} has {len(values)} values; a choice list holds {MAX_OPTIONS}"
        )
        assert len(set(values)) == len(values), f"option {spec.name!r} repeats a value"
        assert spec.default in values and type(spec.default) is type(values[0]), (
            f"option {spec.name!r}: default {spec.default!r} is not one of {values}"
        )
        assert spec.label.strip() and len(spec.label) <= BUTTON_LABEL
        applies = [p for p in counts if spec.applies_to(p)]
        assert applies, f"option {spec.name!r} applies to no player count the game allows"
        wrong = {spec.name: out_of_range(values)}
        refused = refusal(lambda: game.validate_options(wrong))  # noqa: B023 (called at once)
        assert spec.allowed() in refused, f"{refused!r} does not name the allowed values"
        for value in values:
            options = game.validate_options({spec.name: value}, applies[0])
            assert options[spec.name] == value
            typed = game.validate_options({spec.name: as_typed(value)}, applies[0])
            assert typed == options, f"option {spec.name!r}: typed {value!r} reads differently"
            try:
                state = game.new_game(applies[0], seed, options)
            except Exception as error:
                raise AssertionError(
                    f"new_game refused option {spec.name}={value!r}: {error}"
                ) from error
            random_game(game, state, seed)


def check_info(game: Game[Any], lengths: Sequence[int]) -> None:
    """The declared game information against the rules and ``lengths`` of measured playouts."""
    info = game.info
    assert 1 <= info.min_players <= info.max_players, (
        f"players {info.min_players}..{info.max_players}"
    )
    assert info.solo == (info.min_players == 1), (
        f"solo is {info.solo} but the game starts at {info.min_players} players"
    )
    assert info.blurb.strip()
    mean = sum(lengths) / len(lengths)
    typical = info.typical_decisions
    assert typical / TYPICAL_FACTOR <= mean <= typical * TYPICAL_FACTOR, (
        f"typical_decisions is {typical} but playouts take {mean:.0f} decisions"
    )


# ---- hidden information -------------------------------------------------------------------

def first_difference(a: Any, b: Any, path: str = "") -> str | None:
    """Where two JSON-like values first differ, as ``path: a != b``; None when they are equal."""
    if a == b:
        return None
    if isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{path}.{key}: in one only"
            found = first_difference(a[key], b[key], f"{path}.{key}")
            if found:
                return found
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
    return f"{path or 'value'}: {shorten(a)} != {shorten(b)}"


def shorten(x: Any, limit: int = 120) -> str:
    text = json.dumps(x)
    return text if len(text) <= limit else text[: limit - 1] + "…"


def public_facts(game: Game[Any], state: Any, viewer: int | None) -> dict[str, Any]:
    """What ``viewer`` is shown of ``state``: its view, whose decision it is and what it asks,
    the provisional scores for that viewer and, for the deciding seat, its options."""
    decision = game.decision(state)
    facts: dict[str, Any] = {
        "view": game.view(state, viewer),
        "decision": None if decision is None else [decision.seat, decision.kind, decision.prompt],
        "scores": list(game.provisional_scores(state, viewer)),
    }
    if decision is not None and viewer == decision.seat:
        facts["options"] = [
            [o.notation, o.label, o.targets]
            for o in game.options(state)
        ]
    public = game.public_options(state)
    facts["public_options"] = [[o.notation, o.label, o.targets] for o in public]
    if decision is not None:
        offered = {o.notation: o for o in game.options(state)}
        assert all(offered.get(o.notation) == o for o in public), (
            "a public option is not among the decision's options"
        )
    return facts


def step_facts(game: Game[Any], step: Step, viewer: int | None) -> dict[str, Any]:
    """What ``viewer`` learns from a step: whether it can be undone, the events it may read,
    and what is asked next."""
    after = game.decision(step.state)
    return {
        "revealed": step.revealed,
        "events": [e.to_json() for e in step.events if e.visible_to(viewer)],
        "next": None if after is None else [after.seat, after.kind, after.prompt],
    }


def viewers(players: int, decision: Any, turn: int) -> list[int | None]:
    """Every seat and the spectator; beyond two seats, the deciding seat, the spectator and one
    other seat in turn (``turn``), which covers every seat over a game at a fraction of the
    cost."""
    if decision is None or players <= 2:
        return [*range(players), None]
    others = [s for s in range(players) if s != decision.seat]
    return [decision.seat, others[turn % len(others)], None]


def indistinguishable(
    game: Game[Any],
    state: Any,
    players: int,
    action: str | None,
    rng: int,
    *,
    turn: int = 0,
    worlds: int = 1,
    validate: bool = True,
) -> tuple[list[str], int]:
    """Re-deal what each viewer cannot see (``worlds`` times) and compare what that viewer is
    shown; ``action`` is applied in both worlds when it is legal in both.

    Returns one line per viewer who can tell the real state from a re-dealt one, and the
    advanced ``rng``. Observations that are not valid states fail at once; with ``validate``
    they are also serialised and rebuilt.
    """
    problems: list[str] = []
    decision = game.decision(state)
    over = decision is None
    kind = "the end" if decision is None else repr(decision.kind)
    before = game.to_json(state)
    step = None if action is None else game.step(state, action)
    for viewer in viewers(players, decision, turn):
        who = "the spectator" if viewer is None else f"seat {viewer}"
        observation = game.observe(state, viewer)
        assert observation.seat == viewer, f"the observation of {who} names another viewer"
        seen = game.to_json(observation.state)
        assert (game.decision(observation.state) is None) == over, (
            f"the observation of {who} disagrees on whether the game is over"
        )
        real = public_facts(game, state, viewer)
        real_step = None if step is None or step.revealed else step_facts(game, step, viewer)
        for n in range(worlds):
            world, rng = game.determinize(observation, rng)
            if validate and n == 0:
                check_serialisation(game, observation.state, json.dumps(seen, sort_keys=True))
                check_serialisation(game, world, snapshot(game, world))
                assert game.to_json(observation.state) == seen, (
                    "determinize changed its observation"
                )
            assert (game.decision(world) is None) == over, (
                f"a world re-dealt for {who} disagrees on whether the game is over"
            )
            again = game.to_json(game.observe(world, viewer).state)
            assert again == seen, (
                f"observe(determinize(observe(state, {viewer}))) differs from "
                f"observe(state, {viewer}) at {kind}: {first_difference(seen, again)}"
            )
            found = first_difference(real, public_facts(game, world, viewer))
            if found is None and real_step is not None and action in game.legal_actions(world):
                found = first_difference(
                    real_step, step_facts(game, game.step(world, action), viewer),
                    f"after {action!r}: ",
                )
            if found is not None:
                problems.append(f"{who} at {kind}: {found}")
                break
    assert game.to_json(state) == before, "observe or determinize mutated the real state"
    return problems, rng


def check_hidden_information(
    game: Game[Any], seeds: Iterable[int], *, worlds: int = 1, validate_every: int = 4,
    show: int = 5,
) -> int:
    """Seeded random playouts, checking ``indistinguishable`` at every position; returns the
    positions checked. Fails with a count and the first few cases."""
    counts = list(range(game.min_players, game.max_players + 1))
    problems: list[str] = []
    positions = failed = 0
    for seed in seeds:
        players = counts[seed % len(counts)]
        state = game.new_game(players, seed, game.default_options(players))
        picks = core_rng.seed_state(seed)
        redeal = agent_rng(seed, players)
        for n in range(20_000):
            decision = game.decision(state)
            action = None
            if decision is not None:
                picks, i = core_rng.below(picks, len(decision.actions))
                action = decision.actions[i]
            found, redeal = indistinguishable(
                game, state, players, action, redeal, turn=n, worlds=worlds,
                validate=n % validate_every == 0 or action is None,
            )
            positions += 1
            failed += bool(found)
            problems.extend(f"seed {seed}, {players} players: {p}" for p in found)
            if action is None:
                break
            state = game.apply(state, action)
    shown_problems = "\n".join(problems[:show])
    assert not failed, (
        f"at {failed} of {positions} positions a viewer can tell hidden information apart "
        f"({len(problems)} viewers), for example:\n{shown_problems}"
    )
    return positions
