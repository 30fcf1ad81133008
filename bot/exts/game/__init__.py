"""``/game info``, ``/game log``, ``/game leave`` and ``/game reclaim`` for a table in play."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.bot import CaravanBot


async def setup(bot: CaravanBot) -> None:
    from bot.exts.game._cog import GameCommands

    await bot.add_cog(GameCommands(bot))
