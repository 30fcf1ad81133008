"""``/rules GAME [topic]``: a short reference for each game, answered privately."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.bot import CaravanBot


async def setup(bot: CaravanBot) -> None:
    from bot.exts.rules._cog import Rules

    await bot.add_cog(Rules(bot))
