"""Yspahan pieces and small shared helpers: seat colours and labels, cubes, pawns, counters."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from games.yspahan.render import colours
from renderers.kit import layout as lay
from renderers.kit import palette as pal
from renderers.kit import sprites
from renderers.kit.icons import paste
from renderers.kit.palette import RGB
from renderers.kit.words import font

View = Mapping[str, Any]
ROMAN = {1: "I", 2: "II", 3: "III"}
ORDINALS = {1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 5: "5th", 6: "6th"}
TOWER_SPACE_NAMES = ("Camels", "Sack", "Barrel", "Chest", "Vase", "Gold")


def dice_word(n: int) -> str:
    return "die" if n == 1 else "dice"


def pretty(text: str) -> str:
    return text.replace("->", "→")


def seat_label(view: View, seat: int) -> str:
    for player in view.get("players", []):
        if player.get("seat") == seat and player.get("label"):
            return str(player["label"])
    return f"Seat {seat + 1}"


def seat_colours(view: View, seat: int) -> tuple[RGB, RGB, RGB]:
    return pal.seat_style(seat_label(view, seat), seat)


def decision_of(view: View) -> Mapping[str, Any] | None:
    decision = view.get("decision")
    return decision if isinstance(decision, Mapping) else None


def shop_owners(view: View) -> dict[str, int]:
    return {str(s["id"]): int(s["owner"]) for s in view["shops"] if isinstance(s.get("owner"), int)}


def cube(fill: RGB, edge: RGB, ink: RGB, letter: str, size: int) -> Image.Image:
    """A wooden goods cube seen from above, with the owner's initial."""

    def build() -> Image.Image:
        big = size * 4
        image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
        d = ImageDraw.Draw(image)
        d.rounded_rectangle((0, 0, big - 1, big - 1), radius=big // 7, fill=edge)
        w = max(4, big // 11)
        d.rounded_rectangle((w, w, big - 1 - w, big - 1 - w), radius=big // 9, fill=fill)
        shade = pal.mix(fill, (255, 255, 255), 0.35)
        d.line((w * 2, w * 1.6, big - w * 2, w * 1.6), fill=shade, width=max(2, w // 2))
        d.text((big / 2, big / 2 + w / 3), letter, font=font(round(big * 0.52), bold=True),
               fill=ink, anchor="mm")
        return image.resize((size, size), Image.Resampling.LANCZOS)

    return sprites.get(("ysp-cube", fill, letter, size), build)


def seat_cube(view: View, seat: int, size: int) -> Image.Image:
    fill, edge, ink = seat_colours(view, seat)
    return cube(fill, edge, ink, seat_label(view, seat)[:1], size)


def supervisor_pawn(size: int) -> Image.Image:
    """The white Supervisor: a pawn with a dark outline, readable on the street."""

    def build() -> Image.Image:
        big = size * 4
        image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
        d = ImageDraw.Draw(image)
        w = max(4, big // 14)
        u = big / 100
        d.polygon([(22 * u, 94 * u), (32 * u, 50 * u), (68 * u, 50 * u), (78 * u, 94 * u)],
                  fill=colours.DIE_WHITE, outline=pal.INK_DARK, width=w)
        d.ellipse((30 * u, 40 * u, 70 * u, 60 * u), fill=colours.DIE_WHITE, outline=pal.INK_DARK,
                  width=w)
        d.ellipse((28 * u, 4 * u, 72 * u, 48 * u), fill=colours.DIE_WHITE, outline=pal.INK_DARK,
                  width=w)
        return image.resize((size, size), Image.Resampling.LANCZOS)

    return sprites.get(("ysp-supervisor", size), build)


def first_player_pawn(size: int) -> Image.Image:
    """The black first-player pawn, ringed in light ink so it shows on dark panels."""

    def build() -> Image.Image:
        big = size * 4
        image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
        d = ImageDraw.Draw(image)
        u = big / 100
        w = max(3, big // 18)
        d.polygon([(24 * u, 94 * u), (36 * u, 48 * u), (64 * u, 48 * u), (76 * u, 94 * u)],
                  fill=colours.FIRST_PLAYER, outline=pal.INK_LIGHT, width=w)
        d.ellipse((30 * u, 6 * u, 70 * u, 46 * u), fill=colours.FIRST_PLAYER, outline=pal.INK_LIGHT,
                  width=w)
        return image.resize((size, size), Image.Resampling.LANCZOS)

    return sprites.get(("ysp-first", size), build)


def card_back(size: int) -> Image.Image:
    def build() -> Image.Image:
        w, h = round(size * 0.72), size
        image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
        d = ImageDraw.Draw(image)
        x0 = (size - w) // 2
        d.rounded_rectangle((x0, 0, x0 + w - 1, h - 1), radius=max(2, size // 8),
                            fill=colours.CARD_BACK, outline=pal.INK_LIGHT, width=2)
        d.rectangle((x0 + 5, 5, x0 + w - 6, h - 6), outline=colours.CARD_BACK_PATTERN, width=2)
        return image

    return sprites.get(("ysp-card-back", size), build)


def counter(image: Image.Image, draw: ImageDraw.ImageDraw, xy: tuple[int, int],
             sprite: Image.Image, value: str, size: int) -> int:
    x, y = xy
    paste(image, sprite, (x, y))
    f = font(max(18, round(size * 0.75)), bold=True)
    w = lay.text(draw, (x + size + 6, y + size / 2), value, f, pal.INK_LIGHT, anchor="lm")
    return size + 6 + w
