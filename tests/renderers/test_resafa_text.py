"""No Resafa picture shortens a text or draws one off its edge: boards (with the board before
them), every seat's workshop area and the deciding seat's panel, over seeded random games of
1 to 4 seats sampled through every phase to their final screens."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import ImageDraw

from games.core import discovery
from games.resafa import render
from games.resafa.render import samples
from games.resafa.render.model import short
from renderers.kit import compose, layers, sprites
from renderers.kit.fit import watch_shortening
from tests.renderers.walk import random_walk

EVERY = 12  # decisions between two sampled positions


def positions(players: int, seed: int) -> Iterator[tuple[Any, Any, Any]]:
    """(state, decision, state a turn earlier) every EVERY decisions, and the final state."""
    before = None
    for n, (state, decision) in enumerate(random_walk("resafa", players, seed)):
        if decision is None or n % EVERY == 0:
            yield state, decision, before if before is not None else state
            before = state


@pytest.fixture
def texts_inside_the_picture(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text drawn while the test runs whose ink leaves the picture it is drawn on."""
    outside: list[str] = []
    draw_text = ImageDraw.ImageDraw.text

    def checked(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> None:
        draw_text(self, xy, text, *args, **kwargs)
        options = {k: kwargs[k] for k in ("font", "anchor") if k in kwargs}
        x0, y0, x1, y1 = self.textbbox(xy, str(text), **options)
        width, height = self.im.size
        if x0 < 0 or y0 < 0 or x1 > width or y1 > height:
            outside.append(f"{text!r} at {(x0, y0, x1, y1)} on {width}×{height}")

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", checked)
    return outside


@pytest.mark.parametrize(("players", "seed"), [(1, 11), (2, 12), (3, 13), (4, 14), (4, 15)])
def test_no_text_is_shortened_or_drawn_off_the_picture(
    players: int, seed: int, texts_inside_the_picture: list[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Arrange: nothing drawn earlier is reused, so every text is laid out again here
    game = discovery.get("resafa")
    sprites.clear()
    layers.clear()
    compose.parts.clear()
    drawn = 0
    with watch_shortening() as cut:
        for state, decision, before in positions(players, seed):
            # Act
            view = game.view(state, None)
            render.render_board(view, game.view(before, None))
            render.render_extras(view)
            if decision is not None:
                render.render_panel(game.view(state, decision.seat))
            drawn += 1
    # Assert
    assert drawn >= 8
    assert cut == []
    assert texts_inside_the_picture == []


@pytest.fixture
def drawn_on_the_board(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text drawn while a public board is drawn, in the order drawn."""
    drawn: list[str] = []
    draw_text = ImageDraw.ImageDraw.text
    render_board = render.render_board
    drawing = [False]

    def noted(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> None:
        if drawing[0]:
            drawn.append(str(text))
        draw_text(self, xy, text, *args, **kwargs)

    def board(*args: Any, **kwargs: Any) -> Any:
        drawing[0] = True
        try:
            return render_board(*args, **kwargs)
        finally:
            drawing[0] = False

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", noted)
    monkeypatch.setattr(render, "render_board", board)
    return drawn


def test_every_card_and_workshop_shows_its_whole_text_wherever_it_is_drawn(
    monkeypatch: pytest.MonkeyPatch, texts_inside_the_picture: list[str],
    drawn_on_the_board: list[str],
) -> None:
    # Arrange: a busy 4-seat board whose offers, hands and special cards hold each card of the
    # game's tables in turn, and whose workshop offers hold each workshop tile
    from games.resafa.engine import data, views

    base = samples.saved("busy_4p")
    panel_view = samples.saved("space_4p")
    cards = [*data.YELLOW, *data.WHITE, *data.BLUE, *data.PINK, *data.BONUS]
    workshops = list(data.WORKSHOPS)
    sprites.clear()
    layers.clear()
    compose.parts.clear()
    with watch_shortening() as cut:
        for i in range(0, max(len(cards), len(workshops)), 3):
            shown = [views.card_json(c, 0) for c in cards[i:i + 3]] or [views.card_json(
                cards[0], 0)]
            view = copy.deepcopy(base)
            for code in ("Y", "W", "B", "P"):
                view["bonus_display"][code] = shown
                for offer in view["special_offer"][code]:
                    offer["top"] = shown[0]
            tiles = [views.workshop_json(w) for w in workshops[i:i + 3]]
            view["workshop_offer"]["level1"] = tiles
            view["workshop_offer"]["level2"] = tiles
            view["players"][0]["specials"] = shown
            # Act
            render.render_board(view)
            render.render_area(view, 0)
            mine = copy.deepcopy(panel_view)
            seat = mine["decision"]["seat"]
            mine["players"][seat]["hand"] = shown
            render.render_panel(mine)
    # Assert: nothing cut or off the picture, and the board's offers (the special-card tracks
    # and the bonus display) carry each card's whole effect, not its short form
    assert cut == []
    assert texts_inside_the_picture == []
    on_board = " ".join(" ".join(drawn_on_the_board).split())
    # (a yellow card is drawn as its two halves, which its text only restates)
    whole = [short(card["text"]) for card in map(views.card_json, cards, [0] * len(cards))
             if card["kind"] != "yellow"]
    assert [text for text in whole if " ".join(text.split()) not in on_board] == []
