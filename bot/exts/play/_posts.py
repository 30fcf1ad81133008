"""Outbox handlers: what reaches the game thread after the start, each turn and the end.

A board is posted when the turn passes to another seat (or the game ends), with the events of
every action of that turn; sub-decisions of the same seat (choosing a row, a payment) only
update that player's private panel, so the thread stays readable.
"""

from __future__ import annotations

import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import discord

from bot.exts.play._components import board_view
from bot.exts.play._text import NO_MESSAGE_CONTENT, board_marker, result_post, turn_post
from bot.images import board_file
from bot.mentions import NOBODY, pings, plain
from bot.outbox import Deferred, post
from games.core import discovery
from games.core.contract import Outcome

if TYPE_CHECKING:
    from bot.bot import CaravanBot

log = logging.getLogger(__name__)

BOARD_KINDS = ("start", "turn", "undo")  # the rows that may post a board


def jump_url(guild_id: int | None, channel_id: int, message_id: int | None = None) -> str:
    base = f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"
    return base if message_id is None else f"{base}/{message_id}"


def turn_events(rows: Sequence[Any], row: Any) -> list[str]:
    """The events of every action in the turn that ``row`` ends, oldest first.

    The turn reaches back to the previous board: a move that passed the turn, the start, or
    an undo (which posted the board it restored)."""
    boards = [r for r in rows if r.kind in BOARD_KINDS and r.id <= row.id]
    chain: list[Any] = []
    for earlier in reversed(boards):
        if chain and (earlier.kind != "turn" or earlier.payload.get("passes_turn", True)):
            break
        chain.append(earlier)
    events: list[str] = []
    for r in reversed(chain):
        said = [str(e) for e in r.payload.get("events", [])]
        events.extend(said or [f"{r.payload.get('label')} chose {r.payload.get('description')}."])
    return events


def has_extras(game: str) -> bool:
    """Whether the game draws pictures beside its board (none when it is not installed)."""
    try:
        return discovery.spec(game).has_extras()
    except KeyError:
        return False


class BoardPoster:
    def __init__(self, bot: CaravanBot) -> None:
        self.bot = bot
        self.service = bot.service

    def register(self) -> None:
        outbox = self.bot.outbox
        outbox.register("start", self.post_start)
        outbox.register("turn", self.post_turn)
        outbox.register("undo", self.post_undo)
        outbox.register("result", self.post_result)
        outbox.register("cancel", self.post_cancel)
        for kind in (*BOARD_KINDS, "result"):
            outbox.observe(kind, self.retire_buttons)

    async def latest_board(self, info: Any) -> tuple[int | None, str]:
        """The version shown by the table's newest board post, and a jump link to it."""
        if info.thread_id is None:
            return None, "the game's thread"
        rows = await self.service.outbox.for_table(info.id)
        posted = [r for r in rows if r.kind in BOARD_KINDS and r.message_id is not None]
        if not posted:
            return None, jump_url(info.guild_id, info.thread_id)
        newest = posted[-1]
        return newest.version, jump_url(info.guild_id, info.thread_id, newest.message_id)

    async def thread_of(self, info: Any) -> discord.abc.Messageable | None:
        """The table's thread; None when it never got one and never will (it was cancelled)."""
        if info.thread_id is None:
            if info.status == "cancelled":
                return None
            raise Deferred(f"table {info.id} has no thread yet")
        thread = self.bot.get_channel(info.thread_id)
        if thread is None:
            thread = await self.bot.fetch_channel(info.thread_id)
        if not isinstance(thread, discord.abc.Messageable):
            raise Deferred(f"channel {info.thread_id} of table {info.id} cannot take messages")
        return thread

    async def _board(self, row: Any, events: list[str], header: str | None = None) -> int | None:
        loaded = await self.service.load(row.table_id)
        info, game = loaded.info, loaded.game
        thread = await self.thread_of(info)
        if thread is None:
            return None
        state = await self.service.state_at(info.id, row.version)
        file = await board_file(game.name, game.view(state, None))
        decision = game.decision(state)
        footer = None
        if row.kind == "start" and not self.bot.reads_message_content:
            footer = NO_MESSAGE_CONTENT
        marker = board_marker(info.id, row.version)
        content = turn_post(
            game, info.seats, decision, events, header=header, footer=footer, marker=marker
        )
        to_move = info.seats[decision.seat].user_id if decision is not None else None
        # the start is news for every player; a turn, for the one to move
        everyone = [s.user_id for s in info.seats] if row.kind == "start" else []
        allowed = pings(to_move, *everyone)
        extras = has_extras(game.name)
        if to_move is not None or extras:
            view = board_view(info.id, row.version, move=to_move is not None, extras=extras)
            message = await post(
                thread, content, marker=marker, file=file, view=view, allowed_mentions=allowed
            )
        else:
            message = await post(
                thread, content, marker=marker, file=file, allowed_mentions=allowed
            )
        return message.id

    async def retire_buttons(self, row: Any) -> None:
        """A new board (or the result) was posted: take "Your move" off the previous board and
        the reminders since, so only the newest post in the thread offers it. Runs after the
        row is marked delivered, as a best-effort follow-up."""
        rows = await self.service.outbox.for_table(row.table_id)
        if not any(r.id == row.id and r.message_id is not None for r in rows):
            return  # this row posted nothing (the same seat decides again)
        info = await self.service.info(row.table_id)
        if info.thread_id is None:
            return
        thread = self.bot.get_channel(info.thread_id) or await self.bot.fetch_channel(
            info.thread_id
        )
        earlier = [r for r in rows if r.id < row.id and r.message_id is not None]
        boards = [r for r in earlier if r.kind in BOARD_KINDS]
        since = boards[-1].id if boards else 0
        old = [
            (r, r.message_id)
            for r in earlier
            if r.id >= since and r.kind in (*BOARD_KINDS, "reminder") and r.message_id is not None
        ]
        if not isinstance(thread, discord.Thread | discord.TextChannel):
            return
        extras = has_extras(info.game)
        for r, message_id in old:
            # "Your move" goes; a game's Player boards stay, showing that post's moment
            kept = board_view(info.id, r.version, move=False, extras=True)
            view = kept if extras and r.kind in BOARD_KINDS else None
            try:
                await thread.get_partial_message(message_id).edit(view=view)
            except discord.HTTPException as error:
                log.info("could not retire the buttons of message %s: %s", message_id, error)

    async def post_start(self, row: Any) -> int | None:
        info = await self.service.info(row.table_id)
        game = self.service.game_of(info)
        players = " vs ".join(
            f"**{game.seat_label(s.seat)}** {f'<@{s.user_id}>' if s.user_id else plain(s.name)}"
            for s in info.seats
        )
        header = f"**{game.title}** · table #{info.id} begins: {players}."
        return await self._board(row, [], header)

    async def post_turn(self, row: Any) -> int | None:
        if not row.payload.get("passes_turn", True) and not row.payload.get("game_over"):
            return None  # the same seat decides again; its panel shows the change
        rows = await self.service.outbox.for_table(row.table_id)
        return await self._board(row, turn_events(rows, row))

    async def post_undo(self, row: Any) -> int | None:
        """Moves were taken back: the restored board, saying so."""
        return await self._board(row, [str(e) for e in row.payload.get("events", [])])

    async def post_result(self, row: Any) -> int | None:
        info = await self.service.info(row.table_id)
        game = self.service.game_of(info)
        thread = await self.thread_of(info)
        if thread is None:
            return None
        p = row.payload
        outcome = Outcome(
            scores=tuple(p["scores"]),
            breakdown=tuple(p["breakdown"]),
            winners=tuple(p["winners"]),
            reason=p["reason"],
            tiebreak=p.get("tiebreak"),
            result=p.get("result"),
        )
        players = pings(*(s.user_id for s in info.seats))
        text = result_post(game, info.seats, outcome)
        message = await post(thread, text, allowed_mentions=players)
        return message.id

    async def post_cancel(self, row: Any) -> int | None:
        info = await self.service.info(row.table_id)
        thread = await self.thread_of(info)
        if thread is None:
            return None
        by = row.payload.get("by_user")
        who = f" by <@{by}>" if by else ""
        message = await post(
            thread,
            f"Table #{info.id} was cancelled{who}; no more moves can be made.",
            allowed_mentions=NOBODY,
        )
        return message.id
