"""``/settings``: a member's time zone, quiet hours and how reminders reach them."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.bot import CaravanBot


async def setup(bot: CaravanBot) -> None:
    from bot.exts.settings._cog import Settings

    await bot.add_cog(Settings(bot))
