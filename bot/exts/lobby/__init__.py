"""``/newgame`` and the lobby message with its Join / Leave / Add bot / Start / Cancel buttons."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.bot import CaravanBot


async def setup(bot: CaravanBot) -> None:
    from bot.exts.lobby._cog import Lobby

    await bot.add_cog(Lobby(bot))
