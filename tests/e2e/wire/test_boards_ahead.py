"""A move's board is drawn as soon as the move is committed, once, and is the board the
outbox would have drawn."""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

import pytest

import bot.images
from bot.bot import CaravanBot
from bot.drawing import Drawing
from bot.exts.play._ahead import BoardsAhead

from .fakediscord import FakeDiscord
from .test_calls import play_against_the_bot, settled
from .test_rate_limits import move, open_table
from .test_wire import board_posts


class Drawings:
    """Every board drawn, as the real ``_board_png`` draws it: (view, previous view)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, fail: int = 0) -> None:
        self.drawn: list[tuple[dict[str, Any], dict[str, Any] | None]] = []
        self.fail = fail  # the first ``fail`` drawings fail
        self.started = asyncio.Event()
        self._loop = asyncio.get_running_loop()
        self._real = bot.images._board_png
        monkeypatch.setattr(bot.images, "_board_png", self.draw)

    def draw(self, game: str, view: dict[str, Any], previous: dict[str, Any] | None) -> bytes:
        self.drawn.append((view, previous))
        self._loop.call_soon_threadsafe(self.started.set)
        if self.fail:
            self.fail -= 1
            raise RuntimeError("the drawing process died")
        return self._real(game, view, previous)


def hold_turn_rows(caravan: CaravanBot, until: asyncio.Event) -> list[bool]:
    """Hold the outbox's turn rows until ``until`` is set (at most 5 s); returns, per row,
    whether the board was being drawn by the time its handler started."""
    handler = caravan.outbox._handlers["turn"]
    seen: list[bool] = []

    async def held(row: Any) -> int | None:
        with contextlib.suppress(TimeoutError):
            await asyncio.wait_for(until.wait(), 5)
        seen.append(until.is_set())
        return await handler(row)

    caravan.outbox._handlers["turn"] = held
    return seen


async def test_a_moves_board_is_drawn_before_the_outbox_comes_to_it_and_only_once(
    fake: FakeDiscord, caravan: CaravanBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await open_table(fake, caravan)
    drawings = Drawings(monkeypatch)
    seen = hold_turn_rows(caravan, drawings.started)
    await move(fake, caravan, table.id, table.thread_id)
    await settled(caravan, table.id)

    assert seen == [True], "the board was on its way before its row was delivered"
    boards = board_posts(fake, table.thread_id)
    assert len(boards) == 2 and len(drawings.drawn) == 1, "one board, drawn once"
    loaded = await caravan.service.load(table.id)
    start = await caravan.service.state_at(table.id, 0)
    view, previous = drawings.drawn[0]
    assert view == loaded.game.view(loaded.state, None), "it shows the move"
    assert previous == loaded.game.view(start, None), "and marks what changed since the start"
    posted = dict(boards[-1].files)["board.png"]
    assert posted == bot.images._board_png("targi", view, previous)


async def test_a_board_whose_drawing_ahead_failed_is_drawn_again(
    fake: FakeDiscord, caravan: CaravanBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = await open_table(fake, caravan)
    drawings = Drawings(monkeypatch, fail=1)
    await move(fake, caravan, table.id, table.thread_id)
    await settled(caravan, table.id)
    assert len(board_posts(fake, table.thread_id)) == 2, "the move's board is posted"
    assert len(drawings.drawn) == 2 and drawings.drawn[0] == drawings.drawn[1]


async def test_boards_of_moves_a_bot_answers_are_drawn_once_each(
    fake: FakeDiscord, caravan: CaravanBot, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawings = Drawings(monkeypatch)
    _, thread_id = await play_against_the_bot(fake, caravan, 4)
    # the bot's answer comes with a board showing both moves: nothing is drawn for the
    # person's move alone, ahead or not
    boards = board_posts(fake, thread_id)
    assert len(boards) > 2 and len(drawings.drawn) == len(boards)


async def test_a_board_drawn_against_another_previous_board_is_not_taken() -> None:
    from games.core import discovery

    game = discovery.spec("targi").engine
    views = [game.view(game.new_game(2, seed), None) for seed in (1, 2)]
    ahead = BoardsAhead(Drawing(processes=0))
    ahead.draw(7, "targi", 5, views[1], (3, views[0]))
    assert ahead.take(7, 5, 4) is None, "the table's last board is no longer the one drawn on"
    assert ahead.take(7, 5, 3) is None, "what was not taken is dropped"
    ahead.draw(7, "targi", 5, views[1], (3, views[0]))
    assert ahead.take(7, 6, 3) is None, "a later move's board is not this one"
    ahead.draw(7, "targi", 5, views[1], (3, views[0]))
    board = ahead.take(7, 5, 3)
    assert board is not None and board.view == views[1]
    file = await ahead.picture(board)
    assert file is not None
    assert file.fp.read() == bot.images._board_png("targi", views[1], views[0])
