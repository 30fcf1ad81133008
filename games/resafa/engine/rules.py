"""Resafa rules: the `Game` subclass, the decision of each frame and the dispatch of actions.

Every `_apply` copies the state, pops the top frame of the decision stack and runs its handler
(which pushes whatever follows), then `settle` runs the automatic frames ("main" ending, the end
of a turn, of a round) and skips frames left with no option, until a real decision is on top.
The frames of each part are listed in turn.py, actions.py, cards.py and rounds.py.

Free actions (cards.py) are listed beside the options of every decision of the seat's own turn
while the total fits a menu; otherwise a single "cards" option opens them.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.core import rng as R
from games.core.contract import (
    JSON,
    MAX_OPTIONS,
    Decision,
    Event,
    Game,
    GameInfo,
    OptionSpec,
    Outcome,
    ranked_winners,
)
from games.core.errors import GameOver, IllegalAction, NotationError
from games.core.stack import Frame
from games.resafa.engine import actions, cards, observe, rounds, turn, views
from games.resafa.engine.core import END_TURN, TURN, Ctx, QuietCtx, push
from games.resafa.engine.data import BONUS, SACK, SEAT_LABELS, WHITE, solo_band
from games.resafa.engine.notation import describe, explain, normalize, targets
from games.resafa.engine.setup import new_state
from games.resafa.engine.state import State

Options = Callable[[State, Frame, int], list[str]]
Prompt = Callable[[State, Frame, int], str]
Handler = Callable[[State, Ctx, Frame, int, str], None]

KINDS: dict[str, tuple[str, Options, Prompt, Handler]] = {
    **turn.KINDS, **actions.KINDS, **cards.KINDS, **rounds.KINDS,
}
# Frames where free actions cannot start: another seat's choice, the end-of-turn steps, or a
# card's own question (a free action resolves completely first, spec §6.3).
NO_FREE = frozenset({"reset", "limit", "cards", "part"})
AUTOMATIC = frozenset({"main", "endturn", "afterturn", "newround"})
LOG_LINES = 10
_FINISHED = object()


def begin_turn(st: State) -> None:
    """Open the current seat's turn (a position built by hand starts here)."""
    st.frames = (TURN,)
    st._dec = None


def frame_options(st: State, fr: Frame, seat: int) -> list[str]:
    if fr.kind == "turn":
        return turn.turn_options(st, fr, seat)
    return KINDS[fr.kind][1](st, fr, seat)


def decider(st: State, fr: Frame) -> int:
    seat: int = fr.data.get("seat", st.current)
    return seat


def decide(st: State) -> Decision | None:
    """The decision on top of the stack (None once the game is over)."""
    if st.phase == "over" or not st.frames:
        return None
    fr = st.frames[-1]
    seat = decider(st, fr)
    return _decision(st, fr, seat, frame_options(st, fr, seat))


def _decision(st: State, fr: Frame, seat: int, opts: list[str]) -> Decision:
    kind = fr.kind
    if kind == "turn":
        name, prompt = turn.turn_kind(fr), turn.turn_prompt(st, fr, seat)
    else:
        name, _, prompt_fn, _ = KINDS[kind]
        prompt = prompt_fn(st, fr, seat)
    if seat == st.current and kind not in NO_FREE:
        free = cards.free_actions(st, seat)
        if free:
            opts = opts + free if len(opts) + len(free) <= MAX_OPTIONS else [*opts, "cards"]
    return Decision(seat, name, prompt, tuple(opts))


def settle(st: State, ctx: Ctx) -> None:
    """Run automatic frames and skip empty ones until a real decision is on top; cache it."""
    while st.phase != "over":
        frames = st.frames
        if not frames:
            raise RuntimeError("the decision stack ran empty")
        fr = frames[-1]
        kind = fr.kind
        if kind in AUTOMATIC:
            st.frames = frames[:-1]
            if kind == "main":
                actions.finish(st, ctx, st.current, fr)
            elif kind == "endturn":
                rounds.end_turn(st, ctx, st.current)
            elif kind == "afterturn":
                rounds.after_turn(st, ctx)
            else:
                rounds.new_round(st, ctx)
            continue
        seat: int = fr.data.get("seat", st.current)
        opts = frame_options(st, fr, seat)
        if not opts:
            st.frames = frames[:-1]
            continue
        d = _decision(st, fr, seat, opts)
        # Ending by itself only when the seat holds no card it could play: whether a hidden
        # sack card is playable must not show in the flow of the game.
        if kind == "turn" and d.actions == ("end",) and not holds_free_cards(st, seat):
            st.frames = (*frames[:-1], END_TURN)
            continue
        st._dec = d
        return


def holds_free_cards(st: State, seat: int) -> bool:
    p = st.players[seat]
    return any(c in BONUS or c in SACK for c in p.hand) or any(c in WHITE for c in p.specials)


class Resafa(Game[State]):
    name = "resafa"
    title = "Resafa"
    info = GameInfo(
        min_players=1,
        max_players=4,
        chance=True,
        hidden_information=True,
        typical_decisions=250,
        blurb="Merchants of Resafa build workshops and gardens, dig canals that score in the "
              "rain and send camel caravans to trade over six rounds.",
        solo=True,
    )
    # UNCERTAIN (spec §14): the solo game may be against a virtual player or for a high score
    # alone; the rival is the default, and playing without it is the option.
    options_schema = (
        OptionSpec("rival", "Solo: play against the rival", (True, False), True, players=(1,),
                   help="The light rival takes bonus cards, blocks boxes and removes "
                        "workshops after each of your turns; without it, play for score."),
    )
    schema_version = 1

    def seat_label(self, seat: int) -> str:
        return SEAT_LABELS[seat]

    def new_game(self, players: int, seed: int, options: Mapping[str, Any] | None = None) -> State:
        if players not in (1, 2, 3, 4):
            raise ValueError("Resafa is played by 1 to 4 players.")
        unknown = set(options or {}) - {o.name for o in self.options_schema}
        if unknown:
            raise ValueError(f"Unknown Resafa options: {', '.join(sorted(unknown))}.")
        opts = {**self.default_options(players), **(options or {})}
        st = new_state(players, seed)
        st.rival = players == 1 and bool(opts.get("rival", True))
        if not st.rival:
            st.rival_deck = []
        begin_turn(st)
        return st

    def decision(self, state: State) -> Decision | None:
        dec = state._dec
        if dec is None:
            dec = decide(state)
            state._dec = dec if dec is not None else _FINISHED
            return dec
        return None if dec is _FINISHED else dec

    def apply(self, state: State, action: str) -> State:
        """As `Game.apply`, without building the events nobody reads (playouts, replays)."""
        before = self.decision(state)
        if before is None:
            raise GameOver("The game is over; no more moves can be made.")
        if action not in before.actions:
            raise IllegalAction(self.explain_illegal(state, action))
        return self._run(state, action, QuietCtx())

    def _apply(self, state: State, action: str) -> tuple[State, list[Event], bool]:
        ctx = Ctx()
        return self._run(state, action, ctx), ctx.events, ctx.revealed

    def _run(self, state: State, action: str, ctx: Ctx) -> State:
        st = state.copy()
        frames = st.frames
        fr = frames[-1]
        seat: int = fr.data.get("seat", st.current)
        if action == "cards":
            push(st, Frame("cards"))
        elif action.startswith(("use ", "drop ")) and fr.kind != "cards":
            cards.play_free(st, ctx, seat, action)
        else:
            st.frames = frames[:-1]
            if fr.kind == "turn":
                turn.turn_handle(st, ctx, fr, seat, action)
            else:
                KINDS[fr.kind][3](st, ctx, fr, seat, action)
        settle(st, ctx)
        if ctx.public:
            st.log = (*st.log, *ctx.public)[-LOG_LINES:]
        return st

    def normalize(self, text: str) -> str:
        return normalize(text)

    def explain_illegal(self, state: State, action: str) -> str:
        return explain(state, self.decision(state), action)

    def describe(self, state: State, action: str) -> str:
        return describe(state, action)

    def targets(self, state: State, action: str) -> Mapping[str, Any]:
        return targets(state, action)

    def view(self, state: State, seat: int | None) -> JSON:
        d = self.decision(state)
        options = self.options(state) if d is not None and d.seat == seat else ()
        done = st_turns(state)
        return views.build_view(state, seat, d, options, self.outcome(state), done)

    def hidden_from(self, state: State, seat: int | None) -> frozenset[str]:
        return views.hidden_ids(state, seat)

    def outcome(self, state: State) -> Outcome | None:
        if state.phase != "over":
            return None
        n = state.np
        parts = tuple(rounds.breakdown(state, s) for s in range(n))
        scores = tuple(sum(b.values()) for b in parts)
        coins = [state.players[s].coins for s in range(n)]
        scarabs = [state.players[s].scarabs() for s in range(n)]
        if state.solo:
            band = solo_band(scores[0])
            # A solo game ends in a rank, not a win (spec §14.3).
            return Outcome(scores=scores, breakdown=parts, winners=(), reason=state.reason,
                           result=f"{scores[0]} points: {band}")
        # UNCERTAIN (§13): the published tie-break is unknown; more coins, then more scarabs.
        winners, tiebreak = ranked_winners(scores, [("coins", coins), ("scarabs", scarabs)])
        return Outcome(
            scores=scores, breakdown=parts, winners=winners, reason=state.reason,
            tiebreak=tiebreak,
            tiebreak_values=tuple({"coins": coins[s], "scarabs": scarabs[s]} for s in range(n)),
        )

    def provisional_scores(self, state: State, viewer: int | None) -> tuple[int, ...]:
        """VP earned so far: all public."""
        return tuple(p.vp for p in state.players)

    def evaluate(self, state: State, seat: int) -> float:
        return observe.evaluate(state, seat)

    def _observe(self, state: State, seat: int | None) -> State:
        return observe.observe(state, seat)

    def _determinize(self, state: State, seat: int | None, rng: int) -> tuple[State, int]:
        return observe.determinize(state, seat, rng)

    def to_json(self, state: State) -> JSON:
        return {"game": self.name, "schema": self.schema_version, "state": state.to_dict()}

    def _from_json(self, data: JSON) -> State:
        try:
            return State.from_dict(data["state"])
        except (KeyError, TypeError, ValueError) as error:
            raise NotationError(f"Malformed Resafa snapshot: {error}") from None

    def text(self, state: State, seat: int | None) -> str:
        return views.text_board(state, seat, self.decision(state))


def st_turns(st: State) -> int:
    """The current seat's turn number in this round (1..3)."""
    return min(3, st.turns // st.np + 1)


__all__ = ["R", "Resafa", "begin_turn"]
