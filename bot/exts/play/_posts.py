"""Outbox handlers: what reaches the game thread after the start, each turn and the end.

A board is posted when the turn passes to another seat (or the game ends), with the events of
every action of that turn; sub-decisions of the same seat (choosing a row, a payment) only
update that player's private panel, so the thread stays readable.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Callable, Sequence
from datetime import timedelta
from typing import TYPE_CHECKING, Any

import discord

from bot.exts.play._ahead import BoardsAhead
from bot.exts.play._components import board_view
from bot.exts.play._layout import layout_for
from bot.exts.play._text import NO_MESSAGE_CONTENT, board_marker, result_post, turn_post
from bot.images import board_file
from bot.mentions import NOBODY, pings, plain
from bot.move_answers import TOKEN_SECONDS
from bot.outbox import Deferred, post
from games.core import discovery
from games.core.contract import Outcome

if TYPE_CHECKING:
    from bot.bot import CaravanBot
    from bot.service import LoadedTable, MoveResult

log = logging.getLogger(__name__)

BOARD_KINDS = ("start", "turn", "undo")  # the rows that may post a board
# Outbox rows read first from a table's end: a board looks back only to the board before it,
# while a table queues a row for every decision it ever had.
RECENT_ROWS = 16
REMEMBERED = 10_000  # posts whose buttons (or their absence) are remembered
BOT_ANSWER_WAIT = timedelta(seconds=3)  # a person's board waits this long for the bot's


def jump_url(guild_id: int | None, channel_id: int, message_id: int | None = None) -> str:
    base = f"https://discord.com/channels/{guild_id or '@me'}/{channel_id}"
    return base if message_id is None else f"{base}/{message_id}"


def hands_to_a_bot(row: Any) -> bool:
    """Whether ``row`` is a person's move that handed the turn to a bot."""
    p = row.payload
    if row.kind != "turn" or p.get("user_id") is None or not p.get("is_agent"):
        return False
    return bool(p.get("passes_turn", True)) and not p.get("game_over")


def answered_at_once(rows: Sequence[Any], row: Any) -> bool:
    """Whether ``row`` is a person's move that handed the turn to a bot which has already
    answered: its board would be followed at once by the bot's, so the bot's covers both."""
    if not hands_to_a_bot(row):
        return False
    later = next((r for r in rows if r.id > row.id and r.kind in BOARD_KINDS), None)
    return later is not None and later.kind == "turn"


def _posted_board_before(rows: Sequence[Any], row: Any) -> bool:
    return any(
        r.id < row.id and r.kind in BOARD_KINDS and r.message_id is not None for r in rows
    )


def _turn(rows: Sequence[Any], row: Any) -> tuple[list[Any], bool]:
    """The board rows of the turn ``row`` ends, newest first, and whether ``rows`` reach back
    to the board before that turn (else the turn may begin before them)."""
    boards = [r for r in rows if r.kind in BOARD_KINDS and r.id <= row.id]
    chain: list[Any] = []
    for earlier in reversed(boards):
        if chain and (
            earlier.kind != "turn"
            or (earlier.payload.get("passes_turn", True) and not answered_at_once(rows, earlier))
        ):
            return chain, True
        chain.append(earlier)
    return chain, False


def turn_events(rows: Sequence[Any], row: Any) -> list[str]:
    """The events of every action in the turn that ``row`` ends: its headlines first (a new
    round, a raid: what someone coming back must read first), then the rest, oldest first.

    The turn reaches back to the previous board: a move that passed the turn (unless a bot
    answered it at once), the start, or an undo (which posted the board it restored)."""
    headlines: list[str] = []
    events: list[str] = []
    chain, _ = _turn(rows, row)
    for r in reversed(chain):
        said = [str(e) for e in r.payload.get("events", [])]
        marked = set(r.payload.get("headlines", []))
        headlines.extend(e for e in said if e in marked)
        said = [e for e in said if e not in marked]
        if not said and not marked:
            said = [f"{r.payload.get('label')} chose {r.payload.get('description')}."]
        events.extend(said)
    return headlines + events


def _since_board_before(rows: Sequence[Any], row: Any) -> list[Any]:
    """The posts (rows with a message) before ``row``, from the last board among them on."""
    earlier = [r for r in rows if r.id < row.id and r.message_id is not None]
    boards = [r for r in earlier if r.kind in BOARD_KINDS]
    since = boards[-1].id if boards else 0
    return [r for r in earlier if r.id >= since]


def board_pings(row: Any, players: Sequence[int | None], to_move: int | None) -> list[int]:
    """Whom a board post pings. The start is news for every player but the host who started
    it; a turn pings the person to move only when the service decided so when the move was
    made (``bot.service.pings``); nobody is pinged for their own act, such as an undo."""
    p = row.payload
    if row.kind == "start":
        return [u for u in players if u is not None and u != p.get("started_by")]
    if to_move is None or to_move in (p.get("user_id"), p.get("by_user")):
        return []
    return [to_move] if p.get("ping", row.kind == "turn") else []


def has_extras(game: str) -> bool:
    """Whether the game draws pictures beside its board (none when it is not installed)."""
    try:
        return discovery.spec(game).has_extras()
    except KeyError:
        return False


async def _given(value: Any) -> Any:
    """A value at hand, as an awaitable to gather with reads."""
    return value


def _keep(cache: OrderedDict[int, Any], key: int, value: Any) -> None:
    """Remember ``value`` as the newest of ``cache``, forgetting the oldest past REMEMBERED."""
    cache[key] = value
    cache.move_to_end(key)
    while len(cache) > REMEMBERED:
        cache.popitem(last=False)


class BoardPoster:
    def __init__(self, bot: CaravanBot) -> None:
        self.bot = bot
        self.service = bot.service
        # Whether each recent board went out with "Your move", so that retiring buttons never
        # edits one that has none; a post not remembered (e.g. from before a restart) is edited.
        self._has_buttons: OrderedDict[int, bool] = OrderedDict()
        # Each table's last board as (version, public view): the next board marks what
        # changed since without replaying the game to that version again.
        self._views: OrderedDict[int, tuple[int, dict[str, Any]]] = OrderedDict()
        # Each table's thread and game, set once it starts: retiring the buttons of the board
        # before need not read the table again.
        self._threads: OrderedDict[int, tuple[int, str]] = OrderedDict()
        # Each table's last board as (version, moves made by then): the next board counts
        # its moves from the log after it, not from the whole log.
        self._counts: OrderedDict[int, tuple[int, int]] = OrderedDict()
        # Boards that answered a move, by message id, with when their interaction's token
        # expires: their buttons are taken off through that interaction, which counts against
        # neither the bot's global budget nor the thread's edit limit.
        self._answered: OrderedDict[int, tuple[float, discord.Message]] = OrderedDict()
        # Each board row's posts since the board before it, as read to draw it: retiring
        # their buttons need not read them again (all were delivered before the board was).
        self._since_board: OrderedDict[int, list[Any]] = OrderedDict()
        self._ahead = BoardsAhead(bot.drawing)

    def draw_ahead(self, result: MoveResult) -> None:
        """A person's move that passed the turn is committed: start drawing its board now,
        when this process holds the new state and the table's last board (see
        ``bot.exts.play._ahead``). Not when a bot is to answer: its board shows both moves."""
        final = result.final
        if final.next is not None and final.next.is_agent:
            return
        previous = self._views.get(final.table_id)
        held = self.service.held(final.table_id, final.version)
        if previous is None or held is None:
            return
        game = held.game
        self._ahead.draw(
            final.table_id, game.name, final.version, game.view(held.state, None), previous
        )

    def close(self) -> None:
        self._ahead.close()

    def _remember(self, message_id: int, has_buttons: bool) -> None:
        _keep(self._has_buttons, message_id, has_buttons)

    def retired(self, message_id: int) -> None:
        """The post no longer offers "Your move" (the click that made the move took it off)."""
        self._remember(message_id, False)

    async def _edit_view(
        self, thread: discord.Thread | discord.TextChannel, message_id: int,
        view: discord.ui.View | None,
    ) -> None:
        """Give the message ``view``: through the interaction it answered while that
        interaction's token lives, else (or if that fails) with the bot's token in the thread."""
        answered = self._answered.pop(message_id, None)
        if answered is not None and answered[0] > time.monotonic():
            try:
                await answered[1].edit(view=view)
                return
            except discord.HTTPException as error:
                log.info("could not edit message %s through its interaction: %s", message_id, error)
        await thread.get_partial_message(message_id).edit(view=view)

    async def _recent_rows(
        self, table_id: int, enough: Callable[[list[Any]], bool]
    ) -> list[Any]:
        """The table's newest outbox rows, reaching back as far as ``enough`` asks: the
        newest few nearly always do, and the whole outbox is read when they do not."""
        rows = await self.service.outbox.for_table(table_id, newest=RECENT_ROWS)
        if len(rows) < RECENT_ROWS or enough(rows):
            return rows
        return await self.service.outbox.for_table(table_id)

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
        rows = await self._recent_rows(
            info.id,
            lambda rows: any(r.kind in BOARD_KINDS and r.message_id is not None for r in rows),
        )
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

    async def _reads(
        self, row: Any, enough: Callable[[list[Any]], bool]
    ) -> tuple[LoadedTable, list[Any], int]:
        """What a board of ``row`` is made from, read at once rather than one after another:
        the table, its newest outbox rows (reaching back as far as ``enough`` asks) and the
        moves made by the row's version. The table is read unless this process's own move
        took it to the row's version (as for the board drawn ahead, from the same record)."""
        held = self.service.held(row.table_id, row.version)
        loaded, rows, moves = await asyncio.gather(
            _given(held) if held is not None else self.service.load(row.table_id),
            self._recent_rows(row.table_id, enough),
            self.service.moves_at(
                row.table_id, row.version, known=self._counts.get(row.table_id)
            ),
        )
        return loaded, rows, moves

    async def _board(
        self, row: Any, events: list[str], header: str | None = None,
        reads: tuple[LoadedTable, list[Any], int] | None = None,
    ) -> int | None:
        if reads is None:
            reads = await self._reads(row, lambda rows: _posted_board_before(rows, row))
        loaded, rows, moves = reads
        info, game = loaded.info, loaded.game
        thread = await self.thread_of(info)
        if thread is None:
            return None
        if row.version == loaded.version:
            state = loaded.state
        else:
            state = await self.service.state_at(info.id, row.version)
        shown = [
            r for r in rows
            if r.id < row.id and r.kind in BOARD_KINDS and r.message_id is not None
        ]
        ahead = self._ahead.take(info.id, row.version, shown[-1].version if shown else None)
        drawn = None if ahead is None else await self._ahead.picture(ahead)
        if ahead is not None and drawn is not None:
            public_view, file = ahead.view, drawn
        else:
            previous = await self._previous_view(shown[-1] if shown else None, game)
            public_view = game.view(state, None)
            file = await board_file(
                game.name, public_view, self.bot.drawing, previous, table=info.id
            )
        decision = game.decision(state)
        footer = None
        if row.kind == "start" and not self.bot.reads_message_content:
            footer = NO_MESSAGE_CONTENT
        marker = board_marker(info.id, row.version, moves)
        content = turn_post(
            game, info.seats, decision, events, header=header, footer=footer, marker=marker
        )
        to_move = info.seats[decision.seat].user_id if decision is not None else None
        allowed = pings(*board_pings(row, [s.user_id for s in info.seats], to_move))
        extras = has_extras(game.name)
        kwargs: dict[str, Any] = {}
        if to_move is not None or extras:
            shape = None
            if to_move is not None and decision is not None:
                public = game.public_options(state)
                shape = (
                    layout_for(game.name, decision.kind, game.options(state), only=public,
                               max_selects=4)
                    if public else None
                )
            view = board_view(info.id, row.version, shape, move=to_move is not None, extras=extras)
            kwargs["view"] = view
        # a board showing a person's move answers that move, when its interaction allows
        answering = (
            await self.bot.move_answers.take(info.id, row.version) if row.kind == "turn" else None
        )
        if answering is not None and not answering.comes_after(
            shown[-1].message_id if shown else None
        ):
            await answering.decline_board()
            answering = None
        message = await post(
            thread, content, marker=marker, answering=answering, file=file,
            allowed_mentions=allowed, **kwargs,
        )
        self._remember(message.id, to_move is not None)
        if isinstance(message, discord.InteractionMessage | discord.WebhookMessage):
            _keep(self._answered, message.id, (time.monotonic() + TOKEN_SECONDS, message))
        _keep(self._views, info.id, (row.version, public_view))
        _keep(self._since_board, row.id, _since_board_before(rows, row))
        _keep(self._counts, info.id, (row.version, moves))
        if info.thread_id is not None:
            _keep(self._threads, info.id, (info.thread_id, info.game))
        return message.id

    async def _previous_view(self, shown: Any, game: Any) -> dict[str, Any] | None:
        """The public view the table's last posted board (``shown``) showed, for the new board
        to mark what changed since; None for the first board."""
        if shown is None:
            return None
        cached = self._views.get(shown.table_id)
        if cached is not None and cached[0] == shown.version:
            return cached[1]
        state = await self.service.state_at(shown.table_id, shown.version)
        view: dict[str, Any] = game.view(state, None)
        return view

    async def retire_buttons(self, row: Any) -> None:
        """A new board (or the result) was posted: take "Your move" off the previous board and
        the reminders since, so only the newest post in the thread offers it. Runs after the
        row is marked delivered, as a best-effort follow-up."""
        if row.message_id is None:
            return  # this row posted nothing (the same seat decides again)
        posts = self._since_board.pop(row.id, None)
        if posts is None:
            rows = await self._recent_rows(
                row.table_id, lambda rows: _posted_board_before(rows, row)
            )
            posts = _since_board_before(rows, row)
        known = self._threads.get(row.table_id)
        if known is None:
            info = await self.service.info(row.table_id)
            if info.thread_id is None:
                return
            known = (info.thread_id, info.game)
        thread_id, game = known
        thread = self.bot.get_channel(thread_id) or await self.bot.fetch_channel(thread_id)
        old = [
            (r, r.message_id)
            for r in posts
            if r.kind in (*BOARD_KINDS, "reminder")
            and self._has_buttons.get(r.message_id, True)
        ]
        if not isinstance(thread, discord.Thread | discord.TextChannel):
            return
        extras = has_extras(game)
        for r, message_id in old:
            # "Your move" goes; a game's Player boards stay, showing that post's moment
            kept = board_view(row.table_id, r.version, move=False, extras=True)
            view = kept if extras and r.kind in BOARD_KINDS else None
            try:
                await self._edit_view(thread, message_id, view)
                self._remember(message_id, view is not None)
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
            # the same seat decides again; its panel shows the change (such rows are stored
            # as delivered: only one queued by an older version of the bot comes here)
            return None
        def enough(rows: list[Any]) -> bool:
            # the row and all after it, the turn's start and the board posted before it
            return (
                rows[0].id <= row.id and _turn(rows, row)[1] and _posted_board_before(rows, row)
            )

        reads = await self._reads(row, enough)
        rows = reads[1]
        if answered_at_once(rows, row):
            return None  # the bot's board, next, shows this move too
        if hands_to_a_bot(row) and self.service.outbox.age(row) < BOT_ANSWER_WAIT:
            # the bot is thinking; its move comes with a board for both (or, if it is slow,
            # this board goes out on its own once the wait is over)
            raise Deferred(f"table {row.table_id}: waiting for the bot to answer")
        return await self._board(row, turn_events(rows, row), reads=reads)

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
        if p.get("conceded_seat") is None:
            # the last move's board, already posted, shows how the game ended
            message = await post(thread, text, allowed_mentions=players)
            return message.id
        state = await self.service.state_at(info.id, row.version)
        file = await board_file(
            game.name, game.view(state, None), self.bot.drawing, table=info.id
        )
        message = await post(thread, text, file=file, allowed_mentions=players)
        return message.id

    async def post_cancel(self, row: Any) -> int | None:
        info = await self.service.info(row.table_id)
        thread = await self.thread_of(info)
        if thread is None:
            return None
        by = row.payload.get("by_user")
        who = f" by <@{by}>" if by else ""
        if row.payload.get("moderator"):
            who += " (moderator)"
        reason = row.payload.get("reason")
        why = f" Reason: {plain(str(reason))}" if reason else ""
        message = await post(
            thread,
            f"Table #{info.id} was cancelled{who}; no more moves can be made.{why}",
            allowed_mentions=NOBODY,
        )
        return message.id
