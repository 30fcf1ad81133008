"""What each option of a decision points at, read from its ``targets``, and the numbered badges
that mark those places on the panel's pictures.

An option may point at a tile (``tile``; a camel's move at the tiles it may stop on,
``tiles``, going ``direction``; an attack ``from`` a tile), a camel or a resource (on its
tile), a caravan (``caravan``), a market card (``card``) and the end of the clan row it would
join (``end``), an artifact space of a seat (``seat`` and ``space``), a storage space
(``storage``), a seat alone (``seat``), or a leader (``leader``, offered with its whole ability
in the option's words). Keys this module does not know are ignored, so a new kind of target
draws no badge rather than failing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from PIL import Image, ImageDraw

from games.sahwari.render.pieces import as_int, as_list
from renderers.kit import palette as pal
from renderers.kit.cache import sprites
from renderers.kit.icons import paste
from renderers.kit.options import Option, option_targets
from renderers.kit.words import font

BADGE = 30


@dataclass
class Marks:
    """Option numbers (from 1) by the place they point at."""

    tiles: dict[str, list[int]] = field(default_factory=dict)
    caravans: dict[str, list[int]] = field(default_factory=dict)
    cards: dict[str, list[int]] = field(default_factory=dict)
    spaces: dict[tuple[int, str], list[int]] = field(default_factory=dict)
    storage: dict[int, list[int]] = field(default_factory=dict)  # by space, from 1
    ends: dict[str, list[int]] = field(default_factory=dict)  # "left" or "right"
    seats: dict[int, list[int]] = field(default_factory=dict)
    paths: dict[tuple[str, str], list[int]] = field(default_factory=dict)  # (from, to) tiles
    camels: dict[str, list[int]] = field(default_factory=dict)  # by camel id (G1, P2a)


def _add(table: dict[Any, list[int]], key: Any, number: int) -> None:
    numbers = table.setdefault(key, [])
    if number not in numbers:
        numbers.append(number)


def marks(options: Sequence[Option], seat: int | None) -> Marks:
    found = Marks()
    for number, option in enumerate(options, start=1):
        targets = option_targets(option)
        stops = [str(t) for t in as_list(targets.get("tiles")) if isinstance(t, str)]
        tile = targets.get("tile")
        if stops:
            _add(found.tiles, stops[-1], number)  # where the camel would stop
            if isinstance(tile, str) and isinstance(targets.get("direction"), str):
                _add(found.paths, (tile, stops[-1]), number)  # and the way it goes
        elif isinstance(tile, str):
            _add(found.tiles, tile, number)
            start = targets.get("from")
            if isinstance(start, str) and start != tile:
                _add(found.paths, (start, tile), number)
        camel = targets.get("camel")
        if isinstance(camel, str):
            _add(found.camels, camel, number)
        caravan = targets.get("caravan")
        if isinstance(caravan, str):
            _add(found.caravans, caravan, number)
        card = targets.get("card")
        if isinstance(card, str):
            _add(found.cards, card, number)
        space = targets.get("space")
        if isinstance(space, str):
            _add(found.spaces, (as_int(targets.get("seat"), as_int(seat, -1)), space), number)
        elif isinstance(targets.get("seat"), int):
            _add(found.seats, as_int(targets.get("seat")), number)
        storage = targets.get("storage")
        if isinstance(storage, int) and not isinstance(storage, bool):
            _add(found.storage, storage, number)
        end = targets.get("end")
        if end in ("left", "right"):
            _add(found.ends, str(end), number)
    return found


def badge(number: int) -> Image.Image:
    """An option's number in a turn-coloured disc, as the option list shows it."""

    def build() -> Image.Image:
        image = Image.new("RGBA", (BADGE, BADGE), (0, 0, 0, 0))
        draw = ImageDraw.Draw(image)
        draw.ellipse((0, 0, BADGE - 1, BADGE - 1), fill=pal.HIGHLIGHT, outline=pal.INK_DARK,
                     width=2)
        size = 18 if number < 10 else 15
        draw.text((BADGE / 2, BADGE / 2), str(number), font=font(size, bold=True),
                  fill=pal.INK_DARK, anchor="mm")
        return image

    return sprites.get(("sahwari-badge", number), build)


def badges_box(count: int, xy: tuple[int, int], right: int) -> tuple[int, int, int, int]:
    """Where ``draw_badges`` draws ``count`` badges from ``xy`` wrapping before ``right``."""
    per_row = max(1, (right - xy[0] - BADGE) // (BADGE + 2) + 1)
    rows = max(1, -(-count // per_row))
    return xy[0], xy[1], max(right, xy[0] + BADGE), xy[1] + rows * (BADGE + 2) - 2


def draw_badges(image: Image.Image, numbers: Sequence[int], xy: tuple[int, int],
                right: int) -> None:
    """Badges left to right from ``xy``, wrapping below before ``right``."""
    x, y = xy
    for number in numbers:
        if x + BADGE > right and x > xy[0]:
            x, y = xy[0], y + BADGE + 2
        paste(image, badge(number), (x, y))
        x += BADGE + 2
