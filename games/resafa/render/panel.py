"""The private Resafa panel: the seat's hand and numbered options above its own workshop area.

The hand is listed only in the seat's own view; the options only when that seat decides.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any

from PIL import Image, ImageDraw

from games.resafa.render import area, option_maps, roads
from games.resafa.render.model import (
    View,
    colour_fill,
    colour_ink,
    decision_of,
    items,
    mapping,
    number,
    players,
    seat_colours,
    seat_label,
    short,
)
from games.resafa.render.palette import PALETTE
from games.resafa.render.pieces import card_text, line, seat_disc
from renderers.kit import layout as lay
from renderers.kit import palette as pal
from renderers.kit.cache import key_of
from renderers.kit.compose import GLYPH_BLEED, PaletteBoard, flat_board
from renderers.kit.icons import paste
from renderers.kit.options import (
    Option,
    draw_no_decision,
    option_boxes,
    option_label,
    option_targets,
    view_options,
)
from renderers.kit.words import draw_fitted, fit_text, font

PANEL_W = 1000
LEFT_W = 390
HEADER_H = 62
ACTION_ROW = 46
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
    """The seat's panel, put together on Resafa's palette from parts kept by what they show
    (``renderers.kit.compose``): a sub-decision draws again only what it changed."""
    seat = panel_seat(view)
    decision = decision_of(view)
    options = view_options(view)
    mine = decision is not None and seat is not None and decision.get("seat") == seat
    player = next((p for p in players(view) if p.get("seat") == seat), None)
    rx = LEFT_W + 28
    rw = PANEL_W - rx - 16
    prompt = short(decision.get("prompt")) + "." if decision else ""
    fitted_prompt = fit_text(prompt, (rx, PROMPT_TOP, rx + rw, PROMPT_TOP + PROMPT_H),
                             largest=22, smallest=14)
    list_top = PROMPT_TOP + (fitted_prompt.height if decision else 0) + 14
    columns = 2 if len(options) > 12 else 1
    rows = -(-len(options) // columns) if options else 0
    row_h = option_row_height(options, rw // columns)
    hand = items(player.get("hand")) if player else []
    marks = option_marks(options) if mine else {}
    maps = _maps(view, marks)
    hand_h = max(HAND_ROW, sum(hand_row(c) for c in hand))
    left_h = HAND_TOP + hand_h + 60 + sum(height + 12 for _, height, _, _ in maps)
    top_h = max(left_h, list_top + rows * row_h + 16, 300)
    height = top_h + (area.area_height(player) if player is not None and seat is not None else 0)
    panel = flat_board(PALETTE, (PANEL_W, height), pal.BACKGROUND, "resafa-panel", ImageDraw.Draw)
    panel.part_in_place((0, 0, PANEL_W, BAND_H), _header_key(view, seat),
                        lambda image, draw: _header(image, draw, view, seat))
    split = rx - GLYPH_BLEED  # where the left column's parts end and the right column's begin
    if player is not None:
        _lay_hand(panel, split, player, hand, marks.get("card", {}))
        y = _hand_bottom(player, hand)
        for name, map_h, key, paint in maps:
            origin = (16, y + 12)
            panel.part_in_place((0, y, split, origin[1] + map_h), (name, key),
                                functools.partial(_map_part, paint, origin))
            y = origin[1] + map_h
    if player is not None and seat is not None:  # laid straight on: no picture of its own
        area.lay_area(panel, (0, top_h), view, seat, player, marks.get("cell", {}))
    if decision is None:
        ended = isinstance(view.get("outcome"), Mapping)
        panel.part_in_place((split, BAND_H, PANEL_W, top_h), ("no decision", ended),
                            lambda image, draw: draw_no_decision(draw, rx, view))
        return panel.image
    who = number(decision.get("seat"))
    heading = "Your decision" if mine else f"Waiting for {seat_label(view, who)}"

    def draw_prompt(image: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        draw.text((rx, 78), heading, font=font(26, bold=True), fill=pal.HIGHLIGHT)
        draw_fitted(draw, fitted_prompt, fill=pal.INK_LIGHT)

    panel.part_in_place((split, BAND_H, PANEL_W, list_top), ("prompt", heading, prompt),
                        draw_prompt)
    boxes = option_boxes(len(options), (rx, list_top), rw, columns, rows, row_h)
    for i, (option, box) in enumerate(zip(options, boxes, strict=True), start=1):
        label = option_label(option)
        panel.part_in_place((box[0], box[1], box[2] - 9, box[3] - 5), ("option", i, label),
                            functools.partial(_option, i, label, box))
    return panel.image


# The band at the top, with the line under it; every other part starts below it.
BAND_H = HEADER_H + 3


def _header_key(view: View, seat: int | None) -> tuple[Any, ...]:
    shown = None if seat is None else (seat, seat_label(view, seat), seat_colours(view, seat))
    return "header", shown, number(view.get("round"), 1)


PROMPT_TOP, PROMPT_H = 122, 84


LABEL_LARGEST, LABEL_SMALLEST = 22, 13


def option_row_height(options: list[Option], col_w: int) -> int:
    """The row height at which every option's label fits whole: one row size for the whole
    list, taller only when a label needs more lines."""
    f = font(LABEL_SMALLEST, bold=True)
    room = col_w - 44 - 18
    lines = max((len(lay.wrap(option_label(o), f, room)) for o in options), default=1)
    return max(ACTION_ROW, lines * lay.line_height(f) + 10)


def _map_part(paint: Painter, origin: tuple[int, int], image: Image.Image,
              draw: ImageDraw.ImageDraw) -> None:
    paint(draw, origin)


def _option(number: int, label: str, box: lay.Box, image: Image.Image,
            draw: ImageDraw.ImageDraw) -> None:
    """A numbered option in its box (``option_boxes``), its label whole (wrapped, then
    smaller)."""
    x, y, right, bottom = box
    h = bottom - y - 6
    right -= 10
    lay.rounded(draw, (x, y, right, y + h), 8, fill=pal.PANEL)
    draw.text((x + 22, y + h / 2), str(number), font=font(20, bold=True), fill=pal.HIGHLIGHT,
              anchor="mm")
    fitted = fit_text(label, (x + 44, y + 2, right - 8, y + h - 2),
                      largest=LABEL_LARGEST, smallest=LABEL_SMALLEST, bold=True, spacing=0)
    draw_fitted(draw, fitted, fill=pal.INK_LIGHT, valign="middle")


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


def _lay_hand(panel: PaletteBoard, right: int, player: Mapping[str, Any],
              hand: list[Mapping[str, Any]], marks: Mapping[str, str]) -> None:
    """The seat's hand under its title down to ``_hand_bottom``, each card a part of its own
    (kept wherever it stands) marked with the numbers of the options that name it: a
    sub-decision draws again only the cards whose numbers changed."""
    count = number(player.get("hand_count"), len(hand))
    deck = number(player.get("deck_count"))
    panel.part_in_place((0, BAND_H, right, HAND_TOP), ("hand title", count, deck),
                        lambda image, draw: draw.text(
                            (16, HEADER_H + 16), f"Your hand ({count}) · deck {deck}",
                            font=font(20, bold=True), fill=pal.INK_MUTED))
    y = HAND_TOP
    if not hand:
        panel.part_in_place((0, y, right, y + HAND_ROW), "no cards", _no_cards)
        return
    for card in hand:
        mark = marks.get(str(card.get("id", "")))
        row = hand_row(card)
        panel.stamp((0, y, right, y + row), ("hand card", key_of(card), mark),
                    functools.partial(_hand_row, card, mark, (16, y, LEFT_W, y + row)))
        y += row
    pending = number(player.get("pending_yellow"))
    if pending:
        panel.part_in_place((0, y, right, y + PENDING_H), ("pending", pending),
                            lambda image, draw: draw.text(
                                (16, y + 4), f"{pending} yellow card(s) waiting for the next "
                                "reset", font=font(18), fill=pal.INK_MUTED))


PENDING_H = 28  # the line under the hand about yellow cards waiting


def _no_cards(image: Image.Image, draw: ImageDraw.ImageDraw) -> None:
    x0, x1, y = 16, LEFT_W, HAND_TOP
    lay.rounded(draw, (x0, y, x1, y + HAND_ROW - 6), 8, fill=pal.PANEL)
    draw.text(((x0 + x1) / 2, y + HAND_ROW / 2 - 3), "no cards", font=font(20),
              fill=pal.INK_MUTED, anchor="mm")


def _hand_row(card: Mapping[str, Any], mark: str | None, row: lay.Box, image: Image.Image,
              draw: ImageDraw.ImageDraw, at: tuple[int, int]) -> None:
    """A hand card in its ``row`` (left, top, right, bottom) of the panel, drawn ``at`` an
    offset, after a tag with the numbers of the options naming it."""
    x0, y, x1, bottom = row[0] + at[0], row[1] + at[1], row[2] + at[0], row[3] + at[1]
    _hand_card(draw, (x0 + (MARK_W if mark else 0), y, x1, bottom - 6), card)
    if mark:
        _badge(draw, (x0, y + 4, x0 + MARK_W - 6, bottom - 10), mark)


MARK_W = 44


def hand_row(card: Mapping[str, Any]) -> int:
    """A hand card's row: taller than HAND_ROW when the card's whole effect needs more lines
    even at the smallest size (the room left when the card carries option numbers)."""
    if items(card.get("halves")):
        return HAND_ROW
    ident = str(card.get("id", ""))
    width = LEFT_W - 16 - MARK_W - 28 - round(font(18, bold=True).getlength(ident))
    label = card_text(card) or str(card.get("kind", ""))
    tall = fit_text(label, (0, 0, width, 10_000), largest=12, smallest=12, spacing=0)
    return HAND_ROW if tall.height <= HAND_ROW - 12 else tall.height + 18
NETWORK_CELL = 40
NETWORK_H = 30 + 4 * (NETWORK_CELL + 4)


def _badge(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], mark: str) -> None:
    """Option numbers on a highlighted tag."""
    lay.rounded(draw, box, 6, fill=pal.HIGHLIGHT)
    x0, y0, x1, y1 = box
    line(draw, ((x0 + x1) / 2, (y0 + y1) / 2), mark, x1 - x0 - 4, pal.INK_DARK, size=20,
         bold=True, anchor="mm")


Painter = Callable[[ImageDraw.ImageDraw, tuple[int, int]], None]


def map_origins(view: View) -> dict[str, tuple[int, int]]:
    """Where the panel of ``view`` draws each of its small maps ("space", "place", "track",
    "card"),
    by the top-left corner of each."""
    seat = panel_seat(view)
    player = next((p for p in players(view) if p.get("seat") == seat), None)
    decision = decision_of(view)
    if player is None or decision is None or decision.get("seat") != seat:
        return {}
    y = _hand_bottom(player, items(player.get("hand")))
    found = {}
    for name, height, _key, _paint in _maps(view, option_marks(view_options(view))):
        found[name] = (16, y + 12)
        y += height + 12
    return found


def _hand_bottom(player: Mapping[str, Any], hand: list[Mapping[str, Any]]) -> int:
    """The y under the hand as ``_hand`` draws it."""
    if not hand:
        return HAND_TOP + HAND_ROW
    return HAND_TOP + sum(hand_row(c) for c in hand) + (
        PENDING_H if number(player.get("pending_yellow")) else 0)


def _maps(view: View, marks: Mapping[str, Mapping[str, str]],
          ) -> list[tuple[str, int, str, Painter]]:
    """The small maps under the hand, each with its height and a key naming all it shows: one
    for each part of the board that an option points at (network spaces, road-map places,
    tracks, offered cards)."""
    found: list[tuple[str, int, str, Painter]] = []
    spaces = marks.get("space", {})
    if spaces:
        found.append(("space", NETWORK_H, key_of(spaces),
                      lambda draw, origin: _network(draw, origin, spaces)))
    places = dict(marks.get("node", {}))
    for city, numbers in marks.get("city", {}).items():  # a city as a caravan's way's end
        both = f"{places[city]},{numbers}" if city in places else numbers
        places[city] = ",".join(sorted(set(both.split(",")), key=int))
    if places:
        # the road map names its places as the view's map does, and draws its roads
        shown = (places, mapping(view.get("map")).get("nodes"), roads.roads(view))
        found.append(("place", option_maps.MAP_H, key_of(shown),
                      lambda draw, origin: option_maps.draw_road_map(draw, origin, view, places)))
    steps, levels = marks.get("track", {}), marks.get("level", {})
    if steps or levels:
        found.append(("track", option_maps.TRACKS_H, key_of((steps, levels)),
                      lambda draw, origin: option_maps.draw_tracks(draw, origin, steps, levels)))
    held = {str(c.get("id", "")) for p in players(view) for c in items(p.get("hand"))}
    offered = {card: numbers for card, numbers in marks.get("card", {}).items()
               if card not in held}  # a hand card carries its numbers in the hand
    if offered:
        found.append(("card", option_maps.cards_height((0, 0), offered), key_of(offered),
                      lambda draw, origin: option_maps.draw_cards(draw, origin, offered)))
    return found


def network_cell_box(origin: tuple[int, int], name: str) -> tuple[int, int, int, int]:
    """Where the panel's network map, drawn at ``origin``, puts space ``name`` ("23")."""
    row, col = int(name[0]), int(name[1])
    x = origin[0] + (col - 1) * (NETWORK_CELL + 4)
    y = origin[1] + 28 + (row - 1) * (NETWORK_CELL + 4)
    return x, y, x + NETWORK_CELL, y + NETWORK_CELL


def _network(draw: ImageDraw.ImageDraw, origin: tuple[int, int], marks: Mapping[str, str],
             ) -> None:
    """The water network's 4×5 spaces by name, the ones the options name carrying their
    numbers (the board shows what lies on each)."""
    x0, y0 = origin
    draw.text((x0, y0), "WATER NETWORK SPACES", font=font(18, bold=True), fill=pal.INK_MUTED)
    for row in range(1, 5):
        for col in range(1, 6):
            name = f"{row}{col}"
            box = network_cell_box(origin, name)
            x, y = box[0], box[1]
            mark = marks.get(name)
            if mark:
                _badge(draw, box, mark)
                continue
            lay.rounded(draw, box, 5, fill=pal.EMPTY_CELL)
            draw.text((x + NETWORK_CELL / 2, y + NETWORK_CELL / 2), name, font=font(16),
                      fill=pal.INK_MUTED, anchor="mm")


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
            line(draw, (hx + 6, (y0 + y1) // 2), label, half_w - 10, colour_ink(code),
                 bold=True, anchor="lm")
        return
    kind = str(card.get("kind", ""))
    code = str(card.get("colour", ""))
    if code:
        draw.rectangle((x0 + 2, y0 + 2, x0 + 7, y1 - 2), fill=colour_fill(code))
    label = card_text(card) or kind
    fitted = fit_text(label, (x, y0 + 3, x1 - 8, y1 - 3), largest=18, smallest=12, spacing=0)
    draw_fitted(draw, fitted, fill=pal.INK_DARK, valign="middle")


def option_marks(options: list[Option]) -> dict[str, dict[str, str]]:
    """What the options point at, by kind of place ("cell", "space", "card", ...), each place
    with the numbers the panel gives the options naming it ("c3": "1", "23": "2,5"). Targets
    are read generically: a place is named by its ``name`` when the targets give one, else by
    the value itself; grid indices are turned into the names the pictures print."""
    found: dict[str, dict[str, str]] = {}
    for i, option in enumerate(options):
        for kind, place in _places(option_targets(option)):
            shown = found.setdefault(kind, {})
            shown[place] = f"{shown[place]},{i + 1}" if place in shown else str(i + 1)
    return found


def option_cells(options: list[Option]) -> dict[str, str]:
    """The workshop-area cells the options name ("c3"), by option number."""
    return option_marks(options).get("cell", {})


def _places(targets: Mapping[str, Any]) -> list[tuple[str, str]]:
    name = targets.get("name")
    track = targets.get("track")
    found: list[tuple[str, str]] = []
    for kind, value in targets.items():
        if kind in ("name", "seat", "hint", "text") or isinstance(value, bool) or value == "":
            continue
        if isinstance(track, str) and "level" in targets and kind in ("track", "level", "card"):
            if kind == "level":  # a level space ("Y2"), where its top card lies, is the place
                found.append(("level", f"{track}{value}"))
            continue
        if kind == "to":  # where a water cube goes: a network space too
            found.append(("space", str(value)))
            continue
        if isinstance(name, str) and kind in ("cell", "space"):
            found.append((kind, name))
        elif kind == "cell" and isinstance(value, int):
            found.append((kind, f"{'abcdefgh'[value % 8]}{value // 8 + 1}"))
        elif kind == "space" and isinstance(value, int):
            found.append((kind, f"{value // 5 + 1}{value % 5 + 1}"))
        elif isinstance(value, str | int):
            found.append((kind, str(value)))
    return found
