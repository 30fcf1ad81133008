"""Targi: the public board (1600×1000) and the private decision panel, drawn from a view dict.

Everything here reads only the view returned by ``games.targi``'s ``view(state, seat)``; the
unchanging parts (table, frames, the 16 border cards) are drawn once per border layout and
pasted, and card faces are cached sprites, so a turn costs only the pieces that moved.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from games.targi.render import colours, icons, status, tiles
from games.targi.render.palette import PALETTE
from games.targi.render.status import round_text, seat_label
from renderers.kit import layers, sprites
from renderers.kit import layout as lay
from renderers.kit import palette as pal
from renderers.kit.compose import GLYPH_BLEED, PaletteBoard, flat_board
from renderers.kit.icons import paste
from renderers.kit.options import (
    Option,
    draw_no_decision,
    draw_option,
    draw_prompt,
    label_font,
    option_boxes,
    option_label,
    option_targets,
    view_options,
)
from renderers.kit.palette import RGB
from renderers.kit.preview import band_height, mark_changed, ring_width
from renderers.kit.words import draw_fitted, fit_text, font

View = Mapping[str, Any]
Card = Mapping[str, Any]
Box = tuple[int, int, int, int]

WIDTH = 1600
TOP = band_height(WIDTH, 2)  # the status band (round, phase, whose move, each seat's numbers)
CELL, GAP = 182, 4
GRID_X, GRID_Y = 12, TOP + 10
RIGHT_X, RIGHT_W = 954, 634
BAND = 50  # height of a border card's coloured band (number, icon, figure slot)
CARD_BAND = 36  # height of a central card's title band

PLAYER_H = 526  # header, goods, a 3×4 display of tiles, then the hand and pieces
PROMPT_BOX = (RIGHT_X, GRID_Y, RIGHT_X + RIGHT_W, GRID_Y + 106)
PLAYER_BOXES = (
    (RIGHT_X, GRID_Y + 114, RIGHT_X + RIGHT_W, GRID_Y + 114 + PLAYER_H),
    (RIGHT_X, GRID_Y + 122 + PLAYER_H, RIGHT_X + RIGHT_W, GRID_Y + 122 + 2 * PLAYER_H),
)
BOTTOM = PLAYER_BOXES[1][3]
SUPPLY_BOX = (GRID_X, GRID_Y + 5 * CELL + 4 * GAP + 8, GRID_X + 459, BOTTOM)
LOG_BOX = (GRID_X + 467, SUPPLY_BOX[1], GRID_X + 5 * CELL + 4 * GAP, BOTTOM)
HEIGHT = BOTTOM + 8


# Border card number -> (row, col) on the 5×5 grid (rules §3: clockwise from top-left + 1).
BORDER_CELLS: dict[int, tuple[int, int]] = {
    1: (0, 1), 2: (0, 2), 3: (0, 3), 4: (0, 4), 5: (1, 4), 6: (2, 4), 7: (3, 4), 8: (4, 4),
    9: (4, 3), 10: (4, 2), 11: (4, 1), 12: (4, 0), 13: (3, 0), 14: (2, 0), 15: (1, 0),
    16: (0, 0),
}
EFFECT_KINDS: dict[str, tuple[str, RGB]] = {
    "immediate": ("Immediate", colours.EFFECT_IMMEDIATE),
    "permanent": ("Permanent", colours.EFFECT_PERMANENT),
    "end": ("Game end", colours.EFFECT_END),
}
GOODS_LETTERS = {"date": "D", "dates": "D", "salt": "S", "pepper": "P", "gold": "G"}


def pretty(text: str) -> str:
    """Typeset an engine sentence: ASCII arrows become real ones."""
    return text.replace("->", "→")


def cell_origin(row: int, col: int) -> tuple[int, int]:
    return GRID_X + col * (CELL + GAP), GRID_Y + row * (CELL + GAP)


# ---- costs and goods, from the amounts a card lists -----------------------------------------

AMOUNT_ICONS = {"dates": "D", "salt": "S", "pepper": "P", "gold": "G", "vp": "VP"}


def amount_items(amounts: Any) -> list[tuple[str, str]]:
    """``{"salt": 2}`` -> two salt icons, in the order the targets name the goods."""
    if not isinstance(amounts, Mapping):
        return []
    return [("icon", AMOUNT_ICONS[name]) for name, n in amounts.items()
            if name in AMOUNT_ICONS for _ in range(min(int(n), 6))]


def cost_items(costs: Any) -> list[tuple[str, str]]:
    """A tribe card's ``costs`` as icons: ``[{"dates": 1, "pepper": 2}, {"dates": 1, "gold": 1}]``
    -> D, gap, P, P, "/", D, gap, G (a gap between kinds, a slash between alternatives)."""
    items: list[tuple[str, str]] = []
    for i, cost in enumerate(costs if isinstance(costs, list) else []):
        if i:
            items.append(("text", "/"))
        for j, group in enumerate(amount_items({name: n}) for name, n in cost.items()):
            items += [("gap", ""), *group] if j else group
    return items


def gives_items(card: Card) -> list[tuple[str, str]]:
    """What a goods card gives, as icons: its ``goods``, or D/S/P for a good of one's choice."""
    items = amount_items(card.get("goods"))
    if card.get("choice") or not items:
        items = [("icon", "D"), ("text", "/"), ("icon", "S"), ("text", "/"), ("icon", "P")]
    return items


def _icon(kind: str, size: int) -> Image.Image:
    return icons.vp(size) if kind == "VP" else icons.good(kind, size)


def items_width(items: Sequence[tuple[str, str]], size: int) -> int:
    f = font(max(18, size - 2), bold=True)
    total = 0
    for what, value in items:
        if what == "icon":
            total += size + 2
        elif what == "gap":
            total += 8
        else:
            total += round(f.getlength(value)) + 6
    return total


def draw_items(
    image: Image.Image, draw: ImageDraw.ImageDraw, xy: tuple[int, int],
    items: Sequence[tuple[str, str]], size: int, ink: RGB = pal.INK_DARK,
) -> int:
    """Icons and signs in a row from ``xy`` (top-left); returns the width used."""
    x, y = xy
    f = font(max(18, size - 2), bold=True)
    for what, value in items:
        if what == "icon":
            paste(image, _icon(value, size), (x, y))
            x += size + 2
        elif what == "gap":
            x += 8
        else:
            draw.text((x + 3, y + size / 2), value, font=f, fill=ink, anchor="lm")
            x += round(f.getlength(value)) + 6
    return x - xy[0]


def fit_items(items: Sequence[tuple[str, str]], max_width: int, sizes: Sequence[int]) -> int:
    for size in sizes:
        if items_width(items, size) <= max_width:
            return size
    return sizes[-1]


# ---- card faces (cached sprites) ---------------------------------------------------------


def card_face(
    card: Card | None, back: str | None, w: int = CELL, h: int = CELL, cell: str | None = None,
    marked: bool = False,
) -> Image.Image:
    """A central-size card: a tribe or goods face, a card back, or an empty slot; on the board
    ``cell`` (C11 … C33) names its place, in the top band, as moves and posts name it.
    ``marked``: a tribe marker's icon goes beside the cell's name, where the title would be
    (the band's colour and the id's letters still say what the card is)."""
    key = ("targi-card", w, h, back, cell, marked,
           json.dumps(card, sort_keys=True) if card else None)  # fmt: skip
    return sprites.get(key, lambda: _build_card_face(card, back, w, h, cell, marked))


def _build_card_face(
    card: Card | None, back: str | None, w: int, h: int, cell: str | None, marked: bool
) -> Image.Image:
    image = Image.new("RGB", (w, h), pal.BACKGROUND)
    draw = ImageDraw.Draw(image)
    if card is None or card.get("type") not in ("tribe", "goods"):
        if card is not None or back is not None:
            kind = back or (str(card.get("type", "tribe")) if card else "tribe")
            _draw_back(image, draw, w, h, kind)
        else:
            _draw_empty(draw, w, h)
        if cell is not None:
            _cell_tag(draw, (8, 8), cell)
    elif card["type"] == "tribe":
        _draw_tribe(image, draw, card, w, h, cell, titled=not marked)
    else:
        _draw_goods(image, draw, card, w, h, cell)
    return image


CELL_TAG_W = 46


def _cell_tag(draw: ImageDraw.ImageDraw, at: tuple[int, int], cell: str) -> None:
    """A central cell's name as a dark tag, ``CELL_TAG_W`` wide and the band's height."""
    x, y = at
    draw.rounded_rectangle((x, y, x + CELL_TAG_W - 1, y + CARD_BAND - 13), radius=6,
                           fill=pal.INK_DARK)
    draw.text((x + CELL_TAG_W / 2, y + (CARD_BAND - 13) / 2 + 1), cell, font=font(18, bold=True),
              fill=pal.INK_LIGHT, anchor="mm")


def _draw_empty(draw: ImageDraw.ImageDraw, w: int, h: int) -> None:
    lay.rounded(draw, (1, 1, w - 2, h - 2), 10, fill=pal.EMPTY_CELL, outline=pal.PANEL_EDGE, line=2)
    draw.text((w / 2, h / 2), "empty", font=font(18), fill=pal.INK_MUTED, anchor="mm")


def _draw_back(image: Image.Image, draw: ImageDraw.ImageDraw, w: int, h: int, kind: str) -> None:
    tribe = kind != "goods"
    base = colours.TRIBE_BACK if tribe else colours.GOODS_BACK
    pattern = colours.TRIBE_BACK_PATTERN if tribe else colours.GOODS_BACK_PATTERN
    lay.rounded(draw, (1, 1, w - 2, h - 2), 10, fill=base, outline=pal.INK_DARK, line=2)
    lattice = Image.new("RGB", (w, h), base)
    ld = ImageDraw.Draw(lattice)
    for i in range(-h, w + h, 26):  # a diamond lattice, the printed card back's pattern
        ld.line((i, 0, i + h, h), fill=pattern, width=3)
        ld.line((i, h, i + h, 0), fill=pattern, width=3)
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle((8, 8, w - 9, h - 9), radius=8, fill=255)
    image.paste(lattice, (0, 0), mask)
    lay.rounded(draw, (8, 8, w - 9, h - 9), 8, outline=pattern, line=3)
    label = "Tribe card" if tribe else "Goods card"
    f = font(20, bold=True)
    tw = f.getlength(label) + 20
    box = (round(w / 2 - tw / 2), round(h / 2 - 30), round(w / 2 + tw / 2), round(h / 2 + 30))
    lay.rounded(draw, box, 10, fill=pal.INK_DARK)
    draw.text((w / 2, h / 2 - 11), label, font=f, fill=pal.INK_LIGHT, anchor="mm")
    draw.text((w / 2, h / 2 + 13), "face down", font=font(18), fill=pal.INK_MUTED, anchor="mm")


def _card_frame(draw: ImageDraw.ImageDraw, w: int, h: int, band: RGB) -> None:
    lay.rounded(draw, (1, 1, w - 2, h - 2), 10, fill=pal.CARD, outline=pal.CARD_EDGE, line=2)
    draw.rounded_rectangle((1, 1, w - 2, CARD_BAND), radius=10, fill=band,
                           corners=(True, True, False, False))
    draw.line((2, CARD_BAND, w - 3, CARD_BAND), fill=pal.CARD_EDGE, width=2)


def tribe_title(card: Card) -> str:
    return str(card.get("symbol", "Tribe")).capitalize()


def _draw_tribe(
    image: Image.Image, draw: ImageDraw.ImageDraw, card: Card, w: int, h: int,
    cell: str | None = None, titled: bool = True,
) -> None:
    symbol = str(card.get("symbol", ""))
    colour = colours.SYMBOL_COLOURS.get(symbol, pal.CARD_EDGE)
    _card_frame(draw, w, h, colour)
    if cell is None:
        paste(image, icons.tribe(symbol, 30, framed=False), (6, 3))
        title_x = 40
    else:  # the band's colour and the title name the symbol; the tag names the place
        _cell_tag(draw, (5, 7), cell)
        title_x = 5 + CELL_TAG_W + 5
    ident = str(card.get("id", ""))
    fid = font(18, bold=True)
    id_w = fid.getlength(ident)
    draw.text((w - 8, CARD_BAND / 2 + 1), ident, font=fid, fill=pal.INK_DARK, anchor="rm")
    if titled:
        lay.text(draw, (title_x, CARD_BAND / 2 + 1), tribe_title(card), font(20, bold=True),
                 pal.INK_DARK, max_width=w - title_x - id_w - 14, anchor="lm")
    # cost, across the whole card
    items = cost_items(card.get("costs"))
    room = w - 16
    size = fit_items(items, room, (30, 26, 22, 20))
    if items_width(items, size) <= room:
        draw_items(image, draw, (8, CARD_BAND + 5), items, size)
    else:
        lay.text(draw, (8, CARD_BAND + 20), str(card.get("cost", "")), font(18, bold=True),
                 pal.INK_DARK, max_width=room, anchor="lm")
    # effect kind and printed VP on one line, then the effect
    y = CARD_BAND + 40
    vp_value = str(card.get("vp", ""))
    fvp = font(24, bold=True)
    vp_w = round(fvp.getlength(vp_value))
    draw.text((w - 8, y + 13), vp_value, font=fvp, fill=pal.INK_DARK, anchor="rm")
    paste(image, icons.vp(28), (w - 12 - vp_w - 28, y - 1))
    kind = card.get("effect_kind")
    if kind in EFFECT_KINDS:
        label, ink = EFFECT_KINDS[str(kind)]
        draw.text((8, y + 13), label, font=font(18, bold=True), fill=ink, anchor="lm")
        body = str(card.get("effect_text") or card.get("effect") or "")
        fitted = fit_text(body, (8, y + 30, w - 8, h - 4), largest=18, smallest=14, spacing=0)
        draw_fitted(draw, fitted, fill=pal.INK_DARK)
    else:
        draw.text((8, y + 13), "No effect", font=font(18), fill=pal.INK_SOFT, anchor="lm")


def _draw_goods(
    image: Image.Image, draw: ImageDraw.ImageDraw, card: Card, w: int, h: int,
    cell: str | None = None,
) -> None:
    _card_frame(draw, w, h, colours.GOODS_BACK)
    if cell is None:
        draw.rounded_rectangle((10, 6, 30, CARD_BAND - 6), radius=3,
                               fill=colours.GOODS_BACK_PATTERN, outline=pal.INK_LIGHT, width=2)
        title_x = 40
    else:  # the band's colour says goods; the tag names the place
        _cell_tag(draw, (5, 7), cell)
        title_x = 0
    if title_x:
        draw.text((title_x, CARD_BAND / 2 + 1), "Goods", font=font(20, bold=True),
                  fill=pal.INK_LIGHT, anchor="lm")
    draw.text((w - 8, CARD_BAND / 2 + 1), str(card.get("id", "")), font=font(18, bold=True),
              fill=pal.INK_LIGHT, anchor="rm")
    gives = str(card.get("gives", ""))
    items = gives_items(card)
    size = fit_items(items, w - 20, (44, 36, 30, 24))
    iw = items_width(items, size)
    draw_items(image, draw, (round((w - iw) / 2), CARD_BAND + 14), items, size)
    lay.paragraph(draw, (8, CARD_BAND + 24 + size, w - 8, h - 6), gives, font(20, bold=True),
                  pal.INK_DARK, max_lines=3, align="center")


# ---- the static layer -------------------------------------------------------------------


def _border_key(view: View) -> tuple[Any, ...]:
    return tuple(
        (b.get("number"), b.get("name"), b.get("kind"), b.get("text"))
        for b in view.get("border", [])
    )


def _static_board(view: View) -> Image.Image:
    key = ("targi-board", _border_key(view))
    return layers.get(key, lambda: _build_static_board(view))


def _build_static_board(view: View) -> Image.Image:
    image = Image.new("RGB", (WIDTH, HEIGHT), pal.BACKGROUND)
    draw = ImageDraw.Draw(image)
    # the central 3×3 sits on a darker mat
    x0, y0 = cell_origin(1, 1)
    x1, y1 = cell_origin(3, 3)
    lay.rounded(draw, (x0 - 3, y0 - 3, x1 + CELL + 2, y1 + CELL + 2), 12, fill=pal.MAT)
    for border in view.get("border", []):
        number = int(border.get("number", 0))
        if number in BORDER_CELLS:
            _draw_border_card(image, draw, border, *cell_origin(*BORDER_CELLS[number]))
    for box in (PROMPT_BOX, *PLAYER_BOXES, SUPPLY_BOX, LOG_BOX):
        lay.rounded(draw, box, 12, fill=pal.PANEL, outline=pal.PANEL_EDGE, line=2)
    return image


def _draw_border_card(
    image: Image.Image, draw: ImageDraw.ImageDraw, border: Mapping[str, Any], x: int, y: int
) -> None:
    kind = border.get("kind")
    raid = kind == "raid"
    face = colours.RAID_CARD if raid else pal.CARD
    ink = colours.RAID_INK if raid else pal.INK_DARK
    bands = {"action": colours.ACTION_BAND, "goods": colours.GOODS_BAND}
    band = bands.get(str(kind), colours.RAID_BAND)
    lay.rounded(draw, (x, y, x + CELL - 1, y + CELL - 1), 10, fill=face, outline=pal.CARD_EDGE,
                line=2)
    draw.rounded_rectangle((x, y, x + CELL - 1, y + BAND), radius=10, fill=band,
                           outline=pal.CARD_EDGE, width=2, corners=(True, True, False, False))
    # number badge
    draw.ellipse((x + 7, y + 6, x + 45, y + 44), fill=pal.CARD, outline=pal.INK_DARK, width=2)
    draw.text((x + 26, y + 25), str(border.get("number", "")), font=font(20, bold=True),
              fill=pal.INK_DARK, anchor="mm")
    name = str(border.get("name", ""))
    letter = GOODS_LETTERS.get(name.lower())
    glyph = icons.action(name, 34) if kind == "action" else None
    if kind == "goods" and letter:
        paste(image, icons.good(letter, 34), (x + 52, y + 8))
    elif glyph is not None:
        paste(image, glyph, (x + 54, y + 8))
    elif raid:
        draw.text((x + 54, y + 25), "RAID", font=font(20, bold=True), fill=colours.RAID_INK,
                  anchor="lm")
    # name and effect text
    fname = font(20, bold=True)
    lines = lay.wrap(name, fname, CELL - 18, 2)
    ty = y + BAND + 6
    for line in lines:
        draw.text((x + 9, ty), line, font=fname, fill=ink)
        ty += lay.line_height(fname)
    lay.paragraph(draw, (x + 9, ty + 3, x + CELL - 9, y + CELL - 6),
                  pretty(str(border.get("text", ""))), font(18), ink, spacing=1)


# ---- the public board ---------------------------------------------------------------------


def render_board(view: View, previous: View | None = None) -> Image.Image:
    """The public board for ``view`` under its status band; ``previous`` is the public view
    the last board showed, and every place that differs from it is ringed (None: none is).

    The board is put together on Targi's palette from parts kept by what they show (see
    ``renderers.kit.compose``), so a turn draws only the parts it changed."""
    board = PaletteBoard(PALETTE, _static_board(view), ("targi-board", _border_key(view)))
    _draw_border_pieces(board, view)
    _draw_centre(board, view)
    board.part(_inside(PROMPT_BOX), _prompt_key(view),
               lambda image, draw, at: _draw_prompt(image, draw, view, moved(PROMPT_BOX, at)))
    for player, box in zip(view.get("players", []), PLAYER_BOXES, strict=False):
        _draw_player(board, view, player, box)
    board.part(_inside(SUPPLY_BOX), _supply_key(view),
               lambda image, draw, at: _draw_supply(image, draw, view, moved(SUPPLY_BOX, at)))
    _draw_log(board, view)
    rings = changed_boxes(previous, view) if previous is not None else []
    for box in rings:
        mark_changed(board.draw, box, ring_width(WIDTH), board.ink(pal.INK_DARK),
                     board.ink((255, 255, 255)))
    status.band_on(board, view, changed=bool(rings))
    return board.image


def _key(*parts: Any) -> str:
    """What a part of the board shows, as one text: the key it is kept under."""
    return json.dumps(parts, sort_keys=True, default=str)


def _inside(box: Box) -> Box:
    """A drawn box (right and bottom edges included) as the part of the board that holds it."""
    x0, y0, x1, y1 = box
    return x0, y0, x1 + 1, y1 + 1


def moved(box: Box, at: tuple[int, int]) -> Box:
    x0, y0, x1, y1 = box
    return x0 + at[0], y0 + at[1], x1 + at[0], y1 + at[1]


def _labels(view: View) -> list[Any]:
    return [(p.get("seat"), p.get("label")) for p in view.get("players", [])]


def _prompt_key(view: View) -> str:
    decision = _decision(view) or {}
    return _key("prompt", view.get("outcome"), _labels(view),
                [decision.get(k) for k in ("seat", "kind", "prompt")] if decision else None)


def _supply_key(view: View) -> str:
    tops = [_top_card(view.get(k)) for k in ("goods_discard", "tribe_discard")]
    return _key("supply", view.get("goods_deck", 0), view.get("tribe_deck", 0), tops,
                view.get("revealed", []))


def _top_card(cards: Any) -> Any:
    return cards[-1] if isinstance(cards, list) and cards else None


def _cell_box(row: int, col: int) -> Box:
    x, y = cell_origin(row, col)
    return x, y, x + CELL - 1, y + CELL - 1


def _by(items: Any, key: str) -> dict[Any, Mapping[str, Any]]:
    if not isinstance(items, list):
        return {}
    return {i.get(key): i for i in items if isinstance(i, Mapping)}


def _card_id(card: Any) -> Any:
    return card.get("id") if isinstance(card, Mapping) else None


def _top(cards: Any) -> Any:
    return _card_id(cards[-1]) if isinstance(cards, list) and cards else None


def changed_boxes(previous: View, view: View) -> list[Box]:
    """The places on the board where ``view`` differs from ``previous``: border cards whose
    figure or robber changed, central cells whose card or marker changed, and in each player
    area the score, the goods, every display slot and the hand that changed."""
    boxes: list[Box] = []
    before = _by(previous.get("border"), "number")
    for number, border in _by(view.get("border"), "number").items():
        old = before.get(number, {})
        moved = any(border.get(k) != old.get(k) for k in ("occupant", "robber"))
        if number in BORDER_CELLS and moved:
            boxes.append(_cell_box(*BORDER_CELLS[number]))
    before = _by(previous.get("centre"), "cell")
    for cell, entry in _by(view.get("centre"), "cell").items():
        old = before.get(cell, {})
        if (_card_id(entry.get("card")) != _card_id(old.get("card"))
                or any(entry.get(k) != old.get(k) for k in ("face_up", "back", "marker"))):
            boxes.append(_cell_box(int(entry.get("row", 1)), int(entry.get("col", 1))))
    before = _by(previous.get("players"), "seat")
    players = list(view.get("players", []))
    for box, player in zip(PLAYER_BOXES, players, strict=False):
        old = before.get(player.get("seat"), {})
        if player.get("score") != old.get("score"):
            boxes.append(score_box(box))
        if any(player.get(k) != old.get(k) for k in ("dates", "salt", "pepper", "gold",
                                                     "vp_tokens")):
            boxes.append(resources_box(box))
        display, old_display = player.get("display") or [], old.get("display") or []
        for r in range(3):
            row = display[r] if r < len(display) else []
            old_row = old_display[r] if r < len(old_display) else []
            for c in range(4):
                now = _card_id(row[c]) if c < len(row) else None
                then = _card_id(old_row[c]) if c < len(old_row) else None
                if now != then:
                    boxes.append(tile_box(box, r, c))
        if _card_id(player.get("hand")) != _card_id(old.get("hand")):
            boxes.append(hand_box(box))
    for key, half in (("goods", 0), ("tribe", 1)):
        if (view.get(f"{key}_deck") != previous.get(f"{key}_deck")
                or _top(view.get(f"{key}_discard")) != _top(previous.get(f"{key}_discard"))):
            boxes.append(supply_half(half))
    return boxes


FIGURE_SIZE = 48


def figure_slot(number: int) -> tuple[int, int]:
    """Top-left corner of the spot where a figure stands on border card ``number``."""
    x, y = cell_origin(*BORDER_CELLS[number])
    return x + CELL - 54, y + 1


def _robber_overlay() -> Image.Image:
    """Hatching over the body of the card the robber blocks."""

    def build() -> Image.Image:
        w, h = CELL - 4, CELL - BAND - 3
        overlay = Image.new("RGBA", (w, h), (40, 40, 48, 70))
        draw = ImageDraw.Draw(overlay)
        for i in range(0, w + h, 22):
            draw.line((i, 0, i - h, h), fill=(40, 40, 48, 110), width=4)
        return overlay

    return sprites.get(("targi-robber-overlay",), build)


def _draw_border_pieces(board: PaletteBoard, view: View) -> None:
    """The figures standing on border cards, and the robber's hatching and figure."""
    for border in view.get("border", []):
        number = int(border.get("number", 0))
        if number not in BORDER_CELLS:
            continue
        robbed = bool(border.get("robber") or view.get("robber") == number)
        occupant = border.get("occupant")
        if not robbed and not isinstance(occupant, int):
            continue
        x, y = cell_origin(*BORDER_CELLS[number])

        def paint(image: Image.Image, _: ImageDraw.ImageDraw, at: tuple[int, int],
                  number: int = number, occupant: Any = occupant, robbed: bool = robbed) -> None:
            sx, sy = figure_slot(number)
            slot = (sx + at[0], sy + at[1])
            if robbed:
                overlay = _robber_overlay()
                image.paste(overlay, (2, BAND + 1), overlay)
                paste(image, icons.figure(None, FIGURE_SIZE), slot)
            if isinstance(occupant, int):
                paste(image, icons.figure(occupant, FIGURE_SIZE), slot)

        board.part((x, y, x + CELL, y + CELL), _key("border", occupant, robbed), paint)


def _draw_centre(board: PaletteBoard, view: View) -> None:
    for entry in view.get("centre", []):
        row, col = int(entry.get("row", 1)), int(entry.get("col", 1))
        x, y = cell_origin(row, col)
        card = entry.get("card") if entry.get("face_up", True) else None
        back = None
        if card is None and not entry.get("empty"):
            back = entry.get("back") or "tribe"  # face down: only its type is public
        cell = str(entry.get("cell") or f"C{row}{col}")
        marker = entry.get("marker")
        marked = isinstance(marker, int) and card is not None

        def paint(image: Image.Image, draw: ImageDraw.ImageDraw, _: tuple[int, int],
                  card: Any = card, back: Any = back, cell: str = cell, marker: Any = marker,
                  marked: bool = marked) -> None:
            image.paste(card_face(card, back, cell=cell, marked=marked), (0, 0))
            if isinstance(marker, int):
                fill, edge = colours.seat_fill(marker), colours.seat_outline(marker)
                draw.rounded_rectangle((0, 0, CELL - 1, CELL - 1), radius=10, outline=edge,
                                       width=7)
                draw.rounded_rectangle((2, 2, CELL - 3, CELL - 3), radius=9, outline=fill,
                                       width=3)
                paste(image, icons.marker(marker, 34), (5 + CELL_TAG_W + 4, 1))

        board.part((x, y, x + CELL, y + CELL), _key("centre", card, back, cell, marker), paint)


def _decision(view: View) -> Mapping[str, Any] | None:
    decision = view.get("decision")
    return decision if isinstance(decision, Mapping) else None


def _draw_prompt(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, box: Box) -> None:
    x0, y0, x1, y1 = box
    outcome = view.get("outcome")
    decision = _decision(view)
    if isinstance(outcome, Mapping):
        _draw_outcome(image, draw, view, outcome, box)
        return
    if decision is None:
        draw.text((x0 + 16, y0 + 18), "Waiting…", font=font(24, bold=True), fill=pal.INK_LIGHT)
        return
    seat = int(decision.get("seat", 0))
    paste(image, icons.figure(seat, 40), (x0 + 12, y0 + 10))
    label = seat_label(view, seat)
    f = font(24, bold=True)
    title = f"{label} to decide"
    draw.text((x0 + 62, y0 + 30), title, font=f, fill=pal.HIGHLIGHT, anchor="lm")
    kind = str(decision.get("kind", "")).replace("_", " ")
    if kind:
        pf = font(18, bold=True)
        pw = round(pf.getlength(kind)) + 16
        lay.pill(draw, (x1 - 14 - pw, y0 + 16), kind, pf, pal.PANEL_EDGE, pal.INK_LIGHT)
    lay.paragraph(draw, (x0 + 16, y0 + 56, x1 - 16, y1 - 6), str(decision.get("prompt", "")),
                  font(20), pal.INK_LIGHT, max_lines=2, spacing=1)


def _draw_outcome(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: View, outcome: Mapping[str, Any],
    box: Box,
) -> None:
    x0, y0, x1, y1 = box
    winners = [int(w) for w in outcome.get("winners", [])]
    scores = list(outcome.get("scores", []))
    if len(winners) == 1:
        title = f"{seat_label(view, winners[0])} wins!"
        paste(image, icons.figure(winners[0], 40), (x0 + 12, y0 + 10))
    else:
        title = "Shared victory!"
        paste(image, icons.vp(40), (x0 + 12, y0 + 10))
    score_text = " – ".join(
        f"{seat_label(view, i)} {s}" for i, s in enumerate(scores)
    )
    tx = x0 + 62
    tx += lay.text(draw, (tx, y0 + 30), title, font(26, bold=True), pal.HIGHLIGHT, anchor="lm") + 16
    lay.text(draw, (tx, y0 + 30), score_text, font(22, bold=True), pal.INK_LIGHT,
             max_width=x1 - 14 - tx, anchor="lm")
    reason = str(outcome.get("reason", ""))
    tiebreak = outcome.get("tiebreak")
    if tiebreak:
        reason = f"{reason} Tie-break: {tiebreak}."
    lay.paragraph(draw, (x0 + 16, y0 + 56, x1 - 16, y1 - 4), reason, font(18), pal.INK_LIGHT,
                  max_lines=2, spacing=0)


def _resources(player: Mapping[str, Any]) -> list[tuple[str, int]]:
    return [
        ("D", int(player.get("dates", 0))),
        ("S", int(player.get("salt", 0))),
        ("P", int(player.get("pepper", 0))),
        ("G", int(player.get("gold", 0))),
        ("VP", int(player.get("vp_tokens", 0))),
    ]


def draw_resources(
    image: Image.Image, draw: ImageDraw.ImageDraw, xy: tuple[int, int],
    player: Mapping[str, Any], size: int = 30, step: int = 84,
) -> int:
    """The five counters (dates, salt, pepper, gold, VP tokens) with their icons."""
    x, y = xy
    f = font(max(18, round(size * 0.8)), bold=True)
    for kind, amount in _resources(player):
        paste(image, _icon(kind, size), (x, y))
        draw.text((x + size + 6, y + size / 2), str(amount), font=f, fill=pal.INK_LIGHT,
                  anchor="lm")
        x += step
    return x - xy[0]


def draw_display(
    image: Image.Image, draw: ImageDraw.ImageDraw, xy: tuple[int, int], display: Sequence[Any]
) -> None:
    """The 3×4 display as tiles (each card's symbol, name, VP and effect), with each complete
    row's bonus (+4 same symbols, +2 all different) to its right."""
    for r in range(3):
        row = list(display[r]) if r < len(display) else []
        for c in range(4):
            card = row[c] if c < len(row) else None
            label = r + 1 if c == len(row) else None  # where the row's next card goes
            image.paste(tiles.tile(card, row=label), _tile_at(xy, r, c)[:2])
        if len(row) == 4:
            symbols = {str(card.get("symbol")) for card in row}
            bonus = 4 if len(symbols) == 1 else 2 if len(symbols) == 4 else 0
            _, ty0, tx1, ty1 = _tile_at(xy, r, 3)
            draw.text((tx1 + 4, (ty0 + ty1) / 2), f"+{bonus}", font=font(20, bold=True),
                      fill=pal.OK if bonus else pal.INK_MUTED, anchor="lm")


def _tile_at(xy: tuple[int, int], row: int, col: int) -> Box:
    x = xy[0] + col * (tiles.TILE_W + tiles.TILE_GAP)
    y = xy[1] + row * (tiles.TILE_H + tiles.TILE_GAP)
    return x, y, x + tiles.TILE_W, y + tiles.TILE_H


DISPLAY_W = 4 * tiles.TILE_W + 3 * tiles.TILE_GAP + 34  # the tiles and the row bonuses


def score_box(box: Box) -> Box:
    _, y0, x1, _ = box
    return x1 - 150, y0 + 8, x1 - 8, y0 + 50


def resources_box(box: Box) -> Box:
    x0, y0, _, _ = box
    return x0 + 8, y0 + 54, x0 + 432, y0 + 94


DISPLAY_TOP = 98  # a player area's rows from its top: goods above, the display, then the hand
HAND_TOP = 415


def display_origin(box: Box) -> tuple[int, int]:
    """The top left corner of the display in the player area ``box``."""
    return box[0] + 12, box[1] + 100


def tile_box(box: Box, row: int, col: int) -> Box:
    """Where display slot (``row``, ``col``) of the player area ``box`` is drawn."""
    return _tile_at(display_origin(box), row, col)


def hand_box(box: Box) -> Box:
    _, _, _, bottom = tile_box(box, 2, 0)
    return box[0] + 12, bottom + 6, box[0] + 12 + tiles.TILE_W, bottom + 6 + tiles.TILE_H


HEADER_H = 52  # a player area's top rows: figure, name, start amulet, "to play", score


def _draw_player(board: PaletteBoard, view: View, player: Mapping[str, Any], box: Box) -> None:
    """One player's area: its header and its body as parts of the board, each drawn again only
    when what it shows changed, and the frame of the player to decide over them."""
    x0, y0, x1, y1 = box
    seat = int(player.get("seat", 0))
    decision = _decision(view)
    outcome = view.get("outcome")
    finished = isinstance(outcome, Mapping)
    deciding = decision is not None and decision.get("seat") == seat and not finished
    label = str(player.get("label") or seat_label(view, seat))
    score = str(player.get("score", 0))
    breakdown: Mapping[str, Any] | None = None
    if isinstance(outcome, Mapping):
        scores = outcome.get("scores", [])
        if seat < len(scores):
            score = str(scores[seat])
        breakdowns = outcome.get("breakdown", [])
        if seat < len(breakdowns) and isinstance(breakdowns[seat], Mapping):
            breakdown = breakdowns[seat]
    start = view.get("start_player") == seat
    header = (x0, y0, x1 + 1, y0 + HEADER_H)
    board.part(header, _key("header", seat, label, start, deciding, score, finished),
               lambda image, draw, at: _draw_player_header(
                   image, draw, moved(box, at), seat, label, start, deciding, score, finished))
    goods = [player.get(k) for k in ("dates", "salt", "pepper", "gold", "vp_tokens",
                                     "raid_protected")]
    board.part((x0, y0 + HEADER_H, x1 + 1, y0 + DISPLAY_TOP), _key("goods", goods),
               lambda image, draw, at: _draw_player_goods(image, draw, moved(box, at), player))
    display = player.get("display", [])
    board.part((x0, y0 + DISPLAY_TOP, x1 + 1, y0 + HAND_TOP), _key("display", display),
               lambda image, draw, at: draw_display(image, draw, display_origin(moved(box, at)),
                                                    list(display)))
    hand = [player.get(k) for k in ("hand", "hand_count", "hand_since_round")]
    board.part((x0, y0 + HAND_TOP, x1 + 1, y1 + 1), _key("hand", seat, hand, finished, breakdown),
               lambda image, draw, at: _draw_player_hand(
                   image, draw, moved(box, at), player, finished, breakdown))
    if not (finished and breakdown is not None):  # the pieces move every turn, the hand seldom
        px0, py0, px1, py1 = pieces_box(box)
        board.part((px0, py0, px1, py1),
                   _key("pieces", seat, player.get("figures_placed"), player.get("markers")),
                   lambda image, draw, at: _draw_pieces(image, draw, (0, 0), px1 - px0, seat,
                                                        player))
    if deciding:
        board.draw.rounded_rectangle(box, radius=12, outline=board.ink(pal.HIGHLIGHT), width=4)


def _draw_player_header(
    image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, seat: int, label: str, start: bool,
    deciding: bool, score: str, finished: bool,
) -> None:
    x0, y0, x1, _ = box
    paste(image, icons.figure(seat, 44), (x0 + 10, y0 + 6))
    x = x0 + 62
    x += lay.text(draw, (x, y0 + 29), label, font(28, bold=True), pal.INK_LIGHT, anchor="lm") + 14
    if start:
        paste(image, icons.amulet(28), (x, y0 + 15))
        x += 34
        x += lay.text(draw, (x, y0 + 29), "start", font(18), pal.INK_MUTED, anchor="lm") + 12
    if deciding:
        lay.pill(draw, (x, y0 + 16), "to play", font(18, bold=True), pal.HIGHLIGHT, pal.INK_DARK)
    fs = font(34, bold=True)
    draw.text((x1 - 14, y0 + 29), score, font=fs, fill=pal.HIGHLIGHT, anchor="rm")
    caption = "final" if finished else "score"
    draw.text((x1 - 22 - fs.getlength(score), y0 + 31), caption, font=font(18), fill=pal.INK_MUTED,
              anchor="rm")


def _draw_player_goods(
    image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, player: Mapping[str, Any]
) -> None:
    x0, y0, _, _ = box
    rx, ry, _, _ = resources_box(box)
    draw_resources(image, draw, (rx + 4, ry + 5), player)
    if player.get("raid_protected"):
        paste(image, icons.shield(30), (x0 + 440, y0 + 58))
        draw.text((x0 + 476, y0 + 73), "Raid-safe", font=font(20, bold=True), fill=pal.OK,
                  anchor="lm")


def pieces_box(box: Box) -> Box:
    """Where the player area ``box`` shows its pieces: beside the hand, under its line."""
    _, hy0, hx1, _ = hand_box(box)
    return hx1 + 12, hy0 + 36, box[2] - 12, hy0 + 36 + 2 * 30


def _draw_player_hand(
    image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, player: Mapping[str, Any],
    finished: bool, breakdown: Mapping[str, Any] | None,
) -> None:
    """The hand and what it costs; once the game is over, the final scoring beside it (the
    pieces are a part of their own)."""
    hand = player.get("hand")
    hx0, hy0, hx1, hy1 = hand_box(box)
    shown = hand if isinstance(hand, Mapping) and hand.get("type") == "tribe" else None
    hidden = shown is None and (isinstance(hand, Mapping) or bool(player.get("hand_count")))
    image.paste(tiles.tile(shown, hidden=hidden), (hx0, hy0))
    beside = (hx1 + 12, hy0, box[2] - 12, hy1)
    if finished and breakdown is not None:
        _draw_breakdown(draw, beside, breakdown)
        return
    _draw_hand_line(image, draw, beside, shown, player)


def _draw_hand_line(
    image: Image.Image, draw: ImageDraw.ImageDraw, box: Box, hand: Card | None,
    player: Mapping[str, Any],
) -> None:
    """"Hand" beside the hand tile: since when it is held, and what playing it costs."""
    x0, y0, x1, _ = box
    since = player.get("hand_since_round")
    words = f"Hand, since round {since}" if hand is not None and since else "Hand"
    if hand is None and not player.get("hand_count") and player.get("hand") is None:
        words = "Hand: empty"
    f = font(18, bold=True)
    x = x0 + lay.text(draw, (x0, y0 + 15), words, f, pal.INK_MUTED, anchor="lm") + 12
    if hand is not None:
        items = cost_items(hand.get("costs"))
        size = fit_items(items, x1 - x - 50, (24, 20, 18))
        if items and x + 50 + items_width(items, size) <= x1:
            x += lay.text(draw, (x, y0 + 15), "cost", font(18), pal.INK_MUTED, anchor="lm") + 8
            draw_items(image, draw, (x, y0 + 15 - size // 2), items, size, ink=pal.INK_LIGHT)


def _draw_pieces(
    image: Image.Image, draw: ImageDraw.ImageDraw, xy: tuple[int, int], max_width: int, seat: int,
    player: Mapping[str, Any],
) -> None:
    """Where the player's figures (first line) and tribe markers (second) stand now."""
    x, y = xy
    for sprite, values in (
        (icons.figure(seat, 28), [f"#{n}" for n in player.get("figures_placed", [])]),
        (icons.marker(seat, 24), [str(c) for c in player.get("markers", [])]),
    ):
        if values:
            pad = (28 - sprite.width) // 2
            paste(image, sprite, (x + pad, y + pad))
            fitted = fit_text(" ".join(values), (x + 34, y, x + max_width, y + 30), largest=18,
                              smallest=14, bold=True, max_lines=1)
            draw_fitted(draw, fitted, fill=pal.INK_LIGHT, valign="middle")
            y += 30


def category_label(name: str) -> str:
    """``"printed_vp"`` -> ``"Printed VP"``."""
    words = [("VP" if w.lower() == "vp" else w) for w in name.replace("_", " ").split()]
    text = " ".join(words)
    return text[:1].upper() + text[1:]


def _draw_breakdown(draw: ImageDraw.ImageDraw, box: Box, breakdown: Mapping[str, Any]) -> None:
    """The final scoring by category, in two columns under its title."""
    x0, y0, x1, y1 = box
    draw.text((x0, y0), "Final scoring", font=font(18, bold=True), fill=pal.INK_MUTED)
    f, fb = font(18), font(18, bold=True)
    step = lay.line_height(f) + 1
    rows = max(1, (y1 - y0 - 24) // step)
    col_w = (x1 - x0) // 2
    for i, (name, points) in enumerate(breakdown.items()):
        col, row = divmod(i, rows)
        left, y = x0 + col * col_w, y0 + 24 + row * step
        right = left + col_w - 12
        value = str(points)
        draw.text((right, y), value, font=fb, fill=pal.INK_LIGHT, anchor="ra")
        room = (left, y, right - 8 - round(fb.getlength(value)), y + step)
        fitted = fit_text(category_label(str(name)), room, largest=18, smallest=14, max_lines=1)
        draw_fitted(draw, fitted, fill=pal.INK_LIGHT)


def _card_label(card: Any) -> str:
    if not isinstance(card, Mapping):
        return "none"
    if card.get("type") == "goods":
        return f"{card.get('id', '')} ({card.get('gives', '')})"
    if card.get("type") == "tribe":
        return f"{tribe_title(card)} {card.get('id', '')}"
    return "card"


def supply_half(i: int, box: Box = SUPPLY_BOX) -> Box:
    """The goods deck's row (0) or the tribe deck's (1) in the supply box."""
    x0, y0, x1, _ = box
    top = y0 + 8 + i * 74
    return x0 + 8, top, x1 - 8, top + 66


def _draw_supply(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, box: Box) -> None:
    """Each deck's count and the top of its discard pile, then the cards revealed now."""
    x0, _, x1, y1 = box
    for i, (kind, deck_key, discard_key) in enumerate(
        (("goods", "goods_deck", "goods_discard"), ("tribe", "tribe_deck", "tribe_discard"))
    ):
        x, y, right, bottom = supply_half(i, box)
        back = colours.GOODS_BACK if kind == "goods" else colours.TRIBE_BACK
        draw.rounded_rectangle((x + 6, y + 6, x + 32, y + 40), radius=4, fill=back,
                               outline=pal.INK_LIGHT, width=2)
        title = f"{kind.capitalize()} deck: {int(view.get(deck_key, 0))}"
        draw.text((x + 42, y + 6), title, font=font(20, bold=True), fill=pal.INK_LIGHT)
        discard = list(view.get(discard_key, []))
        top = _card_label(discard[-1]) if discard else "empty"
        fitted = fit_text(f"Discard: {top}", (x + 42, y + 32, right, bottom), largest=18,
                          smallest=14, spacing=0)
        draw_fitted(draw, fitted, fill=pal.INK_MUTED)
    revealed = list(view.get("revealed", []))
    if revealed:
        text = "Revealed: " + ", ".join(_card_label(c) for c in revealed)
        below = supply_half(1, box)[3] + 8
        fitted = fit_text(text, (x0 + 14, below, x1 - 14, y1 - 8), largest=18, smallest=14,
                          bold=True, spacing=0)
        draw_fitted(draw, fitted, fill=pal.HIGHLIGHT)


@functools.lru_cache(maxsize=512)
def _log_lines(entry: str, width: int) -> tuple[str, ...]:
    """A log sentence wrapped to ``width``: each board repeats most of the last one's log."""
    return tuple(lay.wrap(entry, font(18), width))


def _log_room(box: Box) -> int:
    """How many lines the log box holds."""
    return (box[3] - box[1] - 14) // (lay.line_height(font(18)) + 1)


def _log_entries(view: View) -> list[str]:
    """The sentences the log box may show: each takes a line at least."""
    return [pretty(str(line)) for line in view.get("log", [])][-_log_room(LOG_BOX):]


def _draw_log(board: PaletteBoard, view: View) -> None:
    """The newest sentences, newest at the bottom, each whole: an older one that no longer fits
    is left out rather than cut. Each line is laid straight onto the palette picture."""
    x0, _, x1, y1 = LOG_BOX
    f = font(18)
    step = lay.line_height(f) + 1
    room = _log_room(LOG_BOX)
    stacked: list[tuple[str, bool]] = []
    for age, entry in enumerate(reversed(_log_entries(view))):
        lines = _log_lines(entry, x1 - x0 - 28)
        if len(stacked) + len(lines) > room:
            break
        stacked = [(line, age == 0) for line in lines] + stacked
    y = y1 - 8 - len(stacked) * step
    for line, newest in stacked:
        ink = pal.INK_LIGHT if newest else pal.INK_MUTED
        board.text((x0 + 14, y), line, f, ink, pal.PANEL)
        y += step


# ---- the private panel -----------------------------------------------------------------

PANEL_W = 1240


def panel_seat(view: View) -> int | None:
    """Whose panel this is: the view's own seat if it says so, else the seat deciding now."""
    for key in ("seat", "viewer"):
        value = view.get(key)
        if isinstance(value, int):
            return value
    decision = _decision(view)
    if decision is not None and view_options(view):
        return int(decision.get("seat", 0))
    return None


ACTION_ROW = 42
PANEL_LEFT_W = 16 + DISPLAY_W
PANEL_MIN_H = 414 + 3 * tiles.TILE_H + 2 * tiles.TILE_GAP + 16  # the display's bottom
def option_items(targets: Mapping[str, Any]) -> list[tuple[str, str]]:
    """What an option moves, as icons: given goods → gained goods, or the cost it pays."""
    give, gain = amount_items(targets.get("give")), amount_items(targets.get("gain"))
    if give and gain:
        return [*give, ("text", "→"), *gain]
    return give or gain or amount_items(targets.get("cost"))


def visible_cards(view: View) -> dict[str, Mapping[str, Any]]:
    """Every face-up card of the view by id: centre, revealed, hands and displays."""
    cards: list[Any] = [entry.get("card") for entry in view.get("centre", [])]
    cards += list(view.get("revealed", []))
    for player in view.get("players", []):
        cards.append(player.get("hand"))
        cards += [card for row in player.get("display", []) for card in row]
    return {str(c["id"]): c for c in cards if isinstance(c, Mapping) and "id" in c}


def option_hint(view: View, targets: Mapping[str, Any]) -> str:
    """A few words beside an option's label from what it points at: the border card's rule,
    or a tribe card's points and effect (a goods card's label already says what it gives)."""
    border = targets.get("border")
    if border is not None:
        for entry in view.get("border", []):
            if entry.get("number") == border:
                return str(entry.get("text", ""))
        return ""
    card = visible_cards(view).get(str(targets.get("card")))
    if card is None or card.get("type") != "tribe":
        return ""
    effect = card.get("effect_text")
    return f"{card.get('vp', 0)} VP" + (f"; {effect}" if effect else "")


def render_panel(view: View) -> Image.Image:
    """The seat's private panel: its pieces on the left, the decision and its numbered options
    on the right. Like the board, it is put together on Targi's palette from parts kept by
    what they show, so a step of a turn draws again only the rows it changed."""
    seat = panel_seat(view)
    decision = _decision(view)
    # whose pieces the left column shows: the panel's seat, else (spectators) the deciding one
    subject = seat if seat is not None else (int(decision["seat"]) if decision else None)
    player = next((p for p in view.get("players", []) if p.get("seat") == subject), None)
    options = view_options(view)
    rx = PANEL_LEFT_W + 20
    rw = PANEL_W - rx - 16
    prompt_font = font(22)
    prompt_lines = (
        lay.wrap(str(decision.get("prompt", "")), prompt_font, rw, 3) if decision else []
    )
    list_top = 122 + len(prompt_lines) * (lay.line_height(prompt_font) + 2) + 12
    columns = 2 if len(options) > 14 else 1
    rows = -(-len(options) // columns) if options else 0
    revealed = [c for c in view.get("revealed", []) if isinstance(c, Mapping)][:3]
    revealed_top = list_top + rows * ACTION_ROW + 8
    bottom = revealed_top + (CELL + 40 if revealed and decision else 0)
    height = max(PANEL_MIN_H, bottom + 16)
    panel = flat_board(PALETTE, (PANEL_W, height), pal.BACKGROUND, "targi-panel")
    title = seat_label(view, seat) if seat is not None else None
    panel.part_in_place(
        (0, 0, PANEL_W, PANEL_HEADER_H),
        _key("panel-header", seat, title, round_text(view), status.phase_text(view)),
        lambda image, draw: _draw_panel_header(image, draw, view, seat))
    hand_title = "Hand" if subject == seat else f"{seat_label(view, subject or 0)}'s hand"
    split = rx - GLYPH_BLEED  # where the left column's parts end and the right column's begin
    hand = player.get("hand") if player else None
    since = player.get("hand_since_round") if player else None
    panel.part_in_place(
        (0, PANEL_HEADER_H, split, PANEL_GOODS_TOP), _key("panel-hand", hand_title, hand, since),
        lambda image, draw: _draw_panel_hand(image, draw, hand_title, hand, since))
    if player is not None:
        goods = _resources(player)
        panel.part_in_place(
            (0, PANEL_GOODS_TOP, split, PANEL_DISPLAY_TOP), _key("panel-goods", goods),
            lambda image, draw: _draw_panel_goods(image, draw, player))
        display = list(player.get("display", []))
        panel.part_in_place(
            (0, PANEL_DISPLAY_TOP, split, height), _key("panel-display", display),
            lambda image, draw: draw_display(image, draw, (16, PANEL_DISPLAY_TOP + 4), display))

    # right column: the prompt and the numbered actions
    if decision is None:
        outcome = view.get("outcome")
        panel.part_in_place((split, PANEL_HEADER_H, PANEL_W, height),
                            _key("panel-none", isinstance(outcome, Mapping)),
                            lambda image, draw: draw_no_decision(draw, rx, view))
        return panel.image
    mine = seat is not None and decision.get("seat") == seat
    who = int(decision.get("seat", 0))
    heading = "Your decision" if mine else f"Waiting for {seat_label(view, who)}"
    panel.part_in_place(
        (split, PANEL_HEADER_H, PANEL_W, list_top),
        _key("panel-prompt", heading, prompt_lines),
        lambda image, draw: draw_prompt(draw, rx, heading, prompt_lines, prompt_font))
    label = label_font(options, rw // columns - 62)
    boxes = option_boxes(len(options), (rx, list_top), rw, columns, rows, ACTION_ROW)
    for number, (option, box) in enumerate(zip(options, boxes, strict=True), start=1):
        _draw_option(panel, view, number, option, box, label)
    if revealed:  # the cards the decision is about (Caravan, Tribal Expansion)
        panel.part_in_place(
            (split, revealed_top, PANEL_W, height), _key("panel-revealed", revealed),
            lambda image, draw: _draw_revealed(image, draw, revealed, (rx, revealed_top)))
    return panel.image


PANEL_HEADER_H = 65  # the seat's coloured band and the line under it
PANEL_GOODS_TOP = 336  # the left column: the hand card above, the goods, then the display
PANEL_DISPLAY_TOP = 410


def _draw_panel_hand(
    image: Image.Image, draw: ImageDraw.ImageDraw, title: str, hand: Any, since: Any
) -> None:
    """The hand card of the seat the left column shows, and since when it is held."""
    lx = 16
    draw.text((lx, 78), title, font=font(20, bold=True), fill=pal.INK_MUTED)
    if isinstance(hand, Mapping) and hand.get("type") == "tribe":
        image.paste(card_face(hand, None, 300, 200), (lx, 106))
        if since:
            draw.text((lx, 312), f"held since round {since}", font=font(18), fill=pal.INK_MUTED)
    else:
        lay.rounded(draw, (lx, 106, lx + 300, 306), 10, fill=pal.PANEL, outline=pal.PANEL_EDGE,
                    line=2)
        draw.text((lx + 150, 206), "no card in hand", font=font(20), fill=pal.INK_MUTED,
                  anchor="mm")


def _draw_panel_goods(
    image: Image.Image, draw: ImageDraw.ImageDraw, player: Mapping[str, Any]
) -> None:
    lx, top = 16, PANEL_GOODS_TOP + 6
    lay.rounded(draw, (lx, top, lx + 336, top + 56), 10, fill=pal.PANEL)
    draw_resources(image, draw, (lx + 10, top + 15), player, size=26, step=65)


def _draw_revealed(
    image: Image.Image, draw: ImageDraw.ImageDraw, cards: Sequence[Mapping[str, Any]],
    xy: tuple[int, int],
) -> None:
    x, y = xy
    draw.text((x, y), "Revealed", font=font(20, bold=True), fill=pal.INK_MUTED)
    for i, card in enumerate(cards):
        image.paste(card_face(card, None), (x + i * (CELL + 12), y + 30))


def _draw_panel_header(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: View, seat: int | None
) -> None:
    if seat is not None:
        draw.rectangle((0, 0, PANEL_W, 62), fill=colours.seat_fill(seat))
        draw.line((0, 62, PANEL_W, 62), fill=colours.seat_outline(seat), width=3)
        paste(image, icons.figure(seat, 48), (14, 7))
        title = f"{seat_label(view, seat)} — your panel"
        ink = colours.seat_ink(seat)
    else:
        draw.rectangle((0, 0, PANEL_W, 62), fill=pal.PANEL)
        title = "Spectator view"
        ink = pal.INK_LIGHT
    draw.text((74, 31), title, font=font(28, bold=True), fill=ink, anchor="lm")
    draw.text((PANEL_W - 16, 31), f"{round_text(view)} · {status.phase_text(view)}",
              font=font(22, bold=True), fill=ink, anchor="rm")


def _draw_option(
    panel: PaletteBoard, view: View, number: int, option: Option, box: Box, label: lay.Font,
) -> None:
    """One numbered option with the goods it moves, or else a hint from the card it names."""
    targets = option_targets(option)
    items = option_items(targets)
    hint = option_hint(view, targets)

    def paint(image: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        def extra(_: Option, room: Box) -> None:
            left, top, right, bottom = room
            size = fit_items(items, right - 6 - left, (28, 24, 20)) if items else 0
            if items and left + items_width(items, size) <= right - 6:
                draw_items(image, draw, (left, top + (bottom - top - size) // 2), items, size,
                           ink=pal.INK_LIGHT)
            else:
                _draw_whole_hint(draw, room, hint)

        draw_option(draw, number, option, box, label, extra)

    x0, y0, x1, y1 = box
    panel.part_in_place((x0 - GLYPH_BLEED, y0, x1 - GLYPH_BLEED, y1),
                        _key("panel-option", number, option_label(option), label.size, items,
                             hint), paint)


def _draw_whole_hint(draw: ImageDraw.ImageDraw, room: Box, hint: str) -> None:
    """An option's hint in its free room, on up to two lines; left out when it would not fit
    whole (it repeats what the board or the option's card already says)."""
    left, top, right, bottom = room
    box = (left, top + 1, right - 8, bottom - 1)
    small = font(14)
    if not hint or any(small.getlength(word) > box[2] - box[0] for word in hint.split()):
        return
    lines = lay.wrap(hint, small, box[2] - box[0])
    if len(lines) > 2 or len(lines) * lay.line_height(small) > box[3] - box[1]:
        return
    fitted = fit_text(hint, box, largest=18, smallest=14, spacing=0, max_lines=2)
    draw_fitted(draw, fitted, fill=pal.INK_MUTED, valign="middle")
