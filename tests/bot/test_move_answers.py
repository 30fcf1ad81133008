"""A board answers the move that led to it only once that move has its own public-safe answer."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any, cast

import discord

from bot.answers import QuickAnswer
from bot.move_answers import MoveAnswers


class _Response:
    def __init__(self) -> None:
        self.done = False
        self.deferred_thinking = False

    def is_done(self) -> bool:
        return self.done

    async def defer(self, *, ephemeral: bool = False, thinking: bool = False) -> None:
        self.done, self.deferred_thinking = True, thinking

    async def send_message(self, content: str, **_: Any) -> None:
        self.done = True


def _interaction() -> discord.Interaction:
    async def edit_original_response(**_: Any) -> None:
        return None

    return cast(discord.Interaction, SimpleNamespace(
        id=1, response=_Response(), edit_original_response=edit_original_response))


async def test_the_board_answers_a_move_once_the_mover_was_answered() -> None:
    interaction = _interaction()
    moves = MoveAnswers()
    async with QuickAnswer(interaction, ephemeral=True, thinking=True) as answer:
        moves.offer(7, 3, answer)
        await answer.send("✔ done")

    taken = await moves.take(7, 3)
    assert taken is not None and taken.interaction is interaction
    assert await moves.take(7, 3) is None  # taken once


async def test_a_move_left_thinking_is_not_answered_by_its_board() -> None:
    # Arrange: the work outlasts the wait, so the move is deferred ("thinking…", private), and
    # then fails before its answer is sent
    interaction = _interaction()
    moves = MoveAnswers()
    try:
        async with QuickAnswer(interaction, ephemeral=True, thinking=True, after=0) as answer:
            moves.offer(7, 3, answer)
            await asyncio.sleep(0.05)
            raise RuntimeError("the database went away")
    except RuntimeError:
        pass

    # Act / Assert: a follow-up now would replace the private "thinking" message, so that the
    # board would be seen by the mover alone; it is posted into the thread instead
    assert interaction.response.is_done()
    assert await moves.take(7, 3) is None


async def test_a_board_for_an_earlier_version_does_not_take_a_later_moves_answer() -> None:
    moves = MoveAnswers()
    async with QuickAnswer(_interaction()) as answer:
        moves.offer(7, 5, answer)
        await answer.send("✔")
    assert await moves.take(7, 4) is None
