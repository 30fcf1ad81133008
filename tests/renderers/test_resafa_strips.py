"""Resafa's boards are posted from the strips of rows they share with earlier boards: whatever
was kept, what a player sees is the board as it was drawn, pixel for pixel."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

from games.core import discovery
from games.resafa import render
from games.resafa.render import samples, strips
from tests.renderers.walk import random_walk


def read_back(data: bytes) -> Image.Image:
    with Image.open(io.BytesIO(data)) as png_file:
        png_file.load()
        return png_file.copy()


def test_every_board_of_a_game_posts_the_pixels_it_was_drawn_with() -> None:
    # Arrange: the boards of a game as the bot draws them, each marking the turn before
    game = discovery.get("resafa")
    previous = None
    checked = 0
    for n, (state, _) in enumerate(random_walk("resafa", 2, 11)):
        view = game.view(state, None)
        if n % 5 == 0:
            board = render.render_board(view, previous)
            # Act: post it (first, as the bot does), then read the board's own pixels
            posted = read_back(render.PALETTE.encode(board))
            # Assert
            assert posted.tobytes() == board.tobytes(), f"board {n}"
            assert posted.getpalette() == board.getpalette()
            checked += 1
        previous = view
    assert checked > 20


def test_a_board_drawn_on_after_it_was_laid_out_posts_the_drawing() -> None:
    # Arrange: a board laid out exactly as one posted before, then drawn on
    view = samples.saved("busy_4p")
    render.PALETTE.encode(render.render_board(view))
    board = render.render_board(view)
    ImageDraw.Draw(board).rectangle((300, 400, 700, 460), fill=5)
    # Act
    posted = read_back(render.PALETTE.encode(board))
    # Assert
    assert posted.getpixel((500, 430)) == 5
    assert posted.tobytes() == board.tobytes()


def test_a_board_pasted_over_after_it_was_laid_out_posts_what_was_pasted() -> None:
    view = samples.saved("busy_4p")
    render.PALETTE.encode(render.render_board(view))
    board = render.render_board(view)
    board.paste(7, (0, 600, 1600, 640))
    posted = read_back(render.PALETTE.encode(board))
    assert posted.getpixel((800, 620)) == 7
    assert posted.tobytes() == board.tobytes()


def test_the_strips_kept_stay_within_their_memory_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    # Arrange: a budget a few strips wide, nothing kept yet
    monkeypatch.setattr(strips, "MAX_BYTES", 20_000)
    strips.clear()
    # Act: boards of two different games, each posted
    for name in ("busy_4p", "end_solo"):
        board = render.render_board(samples.saved(name))
        posted = read_back(render.PALETTE.encode(board))
        # Assert
        assert posted.tobytes() == board.tobytes()
        assert sum(len(data) for data, _, _ in strips._strips.values()) <= 20_000
