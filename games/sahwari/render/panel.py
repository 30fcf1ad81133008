"""The private Sahwari panel: the seat's own caravans with their faces, the caravans it has
spied, and its numbered options.

Only the view of the seat it is drawn for knows these faces; the panel is sent to that seat
alone.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import partial
from typing import Any

from PIL import Image, ImageDraw

from games.sahwari.render import cards, icons
from games.sahwari.render.board import PHASES, caravan_chip
from games.sahwari.render.pieces import (
    View,
    as_int,
    as_list,
    as_map,
    decision_of,
    face_icons,
    flat,
    plural,
    seat_camel,
    seat_colours,
    seat_label,
    turn_of,
    wrapped,
)
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

PANEL_W = 1100
LEFT_W = 420
ACTION_ROW = 42
CARAVAN_ROW = 50


def panel_seat(view: View) -> int | None:
    """Whose panel this is: the viewer of the view, else the seat deciding now."""
    viewer = view.get("viewer")
    if isinstance(viewer, int):
        return viewer
    decision = decision_of(view)
    if decision is not None and view_options(view):
        return as_int(decision.get("seat"))
    return None


def describe(caravan: Mapping[str, Any]) -> str:
    """``+3 and Spyglass``: a caravan's face in words, as the engine words it."""
    face = as_map(caravan.get("face"))
    return str(face.get("text") or "face unknown")


def private_caravans(view: View, key: str) -> list[Mapping[str, Any]]:
    """The seat's own face-down caravans (``caravans``) or what it has spied (``spied``)."""
    private = as_map(view.get("private"))
    return [c for c in as_list(private.get(key)) if isinstance(c, Mapping)]


def face_chip(caravan: Mapping[str, Any], size: int) -> Image.Image:
    """A caravan drawn face up for the one seat that may see its face."""
    return caravan_chip({**caravan, "face_up": True}, size)


def _caravan_rows(image: Image.Image, draw: ImageDraw.ImageDraw, top: int, title: str,
                  rows: Sequence[tuple[Mapping[str, Any], str]], empty: str) -> int:
    x0, x1 = 16, LEFT_W
    draw.text((x0, top), title, font=font(22, bold=True), fill=pal.INK_MUTED)
    y = top + 34
    if not rows:
        draw.text((x0, y + 4), empty, font=font(20), fill=pal.INK_MUTED)
        return y + 40
    for caravan, where in rows:
        lay.rounded(draw, (x0, y, x1, y + CARAVAN_ROW - 6), 8, fill=pal.PANEL)
        paste(image, icons.caravan_back(38, str(caravan.get("colour", "yellow")),
                                        str(caravan.get("handle", ""))), (x0 + 6, y + 3))
        tx = x0 + 50
        if face_icons(caravan):
            chip = face_chip(caravan, 38)
            paste(image, chip, (tx, y + 3))
            tx += chip.width + 8
        text = describe(caravan)
        if where:
            text = f"{where}: {text}"
        mid = y + (CARAVAN_ROW - 6) / 2
        lines = wrapped(text, 20, x1 - 8 - tx)
        if len(lines) == 1:
            draw.text((tx, mid), lines[0], font=font(20), fill=pal.INK_LIGHT, anchor="lm")
        else:  # two smaller lines rather than a shortened one
            for i, line in enumerate(wrapped(text, 18, x1 - 8 - tx)[:2]):
                draw.text((tx, mid - 11 + 22 * i), line, font=font(18), fill=pal.INK_LIGHT,
                          anchor="lm")
        y += CARAVAN_ROW
    return y + 8


SUMMARY_H = 180
ROW_STRIP_H = 34 + 84 + 20
MARKET_STRIP_H = 34 + 196 + 20


def summary_lines(view: View, seat: int | None) -> list[str]:
    """The seat's own clan in words: its influence so far (its own view counts every one of
    its caravans), tracks and tokens."""
    player = next((p for p in as_list(view.get("players"))
                   if isinstance(p, Mapping) and p.get("seat") == seat), None)
    if player is None:
        return []
    storage, recruits = as_map(player.get("storage")), as_map(player.get("recruits"))
    return [
        f"Influence so far: {as_int(player.get('score'))}",
        f"Storage: {plural(as_int(storage.get('cubes')), 'cube')}",
        f"Recruit track: {plural(as_int(recruits.get('pawns')), 'pawn')}",
        f"Strategy tokens: {as_int(player.get('strategy'))} · "
        f"locks: {as_int(player.get('locks_left'))}",
    ]


def _draw_clan_summary(draw: ImageDraw.ImageDraw, view: View, seat: int | None, top: int) -> None:
    lines = summary_lines(view, seat)
    if not lines:
        return
    draw.text((16, top), "Your clan", font=font(22, bold=True), fill=pal.INK_MUTED)
    y = top + 34
    for line in lines:
        for piece in wrapped(line, 20, LEFT_W - 16):
            draw.text((16, y), piece, font=font(20), fill=pal.INK_LIGHT)
            y += 28


def option_columns(options: Sequence[Option], width: int) -> int:
    """Two columns for a long list, unless a label would not fit whole in one: a taller
    panel reads better than shortened options."""
    if len(options) <= 12:
        return 1
    room = width // 2 - 62
    small = font(18, bold=True)
    labels = [str(o.get("label") or o.get("notation", "")) for o in options]
    return 2 if all(small.getlength(label) <= room for label in labels) else 1


def render_panel(view: View) -> Image.Image:
    seat = panel_seat(view)
    decision = decision_of(view)
    options = view_options(view)
    mine = decision is not None and seat is not None and decision.get("seat") == seat
    rx = LEFT_W + 24
    rw = PANEL_W - rx - 16
    prompt_font = font(22)
    prompt = str(decision.get("prompt", "")) if decision else ""
    prompt_lines = lay.wrap(prompt, prompt_font, rw, 3) if decision else []
    list_top = 122 + len(prompt_lines) * (lay.line_height(prompt_font) + 2) + 12
    columns = option_columns(options, rw)
    rows = -(-len(options) // columns) if options else 0
    own_rows = [(c, "") for c in private_caravans(view, "caravans")]
    spy_rows = [(s, str(s.get("where", ""))) for s in private_caravans(view, "spied")]
    left_h = 76 + 40 + max(1, len(own_rows)) * CARAVAN_ROW + 60 + \
        max(1, len(spy_rows)) * CARAVAN_ROW + 24 + SUMMARY_H
    top_h = max(480, list_top + rows * ACTION_ROW + 20, left_h)
    player = next((p for p in as_list(view.get("players"))
                   if isinstance(p, Mapping) and p.get("seat") == seat), None)
    market = [c for c in as_list(view.get("market")) if isinstance(c, Mapping)]
    show_market = decision is not None and decision.get("kind") == "recruit_card" and market
    height = top_h + (ROW_STRIP_H if player is not None else 0) + \
        (MARKET_STRIP_H if show_market else 0)
    image = Image.new("RGB", (PANEL_W, height), pal.BACKGROUND)
    draw = ImageDraw.Draw(image)
    _draw_header(image, draw, view, seat)
    if seat is None:  # nobody's secrets: say so rather than list empty ones
        lay.paragraph(draw, (16, 84, LEFT_W, 200), "Spectators see every caravan face down.",
                      font(20), pal.INK_MUTED)
    else:
        y = _caravan_rows(image, draw, 80, "Your caravans", own_rows, "No caravans yet")
        y = _caravan_rows(image, draw, y + 10, "You have spied", spy_rows, "Nothing spied yet")
        _draw_clan_summary(draw, view, seat, y + 10)
    y = top_h
    if player is not None:  # the row a new card or a cube would go into
        draw.text((16, y), "Your clan row", font=font(22, bold=True), fill=pal.INK_MUTED)
        room = (PANEL_W - 32, cards.ROW_CARD_H)
        row = flat(("row", cards.row_key(player), room), pal.BACKGROUND,
                   lambda: cards.fitted(cards.clan_row(player), room))
        image.paste(row, (16, y + 34))
        y += ROW_STRIP_H
    if show_market:  # the cards to choose from, with their edges
        draw.text((16, y), "Recruit market", font=font(22, bold=True), fill=pal.INK_MUTED)
        for i, card in enumerate(market[:4]):
            picture = flat(("market", cards.card_key(card)), pal.BACKGROUND,
                           partial(cards.market_card, card))
            image.paste(picture, (16 + i * (cards.MARKET_W + 12), y + 34))
    if decision is None:
        draw_no_decision(draw, rx, view)
        return image
    who = as_int(decision.get("seat"))
    heading = "Your decision" if mine else f"Waiting for {seat_label(view, who)}"
    draw_prompt(draw, rx, heading, prompt_lines, prompt_font)
    _draw_options(image, draw, options, (rx, list_top), rw, columns, rows)
    return image


def _draw_header(image: Image.Image, draw: ImageDraw.ImageDraw, view: View,
                 seat: int | None) -> None:
    if seat is not None:
        fill, edge, ink = seat_colours(view, seat)
        draw.rectangle((0, 0, PANEL_W, 62), fill=fill)
        draw.line((0, 62, PANEL_W, 62), fill=edge, width=3)
        paste(image, seat_camel(view, seat, 44), (14, 8))
        title = f"{seat_label(view, seat)} — your panel"
        x = 68
    else:
        draw.rectangle((0, 0, PANEL_W, 62), fill=pal.PANEL)
        ink = pal.INK_LIGHT
        title, x = "Spectator view", 16
    draw.text((x, 31), title, font=font(28, bold=True), fill=ink, anchor="lm")
    now = turn_of(view)
    phase = PHASES.get(str(now.get("phase", "")), "")
    turn = f"Turn {as_int(now.get('number'), 1)}" + (f" · {phase}" if phase else "")
    draw.text((PANEL_W - 16, 31), turn, font=font(22, bold=True), fill=ink, anchor="rm")


def _draw_options(image: Image.Image, draw: ImageDraw.ImageDraw, options: Sequence[Option],
                  origin: tuple[int, int], width: int, columns: int, rows: int) -> None:
    def extra(option: Option, room: lay.Box) -> None:
        targets = option_targets(option)
        keys = [str(k) for k in as_list(targets.get("icons"))]
        left, top, right, bottom = room
        if keys and left + 30 * len(keys) < right:
            for i, key in enumerate(keys):
                paste(image, icons.effect(key, 28), (left + i * 30, (top + bottom) // 2 - 14))
            return
        draw_hint(draw, room, str(targets.get("hint", "")) if columns == 1 else "")

    draw_options(draw, options, origin, width, columns, rows, ACTION_ROW, extra)
