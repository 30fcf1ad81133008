"""Playing a table: board posts in the thread, private panels, ``/play`` and typed moves."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from bot.bot import CaravanBot


async def setup(bot: CaravanBot) -> None:
    from bot.exts.play._cog import Play
    from bot.exts.play._concede import Concede
    from bot.exts.play._undo_cog import Undo

    play = Play(bot)
    await bot.add_cog(play)
    await bot.add_cog(Undo(bot, play))
    await bot.add_cog(Concede(bot, play))
