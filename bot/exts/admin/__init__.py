"""``/admin``: what a server's moderators may do, and the moderation log."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.bot import CaravanBot


async def setup(bot: CaravanBot) -> None:
    from bot.exts.admin._cog import Admin

    await bot.add_cog(Admin(bot))
