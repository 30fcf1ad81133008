"""Turns: board posts from the outbox, private panels, ``/play`` and moves typed in the thread."""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import ids
from bot.answers import QuickAnswer
from bot.components import known_template
from bot.errors import BotError, NotInGameThread, StaleComponent, UnknownComponent
from bot.exts.play._components import (
    ActionButton,
    ActionSelect,
    BackButton,
    ConfirmButton,
    ExtrasButton,
    HelpButton,
    PanelButton,
    board_view,
    confirm_view,
    decision_view,
)
from bot.exts.play._layout import clip, layout_for, searchable
from bot.exts.play._notices import Notices
from bot.exts.play._posts import BOARD_KINDS, BoardPoster, has_extras
from bot.exts.play._stalls import DONE, FreeSeatButton, ReclaimButton, StallButton
from bot.exts.play._summary import ThreadSummary
from bot.exts.play._text import (
    explain_decision,
    looks_like_move,
    near_move,
    preview_text,
    private_note,
)
from bot.images import extra_files, panel_file
from bot.mentions import NOBODY, plain
from bot.service import (
    LoadedTable,
    MovePreview,
    MoveResult,
    ServiceError,
    SharedLog,
    StaleVersion,
    TableInfo,
)
from bot.tree import fit, reply_for
from games.core.contract import Decision
from games.core.errors import GameError, GameOver, NotationError

if TYPE_CHECKING:
    from bot.bot import CaravanBot

BOARD_ANSWER_WAIT = 10.0  # past this, the mover is answered without the board (it was deferred)
WORDS_IN_A_MOVE = 4  # longer messages in the thread are chat, never parsed as moves
REFUSED = "❌"
DYNAMIC_ITEMS = (
    PanelButton,
    ExtrasButton,
    ActionButton,
    ActionSelect,
    StallButton,
    ConfirmButton,
    BackButton,
    HelpButton,
    ReclaimButton,
    FreeSeatButton,
)


async def _false() -> bool:
    return False


def passes_turn(result: MoveResult) -> bool:
    """Whether a person's move hands the decision to another seat (or ends the game): its
    board, not the mover's panel, is what follows it."""
    final = result.final.next
    return not result.duplicate and (final is None or final.seat != result.seat)


def needs_confirmation(preview: MovePreview, ends_game: bool) -> bool:
    """Whether a clicked choice is shown with Confirm / Back before it is made, saying why.

    Only a move with a consequence a player might not expect and can never take back: one
    that ends the game, or one that ends the turn and turns up hidden cards or uses chance
    (as ending a phase that deals new cards does). That is at most one confirmation a turn,
    at its end. A move that reveals something within the turn (the Caravan's card) is
    what the player chose it for; one that merely passes the turn can still be undone with
    the others' consent; one the seat can undo alone is never confirmed; nor is a move typed
    with ``/play`` or in the thread: typing the notation is already a deliberate choice.
    """
    return ends_game or (preview.revealed and preview.passes_turn)


class Play(commands.Cog):
    def __init__(self, bot: CaravanBot) -> None:
        self.bot = bot
        self.service = bot.service
        self.posts = BoardPoster(bot)
        self.notices = Notices(bot, self.posts)
        self.summary = ThreadSummary(bot, self.posts)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*DYNAMIC_ITEMS)
        templates = (
            ids.PANEL_TEMPLATE,
            ids.ACTION_TEMPLATE,
            ids.PICK_TEMPLATE,
            ids.STALL_TEMPLATE,
            ids.CONFIRM_TEMPLATE,
            ids.BACK_TEMPLATE,
            ids.HELP_TEMPLATE,
            ids.EXTRAS_TEMPLATE,
            ids.RECLAIM_TEMPLATE,
            ids.FREE_SEAT_TEMPLATE,
        )
        for template in templates:
            known_template(template)
        self.posts.register()
        self.notices.register()
        self.summary.register()

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(*DYNAMIC_ITEMS)
        self.posts.close()

    # ---- shared checks ----------------------------------------------------------------------

    def require_playing(self, info: TableInfo) -> None:
        if info.status == "finished":
            raise BotError(f"Table #{info.id} has finished; the result is in its thread.")
        if info.status == "cancelled":
            raise BotError(f"Table #{info.id} was cancelled.")
        if info.status != "active":
            raise BotError(f"Table #{info.id} has not started yet.")

    async def require_current(self, loaded: LoadedTable, version: int) -> None:
        """A choice is only valid on the exact version it was offered for."""
        if version != loaded.version:
            _, link = await self.posts.latest_board(loaded.info)
            raise StaleComponent(f"The board has moved on — see the latest board: {link}")

    async def require_latest_board(self, loaded: LoadedTable, version: int) -> None:
        """'Your move' works on the newest board even after sub-decisions moved the version."""
        newest, link = await self.posts.latest_board(loaded.info)
        if version != loaded.version and newest is not None and version < newest:
            raise StaleComponent(f"The board has moved on — see the latest board: {link}")

    async def load_current(self, table_id: int, version: int) -> LoadedTable:
        """The table, if it is in play and still at the version the clicked choice was made for."""
        loaded = await self.service.load(table_id)
        self.require_playing(loaded.info)
        await self.require_current(loaded, version)
        return loaded

    def require_seat(self, info: TableInfo, user_id: int) -> int:
        """The user's seat at the table; someone not playing there is told so."""
        seat = info.seat_of(user_id)
        if seat is None:
            raise BotError(f"You are not playing at table #{info.id}; you can follow it here.")
        return seat

    def require_decider(self, info: TableInfo, decision: Decision, user_id: int) -> None:
        """Only the person deciding now (or the one a bot keeps that seat for) may choose."""
        seat = info.seat_of(user_id)
        if seat is None:
            seat = info.owned_by(user_id)
        if seat is None:
            raise BotError(
                f"You are not playing at table #{info.id}; you can follow it in its thread."
            )
        if seat != decision.seat:
            holder = info.holder(decision.seat)
            raise BotError(f"It is {plain(holder.name)}'s turn to decide, not yours.")

    async def thread_table(self, channel_id: int | None, *, to_move: bool = False) -> TableInfo:
        """The table played in the channel; ``to_move``: a move follows, which the service
        checks against the stored table as it commits, so the table as this process keeps
        it may answer without a read."""
        info = None
        if channel_id is not None:
            info = await self.service.table_for_thread(channel_id, kept=to_move)
        if info is None:
            raise NotInGameThread(
                "Use /play inside a game's thread; open one with /newgame in a text channel."
            )
        return info

    # ---- the private panel ------------------------------------------------------------------

    async def panel_message(
        self, loaded: LoadedTable, seat: int, note: str | None = None, user_id: int | None = None
    ) -> tuple[str, discord.File, discord.ui.View | None]:
        game, state = loaded.game, loaded.state
        decision = game.decision(state)
        deciding = decision is not None and decision.seat == seat
        # the picture is drawn while the log is read, once, for the panel's notes and its Undo
        log = self.service.shared_log()
        file, events, undo = await asyncio.gather(
            panel_file(game.name, state, seat, self.bot.drawing, table=loaded.info.id),
            self.service.private_events(loaded.info.id, seat, at=loaded.version, log=log),
            self.undo_alone(loaded.info, user_id, log) if deciding and user_id is not None
            else _false(),
        )
        secret = private_note(events)
        lines = [line for line in (note, secret) if line]
        view: discord.ui.View | None = None
        if decision is not None and deciding:
            shape = layout_for(game.name, decision.kind, game.options(state))
            lines.append(f"**Your move** — {decision.prompt}")
            if shape.shown < len(decision.actions):
                lines.append(
                    f"-# {len(decision.actions) - shape.shown} more options: type them with /play."
                )
            view = decision_view(loaded.info.id, loaded.version, shape, undo=undo)
        elif decision is not None:
            lines.append(f"Waiting for **{game.seat_label(decision.seat)}**.")
        else:
            lines.append("The game is over.")
        return "\n".join(lines), file, view

    async def undo_alone(self, info: TableInfo, user_id: int, log: SharedLog) -> bool:
        """Whether the user may take their last move back now (at ``info``'s version) without
        asking anyone."""
        try:
            preview = await self.service.preview_undo(info.id, user_id, info=info, log=log)
        except (ServiceError, GameError):
            return False
        return preview.direct

    async def open_panel(
        self, interaction: discord.Interaction, table_id: int, version: int
    ) -> None:
        loaded = await self.service.load(table_id)
        info = loaded.info
        seat = info.seat_of(interaction.user.id)
        if seat is None:
            raise BotError(f"You are not seated at table #{info.id}, so there is no panel for you.")
        self.require_playing(info)
        await self.require_latest_board(loaded, version)
        await interaction.response.defer(ephemeral=True, thinking=True)
        content, file, view = await self.panel_message(loaded, seat, user_id=interaction.user.id)
        if view is None:
            await interaction.followup.send(content, file=file, ephemeral=True)
        else:
            await interaction.followup.send(content, file=file, view=view, ephemeral=True)

    async def show_extras(
        self, interaction: discord.Interaction, table_id: int, version: int
    ) -> None:
        """The game's extra public pictures as the board post showed them, to anyone who asks
        (they show nothing a spectator may not see), privately so the thread stays short."""
        info = await self.service.info(table_id)
        game = self.service.game_of(info)
        await interaction.response.defer(ephemeral=True, thinking=True)
        state = await self.service.state_at(table_id, version)
        # the pictures mark what changed since the board posted before that one
        boards = [
            r for r in await self.service.outbox.for_table(table_id)
            if r.kind in BOARD_KINDS and r.message_id is not None
        ]
        this = next((i for i, r in enumerate(boards) if r.version == version), len(boards))
        previous = None
        if this > 0:
            before = await self.service.state_at(table_id, boards[this - 1].version)
            previous = game.view(before, None)
        files = await extra_files(
            game.name, game.view(state, None), self.bot.drawing, previous, table=table_id
        )
        if not files:
            await interaction.followup.send("This game has no other pictures.", ephemeral=True)
            return
        names = ", ".join(f.filename for f in files)
        await interaction.followup.send(
            f"Player boards of table #{table_id} as shown on that board: {names}",
            files=files,
            ephemeral=True,
        )

    async def choose(
        self,
        interaction: discord.Interaction,
        table_id: int,
        version: int,
        index: int,
        *,
        confirmed: bool = False,
    ) -> None:
        loaded = await self.load_current(table_id, version)
        game, state = loaded.game, loaded.state
        decision = game.decision(state)
        if decision is None:
            raise GameOver("The game is over; no more moves can be made.")
        # Who clicks is checked first: the range of valid numbers would tell a stranger how
        # many options the deciding seat has, hidden cards included.
        self.require_decider(loaded.info, decision, interaction.user.id)
        options = game.options(state)
        if not 0 <= index < len(options):
            raise UnknownComponent("That choice is not one of this decision's options.")
        action, label = options[index].notation, options[index].label
        # A choice on the board post itself (a public one) is answered privately: the board
        # stays as it is for everyone, and what follows is the mover's own.
        message = interaction.message
        on_board = message is not None and not message.flags.ephemeral
        if not confirmed:
            preview = await self.service.preview_move(table_id, interaction.user.id, action)
            ends = preview.passes_turn and game.decision(game.apply(state, action)) is None
            if needs_confirmation(preview, ends):
                text, view = preview_text(preview), confirm_view(table_id, version, index)
                if on_board:
                    await interaction.response.send_message(text, view=view, ephemeral=True)
                else:
                    await interaction.response.edit_message(content=text, view=view)
                return
        after = game.decision(game.apply(state, action))
        same_seat = after is not None and after.seat == decision.seat
        # One answer once the move is made: the clicked message updated, or, for a choice on
        # the board that leaves the seat deciding, a private message with the next choice.
        private = on_board and same_seat
        async with QuickAnswer(interaction, ephemeral=private, thinking=private) as answer:
            try:
                result = await self.service.submit(
                    table_id,
                    interaction.user.id,
                    action,
                    request_id=str(interaction.id),
                    expected_version=version,
                )
            except StaleVersion:
                # Someone (or a second click) moved between our check and the submit.
                await self.require_current(await self.service.load(table_id), version)
                raise
            self.offer_board(answer, result)
            if result.posts:
                self.bot.outbox.kick()  # the board is drawn while the mover is answered
            if on_board and not same_seat:
                await self.after_board_move(answer, table_id, version)
                return
            await self.after_move(answer, result, f"✔ {label}", new_message=private)

    def offer_board(self, answer: QuickAnswer, result: MoveResult) -> None:
        """The board that shows this move may be a follow-up of the move's interaction."""
        if not result.duplicate:
            self.bot.move_answers.offer(result.table_id, result.version, answer)
        if passes_turn(result):
            self.posts.draw_ahead(result)

    async def after_board_move(self, answer: QuickAnswer, table_id: int, version: int) -> None:
        """A move from a board that passed the turn: the answer takes "Your move" off the
        board clicked, the new board says the rest; only what the mover alone may see is
        told, privately."""
        after = await self.service.load(table_id)
        extras = has_extras(after.game.name)
        kept = board_view(table_id, version, move=False, extras=True) if extras else None
        await answer.update(view=kept)
        board = answer.interaction.message
        if board is not None:
            self.posts.retired(board.id)  # so that the new board's post leaves it alone
        seat = after.info.seat_of(answer.interaction.user.id)
        if seat is not None:
            secret = private_note(
                await self.service.private_events(table_id, seat, at=after.version)
            )
            if secret:
                await answer.interaction.followup.send(secret, ephemeral=True)
        await self.bot.outbox.drain()

    async def back(self, interaction: discord.Interaction, table_id: int, version: int) -> None:
        """Back from a preview: the decision's choices again, nothing played."""
        loaded = await self.load_current(table_id, version)
        seat = self.require_seat(loaded.info, interaction.user.id)
        await interaction.response.defer()
        content, file, view = await self.panel_message(loaded, seat, user_id=interaction.user.id)
        await interaction.edit_original_response(
            content=content, attachments=[file], view=view or discord.ui.View()
        )

    async def explain(self, interaction: discord.Interaction, table_id: int, version: int) -> None:
        """"What can I do?": the current decision in words, privately."""
        loaded = await self.load_current(table_id, version)
        seat = self.require_seat(loaded.info, interaction.user.id)
        decision = loaded.decision
        if decision is None:
            raise GameOver("The game is over; no more moves can be made.")
        text = explain_decision(loaded.game, loaded.state, decision, seat)
        await interaction.response.send_message(text, ephemeral=True)

    async def after_move(
        self, answer: QuickAnswer, result: MoveResult, note: str, *, new_message: bool
    ) -> None:
        """Answer with the next panel if the same seat decides again (else say the move is
        done), as a new message or in the panel clicked; then deliver the board posts."""
        table_id = result.table_id
        # the table as the move left it, unless another move has passed it since
        after = self.service.held(table_id, result.final.version) or await self.service.load(
            table_id
        )
        user_id = answer.interaction.user.id
        seat = after.info.seat_of(user_id)
        decision = after.game.decision(after.state)
        if seat is not None and decision is not None and decision.seat == seat:
            content, file, view = await self.panel_message(after, seat, note, user_id=user_id)
            if new_message:
                await answer.send(content, file=file, view=view)
            else:
                await answer.update(content=content, attachments=[file], view=view)
        else:
            lines = [f"{note} — done. The new board is in the thread."]
            if seat is not None:
                lines.append(
                    private_note(
                        await self.service.private_events(table_id, seat, at=after.version)
                    )
                )
            content = "\n".join(line for line in lines if line)
            if new_message:
                await answer.send(content)
            else:
                await answer.update(content=content, attachments=[], view=None)
        if result.posts:  # a step within the turn leaves nothing to deliver
            await self.bot.outbox.drain()

    # ---- a stalled seat ---------------------------------------------------------------------

    async def resolve_stall(
        self, interaction: discord.Interaction, table_id: int, version: int, seat: int, choice: str
    ) -> None:
        loaded = await self.load_current(table_id, version)
        user = interaction.user
        if choice == "take" and (
            interaction.guild_id != loaded.info.guild_id or not isinstance(user, discord.Member)
        ):
            # The service cannot see server membership: a seat goes only to a member of the
            # table's own server, clicking there (a forged id from elsewhere is refused).
            raise BotError("Only a member of this table's server can take the seat.")
        await interaction.response.defer()
        if choice == "extend":
            await self.service.extend(table_id, user.id)
        elif choice == "bot":
            await self.service.agent_takeover(table_id, seat, user.id)
        else:
            await self.service.take_seat(table_id, seat, user.id, user.display_name)
        message = interaction.message
        if message is not None:
            content = f"{message.content}\n→ <@{user.id}> {DONE[choice]}."
            await interaction.edit_original_response(
                content=content[:2000], view=None, allowed_mentions=NOBODY
            )
        await self.bot.outbox.drain()

    async def take_free_seat(
        self, interaction: discord.Interaction, table_id: int, seat: int
    ) -> None:
        """A member takes a seat a moderator freed (a bot keeps it meanwhile)."""
        info = await self.service.info(table_id)
        user = interaction.user
        if interaction.guild_id != info.guild_id or not isinstance(user, discord.Member):
            raise BotError("Only a member of this table's server can take the seat.")
        self.require_playing(info)
        await interaction.response.defer()
        await self.service.take_seat(table_id, seat, user.id, user.display_name)
        message = interaction.message
        if message is not None:
            content = f"{message.content}\n→ <@{user.id}> took the seat."
            await interaction.edit_original_response(
                content=content[:2000], view=None, allowed_mentions=NOBODY
            )
        await self.bot.outbox.drain()

    # ---- /play ------------------------------------------------------------------------------

    @app_commands.command(name="play", description="Make your move in this thread's game.")
    @app_commands.describe(move="Your move in notation, e.g. place 5 (pick from the list or type)")
    @app_commands.guild_only()
    async def play(self, interaction: discord.Interaction, move: str) -> None:
        info = await self.thread_table(interaction.channel_id, to_move=True)
        self.require_playing(info)
        async with QuickAnswer(interaction, ephemeral=True, thinking=True) as answer:
            result = await self.service.submit(
                info.id, interaction.user.id, move, request_id=str(interaction.id)
            )
            note = f"✔ {result.description} (`{result.action}`)"
            # a move that passes the turn is answered by its board, drawn right away
            by_board = passes_turn(result) and await answer.await_board()
            self.offer_board(answer, result)
            if result.posts:
                self.bot.outbox.kick()
            if by_board:
                await self.after_board_answer(answer, result, note)
            else:
                await self.after_move(answer, result, note, new_message=True)

    async def after_board_answer(self, answer: QuickAnswer, result: MoveResult, note: str) -> None:
        """The move's board was to answer it: tell the mover privately what only they may
        see. If the board did not come in time, answer without it (the board then goes to the
        thread); a public "thinking" answer only ever shows what everyone sees."""
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(answer.finished.wait(), BOARD_ANSWER_WAIT)
        answered = await answer.forgo_board()
        interaction = answer.interaction
        secret = private_note(
            await self.service.private_events(
                result.table_id, result.seat, at=result.final.version
            )
        )
        if answered:
            if secret:
                await interaction.followup.send(secret, ephemeral=True)
        elif answer.deferred_in_public:
            # everyone sees this answer: the move's own words go to the mover alone
            await answer.send("✔ Move made — the new board follows in the thread.")
            told = "\n".join(line for line in (note, secret) if line)
            await interaction.followup.send(told, ephemeral=True)
        else:
            await self.after_move(answer, result, note, new_message=True)
            return
        await self.bot.outbox.drain()

    @play.autocomplete("move")
    async def move_choices(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        if interaction.channel_id is None:
            return []
        info = await self.service.table_for_thread(interaction.channel_id)
        if info is None or info.status != "active":
            return []
        loaded = await self.service.load(info.id)
        game, state = loaded.game, loaded.state
        decision = game.decision(state)
        if decision is None or decision.seat != info.seat_of(interaction.user.id):
            return []
        typed = " ".join(current[:100].lower().split())
        choices: list[app_commands.Choice[str]] = []
        for option in game.options(state):
            if typed and typed not in searchable(option):
                continue
            name = clip(f"{option.label} · {option.notation}", 100)
            choices.append(app_commands.Choice(name=name, value=option.notation))
            if len(choices) == 25:
                break
        return choices

    # ---- moves typed in the thread ----------------------------------------------------------

    @commands.Cog.listener()
    async def on_message(self, message: discord.Message) -> None:
        if message.author.bot or not isinstance(message.channel, discord.Thread):
            return
        text = message.content.strip()
        if not text or len(text.split()) > WORDS_IN_A_MOVE:
            return  # no text (the Message Content intent is off) or plainly chat
        info = await self.service.table_for_thread(message.channel.id)
        if info is None or info.status != "active":
            return
        seat = info.seat_of(message.author.id)
        if seat is None:
            return
        loaded = await self.service.load(info.id)
        decision = loaded.game.decision(loaded.state)
        if decision is None or decision.seat != seat:
            # Only the seat to move has its text parsed. Anyone else's move is answered by
            # the service, which checks the request id and the turn before any parsing.
            if not looks_like_move(text, decision):
                return
        else:
            try:
                loaded.game.normalize(text)
            except NotationError as error:
                if looks_like_move(text, decision):
                    await self._refuse(message, reply_for(error))
                elif (meant := self._meant(loaded, text, decision)) is not None:
                    await self._reply(message, f"Did you mean `{meant}`? Type it again to play.")
                return
        try:
            result = await self.service.submit(
                info.id, message.author.id, text, request_id=f"msg:{message.id}"
            )
        except (GameError, ServiceError) as error:
            await self._refuse(message, reply_for(error))
            return
        if passes_turn(result):
            self.posts.draw_ahead(result)
        if result.posts:
            await self.bot.outbox.drain()

    @staticmethod
    def _meant(loaded: LoadedTable, text: str, decision: Decision) -> str | None:
        """The legal move a mistyped message nearly is, if its correction is one."""
        guess = near_move(text, decision)
        if guess is None:
            return None
        try:
            return loaded.game.parse(loaded.state, guess)
        except GameError:
            return None

    async def _refuse(self, message: discord.Message, reason: str | None) -> None:
        """A typed move that cannot be made: the thread sees a ❌ on the message, and only its
        author reads why (by direct message), so a rules dispute is not broadcast. When the
        author takes no direct messages, a short reply says where to look instead."""
        if not reason:
            return
        with contextlib.suppress(discord.HTTPException):
            await message.add_reaction(REFUSED)
        where = message.jump_url
        try:
            await message.author.send(
                fit(f"Your move `{clip(message.content.strip(), 60)}` ({where}): {reason}"),
                allowed_mentions=NOBODY,
            )
        except discord.HTTPException:
            await self._reply(
                message, "That move cannot be made now; /play lists the moves you can make."
            )

    async def _reply(self, message: discord.Message, text: str | None) -> None:
        if text:
            await message.reply(fit(text), mention_author=False, allowed_mentions=NOBODY)
