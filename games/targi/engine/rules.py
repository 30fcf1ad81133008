"""Targi as a registered `Game` (spec sections 7-12).

Every `_apply` copies the state once and runs the handler of the current decision kind, which
mutates the copy and advances automatic steps (markers, reveals, raids without a choice, limit
checks) until the next real decision. The decision for a state is computed once and cached on it.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.core.contract import (
    JSON,
    Decision,
    Event,
    Game,
    GameInfo,
    Option,
    Outcome,
    ranked_winners,
)
from games.core.errors import SchemaError
from games.targi.engine import heuristic, hidden, notation, targets, views
from games.targi.engine.actions import ANSWERS, FLOW
from games.targi.engine.data import SEAT_LABELS
from games.targi.engine.decisions import decide
from games.targi.engine.flow import Ctx, new_state
from games.targi.engine.scoring import score_breakdown
from games.targi.engine.state import TargiState, upgrade_schema_1

_UNSET = object()


class Targi(Game[TargiState]):
    name = "targi"
    title = "Targi"
    info = GameInfo(
        min_players=2, max_players=2, chance=True, hidden_information=True,
        typical_decisions=180,
        blurb="Two Tuareg tribes trade goods and gather tribe cards along a 5×5 border of "
              "cards while a robber raids them.",
    )
    schema_version = 2  # 2: the open sub-question is a decision stack (1: a `pending` list)

    def seat_label(self, seat: int) -> str:
        return SEAT_LABELS[seat]

    def new_game(
        self, players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> TargiState:
        if players != 2:
            raise ValueError("Targi is played by exactly 2 players.")
        return new_state(seed)

    def decision(self, state: TargiState) -> Decision | None:
        dec = state._dec
        if dec is None:
            dec = decide(state)
            state._dec = dec if dec is not None else _UNSET
            return dec
        return None if dec is _UNSET else dec

    def _apply(self, state: TargiState, action: str) -> tuple[TargiState, list[Event], bool]:
        dec = self.decision(state)
        assert dec is not None
        st = state.copy()
        ctx = Ctx()
        question = st.stack.top
        if question is None:
            FLOW[dec.kind](st, ctx, dec.seat, action)
        else:
            st.stack = st.stack.pop()
            ANSWERS[question.kind](st, ctx, dec.seat, action, question)
        if ctx.events:
            st.log = (st.log + tuple([e.text for e in ctx.events]))[-8:]
        return st, ctx.events, ctx.revealed

    def normalize(self, text: str) -> str:
        return notation.normalize(text)

    def explain_illegal(self, state: TargiState, action: str) -> str:
        return notation.explain_illegal(state, self.decision(state), action)

    def describe(self, state: TargiState, action: str) -> str:
        return notation.describe(state, self.decision(state), action)

    def targets(self, state: TargiState, action: str) -> dict[str, Any]:
        return targets.targets(state, self.decision(state), action)

    def public_options(self, state: TargiState) -> tuple[Option, ...]:
        # Every viewer knows the same things in Targi (see ``hidden``): all options are public.
        return self.options(state)

    def view(self, state: TargiState, seat: int | None) -> JSON:
        return views.view(state, self.decision(state), seat, self.outcome(state))

    def hidden_from(self, state: TargiState, seat: int | None) -> frozenset[str]:
        return views.hidden_ids(state)

    def outcome(self, state: TargiState) -> Outcome | None:
        if state.phase != "finished":
            return None
        breakdown = tuple(score_breakdown(state, s) for s in (0, 1))
        scores = tuple(sum(b.values()) for b in breakdown)
        gold = [state.res[s][3] for s in (0, 1)]
        goods = [sum(state.res[s][:3]) for s in (0, 1)]
        winners, tiebreak = ranked_winners(scores, [("gold", gold), ("goods", goods)])
        return Outcome(
            scores=scores,
            breakdown=breakdown,
            winners=winners,
            reason=state.reason,
            tiebreak=tiebreak,
            tiebreak_values=tuple({"gold": gold[s], "goods": goods[s]} for s in (0, 1)),
        )

    def provisional_scores(self, state: TargiState, viewer: int | None) -> tuple[int, ...]:
        # Every scoring holding (VP tokens, displays, gold) is public: the same for any viewer.
        return tuple(sum(score_breakdown(state, s).values()) for s in (0, 1))

    def provisional_breakdown(
        self, state: TargiState, viewer: int | None
    ) -> tuple[Mapping[str, int], ...]:
        return tuple(score_breakdown(state, s) for s in (0, 1))

    def evaluate(self, state: TargiState, seat: int) -> float:
        return heuristic.evaluate(state, seat)

    def _observe(self, state: TargiState, seat: int | None) -> TargiState:
        return hidden.observe(state)  # every viewer knows the same (spec 15.2)

    def _determinize(
        self, state: TargiState, seat: int | None, rng: int
    ) -> tuple[TargiState, int]:
        return hidden.determinize(state, rng)

    def to_json(self, state: TargiState) -> JSON:
        return {"game": self.name, "schema": self.schema_version, "state": state.to_dict()}

    def from_json(self, data: JSON) -> TargiState:
        if data.get("game") == self.name and data.get("schema") == 1:
            try:
                data = {**data, "schema": 2, "state": upgrade_schema_1(data["state"])}
            except (KeyError, TypeError, IndexError) as exc:
                raise SchemaError(f"This Targi snapshot is malformed ({exc!r}).") from exc
        return super().from_json(data)

    def _from_json(self, data: JSON) -> TargiState:
        try:
            return TargiState.from_dict(data["state"])
        except (KeyError, TypeError, ValueError) as exc:
            raise SchemaError(f"This Targi snapshot is malformed ({exc!r}).") from exc

    def text(self, state: TargiState, seat: int | None) -> str:
        return views.text(state, self.decision(state), seat, self.outcome(state))
