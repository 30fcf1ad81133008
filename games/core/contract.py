"""The vocabulary every game speaks, so bot, renderers, agents, CLI and tests treat games alike.

A game is a pure state machine. Actions are their own canonical notation: short, stable,
typeable strings such as ``place 7`` or ``trade SS>P``. A legal action is always exactly one
of the strings in ``decision(state).actions``; ``parse`` turns what a person typed into one of
them or raises one of three distinct errors.

Engines implement the underscore hooks; the public methods here add the checks that must be
the same for every game (legality, reversibility, notation matching, replay).
"""

from __future__ import annotations

import functools
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Final, Generic, TypeVar

from games.core.decision import Decision
from games.core.errors import (
    AmbiguousAction,
    GameOver,
    IllegalAction,
    NotationError,
    OptionError,
    SchemaError,
)

S = TypeVar("S")

JSON = dict[str, Any]

MAX_MOVE_TEXT = 200  # characters of typed text; the longest real move is a few dozen
ECHO_LIMIT = 60  # characters of a person's text repeated back in an error


def echo(text: str) -> str:
    """Typed text as an error repeats it: one line, cut to ``ECHO_LIMIT`` characters, with no
    backtick that could end the code span it is quoted in."""
    line = " ".join(text.replace("`", "'").split())
    return line if len(line) <= ECHO_LIMIT else line[: ECHO_LIMIT - 1] + "…"


def is_number(token: str) -> bool:
    """ASCII digits only: ``str.isdigit`` also accepts ``²`` or ``٣``, which ``int`` refuses
    or reads as a number nobody typed as one."""
    return token.isascii() and token.isdigit()


def bounded_text(normalize: Callable[[Any, str], str]) -> Callable[[Any, str], str]:
    """``normalize`` that refuses text over ``MAX_MOVE_TEXT`` before parsing any of it.

    Typed text reaches a parser from anyone who can write in a thread, so its size must not
    decide what the parser costs. Every game's ``normalize`` is wrapped in this by ``Game``.
    """
    if getattr(normalize, "bounded_text", False):
        return normalize

    @functools.wraps(normalize)
    def checked(game: Any, text: str) -> str:
        size = len(text.strip())
        if size > MAX_MOVE_TEXT:
            raise NotationError(
                f"A move is at most {MAX_MOVE_TEXT} characters; that text has {size}."
            )
        return normalize(game, text)

    checked.bounded_text = True  # type: ignore[attr-defined]
    return checked


MAX_OPTIONS: Final = 25  # a Discord select menu holds 25 options; a decision never offers more

# A frozen dataclass's own __init__ looks object.__setattr__ up again for every field. Event is
# built on every move that tells its events, so its __init__ binds it once (same fields, same
# defaults).
_set = object.__setattr__


@dataclass(frozen=True, slots=True)
class Option:
    """One option of a decision for people and pictures: what to type, what to show, and what
    on the board it points at (``targets``: plain JSON such as ``{"space": 7}`` or
    ``{"card": "C6", "cost": {"gold": 2}}``), so no panel or renderer re-parses notation."""

    notation: str
    label: str
    targets: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True, init=False)
class Event:
    """Something that happened, as one sentence for the log and the turn summary.

    ``audience`` None means every member may read it; otherwise only those seats (a card
    drawn, what a peek showed). A private event usually has a public twin ("Blue drew a card").
    ``headline`` marks what someone coming back to the table must read first (a new round, a
    raid): the board post puts it before the moves.
    """

    text: str
    seat: int | None = None  # the seat the event is about, if any
    audience: tuple[int, ...] | None = None
    headline: bool = False

    def __init__(
        self, text: str, seat: int | None = None, audience: tuple[int, ...] | None = None,
        headline: bool = False,
    ) -> None:
        _set(self, "text", text)
        _set(self, "seat", seat)
        _set(self, "audience", audience)
        _set(self, "headline", headline)

    @property
    def public(self) -> bool:
        return self.audience is None

    def visible_to(self, viewer: int | None) -> bool:
        """Whether ``viewer`` (a seat, or None for a spectator) may read this event."""
        return self.audience is None or (viewer is not None and viewer in self.audience)

    def to_json(self) -> Any:
        """A public event stays a bare sentence, as logs stored before audiences existed."""
        if self.audience is None and self.seat is None and not self.headline:
            return self.text
        data: JSON = {"text": self.text}
        if self.seat is not None:
            data["seat"] = self.seat
        if self.audience is not None:
            data["audience"] = list(self.audience)
        if self.headline:
            data["headline"] = True
        return data

    @staticmethod
    def from_json(data: Any) -> Event:
        if isinstance(data, str):
            return Event(data)
        audience = data.get("audience")
        return Event(
            str(data["text"]), data.get("seat"),
            None if audience is None else tuple(int(s) for s in audience),
            bool(data.get("headline", False)),
        )


@dataclass(frozen=True, slots=True)
class Step:
    """The result of applying one action."""

    state: Any
    events: tuple[Event, ...]
    reversible: bool  # no hidden information revealed, no randomness used, same seat deciding
    revealed: bool = False  # hidden information was revealed or randomness used: never undone


@dataclass(frozen=True)
class Outcome:
    """Final result. ``breakdown[seat]`` maps a scoring category to points and sums to the score.

    A competitive game names its ``winners``. A solo or cooperative game names its ``result``
    instead ("74 points: Master merchant", "Lost to the rival"); its winners are the seats that
    won, which may be none.
    """

    scores: tuple[int, ...]
    breakdown: tuple[Mapping[str, int], ...]
    winners: tuple[int, ...]  # more than one seat = shared victory; none = nobody won
    reason: str  # how the game ended, in words
    tiebreak: str | None = None  # the tie-break that separated the leaders, if one was needed
    tiebreak_values: tuple[Mapping[str, int], ...] = field(default_factory=tuple)
    result: str | None = None  # solo or cooperative result in words; None in a competitive game

    def headline(self, labels: Sequence[str]) -> str:
        """One line for people: "Blue wins! Blue 7 – White 4", or the solo result."""
        scores = " – ".join(f"{labels[s]} {v}" for s, v in enumerate(self.scores))
        if self.result is not None:
            return self.result if len(self.scores) == 1 else f"{self.result} ({scores})"
        if len(self.winners) == 1:
            return f"{labels[self.winners[0]]} wins! {scores}"
        if self.winners:
            names = " and ".join(labels[s] for s in self.winners)
            return f"Shared victory: {names}. {scores}"
        return f"Nobody wins. {scores}"


@dataclass(frozen=True)
class GameInfo:
    """What a game is, declared once and read by the lobby, the agents, the tests and the docs."""

    min_players: int
    max_players: int
    chance: bool  # shuffles or dice after the set-up
    hidden_information: bool  # something some seat may not see
    typical_decisions: int  # decisions in a typical game at the usual player count
    blurb: str  # one sentence for the lobby and /rules
    solo: bool = False  # playable by one person (against the game or an automa)
    cooperative: bool = False  # the seats win or lose together


OptionValue = bool | int | str


@dataclass(frozen=True)
class OptionSpec:
    """One game option: its name, the values it allows (at most 25, a Discord choice list),
    its default, and the player counts it applies to (None = all)."""

    name: str
    label: str
    values: tuple[OptionValue, ...]
    default: OptionValue
    players: tuple[int, ...] | None = None
    help: str = ""

    def applies_to(self, players: int) -> bool:
        return self.players is None or players in self.players

    def allowed(self) -> str:
        return ", ".join(_option_text(v) for v in self.values)

    def parse(self, text: str) -> OptionValue:
        """The value ``text`` names (as typed in a command), or OptionError naming the allowed."""
        wanted = text.strip().lower()
        for value in self.values:
            if _option_text(value).lower() == wanted or (
                isinstance(value, bool) and wanted in (("yes", "true", "on", "1") if value
                                                       else ("no", "false", "off", "0"))
            ):
                return value
        raise OptionError(
            f"`{_shorten(text)}` is not a value of option `{self.name}`. "
            f"Allowed: {self.allowed()}."
        )


def _option_text(value: OptionValue) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def _shorten(text: str, limit: int = 40) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


@dataclass(frozen=True)
class Observation(Generic[S]):
    """What one seat knows (None = a spectator), as a state of the game in which everything
    that seat cannot see (other hands, deck orders, the generator) has been replaced by a
    canonical stand-in. Two real states the seat cannot tell apart give equal observations."""

    seat: int | None
    state: S


class Game(ABC, Generic[S]):
    """One game's rules. Stateless: every method takes the state it works on."""

    name: ClassVar[str]  # discovery key and the name of the game's package
    title: ClassVar[str]  # display name
    info: ClassVar[GameInfo]
    options_schema: ClassVar[tuple[OptionSpec, ...]] = ()
    schema_version: ClassVar[int]

    @property
    def min_players(self) -> int:
        return self.info.min_players

    @property
    def max_players(self) -> int:
        return self.info.max_players

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        own = cls.__dict__.get("normalize")
        if own is not None:
            # Bounding here, not in each engine, means no game can forget it.
            cls.normalize = bounded_text(own)  # type: ignore[method-assign,assignment]

    # ---- hooks each engine implements -------------------------------------------------

    @abstractmethod
    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> S:
        """The initial state; the same (players, seed, options) always gives the same state."""

    @abstractmethod
    def decision(self, state: S) -> Decision | None:
        """The pending decision, or None once the game is over."""

    @abstractmethod
    def _apply(self, state: S, action: str) -> tuple[S, list[Event], bool]:
        """Apply a legal action to a copy of ``state``: (new state, events, revealed_or_random)."""

    @abstractmethod
    def normalize(self, text: str) -> str:
        """Canonical notation of typed text (case, spacing, aliases); NotationError if malformed.

        Text longer than ``MAX_MOVE_TEXT`` never reaches an engine's implementation."""

    @abstractmethod
    def explain_illegal(self, state: S, action: str) -> str:
        """Why a well-formed action is not legal now, naming the rule."""

    @abstractmethod
    def describe(self, state: S, action: str) -> str:
        """A short label for a legal action, for buttons and menus (e.g. "Place on #5 Trader")."""

    @abstractmethod
    def view(self, state: S, seat: int | None) -> JSON:
        """What ``seat`` may see (None = spectator), as plain JSON-able data."""

    @abstractmethod
    def hidden_from(self, state: S, seat: int | None) -> frozenset[str]:
        """Strings naming information ``seat`` must not see; none may appear in its view."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None:
        """The final result once the game is over, else None."""

    @abstractmethod
    def provisional_scores(self, state: S, viewer: int | None) -> tuple[int, ...]:
        """Points each seat would have if the game were scored now, as far as ``viewer`` (a seat,
        or None for a spectator) can tell: hidden holdings of other seats are left out."""

    def provisional_breakdown(
        self, state: S, viewer: int | None
    ) -> tuple[Mapping[str, int], ...]:
        """``provisional_scores`` by scoring category, as ``Outcome.breakdown`` gives them at
        the end (shown when a game ends early, by a concession). Each sums to that score."""
        return tuple({"Points": v} for v in self.provisional_scores(state, viewer))

    @abstractmethod
    def _observe(self, state: S, seat: int | None) -> S:
        """A copy of ``state`` with everything ``seat`` cannot see replaced canonically."""

    @abstractmethod
    def _determinize(self, state: S, seat: int | None, rng: int) -> tuple[S, int]:
        """A full state consistent with the observed ``state``, drawn with ``rng``."""

    def evaluate(self, state: S, seat: int) -> float:
        """A heuristic value of the position for ``seat``, in points (used by agents).

        Games override this to credit what the score does not show yet (goods, cards in hand,
        progress toward bonuses); it must be pure, cheap and use only what ``seat`` may see.
        """
        return float(self.provisional_scores(state, seat)[seat])

    @abstractmethod
    def to_json(self, state: S) -> JSON:
        """Serialise the full state, including the generator, with ``schema`` and ``game`` keys."""

    @abstractmethod
    def _from_json(self, data: JSON) -> S:
        """Rebuild a state from ``to_json`` output of the current schema version."""

    @abstractmethod
    def text(self, state: S, seat: int | None) -> str:
        """The board as plain text, for transcripts and terminal play, as ``seat`` sees it."""

    def seat_label(self, seat: int) -> str:
        """How the rules name a seat (a colour, usually)."""
        return f"Player {seat + 1}"

    def targets(self, state: S, action: str) -> Mapping[str, Any]:
        """What a legal action points at on the board, as plain JSON (see ``Option``)."""
        return {}

    def default_options(self, players: int | None = None) -> dict[str, Any]:
        """Every option's default (only those that apply to ``players``, when given)."""
        return {
            o.name: o.default for o in self.options_schema
            if players is None or o.applies_to(players)
        }

    # ---- shared behaviour -------------------------------------------------------------

    def validate_options(
        self, options: Mapping[str, Any] | None, players: int | None = None
    ) -> dict[str, Any]:
        """``options`` checked against the schema, values given as text parsed, defaults filled
        in. OptionError names what is allowed when a name is unknown or a value is out of
        range. With ``players`` (the table is full), options that do not apply to that count
        are dropped: a lobby may choose them before it knows how many will sit."""
        specs = {o.name: o for o in self.options_schema}
        chosen: dict[str, Any] = {}
        for name, value in dict(options or {}).items():
            spec = specs.get(name)
            if spec is None:
                known = ", ".join(specs) or "none"
                raise OptionError(
                    f"{self.title} has no option `{_shorten(str(name))}`. Options: {known}."
                )
            if isinstance(value, str) and not isinstance(spec.default, str):
                value = spec.parse(value)
            if value not in spec.values or type(value) is not type(spec.default):
                raise OptionError(
                    f"`{_shorten(str(value))}` is not a value of option `{name}`. "
                    f"Allowed: {spec.allowed()}."
                )
            if players is None or spec.applies_to(players):
                chosen[name] = value
        return {**self.default_options(players), **chosen}

    def options(self, state: S) -> tuple[Option, ...]:
        """The pending decision's options with labels and targets (empty once the game is over).

        Built on demand for panels, menus and autocomplete; the hot loop uses ``actions``."""
        d = self.decision(state)
        if d is None:
            return ()
        return tuple(Option(a, self.describe(state, a), self.targets(state, a)) for a in d.actions)

    def public_options(self, state: S) -> tuple[Option, ...]:
        """The options of the pending decision that may be shown to everyone (on the board
        post, usable by the deciding seat alone): those that follow from what every viewer
        knows, so that neither their presence nor their words tell anything hidden. None by
        default; the conformance suite re-deals what a spectator cannot see and requires a
        game's public options to stay the same."""
        return ()

    def observe(self, state: S, seat: int | None) -> Observation[S]:
        """What ``seat`` knows of ``state``: all an agent playing that seat is given."""
        return Observation(seat, self._observe(state, seat))

    def determinize(self, observation: Observation[S], rng: int) -> tuple[S, int]:
        """A full state the observer cannot tell from the real one, and the advanced ``rng``."""
        return self._determinize(observation.state, observation.seat, rng)

    def events_for(self, step: Step, viewer: int | None) -> tuple[Event, ...]:
        return tuple(e for e in step.events if e.visible_to(viewer))

    def legal_actions(self, state: S) -> list[str]:
        d = self.decision(state)
        return list(d.actions) if d is not None else []

    def is_over(self, state: S) -> bool:
        return self.decision(state) is None

    def step(self, state: S, action: str) -> Step:
        """Apply ``action`` (canonical notation) purely; IllegalAction with a reason if illegal."""
        before = self.decision(state)
        if before is None:
            raise GameOver("The game is over; no more moves can be made.")
        if action not in before.actions:
            raise IllegalAction(self.explain_illegal(state, action))
        new_state, events, revealed = self._apply(state, action)
        after = self.decision(new_state)
        reversible = not revealed and after is not None and after.seat == before.seat
        return Step(new_state, tuple(events), reversible, revealed)

    def apply(self, state: S, action: str) -> S:
        """``step(state, action).state``, without the events and the decision after it, which
        playouts and replays do not need."""
        before = self.decision(state)
        if before is None:
            raise GameOver("The game is over; no more moves can be made.")
        if action not in before.actions:
            raise IllegalAction(self.explain_illegal(state, action))
        return self._apply(state, action)[0]

    def parse(self, state: S, text: str) -> str:
        """Turn typed text into the one legal action it means.

        Raises NotationError (not notation at all), IllegalAction (a move, but not legal now,
        with the rule's reason) or AmbiguousAction (it fits several legal moves; type more).
        """
        canonical = self.normalize(text)
        decision = self.decision(state)
        if decision is None:
            raise GameOver("The game is over; no more moves can be made.")
        if canonical in decision.actions:
            return canonical
        candidates = [a for a in decision.actions if a.startswith(canonical + " ")]
        if len(candidates) == 1:
            return candidates[0]
        if candidates:
            shown = ", ".join(f"`{c}`" for c in candidates[:8])
            more = "" if len(candidates) <= 8 else f" and {len(candidates) - 8} more"
            raise AmbiguousAction(f"`{canonical}` could mean {shown}{more}.", candidates)
        raise IllegalAction(self.explain_illegal(state, canonical))

    def format(self, action: str) -> str:
        """Notation of an action; actions are stored in canonical notation already."""
        return action

    def from_json(self, data: JSON) -> S:
        if data.get("game") != self.name:
            raise SchemaError(f"This snapshot is for {data.get('game')!r}, not {self.name!r}.")
        if data.get("schema") != self.schema_version:
            raise SchemaError(
                f"Snapshot schema {data.get('schema')!r} is not the supported "
                f"{self.schema_version}; replay the action log instead."
            )
        return self._from_json(data)

    def replay(
        self,
        players: int,
        seed: int,
        options: Mapping[str, Any] | None,
        actions: Iterable[str],
    ) -> S:
        """Rebuild a game from its inputs; equals the live state action for action."""
        return self.replay_onto(self.new_game(players, seed, options), actions)

    def replay_onto(self, state: S, actions: Iterable[str]) -> S:
        """Apply logged ``actions`` to ``state``. A game whose notation changed overrides this
        to read the moves of logs stored before, wherever the replay starts."""
        for action in actions:
            state = self.apply(state, action)
        return state

    def play_out(self, state: S, choose: Any, limit: int = 100_000) -> tuple[S, list[str]]:
        """Apply ``choose(state, decision)`` until the game ends; returns (final, actions)."""
        actions: list[str] = []
        for _ in range(limit):
            d = self.decision(state)
            if d is None:
                return state, actions
            a = choose(state, d)
            state = self.apply(state, a)
            actions.append(a)
        raise RuntimeError(f"{self.name}: no end after {limit} decisions")


def ranked_winners(
    scores: Sequence[int], tiebreaks: Sequence[tuple[str, Sequence[int]]]
) -> tuple[tuple[int, ...], str | None]:
    """Seats with the best score after applying tie-breaks in order; (winners, deciding break)."""
    best = max(scores)
    leaders = [s for s, v in enumerate(scores) if v == best]
    for name, values in tiebreaks:
        if len(leaders) == 1:
            break
        top = max(values[s] for s in leaders)
        narrowed = [s for s in leaders if values[s] == top]
        if len(narrowed) < len(leaders):
            leaders = narrowed
            if len(leaders) == 1:
                return tuple(leaders), name
    return tuple(leaders), None


__all__ = [
    "JSON",
    "MAX_MOVE_TEXT",
    "MAX_OPTIONS",
    "AmbiguousAction",
    "Decision",
    "Event",
    "Game",
    "GameInfo",
    "IllegalAction",
    "NotationError",
    "Observation",
    "Option",
    "OptionError",
    "OptionSpec",
    "OptionValue",
    "Outcome",
    "Step",
    "ranked_winners",
]
