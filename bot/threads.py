"""Game threads and Discord's limits on them.

Slash commands cannot be used inside an archived thread, and Discord archives a quiet thread
after its auto-archive time, so a game in play whose thread was archived (a long absence, a
moderator) is reopened as soon as anyone asks about the table from elsewhere. Posting in it
would reopen it too; this does it without a post."""

from __future__ import annotations

import logging
from typing import Any

import discord

log = logging.getLogger(__name__)

MAX_ACTIVE_THREADS = 160006  # Discord's error code: the server has too many active threads


async def reopen_if_archived(client: discord.Client, info: Any) -> bool:
    """Unarchive the thread of a table in play; True when it was archived and is open now."""
    if info.thread_id is None or info.status != "active":
        return False
    try:
        thread = client.get_channel(info.thread_id) or await client.fetch_channel(info.thread_id)
    except discord.HTTPException:
        return False
    if not isinstance(thread, discord.Thread) or not thread.archived:
        return False
    try:
        await thread.edit(archived=False)
    except discord.HTTPException as error:
        log.info("could not reopen the thread of table %s: %s", info.id, error)
        return False
    return True
