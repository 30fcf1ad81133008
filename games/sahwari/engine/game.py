"""The Sahwari `Game`: the contract's hooks over the rules, views, notation and observations."""

from __future__ import annotations

import textwrap
from collections.abc import Mapping
from typing import Any, Final

from games.core.contract import (
    JSON,
    Decision,
    Event,
    Game,
    GameInfo,
    Option,
    OptionSpec,
    Outcome,
    ranked_winners,
)
from games.core.errors import GameOver, IllegalAction
from games.sahwari.engine import notation, observe, rules, views
from games.sahwari.engine import queries as Q
from games.sahwari.engine.data import POS_NAMES, SEAT_LABELS, camel_ids
from games.sahwari.engine.setup import new_state
from games.sahwari.engine.state import SahwariState

TIEBREAK: Final = "recruit cards plus artifact cubes"


class Sahwari(Game[SahwariState]):
    name = "sahwari"
    title = "Sahwari"
    info = GameInfo(
        min_players=2, max_players=4, chance=True, hidden_information=True,
        typical_decisions=380,
        blurb="Clans ride camels across a shrinking desert map, collecting artifacts, "
              "recruits and caravans to become the sole master of the merchant guild.",
    )
    options_schema = (
        OptionSpec(
            "leader_choice", "Choose your leader from two dealt", (False, True), False,
            players=(2, 3),
            help="STAND-IN option (spec 5.2): each player is dealt two clan leaders and keeps "
                 "one; otherwise one is dealt at random.",
        ),
    )
    schema_version = 1

    def seat_label(self, seat: int) -> str:
        return SEAT_LABELS[seat]

    def new_game(
        self, players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> SahwariState:
        if players not in (2, 3, 4):
            raise ValueError("Sahwari is played by 2 to 4 players.")
        opts = {**self.default_options(), **(options or {})}
        unknown = set(opts) - set(self.default_options())
        if unknown:
            raise ValueError(f"Unknown Sahwari options: {', '.join(sorted(unknown))}.")
        st = new_state(players, seed, bool(opts["leader_choice"]) and players in (2, 3))
        ctx = rules.Ctx.with_events()  # the first log lines, written out
        if st.step != "leader":
            rules.begin_turn(st, ctx)
        rules.settle(st, ctx)
        st.log = tuple(ctx.lines[-rules.LOG_LINES:])
        return st

    def decision(self, state: SahwariState) -> Decision | None:
        dec = state._dec
        if dec is None:
            dec = rules.decide(state) if state.step != "over" else None
            state._dec = dec if dec is not None else rules._FINISHED
            return dec
        return None if dec is rules._FINISHED else dec

    def _apply(self, state: SahwariState, action: str) -> tuple[SahwariState, list[Event], bool]:
        dec = self.decision(state)
        assert dec is not None
        ctx = rules.Ctx.with_events()
        return advance(state, dec.seat, action, ctx), ctx.events or [], ctx.revealed

    def apply(self, state: SahwariState, action: str) -> SahwariState:
        """The contract's ``apply`` without building the events nobody reads (playouts)."""
        dec = state._dec
        if dec is None or dec is rules._FINISHED:
            dec = self.decision(state)
            if dec is None:
                raise GameOver("The game is over; no more moves can be made.")
        if action not in dec.actions:
            raise IllegalAction(self.explain_illegal(state, action))
        return advance(state, dec.seat, action, rules.Ctx())

    def normalize(self, text: str) -> str:
        return notation.normalize(text)

    def explain_illegal(self, state: SahwariState, action: str) -> str:
        return notation.explain_illegal(state, self.decision(state), action)

    def describe(self, state: SahwariState, action: str) -> str:
        return notation.describe(state, self.decision(state), action)

    def targets(self, state: SahwariState, action: str) -> Mapping[str, Any]:
        return notation.targets(state, self.decision(state), action)

    def view(self, state: SahwariState, seat: int | None) -> JSON:
        dec = self.decision(state)
        options: tuple[Option, ...] = (
            self.options(state) if dec is not None and dec.seat == seat else ()
        )
        return views.view(state, dec, seat, self.outcome(state), options)

    def hidden_from(self, state: SahwariState, seat: int | None) -> frozenset[str]:
        return views.hidden_ids(state, seat)

    def outcome(self, state: SahwariState) -> Outcome | None:
        if state.step != "over":
            return None
        n = state.np
        parts = tuple(Q.breakdown(state, s, None) for s in range(n))
        scores = tuple(sum(p.values()) for p in parts)
        counts = [Q.tiebreak_count(state, s) for s in range(n)]
        leaders, tiebreak = ranked_winners(scores, [(TIEBREAK, counts)])
        result = None
        if len(leaders) > 1:
            # Published: a tie that the tie-break cannot settle is lost by everyone.
            leaders, tiebreak = (), TIEBREAK
            result = "Nobody wins: the leaders are tied on influence and on recruit cards " \
                     "plus artifacts, so everyone loses"
        return Outcome(
            scores=scores, breakdown=parts, winners=tuple(leaders), reason=state.reason,
            tiebreak=tiebreak,
            tiebreak_values=tuple({"recruits and artifacts": c} for c in counts),
            result=result,
        )

    def provisional_scores(self, state: SahwariState, viewer: int | None) -> tuple[int, ...]:
        """Influence as ``viewer`` can count it: caravans it has not seen are left out."""
        return tuple(sum(Q.breakdown(state, s, viewer).values()) for s in range(state.np))

    def _observe(self, state: SahwariState, seat: int | None) -> SahwariState:
        return observe.observe(state, seat)

    def _determinize(
        self, state: SahwariState, seat: int | None, rng: int
    ) -> tuple[SahwariState, int]:
        return observe.determinize(state, seat, rng)

    def to_json(self, state: SahwariState) -> JSON:
        return {"game": self.name, "schema": self.schema_version, "state": state.to_dict()}

    def _from_json(self, data: JSON) -> SahwariState:
        return SahwariState.from_dict(data["state"])

    def text(self, state: SahwariState, seat: int | None) -> str:
        return text_board(state, seat, self.decision(state))


def advance(state: SahwariState, seat: int, action: str, ctx: rules.Ctx) -> SahwariState:
    """``state`` after ``seat`` answers the question on top with a legal ``action``."""
    st = state.copy()
    frames = st.stack.frames
    rules.HANDLERS[frames[-1].kind if frames else st.step](st, ctx, seat, action)
    rules.settle(st, ctx)
    if ctx.lines:
        st.log = (*st.log, *ctx.lines)[-rules.LOG_LINES:]
    return st


def text_board(st: SahwariState, seat: int | None, dec: Decision | None) -> str:
    ids = camel_ids(st.np)
    lines = []
    for r in range(5):
        cells = []
        for c in range(5):
            p = r * 5 + c
            kind = st.kind[p]
            items = "".join("A" if i == "A" else "R" if i == "P" else st.hcol[i].lower()
                            for i in st.items[p])
            camels = ",".join(ids[x] for x, q in enumerate(st.cpos) if q == p)
            mark = {"G": "#", "R": "", "D": "~", "O": "o"}[kind]
            cells.append(f"{POS_NAMES[p]}{mark}{items}{'@' + camels if camels else ''}"
                         .ljust(16))
        lines.append(" ".join(cells))
    scores = Sahwari().provisional_scores(st, seat)
    for s in range(st.np):
        row = " ".join(st.row[s])
        lines.append(
            f"{SEAT_LABELS[s]} ({st.leader[s] or '?'}): {scores[s]} influence; row {row}; "
            f"storage {st.store[s]}, pawns {st.pawns[s]}, caravans {len(st.cars[s])}, "
            f"strategy {st.strat[s]}, locks {st.locks[s]}"
        )
    lines.append(f"Market: {' '.join(st.market)}; deck {len(st.deck)}; supply {st.supply}")
    if dec is not None:
        lines.append(f"{SEAT_LABELS[dec.seat]} to decide: {dec.prompt}")
    lines.extend(legend(st.np))
    return "\n".join(lines)


def legend(players: int) -> list[str]:
    """What the letters of `text_board`'s map stand for, wrapped to the map's width."""
    seats = ", ".join(f"P{s + 1} {SEAT_LABELS[s]}" for s in range(players))
    camels = " (a, b: first and second camel)" if players == 2 else ""
    text = (
        "Key: tile, then # Guild, ~ desert, o oasis (no mark: resource tile), then its items: "
        "A artifact cube, R recruit, y yellow caravan, b blue caravan (face down); "
        f"@ camels: G1 G2 guild, {seats}{camels}."
    )
    return textwrap.wrap(text, width=80, subsequent_indent="     ")
