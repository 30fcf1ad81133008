"""What a game of Targi costs its players through Discord: clicks, confirmations and pings.

Two members play a whole game through the real bot (simcord, a real SQLite file, the real
engine), each picking the move the greedy agent would pick and making it the quickest way
the bot offers: a choice on the board post when there is one, else "Your move" and the
private panel, confirming whatever is asked. Between moves the clock moves on by
``answer_after`` seconds, with the timers running, so reminders come as the pace asks.

``python -m tests.e2e.costs [--answer-after S] [--seed N] [--rounds R]`` prints the figures
as JSON;
``tests/e2e/test_costs.py`` holds the targets.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import simcord

from bot import ids
from games.agents import agent_rng, choose_for, get_agent
from tests.e2e.conftest import World, running_world
from tests.e2e.driver import components_of, fresh, ids_in, open_table


@dataclass
class Turn:
    """The decisions one seat made in a row, between two board posts."""

    phase: str
    clicks: int = 0
    confirmations: int = 0
    decisions: int = 0


@dataclass
class Costs:
    turns: list[Turn] = field(default_factory=list)
    pings: dict[str, int] = field(default_factory=dict)
    confirm_texts: list[str] = field(default_factory=list)

    def figures(self) -> dict[str, Any]:
        def per(phase: str | None, what: str) -> list[int]:
            return [getattr(t, what) for t in self.turns if phase is None or t.phase == phase]

        actions = per("actions", "clicks")
        placements = per("placement", "clicks")
        return {
            "turns": len(self.turns),
            "clicks_per_turn": round(statistics.mean(per(None, "clicks")), 2),
            "clicks_per_placement": round(statistics.mean(placements), 2) if placements else None,
            "clicks_per_action_phase": {
                "median": statistics.median(actions) if actions else None,
                "min": min(actions, default=None),
                "max": max(actions, default=None),
            },
            "decisions_per_action_phase_median": (
                statistics.median(per("actions", "decisions")) if actions else None
            ),
            "confirmations": sum(per(None, "confirmations")),
            "confirmations_per_turn": round(
                sum(per(None, "confirmations")) / max(1, len(self.turns)), 2
            ),
            "pings": self.pings,
            "pings_per_turn": round(sum(self.pings.values()) / max(1, len(self.turns)), 2),
            "confirmation_texts": sorted(set(self.confirm_texts))[:12],
        }


def offers(message: Any, table_id: int, version: int) -> bool:
    """Whether a message carries choices made for this version of the table."""
    mine = (f"cv:act:{table_id}:{version}:", f"cv:pick:{table_id}:{version}:")
    return any(cid.startswith(mine) for cid in ids_in(message))


async def pick(
    actor: simcord.MemberActor, message: Any, table_id: int, version: int, index: int
) -> simcord.InteractionResult:
    wanted = ids.action(table_id, version, index)
    if wanted in ids_in(message):
        return await actor.click(message, custom_id=wanted)
    for item in (c for row in components_of(message) for c in row.get("components", [])):
        if item.get("type") == 3 and any(o["value"] == str(index) for o in item["options"]):
            return await actor.select(message, [str(index)], custom_id=item["custom_id"])
    raise AssertionError(f"option {index} is not offered: {ids_in(message)}")


def pinged(world: World) -> dict[int, int]:
    """How many messages the bot wrote pinged each user, in the channel and the thread."""
    backend = world.env.backend
    counts: dict[int, int] = {}
    for channel in (world.channel, *world.channel.threads):
        for m in channel.history():
            for user in backend.get_message(channel.id, m.id).ping_user_ids:
                counts[user] = counts.get(user, 0) + 1
    return counts


async def play_game(
    world: World, *, seed: int = 1, answer_after: float = 20.0, rounds: int | None = None
) -> Costs:
    """A game between Alice and Bob, moves as the greedy agent picks them: the whole game, or
    its first ``rounds`` rounds."""
    service = world.bot.service
    table_id, _ = await open_table(world, world.alice, world.bob)
    actors = {world.alice.id: world.alice, world.bob.id: world.bob}
    agent = get_agent("greedy")
    rngs = [agent_rng(seed, s) for s in range(2)]
    costs = Costs()
    panel: Any = None
    turn: Turn | None = None
    last_seat: int | None = None
    while True:
        loaded = await service.load(table_id)
        game, state, decision = loaded.game, loaded.state, loaded.decision
        if decision is None or (rounds is not None and getattr(state, "round", 0) > rounds):
            break
        if decision.seat != last_seat:
            await world.tick(answer_after)  # the player comes back to a new turn
            loaded = await service.load(table_id)
            game, state, decision = loaded.game, loaded.state, loaded.decision
            assert decision is not None
            turn = Turn(phase=str(getattr(state, "phase", "")))
            costs.turns.append(turn)
            last_seat, panel = decision.seat, None
        assert turn is not None
        actor = actors[loaded.info.holder(decision.seat).user_id or 0]
        action, rngs[decision.seat] = choose_for(agent, game, state, decision, rngs[decision.seat])
        index = list(decision.actions).index(action)
        version = loaded.version
        board = world.boards()[-1]
        if panel is not None and offers(fresh(world, panel), table_id, version):
            where = fresh(world, panel)
        elif offers(board, table_id, version):
            where = board
        else:
            opened = await actor.click(board, custom_id=ids.panel(table_id, version))
            turn.clicks += 1
            assert opened.response is not None and opened.response.ephemeral
            where = panel = opened.response
        result = await pick(actor, where, table_id, version, index)
        turn.clicks += 1
        sure = ids.confirm(table_id, version, index)
        if result.response is not None and sure in ids_in(result.response):
            costs.confirm_texts.append(result.response.content.splitlines()[-1][:120])
            result = await actor.click(result.response, custom_id=sure)
            turn.clicks += 1
            turn.confirmations += 1
        turn.decisions += 1
        reply = result.response
        if reply is not None and reply.ephemeral:
            panel = reply
        assert (await service.load(table_id)).version > version, "the move was made"
    names = {world.alice.id: "alice", world.bob.id: "bob"}
    costs.pings = {name: pinged(world).get(user, 0) for user, name in names.items()}
    return costs


async def measure(seed: int, answer_after: float, rounds: int | None) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as folder:
        async with running_world(Path(folder)) as (_, world):
            costs = await play_game(world, seed=seed, answer_after=answer_after, rounds=rounds)
    return {"game": "targi", "seed": seed, "answer_after_seconds": answer_after,
            "rounds": rounds or "all", **costs.figures()}


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--answer-after", type=float, default=20.0,
                        help="seconds between a turn's board and the player's first click")
    parser.add_argument("--rounds", type=int, default=None, help="stop after these rounds")
    args = parser.parse_args(argv)
    print(json.dumps(asyncio.run(measure(args.seed, args.answer_after, args.rounds))))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
