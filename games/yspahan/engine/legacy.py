"""Replaying action logs stored before snapshot schema 2 (the service replays the log when a
snapshot's schema is not current).

Schema 1 walked the Supervisor one space at a time (`step W` ... `done`), asked for a Shop
delivery's quarter before its shop (`quarter sack`), asked for a building's discount cards
after the building (`build crane`, `discount C3a`) and resolved every single-option decision
at once. Each old action is read as the one it now stands for; an action that is legal now is
applied as it is, so a log that mixes both notations replays too.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from games.core.errors import IllegalAction
from games.yspahan.engine.data import BUILDING_KEYS, DIST, NEIGHBOUR, STREET
from games.yspahan.engine.queries import discount_cards, supervisor_moves
from games.yspahan.engine.state import YspahanState

if TYPE_CHECKING:
    from collections.abc import Iterable

    from games.yspahan.engine.rules import Yspahan


def replay(game: Yspahan, state: YspahanState, actions: Iterable[str]) -> YspahanState:
    todo = list(actions)
    walk: _Walk | None = None  # a step-by-step Supervisor move under way
    i = 0
    while i < len(todo):
        action = todo[i]
        decision = game.decision(state)
        if decision is None:
            raise IllegalAction(f"`{action}`: the game was already over.")
        legal = decision.actions
        following = todo[i + 1] if i + 1 < len(todo) else ""
        if action.startswith("build ") and following.startswith("discount "):
            cards = following[9:]
            merged = action if cards == "none" else f"{action} {cards}"
            if merged in legal:
                state = game.apply(state, merged)
                i += 2
                continue
        if action in legal:
            state = game.apply(state, action)
            walk = None
            i += 1
            continue
        if decision.kind in ("supervisor", "supervisor_arm"):
            walk = walk or _Walk(state)
            if action.startswith("step ") and action[5:] in NEIGHBOUR[walk.pos]:
                walk.step(action[5:])
                i += 1
                continue
            i += action == "done"
            state = walk.stop(game, state)
            walk = None
            continue
        if action.startswith("quarter ") and decision.kind == "card_shop":
            i += 1  # the shops of every quarter are listed at once now
            continue
        if action.startswith("build ") and action[6:] in BUILDING_KEYS:
            combos = discount_cards(state, decision.seat, BUILDING_KEYS[action[6:]])
            if len(combos) == 1 and " ".join([action, *combos[0]]) in legal:
                state = game.apply(state, " ".join([action, *combos[0]]))
                i += 1
                continue
        # A decision schema 1 resolved at once because it had a single option.
        single = [a for a in legal if a != "back"]
        if len(single) == 1:
            state = game.apply(state, single[0])
            continue
        raise IllegalAction(f"`{action}` of a stored log cannot be replayed: {legal[:5]}.")
    if walk is not None and walk.pos in walk.payable and not walk.ways():
        state = walk.stop(game, state)  # schema 1 stopped by itself: no other option was left
    if any(a == "done" or a.startswith("step ") for a in todo):
        state = _finished(game, state)
    return state


def _finished(game: Yspahan, state: YspahanState) -> YspahanState:
    """An old log of a finished game may stop before decisions schema 1 resolved at once; the
    game ended after them. A log that does not end the game that way is left as it is."""
    ended = state
    while (decision := game.decision(ended)) is not None:
        if len(decision.actions) != 1:
            return state
        ended = game.apply(ended, decision.actions[0])
    return ended


class _Walk:
    """Schema 1's Supervisor walk: one space per `step`, and every step taken by itself when
    it was the only option (no payable stop here, one way on)."""

    def __init__(self, state: YspahanState) -> None:
        self.payable = {m for m, _ in supervisor_moves(state)}
        self.pos, self.prev = state.supervisor, -1
        self._forced()

    def ways(self) -> list[int]:
        return [
            nb for nb in NEIGHBOUR[self.pos].values()
            if nb != self.prev and any(DIST[self.pos][m] == DIST[nb][m] + 1 for m in self.payable)
        ]

    def _forced(self) -> None:
        while self.pos not in self.payable:
            ways = self.ways()
            if len(ways) != 1:
                return
            self.pos, self.prev = ways[0], self.pos

    def step(self, direction: str) -> None:
        self.pos, self.prev = NEIGHBOUR[self.pos][direction], self.pos
        self._forced()

    def stop(self, game: Yspahan, state: YspahanState) -> YspahanState:
        target = "go " + STREET[self.pos]
        legal = game.decision(state).actions  # type: ignore[union-attr]
        if target not in legal:  # the arm first, when the destinations did not fit one decision
            state = game.apply(state, "go " + STREET[self.pos][0])
        return game.apply(state, target)
