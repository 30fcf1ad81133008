"""Embeds built from stored names stay within Discord's limits, however long the names are."""

from __future__ import annotations

from types import SimpleNamespace

from bot.exts.lobby._embeds import lobby_embed, thread_name

FIELD_LIMIT = 1024
EMBED_LIMIT = 6000


def test_a_lobby_with_names_of_thousands_of_characters_still_fits() -> None:
    huge = "<@123456789012345678> **" + "ж" * 5000
    seats = [
        SimpleNamespace(seat=0, user_id=1, agent=None, name="alice"),
        SimpleNamespace(seat=1, user_id=None, agent="greedy", name=huge),
    ]
    info = SimpleNamespace(id=7, game="yspahan", seats=seats, status="active", host_id=1,
                           pace="daily", thread_id=99, guild_id=5, options={})
    embed = lobby_embed(info)
    assert all(len(f.value or "") <= FIELD_LIMIT for f in embed.fields)
    assert len(embed) <= EMBED_LIMIT
    assert "<@123456789012345678>" not in str(embed.to_dict())
    assert len(thread_name(info)) <= 100
