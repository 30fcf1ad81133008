"""A tribe card in a player's area: its symbol icon, name, printed VP and whole effect.

Twelve of these fill a display, so a tile is small; its effect is wrapped and shrunk to fit,
never cut (the longest effect text fits at the smallest size).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from games.targi.render import colours, icons
from renderers.kit import palette as pal
from renderers.kit import sprites
from renderers.kit.icons import paste
from renderers.kit.words import draw_fitted, fit_text, font

TILE_W, TILE_H, TILE_GAP = 140, 100, 6
TILE_BAND = 26
EFFECT_INK = {
    "immediate": colours.EFFECT_IMMEDIATE,
    "permanent": colours.EFFECT_PERMANENT,
    "end": colours.EFFECT_END,
}


def tile_name(card: Mapping[str, Any]) -> str:
    """``"Camel CA5"``: the symbol and the id the moves and posts use."""
    return f"{str(card.get('symbol', 'Tribe')).capitalize()} {card.get('id', '')}".strip()


def tile(
    card: Mapping[str, Any] | None, hidden: bool = False, row: int | None = None
) -> Image.Image:
    """A tile for ``card``; None is an empty slot (of display ``row``, which it names as the
    moves do: "Row 2"), ``hidden`` a face-down card."""
    key = ("targi-tile", hidden, row, json.dumps(card, sort_keys=True) if card else None)
    return sprites.get(key, lambda: _build(card, hidden, row))


def _build(card: Mapping[str, Any] | None, hidden: bool, row: int | None) -> Image.Image:
    image = Image.new("RGB", (TILE_W, TILE_H), pal.PANEL)
    draw = ImageDraw.Draw(image)
    box = (0, 0, TILE_W - 1, TILE_H - 1)
    if card is None or hidden:
        fill = colours.TRIBE_BACK if hidden else pal.PANEL
        draw.rounded_rectangle(box, radius=8, fill=fill, outline=pal.PANEL_EDGE, width=2)
        if hidden:
            draw.text((TILE_W / 2, TILE_H / 2), "hidden", font=font(16), fill=pal.INK_LIGHT,
                      anchor="mm")
        elif row is not None:
            draw.text((TILE_W / 2, TILE_H / 2), f"Row {row}", font=font(16), fill=pal.INK_MUTED,
                      anchor="mm")
        return image
    symbol = str(card.get("symbol", ""))
    colour = colours.SYMBOL_COLOURS.get(symbol, pal.CARD_EDGE)
    draw.rounded_rectangle(box, radius=8, fill=pal.CARD, outline=colour, width=2)
    draw.rounded_rectangle((0, 0, TILE_W - 1, TILE_BAND), radius=8, fill=colour,
                           corners=(True, True, False, False))
    paste(image, icons.tribe(symbol, 20, framed=False), (3, 3))
    vp_side = 20
    vx = TILE_W - 4 - vp_side
    draw.ellipse((vx, 3, vx + vp_side, 3 + vp_side), fill=pal.CARD, outline=pal.INK_DARK, width=2)
    draw.text((vx + vp_side / 2, 3 + vp_side / 2), str(card.get("vp", "")),
              font=font(15, bold=True), fill=pal.INK_DARK, anchor="mm")
    name = fit_text(tile_name(card), (25, 4, vx - 2, TILE_BAND - 2), largest=15, smallest=14,
                    bold=True, max_lines=1)
    draw_fitted(draw, name, fill=pal.INK_DARK, valign="middle")
    body = (6, TILE_BAND + 2, TILE_W - 6, TILE_H - 2)
    effect = card.get("effect_text")
    if effect:
        ink = EFFECT_INK.get(str(card.get("effect_kind")), pal.INK_DARK)
        fitted = fit_text(str(effect), body, largest=16, smallest=14, spacing=0)
        draw_fitted(draw, fitted, fill=ink)
    else:
        draw.text((body[0], body[1] + 2), "No effect", font=font(15), fill=pal.INK_SOFT)
    return image
