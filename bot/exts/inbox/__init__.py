"""``/mygames``: every table you sit at, the ones waiting on you first, with jump links."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.bot import CaravanBot


async def setup(bot: CaravanBot) -> None:
    from bot.exts.inbox._cog import Inbox

    await bot.add_cog(Inbox(bot))
