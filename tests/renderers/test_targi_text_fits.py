"""Targi's board and panel never cut a text short and never draw one outside its box, in
positions of real seeded games from the first placement to the final scoring."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import ImageDraw

from games.core import discovery
from games.targi import SPEC as TARGI
from games.targi.render import board as targi
from renderers.kit import compose
from renderers.kit.fit import watch_shortening
from renderers.kit.text import CachedTextDraw
from tests.renderers.walk import random_walk

SEEDS = range(6)
EVERY = 9  # about 19 positions a game, spread over every phase


def positions(seed: int) -> Iterator[tuple[Any, Any, Any]]:
    """(public view, the board before it, the deciding seat's view or None) along one game."""
    game = discovery.get("targi")
    previous = None
    walk = list(random_walk("targi", 2, seed))
    for i, (state, decision) in enumerate(walk):
        if i % EVERY and decision is not None:
            continue
        view = game.view(state, None)
        own = game.view(state, decision.seat) if decision is not None else None
        yield view, previous, own
        previous = view


def regions() -> list[tuple[int, int, int, int]]:
    """The boxes text on the full board may use: the band, every card of the grid and each box
    of the right-hand column and the bottom strip."""
    cells = [
        (x, y, x + targi.CELL, y + targi.CELL)
        for x, y in (targi.cell_origin(r, c) for r in range(5) for c in range(5))
    ]
    return [
        (0, 0, targi.WIDTH, targi.TOP),
        *cells,
        targi.PROMPT_BOX, *targi.PLAYER_BOXES, targi.SUPPLY_BOX, targi.LOG_BOX,
    ]


def inside(inner: tuple[float, ...], outer: tuple[int, int, int, int]) -> bool:
    return (outer[0] <= inner[0] and outer[1] <= inner[1]
            and inner[2] <= outer[2] and inner[3] <= outer[3])


@pytest.mark.parametrize("seed", SEEDS)
def test_no_text_is_cut_or_drawn_outside_its_box(
    seed: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    astray: list[str] = []
    real_text = ImageDraw.ImageDraw.text
    boxes = regions()

    def spy(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> None:
        keys = ("fill", "font", "anchor", "spacing", "align", "direction", "features",
                "language", "stroke_width", "embedded_color")
        measure = {k: v for k, v in kwargs.items() if k in keys and k != "fill"}
        box = self.textbbox(xy, str(text), **measure)
        width, height = self.im.size
        whole = (0, 0, width, height)
        if not inside(box, whole):
            astray.append(f"{text!r} at {box} leaves its {width}×{height} picture")
        elif (width, height) == (targi.WIDTH, targi.HEIGHT) and not any(
            inside(box, region) for region in boxes
        ):
            astray.append(f"{text!r} at {box} crosses the edge of its box")
        real_text(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    monkeypatch.setattr(CachedTextDraw, "text", spy)
    targi.sprites.clear()
    targi.layers.clear()
    compose.parts.clear()  # every part drawn here, through the spy
    targi._log_lines.cache_clear()  # a sentence cut before this test would not be cut again
    with watch_shortening() as cut:
        for view, previous, own in positions(seed):
            TARGI.render_board(view, previous)
            if own is not None:
                TARGI.render_panel(own)
    targi.sprites.clear()
    targi.layers.clear()
    assert cut == []
    assert astray == []


def names_in(label: str) -> list[str]:
    """The names an option's label uses for places and cards: "#6", "Row 2", "C12", "GAU3"."""
    return re.findall(r"#\d+|\bRow \d\b|\b[A-Z][A-Z0-9]+\b", label)


def every_kind_of_decision() -> Iterator[tuple[Any, Any]]:
    """(public view, deciding seat's view) for the first two times each kind of decision comes
    up in the seeded games."""
    game = discovery.get("targi")
    seen: dict[str, int] = {}
    for seed in SEEDS:
        for state, decision in random_walk("targi", 2, seed):
            if decision is None or seen.get(decision.kind, 0) >= 2:
                continue
            seen[decision.kind] = seen.get(decision.kind, 0) + 1
            yield game.view(state, None), game.view(state, decision.seat)


def test_every_name_an_option_uses_is_written_on_the_board(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    drawn: set[str] = set()
    real_text = ImageDraw.ImageDraw.text

    def spy(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> None:
        drawn.update(str(text).replace("(", " ").replace(")", " ").replace(",", " ").split())
        drawn.add(str(text))
        real_text(self, xy, text, *args, **kwargs)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", spy)
    monkeypatch.setattr(CachedTextDraw, "text", spy)
    missing: set[str] = set()
    kinds: set[str] = set()
    for view, own in every_kind_of_decision():
        kinds.add(own["decision"]["kind"])
        targi.sprites.clear()
        targi.layers.clear()
        compose.parts.clear()
        drawn.clear()
        TARGI.render_board(view)
        for option in own["decision"]["options"]:
            for name in names_in(str(option["label"])):
                if name.lstrip("#") not in drawn and name not in drawn:
                    missing.add(f"{name} ({option['label']})")
    targi.sprites.clear()
    targi.layers.clear()
    compose.parts.clear()
    assert "display_row" in kinds
    assert missing == set()
