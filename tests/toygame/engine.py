"""A tiny card game used to test the agents and the conformance checks against known answers.

Two players share a market of two face-up cards drawn from a shuffled deck. On your turn you
``take 1`` or ``take 2``, then either ``bank`` it (score its value) or ``toss`` it (your
opponent loses a point, or two with the ``toss_penalty`` option). The taken slot is refilled
from the deck. The deck's order is the only hidden information.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

from games.core import (
    Decision,
    Event,
    Game,
    GameInfo,
    NotationError,
    OptionSpec,
    Outcome,
    ranked_winners,
)
from games.core import rng as core_rng
from games.core.contract import echo
from games.core.views import decision_json

CARDS = tuple(f"{suit}{value}" for suit in "AB" for value in range(1, 7))


def value(card: str) -> int:
    return int(card[1])


@dataclass(frozen=True)
class ToyState:
    deck: tuple[str, ...]
    market: tuple[str | None, str | None]
    scores: tuple[int, int]
    turn: int
    pending: int | None  # market slot taken, awaiting bank/toss
    rng: int
    penalty: int = 1  # points a toss costs the opponent


class ToyGame(Game[ToyState]):
    name = "toy"
    title = "Toy"
    info = GameInfo(
        min_players=2, max_players=2, chance=True, hidden_information=True,
        typical_decisions=24, blurb="Take a card from a market of two, then bank it or toss it.",
    )
    options_schema = (
        OptionSpec("toss_penalty", "Points a toss costs the opponent", (1, 2), 1),
    )
    schema_version = 1

    def new_game(
        self, players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> ToyState:
        penalty = self.validate_options(options)["toss_penalty"]
        deck = list(CARDS)
        rng = core_rng.shuffle(core_rng.seed_state(seed), deck)
        return ToyState(tuple(deck[2:]), (deck[0], deck[1]), (0, 0), 0, None, rng, penalty)

    def decision(self, state: ToyState) -> Decision | None:
        if state.pending is not None:
            card = state.market[state.pending]
            return Decision(state.turn, "resolve", f"Bank or toss {card}?", ("bank", "toss"))
        slots = tuple(f"take {i + 1}" for i, c in enumerate(state.market) if c is not None)
        if not slots:
            return None
        return Decision(state.turn, "take", "Take a card from the market.", slots)

    def _apply(self, state: ToyState, action: str) -> tuple[ToyState, list[Event], bool]:
        if action.startswith("take "):
            slot = int(action[5:]) - 1
            return replace(state, pending=slot), [Event(f"took slot {slot + 1}")], False
        assert state.pending is not None
        card = state.market[state.pending]
        assert card is not None
        scores = list(state.scores)
        if action == "bank":
            scores[state.turn] += value(card)
        else:
            scores[1 - state.turn] -= state.penalty
        market = list(state.market)
        market[state.pending] = state.deck[0] if state.deck else None
        new = ToyState(
            state.deck[1:], (market[0], market[1]), (scores[0], scores[1]),
            1 - state.turn, None, state.rng, state.penalty,
        )
        events = [Event(f"{action} {card}", state.turn)]
        if state.deck:  # a private event and its public twin, for the service's tests
            events += [
                Event(f"You drew {state.deck[0]}", state.turn, (state.turn,)),
                Event("the market was refilled", state.turn),
            ]
        return new, events, bool(state.deck)

    def normalize(self, text: str) -> str:
        words = text.lower().split()
        if words in (["bank"], ["toss"], ["take"]) or (
            len(words) == 2 and words[0] == "take" and words[1] in ("1", "2")
        ):
            return " ".join(words)
        raise NotationError(f"`{echo(text)}` is not a move: try `take 1`, `bank` or `toss`.")

    def explain_illegal(self, state: ToyState, action: str) -> str:
        return f"`{action}` is not possible now."

    def describe(self, state: ToyState, action: str) -> str:
        if action.startswith("take "):
            return f"Take {state.market[int(action[5:]) - 1]}"
        return action.capitalize()

    def view(self, state: ToyState, seat: int | None) -> dict[str, Any]:
        d = self.decision(state)
        mine = d is not None and seat == d.seat
        return {
            "game": self.name,
            "market": list(state.market),
            "deck": len(state.deck),
            "scores": list(state.scores),
            "decision": decision_json(d, seat, self.options(state) if mine else ()),
        }

    def hidden_from(self, state: ToyState, seat: int | None) -> frozenset[str]:
        return frozenset(state.deck)

    def outcome(self, state: ToyState) -> Outcome | None:
        if self.decision(state) is not None:
            return None
        winners, tiebreak = ranked_winners(state.scores, [])
        return Outcome(
            state.scores, tuple({"cards": s} for s in state.scores), winners, "market empty",
            tiebreak,
        )

    def provisional_scores(self, state: ToyState, viewer: int | None) -> tuple[int, ...]:
        return state.scores

    def targets(self, state: ToyState, action: str) -> dict[str, Any]:
        if action.startswith("take "):
            return {"slot": int(action[5:])}
        return {}

    def _observe(self, state: ToyState, seat: int | None) -> ToyState:
        return replace(state, deck=tuple(sorted(state.deck)), rng=0)

    def _determinize(self, state: ToyState, seat: int | None, rng: int) -> tuple[ToyState, int]:
        deck = list(state.deck)
        rng = core_rng.shuffle(rng, deck)
        rng, world = core_rng.next_u64(rng)
        return replace(state, deck=tuple(deck), rng=world), rng

    def to_json(self, state: ToyState) -> dict[str, Any]:
        return {
            "game": self.name, "schema": self.schema_version, "deck": list(state.deck),
            "market": list(state.market), "scores": list(state.scores), "turn": state.turn,
            "pending": state.pending, "rng": state.rng, "penalty": state.penalty,
        }

    def _from_json(self, data: dict[str, Any]) -> ToyState:
        m, s = data["market"], data["scores"]
        return ToyState(
            tuple(data["deck"]), (m[0], m[1]), (s[0], s[1]), data["turn"], data["pending"],
            data["rng"], data.get("penalty", 1),
        )

    def text(self, state: ToyState, seat: int | None) -> str:
        market = " ".join(c or "--" for c in state.market)
        return f"market: {market}  deck: {len(state.deck)}  scores: {state.scores}"
