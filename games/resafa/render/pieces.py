"""Small drawings every Resafa picture shares: item counts, seat discs, canal tiles, workshop
tiles and special or bonus cards, each drawn from what the view lists."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from typing import Any

from PIL import Image, ImageDraw

from games.resafa.render import colours, icons
from games.resafa.render.model import (
    COLOUR_NAMES,
    ROMAN,
    View,
    colour_fill,
    colour_ink,
    cost_text,
    gain,
    items,
    mapping,
    number,
    seat_colours,
    seat_label,
    short,
)
from renderers.kit import icons as kit
from renderers.kit import layout as lay
from renderers.kit import palette as pal
from renderers.kit import sprites
from renderers.kit.icons import paste
from renderers.kit.palette import RGB
from renderers.kit.words import draw_fitted, fit_text, font

Box = tuple[int, int, int, int]


def seat_disc(view: View, seat: int, size: int) -> Image.Image:
    fill, edge, ink = seat_colours(view, seat)
    return kit.disc(seat_label(view, seat)[:1], size, fill, edge, ink)


def counter(image: Image.Image, draw: ImageDraw.ImageDraw, xy: tuple[int, int], code: str,
            value: Any, size: int = 24, text_size: int = 22, gap: int = 16) -> int:
    """An item icon and its count at ``xy`` (vertical centre); returns the x after it."""
    x, cy = xy
    sprite = icons.item(code, size)
    if sprite is not None:
        paste(image, sprite, (x, cy - size // 2))
        x += size + 5
    else:
        x += lay.text(draw, (x, cy), code, font(text_size, bold=True), pal.INK_MUTED,
                      anchor="lm") + 5
    x += lay.text(draw, (x, cy), str(value), font(text_size, bold=True), pal.INK_LIGHT,
                  anchor="lm")
    return x + gap


def channel(draw: ImageDraw.ImageDraw, box: Box, tile: Mapping[str, Any]) -> None:
    """The water course of a canal or tank tile: open edges run to the centre."""
    x0, y0, x1, y1 = box
    cx, cy = (x0 + x1) // 2, (y0 + y1) // 2
    w = max(6, (x1 - x0) // 6)
    kind = str(tile.get("kind", "canal"))
    if kind == "tank":
        lay.rounded(draw, (x0 + 8, cy - 6, x1 - 8, y1 - 8), 8, fill=colours.WATER,
                    outline=colours.WATER_DEEP, line=2)
        draw.rectangle((cx - w // 2, y0, cx + w // 2, cy - 6), fill=colours.WATER)
        return
    top, bottom = bool(tile.get("top")), bool(tile.get("bottom"))
    if top:
        draw.rectangle((cx - w // 2, y0, cx + w // 2, cy), fill=colours.WATER)
    if bottom:
        draw.rectangle((cx - w // 2, cy, cx + w // 2, y1), fill=colours.WATER)
    if top != bottom:  # a basin ends in a pool, a head starts at a spring
        r = w
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colours.WATER,
                     outline=colours.WATER_DEEP, width=2)


def canal_tile(view: View, draw: ImageDraw.ImageDraw, image: Image.Image, box: Box,
               tile: Mapping[str, Any], show_cost: bool = False) -> None:
    """A canal, neutral or tank tile with its course, owner, end points and (in the display)
    its cost."""
    kind = str(tile.get("kind", "through"))
    fill = {"neutral": colours.NEUTRAL_CANAL, "tank": colours.TANK}.get(kind, colours.CANAL)
    lay.rounded(draw, box, 6, fill=fill, outline=colours.CANAL_EDGE, line=2)
    channel(draw, box, tile)
    x0, y0, x1, y1 = box
    owner = tile.get("owner")
    if isinstance(owner, int):
        paste(image, seat_disc(view, owner, 26), (x1 - 29, y1 - 29))
    vp = number(tile.get("end_vp"))
    if vp and not show_cost:
        lay.text(draw, (x0 + 5, y1 - 4), f"{vp}★", font(18, bold=True), pal.INK_DARK,
                 anchor="ld")
    if show_cost:
        cost = cost_text(tile.get("cost"))
        lay.rounded(draw, (x0 + 2, y0 + 2, x1 - 2, y0 + 24), 4, fill=pal.CARD)
        line(draw, (x0 + 5, y0 + 3), cost, x1 - x0 - 8, pal.INK_DARK)
        if vp:
            lay.text(draw, (x0 + 5, y1 - 4), f"{vp}★", font(18, bold=True), pal.INK_DARK,
                     anchor="ld")
    elif kind == "tank":
        lay.text(draw, ((x0 + x1) // 2, y0 + 4), "TANK", font(18, bold=True), pal.INK_DARK,
                 anchor="ma")


def rooms_list(tile: Mapping[str, Any], side: str = "front") -> list[str]:
    """The rooms of one side of a workshop, as written ("1S→1A+1VP"); a back side adds its
    extra-production symbol as "+1 act."."""
    found = [str(mapping(r).get("text", "")) for r in items(tile.get(side))]
    if side == "back" and tile.get("extra_production"):
        found.append("+1 act.")
    return found


def rooms_text(tile: Mapping[str, Any], side: str = "front") -> str:
    return " ".join(f"[{r}]" if r != "+1 act." else "+1 activation"
                    for r in rooms_list(tile, side))


def icons_text(tile: Mapping[str, Any]) -> str:
    return " · ".join(f"{i.get('edge')} {gain(i.get('reward'))}" for i in items(tile.get("icons")))


def line(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, width: float,
         fill: RGB, size: int = 18, smallest: int = 12, bold: bool = False,
         anchor: str = "la") -> int:
    """One line of ``text`` at the largest size from ``size`` down to ``smallest`` at which it
    fits ``width`` (cut, and said so, only when even ``smallest`` is too wide); returns the
    drawn width."""
    f = lay.fit_font(text, width, range(size, smallest - 1, -1), bold)
    return lay.text(draw, xy, text, f, fill, max_width=width, anchor=anchor)


def workshop_card(draw: ImageDraw.ImageDraw, box: Box, tile: Mapping[str, Any]) -> None:
    """A workshop tile in an offer: id, rooms, green edge icons and the immediate reward."""
    x0, y0, x1, _y1 = box
    level = number(tile.get("level"), 1)
    fill = colours.WORKSHOP_II if level >= 2 else colours.WORKSHOP
    lay.rounded(draw, box, 6, fill=fill, outline=pal.CARD_EDGE, line=2)
    f = font(18, bold=True)
    x = x0 + 8
    x += lay.text(draw, (x, y0 + 4), str(tile.get("id", "")), f, pal.INK_DARK) + 10
    immediate = gain(tile.get("immediate"))
    if immediate:
        line(draw, (x, y0 + 4), f"now +{immediate}", x1 - x - 6, pal.INK_SOFT)
    room = x1 - x0 - 14
    line(draw, (x0 + 8, y0 + 25), rooms_text(tile), room, pal.INK_DARK)
    found = icons_text(tile)
    if found:
        line(draw, (x0 + 8, y0 + 46), found, room, colours.ICON_GREEN)
    line(draw, (x0 + 8, y0 + 67), "back " + rooms_text(tile, "back"), room, pal.INK_SOFT)


def effect_card_height(card: Mapping[str, Any], width: int, least: int, note: str = "") -> int:
    """The height a card ``width`` wide needs, at least ``least``, for all of its text: more
    than ``least`` only when even the smallest size needs more lines."""
    text = card_text(card)
    ident = str(card.get("id", ""))
    inner: Box = (15, 3, width - 6, least - 3)
    for size in range(CARD_TEXT_LARGEST, CARD_TEXT_SMALLEST - 1, -1):
        if _lay_out_card(ident, text, note, inner, size) is not None:
            return least
    laid = _lay_out_card(ident, text, note, (15, 3, width - 6, 10_000), CARD_TEXT_SMALLEST)
    if laid is None:
        return least
    _bold, _regular, step, rows = laid
    return max(least, len(rows) * step + 6)


def effect_card(draw: ImageDraw.ImageDraw, box: Box, card: Mapping[str, Any],
                note: str = "") -> None:
    """A bonus or special card: a stripe of its colour, its id in bold and its whole effect in
    words after it, at the largest size from 18 down at which all of it fits the card."""
    x0, y0, x1, y1 = box
    code = str(card.get("colour", ""))
    lay.rounded(draw, box, 6, fill=pal.CARD, outline=colour_fill(code), line=3)
    draw.rectangle((x0 + 2, y0 + 2, x0 + 9, y1 - 2), fill=colour_fill(code))
    inner: Box = (x0 + 15, y0 + 3, x1 - 6, y1 - 3)
    ident = str(card.get("id", ""))
    text = card_text(card)
    for size in range(CARD_TEXT_LARGEST, CARD_TEXT_SMALLEST - 1, -1):
        laid = _lay_out_card(ident, text, note, inner, size)
        if laid is not None:
            break
    else:  # too long even at the smallest size: said once, the text cut to fit
        fitted = fit_text(f"{ident} {text} {note}".strip(), inner,
                          largest=CARD_TEXT_SMALLEST, smallest=CARD_TEXT_SMALLEST)
        draw_fitted(draw, fitted, fill=pal.INK_DARK)
        return
    bold, regular, step, rows = laid
    left, top, right, _bottom = inner
    if note:
        draw.text((right, top), note, font=regular, fill=pal.INK_SOFT, anchor="ra")
    draw.text((left, top), ident, font=bold, fill=pal.INK_SOFT)
    indent = round(bold.getlength(ident)) + 7 if ident else 0
    for i, row in enumerate(rows):
        draw.text((left + (indent if i == 0 else 0), top + i * step), row, font=regular,
                  fill=pal.INK_DARK)


CARD_TEXT_LARGEST, CARD_TEXT_SMALLEST = 18, 12


def _lay_out_card(ident: str, text: str, note: str, box: Box, size: int,
                  ) -> tuple[lay.Font, lay.Font, int, list[str]] | None:
    """The effect's lines after the id (the first line also leaves room for ``note``) at
    ``size``, or None when they do not fit ``box``."""
    left, top, right, bottom = box
    bold, regular = font(size, bold=True), font(size)
    step = lay.line_height(regular) + 1
    first = right - left - (round(bold.getlength(ident)) + 7 if ident else 0)
    if note:
        first -= round(regular.getlength(note)) + 10
    rows: list[str] = []
    row = ""
    for word in text.split():
        room = first if not rows else right - left
        trial = f"{row} {word}" if row else word
        if regular.getlength(trial) <= room:
            row = trial
            continue
        if not row and rows:  # one word wider than the card
            return None
        rows.append(row)
        row = word
        if regular.getlength(word) > right - left:
            return None
    rows.append(row)
    if len(rows) * step - 1 > bottom - top:
        return None
    return bold, regular, step, rows


def card_text(card: Mapping[str, Any]) -> str:
    """A card's whole effect (a yellow card's: its two halves); the short text only when a view
    lacks the whole one."""
    halves = items(card.get("halves"))
    if card.get("kind") == "yellow" and halves:
        return " / ".join(half_text(h) for h in halves)
    return short(card.get("text") or card.get("short"))


def half_text(half: Mapping[str, Any]) -> str:
    """A card half as "Production (P) +1 activation" ("(any)": played with any colour)."""
    action = short(half.get("action")).capitalize()
    colour = str(half.get("colour") or "")
    text = f"{action} ({colour or 'any'})"
    perk = short(half.get("perk"))
    return f"{text} {perk}" if perk else text


def colour_chip(draw: ImageDraw.ImageDraw, box: Box, code: str, text: str | None = None) -> None:
    lay.rounded(draw, box, 6, fill=colour_fill(code))
    x0, y0, x1, y1 = box
    label = text if text is not None else code
    draw.text(((x0 + x1) / 2, (y0 + y1) / 2), label, font=font(20, bold=True),
              fill=colour_ink(code), anchor="mm")


def level_name(level: Any) -> str:
    return ROMAN.get(number(level), str(level))


def colour_word(code: Any) -> str:
    return COLOUR_NAMES.get(str(code), str(code))


def brief(text: str) -> str:
    """A reward of several parts without its ones: "1M+1C" as "M+C"."""
    parts = text.split("+")
    if len(parts) < 2:
        return text
    return "+".join(part[1:] if part[:1] == "1" and not part[1:2].isdigit() else part
                    for part in parts)


def sprite(key: Hashable, size: tuple[int, int], ground: RGB, paint: Callable[..., None],
           *args: Any) -> Image.Image:
    """A piece drawn once on ``ground`` (the surface it will sit on) by
    ``paint(image, draw, box, *args)`` and kept in the sprite cache: most of a board (cards,
    cities, tiles) is the same from one turn to the next."""

    def build() -> Image.Image:
        image = Image.new("RGB", size, ground)
        paint(image, ImageDraw.Draw(image), (0, 0, size[0] - 1, size[1] - 1), *args)
        return image

    return sprites.get(("resafa", key, size, ground), build)


def paint_effect_card(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box,
                      card: Mapping[str, Any]) -> None:
    effect_card(draw, box, card)
    _ = image


def paint_workshop_card(image: Image.Image, draw: ImageDraw.ImageDraw, box: Box,
                        tile: Mapping[str, Any]) -> None:
    workshop_card(draw, box, tile)
    _ = image
