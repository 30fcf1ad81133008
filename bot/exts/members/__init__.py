"""``/away``, ``/history`` and ``/stats``: a member's absences and record."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.bot import CaravanBot


async def setup(bot: CaravanBot) -> None:
    from bot.exts.members._cog import Members

    await bot.add_cog(Members(bot))
