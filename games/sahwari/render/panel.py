"""The private Sahwari panel: the seat's own caravans with their faces, the caravans it has
spied, and its numbered options.

Only the view of the seat it is drawn for knows these faces; the panel is sent to that seat
alone.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from PIL import Image, ImageDraw

from games.sahwari.render import cards, colours, icons, targets
from games.sahwari.render.board import PHASES, caravan_chip
from games.sahwari.render.palette import PALETTE
from games.sahwari.render.pieces import (
    GUILD_POS,
    ROWS,
    View,
    as_int,
    as_list,
    as_map,
    camels_at,
    decision_of,
    face_icons,
    flat,
    plural,
    position,
    seat_camel,
    seat_colours,
    seat_label,
    seat_mark,
    tiles,
    turn_of,
    wrapped,
)
from renderers.kit import layout as lay
from renderers.kit import palette as pal
from renderers.kit.cache import key_of
from renderers.kit.compose import GLYPH_BLEED, PaletteBoard, flat_board
from renderers.kit.fit import Box, Fitted
from renderers.kit.icons import paste
from renderers.kit.options import (
    Option,
    draw_no_decision,
    option_label,
    option_targets,
    view_options,
)
from renderers.kit.words import draw_fitted, fit_text, font

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


def caravan_rows_height(rows: Sequence[Any]) -> int:
    """How far down ``_caravan_rows`` draws from its top."""
    return 34 + (len(rows) * CARAVAN_ROW + 8 if rows else 40)


def _caravan_rows(top: int, title: str, rows: Sequence[tuple[Mapping[str, Any], str]],
                  empty: str, numbers: Mapping[str, list[int]], image: Image.Image,
                  draw: ImageDraw.ImageDraw) -> None:
    x0, x1 = 16, LEFT_W
    draw.text((x0, top), title, font=font(22, bold=True), fill=pal.INK_MUTED)
    y = top + 34
    if not rows:
        draw.text((x0, y + 4), empty, font=font(20), fill=pal.INK_MUTED)
        return
    for caravan, where in rows:
        lay.rounded(draw, (x0, y, x1, y + CARAVAN_ROW - 6), 8, fill=pal.PANEL)
        handle = str(caravan.get("handle", ""))
        paste(image, icons.caravan_back(38, str(caravan.get("colour", "yellow")), handle),
              (x0 + 6, y + 3))
        tx = x0 + 50
        if face_icons(caravan):
            chip = face_chip(caravan, 38)
            paste(image, chip, (tx, y + 3))
            tx += chip.width + 8
        right = x1 - 8
        marked = numbers.get(handle, [])
        if marked:
            right -= len(marked) * (targets.BADGE + 2)
            targets.draw_badges(image, marked, (right + 2, y + 7), x1)
        words = describe(caravan)
        if where:
            words = f"{where}: {words}"
        fitted = fit_text(words, (tx, y + 2, right, y + CARAVAN_ROW - 8), largest=20,
                          smallest=14, spacing=0)
        draw_fitted(draw, fitted, fill=pal.INK_LIGHT, valign="middle")
        y += CARAVAN_ROW


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


def clan_summary_height(lines: Sequence[str]) -> int:
    """How far down ``_draw_clan_summary`` draws from its top."""
    return 34 + 28 * sum(len(wrapped(line, 20, LEFT_W - 16)) for line in lines) if lines else 0


def _draw_clan_summary(lines: Sequence[str], top: int, image: Image.Image,
                       draw: ImageDraw.ImageDraw) -> None:
    if not lines:
        return
    draw.text((16, top), "Your clan", font=font(22, bold=True), fill=pal.INK_MUTED)
    y = top + 34
    for line in lines:
        for piece in wrapped(line, 20, LEFT_W - 16):
            draw.text((16, y), piece, font=font(20), fill=pal.INK_LIGHT)
            y += 28


OPTION_LINES = 4  # a leader to keep is offered with its whole ability
OPTION_LARGEST, OPTION_SMALLEST = 22, 18


def option_columns(options: Sequence[Option], width: int) -> int:
    """Two columns for a long list, unless a label would not fit whole on one line there: a
    taller panel reads better than shortened options."""
    if len(options) <= 12:
        return 1
    room = width // 2 - 62
    small = font(OPTION_SMALLEST, bold=True)
    labels = [option_label(o) for o in options]
    return 2 if all(small.getlength(label) <= room for label in labels) else 1


def option_rows(options: Sequence[Option], width: int, columns: int) -> list[Fitted]:
    """Each option's label laid out whole in its row, wrapping onto more lines when long."""
    col_w = width // columns
    left, right = 44, col_w - 18
    tall = OPTION_LINES * (OPTION_LARGEST + 8)
    return [fit_text(option_label(o), (left, 0, right, tall), largest=OPTION_LARGEST,
                     smallest=OPTION_SMALLEST, bold=True, spacing=2) for o in options]


def row_height(fitted: Fitted) -> int:
    return max(ACTION_ROW, fitted.height + 20)


MAP_CELL = 100  # room for three option badges above a tile's camel ids
MAP_STRIP_H = 34 + 5 * (MAP_CELL + 4) + 36
TILE_COLOURS = {"resource": colours.RESOURCE_TILE, "desert": colours.DESERT_TILE,
                "oasis": colours.OASIS_TILE, "guild": colours.GUILD_TILE}


def render_panel(view: View) -> Image.Image:
    seat = panel_seat(view)
    decision = decision_of(view)
    options = view_options(view)
    marked = targets.marks(options, seat)
    mine = decision is not None and seat is not None and decision.get("seat") == seat
    rx = LEFT_W + 24
    rw = PANEL_W - rx - 16
    prompt = str(decision.get("prompt", "")) if decision else ""
    asked = fit_text(prompt, (rx, 122, rx + rw, 122 + 3 * 30), largest=22, smallest=18)
    list_top = 122 + (asked.height if prompt else 0) + 16
    columns = option_columns(options, rw)
    rows = -(-len(options) // columns) if options else 0
    fitted = option_rows(options, rw, columns)
    heights = [row_height(f) for f in fitted]
    per_column = [heights[c * rows:(c + 1) * rows] for c in range(columns)]
    list_h = max((sum(h) for h in per_column), default=0)
    map_top = list_top + list_h + 12
    seats_top = map_top + (MAP_STRIP_H if marked.tiles else 0)
    list_end = seats_top + (SEATS_STRIP_H if marked.seats else 0)
    own_rows = [(c, "") for c in private_caravans(view, "caravans")]
    spy_rows = [(s, str(s.get("where", ""))) for s in private_caravans(view, "spied")]
    left_h = 76 + 40 + max(1, len(own_rows)) * CARAVAN_ROW + 60 + \
        max(1, len(spy_rows)) * CARAVAN_ROW + 24 + SUMMARY_H
    top_h = max(480, list_end + 20, left_h)
    player = next((p for p in as_list(view.get("players"))
                   if isinstance(p, Mapping) and p.get("seat") == seat), None)
    market = [c for c in as_list(view.get("market")) if isinstance(c, Mapping)]
    show_market = bool(market) and decision is not None and (
        decision.get("kind") == "recruit_card" or bool(marked.cards))
    spaces = {name: n for (owner, name), n in marked.spaces.items() if owner == seat}
    row_h = ROW_STRIP_H + (targets.BADGE + 4 if spaces else 0)
    storage_h = STORAGE_STRIP_H if marked.storage and player is not None else 0
    market_h = MARKET_STRIP_H + (targets.BADGE + 4 if marked.cards else 0)
    height = (top_h + (row_h if player is not None else 0) + storage_h
              + (market_h if show_market else 0))
    panel = flat_board(PALETTE, (PANEL_W, height), pal.BACKGROUND, "sahwari-panel")
    _lay_header(panel, view, seat)
    split = rx - GLYPH_BLEED  # where the left column's parts end and the right column's begin
    if seat is None:  # nobody's secrets: say so rather than list empty ones
        panel.part_in_place((0, BAND_H, split, top_h), ("spectator",),
                            lambda image, draw: draw.text(
                                (16, 84), "Spectators see every caravan face down.",
                                font=font(20), fill=pal.INK_MUTED))
    else:
        y, part_top = 80, BAND_H  # the first list's part reaches up to the band
        for title, listed, empty in (("Your caravans", own_rows, "No caravans yet"),
                                     ("You have spied", spy_rows, "Nothing spied yet")):
            bottom = y + caravan_rows_height(listed)
            panel.part_at(
                (0, part_top), (0, 0, split, bottom - part_top),
                ("caravans", y - part_top, title, key_of(listed), key_of(marked.caravans)),
                partial(_caravan_rows, y - part_top, title, listed, empty, marked.caravans))
            y = part_top = bottom + 10
        lines = summary_lines(view, seat)
        summary_h = min(clan_summary_height(lines), top_h - y)
        if summary_h > 0:
            panel.part_at((0, y), (0, 0, split, summary_h), ("clan", tuple(lines)),
                          partial(_draw_clan_summary, lines, 0))
    y = top_h
    if player is not None:  # the row a new card or a cube would go into
        slot = END_SLOT_W + 8 if marked.ends else 0  # room for a new card at either end
        row_shows = (cards.row_key(player), key_of(player.get("junctions")), slot,
                     key_of(spaces), key_of(marked.ends))
        panel.part_at((0, y), (0, 0, PANEL_W, row_h), ("clan row", row_shows),
                      partial(_draw_clan_row, player, slot, spaces, marked.ends, 0))
        y += row_h
    if storage_h and player is not None:  # the storage spaces an option fills or unlocks
        storage_shows = (key_of(player.get("storage")), key_of(marked.storage))
        panel.part_at((0, y), (0, 0, PANEL_W, storage_h), ("storage", storage_shows),
                      partial(_draw_storage, player, marked.storage, 0))
        y += storage_h
    if show_market:  # the cards to choose from, with their edges
        market_shows = key_of(([cards.card_key(c) for c in market[:4]], marked.cards))
        panel.part_at((0, y), (0, 0, PANEL_W, market_h), ("market", market_shows),
                      partial(_draw_market, market[:4], marked.cards, 0))
    if decision is None:
        panel.part_in_place((split, BAND_H, PANEL_W, top_h),
                            ("no decision", isinstance(view.get("outcome"), Mapping)),
                            lambda image, draw: draw_no_decision(draw, rx, view))
        return panel.image
    who = as_int(decision.get("seat"))
    heading = "Your decision" if mine else f"Waiting for {seat_label(view, who)}"

    def draw_prompt(image: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        draw.text((rx, 78), heading, font=font(26, bold=True), fill=pal.HIGHLIGHT)
        if prompt:
            draw_fitted(draw, asked, fill=pal.INK_LIGHT)

    panel.part_in_place((split, BAND_H, PANEL_W, list_top), ("prompt", heading, prompt),
                        draw_prompt)
    col_w = rw // columns
    for i, option in enumerate(options):
        col = i // rows
        x = rx + col * col_w
        y = list_top + sum(heights[col * rows:i])
        box = (x, 0, x + col_w - 9, heights[i] - 5)
        shown_beside = option_shown(option, view)
        panel.part_at((0, y), box, ("option", i + 1, option_label(option), shown_beside),
                      partial(_draw_option, i + 1, fitted[i], shown_beside, box))
    if marked.tiles:
        _lay_map(panel, view, marked, map_top)
    if marked.seats:
        seats = [(s, seat_label(view, s), seat_colours(view, s), seat_mark(view, s),
                  marked.seats[s]) for s in sorted(marked.seats)]
        panel.part_at((0, seats_top), (split, 0, PANEL_W, SEATS_STRIP_H),
                      ("seats", key_of(seats)),
                      partial(_draw_seats, view, marked.seats, (rx, 0)))
    return panel.image


# The band at the top, with the line under it; every other part starts below it.
BAND_H = 65


TURN_W = 330  # the band's right end, holding the turn: "Turn 12 · Guild camel" fits


def _lay_header(panel: PaletteBoard, view: View, seat: int | None) -> None:
    """The band in two parts, so that a new turn or phase draws only its right end again."""
    now = turn_of(view)
    phase = PHASES.get(str(now.get("phase", "")), "")
    turn = f"Turn {as_int(now.get('number'), 1)}" + (f" · {phase}" if phase else "")
    whose = (None,) if seat is None else (
        seat, seat_label(view, seat), seat_colours(view, seat), seat_mark(view, seat))
    # where the right part begins: left of the turn's words, however long they are
    right = min(PANEL_W - TURN_W,
                PANEL_W - 16 - math.ceil(font(22, bold=True).getlength(turn)) - GLYPH_BLEED)
    panel.part_in_place((0, 0, right, BAND_H), ("header", whose),
                        partial(_draw_header, view, seat, None))
    panel.part_in_place((right, 0, PANEL_W, BAND_H), ("header end", whose, turn),
                        partial(_draw_header, view, seat, turn))


def _draw_header(view: View, seat: int | None, turn: str | None, image: Image.Image,
                 draw: ImageDraw.ImageDraw) -> None:
    """The band with the seat's camel and name, and ``turn`` at its right end if given."""
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
    if turn is not None:
        draw.text((PANEL_W - 16, 31), turn, font=font(22, bold=True), fill=ink, anchor="rm")


def _draw_clan_row(player: Mapping[str, Any], slot: int, spaces: Mapping[str, list[int]],
                   ends: Mapping[str, list[int]], y: int, image: Image.Image,
                   draw: ImageDraw.ImageDraw) -> None:
    draw.text((16, y), "Your clan row", font=font(22, bold=True), fill=pal.INK_MUTED)
    room = (PANEL_W - 32 - 2 * slot, cards.ROW_CARD_H)
    row = flat(("row", cards.row_key(player), room), pal.BACKGROUND,
               lambda: cards.fitted(cards.clan_row(player), room))
    image.paste(row, (16 + slot, y + 34))
    if spaces:
        _draw_space_badges(image, player, row.width, spaces,
                           (16 + slot, y + 34 + row.height + 4))
    if ends:
        _draw_end_slots(image, draw, ends, (16, y + 34, 16 + 2 * slot + row.width,
                                            y + 34 + row.height))


def _draw_market(market: Sequence[Mapping[str, Any]], numbers: Mapping[str, list[int]], y: int,
                 image: Image.Image, draw: ImageDraw.ImageDraw) -> None:
    draw.text((16, y), "Recruit market", font=font(22, bold=True), fill=pal.INK_MUTED)
    for i, card in enumerate(market):
        picture = flat(("market", cards.card_key(card)), pal.BACKGROUND,
                       partial(cards.market_card, card))
        x = 16 + i * (cards.MARKET_W + 12)
        image.paste(picture, (x, y + 34))
        targets.draw_badges(image, numbers.get(str(card.get("id", "")), []),
                            (x, y + 34 + cards.MARKET_H + 4), x + cards.MARKET_W)


SEATS_STRIP_H = 34 + 48 + 12
STORAGE_STRIP_H = 34 + cards.TRACK_CELL + 16 + targets.BADGE + 4 + 12


def _draw_seats(view: View, numbers: Mapping[int, list[int]], origin: tuple[int, int],
                image: Image.Image, draw: ImageDraw.ImageDraw) -> None:
    """The seats options point at (whose caravans to look at), each with its camel, name and
    the options' numbers."""
    x, y0 = origin
    draw.text((x, y0), "Players", font=font(22, bold=True), fill=pal.INK_MUTED)
    y = y0 + 34
    for seat in sorted(numbers):
        paste(image, seat_camel(view, seat, 40), (x, y + 4))
        x += 46
        draw.text((x, y + 24), seat_label(view, seat), font=font(22, bold=True),
                  fill=pal.INK_LIGHT, anchor="lm")
        x += round(font(22, bold=True).getlength(seat_label(view, seat))) + 8
        targets.draw_badges(image, numbers[seat], (x, y + 9), PANEL_W - 8)
        x += len(numbers[seat]) * (targets.BADGE + 2) + 24


END_SLOT_W = 2 * (targets.BADGE + 2) + 10


def end_slot(ends_box: Box, end: str) -> Box:
    """The empty place at the ``end`` ("left" or "right") of the clan row drawn between the two
    slots of ``ends_box``, where a new card would go."""
    x0, y0, x1, y1 = ends_box
    return (x0, y0, x0 + END_SLOT_W, y1) if end == "left" else (x1 - END_SLOT_W, y0, x1, y1)


def _draw_end_slots(image: Image.Image, draw: ImageDraw.ImageDraw,
                    ends: Mapping[str, list[int]], ends_box: Box) -> None:
    """An outlined empty place at each end of the clan row a new card may take, holding the
    numbers of the options that put it there."""
    for end, numbers in ends.items():
        x0, y0, x1, y1 = end_slot(ends_box, end)
        draw.rounded_rectangle((x0, y0, x1, y1), radius=8, outline=pal.HIGHLIGHT, width=3)
        targets.draw_badges(image, numbers, (x0 + 5, y0 + 6), x1 - 3)


def storage_cell_x(player: Mapping[str, Any], space: int) -> int | None:
    """Where storage space ``space`` (from 1) starts on the panel's storage track, if any."""
    cells = [as_map(c) for c in as_list(as_map(player.get("storage")).get("spaces"))]
    numbers = [as_int(c.get("space"), i + 1) for i, c in enumerate(cells)]
    if space not in numbers:
        return None
    return 28 + numbers.index(space) * (cards.TRACK_CELL + 4)


def _draw_storage(player: Mapping[str, Any], numbers: Mapping[int, list[int]], top: int,
                  image: Image.Image, draw: ImageDraw.ImageDraw) -> None:
    """The seat's storage track with the numbers of the options that fill or unlock a space."""
    draw.text((16, top), "Your storage", font=font(22, bold=True), fill=pal.INK_MUTED)
    strip = cards.storage_strip(player)
    lay.rounded(draw, (16, top + 34, 40 + strip.width, top + 34 + strip.height + 16), 10,
                fill=pal.PANEL)
    image.paste(strip, (28, top + 42))
    for space, marks in numbers.items():
        x = storage_cell_x(player, space)
        if x is not None:
            targets.draw_badges(image, marks, (x + (cards.TRACK_CELL - targets.BADGE) // 2,
                                               top + 34 + strip.height + 20), PANEL_W - 8)


def _draw_space_badges(image: Image.Image, player: Mapping[str, Any], shown_w: int,
                       spaces: Mapping[str, list[int]], origin: tuple[int, int]) -> None:
    """Option numbers under the artifact spaces they point at, along the shown clan row."""
    names = [str(as_map(j).get("name", "")) for j in as_list(player.get("junctions"))]
    seams = cards.seams(player)
    natural = cards.clan_row(player).width
    scale = shown_w / max(1, natural)
    for name, numbers in spaces.items():
        if name in names and names.index(name) < len(seams):
            x = origin[0] + round(seams[names.index(name)] * scale) - targets.BADGE // 2
            targets.draw_badges(image, numbers, (x, origin[1]), PANEL_W - 8)


def map_cell(origin: tuple[int, int], pos: str) -> Box:
    """Where tile ``pos`` (A1..E5) is on the panel's small map drawn at ``origin``."""
    gx, gy = origin[0] + 26, origin[1] + 34 + 24
    row, col = ROWS.index(pos[0]), int(pos[1]) - 1
    x, y = gx + col * (MAP_CELL + 4), gy + row * (MAP_CELL + 4)
    return x, y, x + MAP_CELL, y + MAP_CELL


@dataclass(frozen=True)
class MapPiece:
    """One thing the small map draws over its frame, with the box it stays inside and a key
    naming all it shows."""

    box: Box
    key: Hashable
    draw: Callable[[Image.Image, ImageDraw.ImageDraw], None]


def _lay_map(panel: PaletteBoard, view: View, marked: targets.Marks, top: int) -> None:
    """The small map, under the options from ``top``: its frame (title and labels), then its
    tiles' places one part each, holding every piece that reaches into it. A decision changes
    the marks on a few tiles, and the parts of the others are found again wherever the map
    stands."""
    origin = (LEFT_W + 24, 0)  # the map's own coordinates; the parts stand at (0, top)
    gx, gy = map_cell(origin, "A1")[:2]
    panel.part_at((0, top), (origin[0] - GLYPH_BLEED, 0, PANEL_W, gy - 2), ("map head",),
                  partial(_draw_map_head, origin))
    panel.part_at((0, top), (origin[0] - GLYPH_BLEED, gy - 2, gx - 2, MAP_STRIP_H),
                  ("map rows",), partial(_draw_map_rows, origin))
    # each place is a tile with half the gap around it; the bottom row's reach the strip's foot
    step = MAP_CELL + 4
    places: list[list[MapPiece]] = [[] for _ in range(25)]
    for piece in _map_pieces(view, marked, origin):
        x0, y0, x1, y1 = piece.box
        cols = range(max(0, (x0 - gx + 2) // step), min(4, (x1 - 1 - gx + 2) // step) + 1)
        rows = range(max(0, (y0 - gy + 2) // step), min(4, (y1 - 1 - gy + 2) // step) + 1)
        for row in rows:
            for col in cols:
                places[row * 5 + col].append(piece)
    for i, here in enumerate(places):
        x, y = gx + (i % 5) * step - 2, gy + (i // 5) * step - 2
        box = (x, y, x + step, y + step if i < 20 else MAP_STRIP_H)
        panel.part_at((0, top), box, ("map place", tuple(p.key for p in here)),
                      partial(_draw_pieces, here))


def _draw_pieces(pieces: Sequence[MapPiece], image: Image.Image,
                 draw: ImageDraw.ImageDraw) -> None:
    for piece in pieces:
        piece.draw(image, draw)


def _draw_map_head(origin: tuple[int, int], image: Image.Image,
                   draw: ImageDraw.ImageDraw) -> None:
    x0, y0 = origin
    draw.text((x0, y0), "On the map", font=font(22, bold=True), fill=pal.INK_MUTED)
    gx, gy = map_cell(origin, "A1")[:2]
    for i in range(5):
        draw.text((gx + i * (MAP_CELL + 4) + MAP_CELL / 2, gy - 12), str(i + 1),
                  font=font(18, bold=True), fill=pal.INK_MUTED, anchor="mm")


def _draw_map_rows(origin: tuple[int, int], image: Image.Image,
                   draw: ImageDraw.ImageDraw) -> None:
    gx, gy = map_cell(origin, "A1")[:2]
    for i in range(5):
        draw.text((gx - 14, gy + i * (MAP_CELL + 4) + MAP_CELL / 2), ROWS[i],
                  font=font(18, bold=True), fill=pal.INK_MUTED, anchor="mm")


def _map_pieces(view: View, marked: targets.Marks, origin: tuple[int, int]) -> list[MapPiece]:
    """What the small map shows over its frame, in the order it is drawn: each tile's side,
    the way a camel would go (under the camel ids, so they stay readable), the camels on each
    tile by id, and the numbers of the options that point at each tile."""
    by_pos = tiles(view)

    def kind_at(pos: str) -> str:
        return "guild" if pos == GUILD_POS else str(by_pos.get(pos, {}).get("kind", "resource"))

    def around(pos: str) -> Box:  # a tile with the gap around it, where its pieces draw
        x0, y0, x1, y1 = map_cell(origin, pos)
        return x0 - 2, y0 - 2, x1 + 2, y1 + 2

    pieces: list[MapPiece] = []
    for row in range(5):
        for col in range(5):
            pos = position(row, col)
            colour = TILE_COLOURS.get(kind_at(pos), colours.RESOURCE_TILE)
            pieces.append(MapPiece(around(pos), ("tile", pos, colour), partial(
                _draw_tile, map_cell(origin, pos), colour)))
    for start, stop in marked.paths:
        if on_map(start) and on_map(stop):
            # the arrow runs between the two tiles' middles, well inside their width
            a, b = around(start), around(stop)
            box = (min(a[0], b[0]), min(a[1], b[1]), max(a[2], b[2]), max(a[3], b[3]))
            pieces.append(MapPiece(box, ("arrow", start, stop), partial(
                _draw_arrow, map_cell(origin, start), map_cell(origin, stop))))
    wanted = set(marked.camels)
    for pos, herd_here in camels_at(view).items():
        ids = " ".join(str(c.get("id", "")) for c in herd_here)
        if ids and on_map(pos):
            ink = pal.INK_DARK if kind_at(pos) == "resource" else pal.INK_LIGHT
            ringed = tuple(word for word in ids.split(" ") if word in wanted)
            pieces.append(MapPiece(around(pos), ("herd", pos, ids, ink, ringed), partial(
                _draw_herd, map_cell(origin, pos), ids, ink, wanted)))
    for pos, numbers in marked.tiles.items():
        if on_map(pos):
            x, y, right, _ = map_cell(origin, pos)
            pieces.append(MapPiece(
                targets.badges_box(len(numbers), (x + 2, y + 2), right),
                ("badges", pos, tuple(numbers)),
                partial(_draw_tile_badges, numbers, (x + 2, y + 2), right)))
    return pieces


def _draw_tile(cell: Box, colour: pal.RGB, image: Image.Image,
               draw: ImageDraw.ImageDraw) -> None:
    draw.rounded_rectangle(cell, radius=6, fill=colour)


def _draw_herd(cell: Box, ids: str, ink: pal.RGB, wanted: set[str], image: Image.Image,
               draw: ImageDraw.ImageDraw) -> None:
    x, y, _, _ = cell
    herd = fit_text(ids, (x + 2, y + MAP_CELL - 34, x + MAP_CELL - 2, y + MAP_CELL - 2),
                    largest=18, smallest=12, bold=True, spacing=0)
    draw_fitted(draw, herd, fill=ink, valign="middle")
    _ring_camels(draw, herd, wanted)


def _draw_tile_badges(numbers: Sequence[int], xy: tuple[int, int], right: int,
                      image: Image.Image, draw: ImageDraw.ImageDraw) -> None:
    targets.draw_badges(image, numbers, xy, right)


def _ring_camels(draw: ImageDraw.ImageDraw, herd: Fitted, wanted: set[str]) -> None:
    """A frame around each camel id in a tile's herd that an option points at."""
    x0, y0, _, y1 = herd.box
    y = y0 + max(0, (y1 - y0 - herd.height) // 2)
    for line in herd.lines:
        x = float(x0)
        for word in line.split(" "):
            w = herd.font.getlength(word)
            if word in wanted:
                draw.rectangle((round(x) - 2, y - 1, round(x + w) + 2, y + herd.step),
                               outline=pal.HIGHLIGHT, width=2)
            x += w + herd.font.getlength(" ")
        y += herd.step


def on_map(pos: str) -> bool:
    return len(pos) == 2 and pos[0] in ROWS and pos[1] in "12345"


def _draw_arrow(start: Box, stop: Box, image: Image.Image,
                draw: ImageDraw.ImageDraw) -> None:
    """An arrow from the edge of one small-map tile (leaving the camel ids on it readable) into
    another, in the badges' colour with a dark rim so it shows on every tile."""
    ax, ay = (start[0] + start[2]) / 2, (start[1] + start[3]) / 2
    bx, by = (stop[0] + stop[2]) / 2, (stop[1] + stop[3]) / 2
    length = max(1.0, ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5)
    ux, uy = (bx - ax) / length, (by - ay) / length
    ax, ay = ax + ux * MAP_CELL * 0.4, ay + uy * MAP_CELL * 0.4
    tip = (bx - ux * MAP_CELL * 0.1, by - uy * MAP_CELL * 0.1)
    head = 12
    wings = [(tip[0] - ux * head - uy * head * 0.7, tip[1] - uy * head + ux * head * 0.7),
             (tip[0] - ux * head + uy * head * 0.7, tip[1] - uy * head - ux * head * 0.7)]
    for colour, width in ((pal.INK_DARK, 8), (pal.HIGHLIGHT, 4)):
        draw.line((ax, ay, tip[0] - ux * head * 0.5, tip[1] - uy * head * 0.5), fill=colour,
                  width=width)
    draw.polygon([tip, *wings], fill=pal.HIGHLIGHT, outline=pal.INK_DARK, width=2)


def _draw_option(number: int, label: Fitted, shown: Sequence[Shown], box: Box,
                 image: Image.Image, draw: ImageDraw.ImageDraw) -> None:
    """A numbered option in its part (``box``), its label whole; what it names beside a
    one-line label when there is room."""
    x, y = box[0], box[1]
    h = box[3] - y - 1
    right = box[2] - 1
    lay.rounded(draw, (x, y, right, y + h), 8, fill=pal.PANEL)
    draw.text((x + 22, y + h / 2), str(number), font=font(20, bold=True), fill=pal.HIGHLIGHT,
              anchor="mm")
    lx0, _, lx1, _ = label.box
    placed = replace(label, box=(x + lx0, y + 4, x + lx1, y + h - 4))
    draw_fitted(draw, placed, fill=pal.INK_LIGHT, valign="middle")
    if shown and len(label.lines) == 1:
        used = x + lx0 + round(max(label.font.getlength(t) for t in label.lines)) + 14
        if used + 30 * len(shown) < right:
            for n, what in enumerate(shown):
                paste(image, option_picture(what), (used + n * 30, y + h // 2 - 14))


# What an option shows beside its words: ("effect", name), ("cube",), ("pawn",), or
# ("caravan", colour, handle)
Shown = tuple[str, ...]


def option_shown(option: Option, view: View) -> tuple[Shown, ...]:
    """What to show beside an option's words: the effect icons it names, and the resource it
    takes (a cube, a recruit, or a caravan face down with its handle)."""
    found = option_targets(option)
    shown: list[Shown] = [("effect", str(k)) for k in as_list(found.get("icons"))]
    item = found.get("item")
    if item in ("cube", "pawn"):
        shown.append((str(item),))
    elif item == "caravan":
        handle = str(found.get("caravan", ""))
        lying = [i for t in as_list(view.get("map")) for i in as_list(as_map(t).get("items"))
                 if as_map(i).get("handle") == handle]
        colour = str(as_map(lying[0]).get("colour", "yellow")) if lying else "yellow"
        shown.append(("caravan", colour, handle))
    return tuple(shown)


def option_picture(shown: Shown) -> Image.Image:
    kind = shown[0]
    if kind == "effect":
        return icons.effect(shown[1], 28)
    if kind == "caravan":
        return icons.caravan_back(28, shown[1], shown[2])
    return icons.cube(28) if kind == "cube" else icons.pawn(28)
