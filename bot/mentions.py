"""Who a message may ping: nobody unless the message says so, and never everyone or a role.

The bot's default allows no pings at all, so a message pings only the users it names here;
text a person wrote (a display name, a move) cannot add anyone.
"""

from __future__ import annotations

import discord

NOBODY = discord.AllowedMentions.none()


def pings(*user_ids: int | None) -> discord.AllowedMentions:
    """Allow pinging exactly these users (None entries, such as bot seats, are skipped)."""
    users = [discord.Object(u) for u in dict.fromkeys(user_ids) if u is not None]
    return discord.AllowedMentions(everyone=False, roles=False, users=users, replied_user=False)


def plain(text: str) -> str:
    """Text a person wrote, shown as written: a mention in it stays text, and so does markdown."""
    return discord.utils.escape_mentions(discord.utils.escape_markdown(str(text)))
