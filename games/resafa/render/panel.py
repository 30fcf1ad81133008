"""The private Resafa panel: the seat's hand and numbered options above its own workshop area.

The hand is listed only in the seat's own view; the options only when that seat decides.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image, ImageDraw

from games.resafa.render import area
from games.resafa.render.model import (
    View,
    colour_fill,
    colour_ink,
    decision_of,
    items,
    number,
    players,
    seat_colours,
    seat_label,
    short,
)
from games.resafa.render.pieces import card_text, seat_disc
from renderers.kit import layout as lay
from renderers.kit import palette as pal
from renderers.kit.fonts import font
from renderers.kit.icons import paste
from renderers.kit.options import (
    Option,
    draw_hint,
    draw_no_decision,
    draw_options,
    draw_prompt,
    option_targets,
    view_options,
)

PANEL_W = 1000
LEFT_W = 390
HEADER_H = 62
ACTION_ROW = 42
HAND_TOP = HEADER_H + 48
HAND_ROW = 58


def panel_seat(view: View) -> int | None:
    """Whose panel this is: the seat whose hand the view shows, else the seat deciding now."""
    for player in players(view):
        if isinstance(player.get("hand"), list):
            return number(player.get("seat"))
    decision = decision_of(view)
    if decision is not None and view_options(view):
        return number(decision.get("seat"))
    return None


def render_panel(view: View) -> Image.Image:
    seat = panel_seat(view)
    decision = decision_of(view)
    options = view_options(view)
    mine = decision is not None and seat is not None and decision.get("seat") == seat
    player = next((p for p in players(view) if p.get("seat") == seat), None)
    rx = LEFT_W + 28
    rw = PANEL_W - rx - 16
    prompt_font = font(22)
    prompt = short(decision.get("prompt")) + "." if decision else ""
    prompt_lines = lay.wrap(prompt, prompt_font, rw, 3) if decision else []
    list_top = 122 + len(prompt_lines) * (lay.line_height(prompt_font) + 2) + 12
    columns = 2 if len(options) > 12 else 1
    rows = -(-len(options) // columns) if options else 0
    hand = items(player.get("hand")) if player else []
    top_h = max(HAND_TOP + max(1, len(hand)) * HAND_ROW + 60, list_top + rows * ACTION_ROW + 16,
                300)
    show_area = seat is not None and player is not None
    height = top_h + (area.HEIGHT if show_area else 0)
    image = Image.new("RGB", (PANEL_W, height), pal.BACKGROUND)
    draw = ImageDraw.Draw(image)
    _header(image, draw, view, seat)
    if player is not None:
        _hand(draw, player, hand)
    if show_area and seat is not None:
        marks = option_cells(options) if mine else {}
        image.paste(area.render_area(view, seat, marks), (0, top_h))
    if decision is None:
        draw_no_decision(draw, rx, view)
        return image
    who = number(decision.get("seat"))
    heading = "Your decision" if mine else f"Waiting for {seat_label(view, who)}"
    draw_prompt(draw, rx, heading, prompt_lines, prompt_font)
    draw_options(draw, options, (rx, list_top), rw, columns, rows, ACTION_ROW,
                 lambda option, room: _hint(draw, option, room))
    return image


def _header(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, seat: int | None) -> None:
    if seat is not None:
        fill, edge, ink = seat_colours(view, seat)
        draw.rectangle((0, 0, PANEL_W, HEADER_H), fill=fill)
        draw.line((0, HEADER_H, PANEL_W, HEADER_H), fill=edge, width=3)
        paste(image, seat_disc(view, seat, 40), (16, 11))
        title = f"{seat_label(view, seat)} — your panel"
        x = 72
    else:
        draw.rectangle((0, 0, PANEL_W, HEADER_H), fill=pal.PANEL)
        ink = pal.INK_LIGHT
        title, x = "Spectator view", 16
    draw.text((x, HEADER_H // 2), title, font=font(28, bold=True), fill=ink, anchor="lm")
    draw.text((PANEL_W - 16, HEADER_H // 2), f"Round {number(view.get('round'), 1)} / 6",
              font=font(24, bold=True), fill=ink, anchor="rm")


def _hand(draw: ImageDraw.ImageDraw, player: Mapping[str, Any],
          hand: list[Mapping[str, Any]]) -> None:
    x0, x1 = 16, LEFT_W
    count = number(player.get("hand_count"), len(hand))
    deck = number(player.get("deck_count"))
    draw.text((x0, HEADER_H + 16), f"Your hand ({count}) · deck {deck}",
              font=font(20, bold=True), fill=pal.INK_MUTED)
    y = HAND_TOP
    if not hand:
        lay.rounded(draw, (x0, y, x1, y + HAND_ROW - 6), 8, fill=pal.PANEL)
        draw.text(((x0 + x1) / 2, y + HAND_ROW / 2 - 3), "no cards", font=font(20),
                  fill=pal.INK_MUTED, anchor="mm")
        return
    for card in hand:
        _hand_card(draw, (x0, y, x1, y + HAND_ROW - 6), card)
        y += HAND_ROW
    pending = number(player.get("pending_yellow"))
    if pending:
        draw.text((x0, y + 4), f"{pending} yellow card(s) waiting for the next reset",
                  font=font(18), fill=pal.INK_MUTED)


def _hand_card(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int],
               card: Mapping[str, Any]) -> None:
    """An action card as its two halves (action and colour each), or a bonus or sack card as
    its effect."""
    x0, y0, x1, y1 = box
    lay.rounded(draw, box, 8, fill=pal.CARD, outline=pal.CARD_EDGE, line=2)
    ident = str(card.get("id", ""))
    bold = font(18, bold=True)
    x = x0 + 10 + lay.text(draw, (x0 + 10, (y0 + y1) // 2), ident, bold, pal.INK_SOFT,
                           anchor="lm") + 10
    halves = items(card.get("halves"))
    if halves:
        half_w = (x1 - x - 8) // 2
        for i, half in enumerate(halves[:2]):
            hx = x + i * (half_w + 4)
            code = str(half.get("colour", ""))
            lay.rounded(draw, (hx, y0 + 6, hx + half_w, y1 - 6), 6, fill=colour_fill(code),
                        outline=pal.CARD_EDGE)
            text = short(half.get("action")).capitalize()
            perk = "★" if half.get("perk") else ""
            label = f"{text} {perk}".strip()
            f = bold if bold.getlength(label) <= half_w - 12 else font(18)
            lay.text(draw, (hx + 6, (y0 + y1) // 2), label, f, colour_ink(code),
                     max_width=half_w - 10, anchor="lm")
        return
    kind = str(card.get("kind", ""))
    code = str(card.get("colour", ""))
    if code:
        draw.rectangle((x0 + 2, y0 + 2, x0 + 7, y1 - 2), fill=colour_fill(code))
    label = card_text(card) or kind
    lines = lay.wrap(label, font(18), x1 - 8 - x, 2)
    y = (y0 + y1) // 2 - 11 * len(lines)
    for line in lines:
        draw.text((x, y), line, font=font(18), fill=pal.INK_DARK)
        y += 22


def option_cells(options: list[Option]) -> dict[str, str]:
    """The workshop-area cells the options name in their targets ("c3"), by the number the
    panel gives each option, so a placement can be read off the grid."""
    return {str(option_targets(o)["cell"]): str(i + 1) for i, o in enumerate(options)
            if isinstance(option_targets(o).get("cell"), str)}


def _hint(draw: ImageDraw.ImageDraw, option: Option, room: lay.Box) -> None:
    targets = option_targets(option)
    hint = targets.get("hint") or targets.get("text")
    draw_hint(draw, room, short(hint) if hint else "")
