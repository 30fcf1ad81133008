from __future__ import annotations

import logging
from types import SimpleNamespace
from typing import Any
from unittest.mock import AsyncMock, MagicMock

import discord
import pytest

from bot.mentions import NOBODY
from bot.service.errors import NotHost
from bot.tree import GENERIC_REPLY, report_error


def interaction(*, done: bool) -> Any:
    fake = MagicMock(spec=discord.Interaction)
    fake.id = 42
    fake.user = SimpleNamespace(id=7)
    fake.guild_id, fake.channel_id = 1, 2
    fake.command = None
    fake.data = {"custom_id": "cv:act:1:2:3"}
    fake.response = MagicMock()
    fake.response.is_done.return_value = done
    fake.response.send_message = AsyncMock()
    fake.followup = MagicMock()
    fake.followup.send = AsyncMock()
    return fake


async def test_a_domain_error_is_answered_privately_and_not_logged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    it = interaction(done=False)
    with caplog.at_level(logging.INFO, logger="bot.tree"):
        await report_error(it, NotHost("Only the host can start the game."))
    it.response.send_message.assert_awaited_once_with(
        "Only the host can start the game.", ephemeral=True, allowed_mentions=NOBODY
    )
    assert caplog.records == []


async def test_an_unexpected_error_is_logged_with_context_and_answered_generically(
    caplog: pytest.LogCaptureFixture,
) -> None:
    it = interaction(done=True)  # already deferred: the answer must be a follow-up
    with caplog.at_level(logging.ERROR, logger="bot.tree"):
        await report_error(it, ZeroDivisionError("oops"))
    it.followup.send.assert_awaited_once_with(
        GENERIC_REPLY, ephemeral=True, allowed_mentions=NOBODY
    )
    (record,) = caplog.records
    assert "cv:act:1:2:3" in record.getMessage() and "user=7" in record.getMessage()
    assert record.exc_info is not None and record.exc_info[0] is ZeroDivisionError
