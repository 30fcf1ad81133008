from __future__ import annotations

from discord import app_commands

from bot.errors import StaleComponent
from bot.service.errors import NotYourTurn, TableNotFound
from bot.tree import reply_for
from games.core.errors import AmbiguousAction, GameOver, IllegalAction, NotationError


def test_each_domain_error_gets_its_own_sentence() -> None:
    assert reply_for(TableNotFound(999)) == "There is no table #999."
    assert reply_for(NotYourTurn("It is White's turn.")) == "It is White's turn."
    assert "not allowed" in (reply_for(IllegalAction("Card 5 is taken.")) or "")
    assert "Card 5 is taken." in (reply_for(IllegalAction("Card 5 is taken.")) or "")
    assert "not a move I can read" in (reply_for(NotationError("Unknown verb 'dance'.")) or "")
    ambiguous = AmbiguousAction("`use` could mean `use 5`, `use 9`.", ["use 5", "use 9"])
    assert "`use 5`, `use 9`" in (reply_for(ambiguous) or "")
    assert "over" in (reply_for(GameOver("over")) or "")
    assert reply_for(StaleComponent("The board has moved on")) == "The board has moved on"


def test_command_wrapper_is_unwrapped_and_unknown_errors_get_none() -> None:
    assert reply_for(RuntimeError("boom")) is None
    cmd = app_commands.Command(name="x", description="x", callback=_noop)
    wrapped = app_commands.CommandInvokeError(cmd, TableNotFound(3))
    assert reply_for(wrapped) == "There is no table #3."


async def _noop(interaction: object) -> None:  # pragma: no cover - never invoked
    return None
