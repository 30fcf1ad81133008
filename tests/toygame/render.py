"""The toy game's pictures: its market, scores and decision, drawn with the shared kit."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from renderers.kit import layout as lay
from renderers.kit import palette as pal
from renderers.kit.fonts import font
from renderers.kit.preview import mark_changed, ring_width
from renderers.kit.quantize import Palette

WIDTH, HEIGHT = 1200, 500
PALETTE = Palette([pal.BACKGROUND, pal.PANEL, pal.CARD, pal.INK_LIGHT, pal.INK_DARK,
                   pal.HIGHLIGHT], (pal.BACKGROUND, pal.PANEL, pal.CARD),
                  (pal.INK_LIGHT, pal.INK_DARK, pal.HIGHLIGHT))


def render_board(
    view: Mapping[str, Any], previous: Mapping[str, Any] | None = None
) -> Image.Image:
    image = Image.new("RGB", (WIDTH, HEIGHT), pal.BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.text((40, 30), "Toy", font=font(48, bold=True), fill=pal.INK_LIGHT)
    before = list(previous["market"]) if previous is not None else list(view["market"])
    for i, card in enumerate(view["market"]):
        x = 40 + i * 260
        draw.rounded_rectangle((x, 120, x + 220, 400), 16, fill=pal.CARD)
        if i >= len(before) or before[i] != card:
            mark_changed(draw, (x, 120, x + 220, 400), ring_width(WIDTH))
        lay.text(draw, (x + 30, 220), card or "—", font(64, bold=True), pal.INK_DARK)
    scores = "   ".join(f"Player {s + 1}: {v}" for s, v in enumerate(view["scores"]))
    draw.text((620, 140), scores, font=font(32), fill=pal.INK_LIGHT)
    draw.text((620, 200), f"Deck: {view['deck']}", font=font(32), fill=pal.INK_LIGHT)
    decision = view.get("decision")
    if decision:
        draw.text((620, 260), decision["prompt"], font=font(28), fill=pal.HIGHLIGHT)
    return image


def render_panel(view: Mapping[str, Any]) -> Image.Image:
    return render_board(view)
