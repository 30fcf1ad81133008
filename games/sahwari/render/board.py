"""The public Sahwari board: the 5×5 map, the recruit market, the Guild village, the turn and
phase, and every clan board (recruit cards in their chain, artifacts, tracks and tokens).

It is drawn from the spectator's view, so face-down caravans show only their colour and public
handle; the board never draws a caravan's face, even from a view that knows it. Frames never
change during a game, so they are drawn once per player count (the kit's layer cache).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from functools import lru_cache, partial
from typing import Any

from PIL import Image, ImageDraw

from games.sahwari.render import cards, changes, colours, icons
from games.sahwari.render.indexed import IndexedCache, drawer, indexed
from games.sahwari.render.pieces import (
    GUILD_POS,
    ROWS,
    View,
    as_int,
    as_list,
    as_map,
    camel_sprite,
    camels_at,
    decision_of,
    face_icons,
    flat,
    item_sprite,
    off_map,
    on_ground,
    players,
    plural,
    position,
    seat_camel,
    seat_colours,
    seat_label,
    seat_mark,
    text,
    tiles,
    turn_of,
    wrapped,
)
from renderers.kit import layers, preview
from renderers.kit import layout as lay
from renderers.kit import palette as pal
from renderers.kit.cache import sprites
from renderers.kit.fit import Box
from renderers.kit.icons import paste
from renderers.kit.palette import RGB
from renderers.kit.preview import (
    SeatStatus,
    band_ground,
    band_height,
    band_status_box,
    chip_places,
    mark_changed,
    preview_px,
    ring_width,
)
from renderers.kit.words import draw_fitted, fit_text, font

WIDTH = 1600
TITLE = "Sahwari"
BODY_H = 1056  # below the status band
TILE, GAP = 142, 4
GRID_DX, GRID_DY = 36, 36  # the first tile's corner from the map's top left
MAP_W, MAP_H = 772, 774
RIGHT_X, RIGHT_R = 796, WIDTH - 12
STATUS_H = 150
PLAYER_GAP = 8
PLAYER_MAX_H = 280
PHASES = {
    "leaders": "Leaders", "start": "Start of turn", "move": "Move",
    "collect": "Collect", "guild camel": "Guild camel", "abilities": "Abilities",
    "over": "Game over",
}


def band_h(count: int) -> int:
    """The status band's height above the body: one row of seat chips, or two for four."""
    return band_height(WIDTH, max(1, count))


def height(count: int) -> int:
    return band_h(count) + BODY_H


def map_box(count: int) -> Box:
    top = band_h(count) + 12
    return 12, top, 12 + MAP_W, top + MAP_H


def market_box(count: int) -> Box:
    return 12, map_box(count)[3] + 10, 12 + MAP_W, height(count) - 12


def status_box(count: int) -> Box:
    top = band_h(count) + 12
    return RIGHT_X, top, RIGHT_R, top + STATUS_H


def tile_box(row: int, col: int, count: int) -> Box:
    x = 12 + GRID_DX + col * (TILE + GAP)
    y = map_box(count)[1] + GRID_DY + row * (TILE + GAP)
    return x, y, x + TILE, y + TILE


def player_boxes(count: int) -> list[Box]:
    top = status_box(count)[3] + 10
    bottom = height(count) - 12
    seats = max(1, count)
    room = bottom - top - PLAYER_GAP * (seats - 1)
    h = min(PLAYER_MAX_H, room // seats)
    return [(RIGHT_X, top + i * (h + PLAYER_GAP), RIGHT_R, top + i * (h + PLAYER_GAP) + h)
            for i in range(seats)]


def log_box(count: int) -> Box | None:
    top = player_boxes(count)[-1][3] + PLAYER_GAP
    bottom = height(count) - 12
    return (RIGHT_X, top, RIGHT_R, bottom) if bottom - top >= 60 else None


# ---- the static layer ----------------------------------------------------------------------


def _static_board(count: int) -> Image.Image:
    return layers.get(("sahwari-board", count), lambda: _build_static(count))


def _static_indexed(count: int) -> Image.Image:
    return layers.get(("sahwari-board-indexed", count), lambda: indexed(_static_board(count)))


def _build_static(count: int) -> Image.Image:
    image = Image.new("RGB", (WIDTH, height(count)), pal.BACKGROUND)
    draw = ImageDraw.Draw(image)
    lay.rounded(draw, map_box(count), 12, fill=pal.MAT, outline=pal.PANEL_EDGE, line=2)
    boxes = [market_box(count), status_box(count), *player_boxes(count)]
    extra = log_box(count)
    if extra is not None:
        boxes.append(extra)
    for box in boxes:
        lay.rounded(draw, box, 12, fill=pal.PANEL, outline=pal.PANEL_EDGE, line=2)
    label = font(22, bold=True)
    for i in range(5):
        x0, y0, x1, y1 = tile_box(i, i, count)
        draw.text(((x0 + x1) / 2, y0 - i * (TILE + GAP) - 18), str(i + 1), font=label,
                  fill=pal.INK_MUTED, anchor="mm")
        draw.text((x0 - i * (TILE + GAP) - 18, (y0 + y1) / 2), ROWS[i], font=label,
                  fill=pal.INK_MUTED, anchor="mm")
    x0, y0, _, _ = market_box(count)
    draw.text((x0 + 14, y0 + 8), "RECRUIT MARKET", font=font(20, bold=True), fill=pal.INK_MUTED)
    return image


# ---- tiles ---------------------------------------------------------------------------------


def tile_ground(kind: str) -> Image.Image:
    """A tile's face by side: resource (sand), desert (dunes), oasis (water and a palm), or the
    Guild village."""

    def build() -> Image.Image:
        s = TILE
        image = Image.new("RGBA", (s, s), (0, 0, 0, 0))
        draw = ImageDraw.Draw(image)
        if kind == "guild":
            draw.rounded_rectangle((0, 0, s - 1, s - 1), radius=10, fill=colours.GUILD_TILE,
                                   outline=colours.GUILD_EDGE, width=3)
        elif kind == "desert":
            draw.rounded_rectangle((0, 0, s - 1, s - 1), radius=10, fill=colours.DESERT_TILE)
            for y in (34, 70, 106):
                draw.arc((10, y - 14, 70, y + 14), 200, 340, fill=colours.DESERT_LINE, width=3)
                draw.arc((72, y - 4, 132, y + 24), 200, 340, fill=colours.DESERT_LINE, width=3)
        elif kind == "oasis":
            draw.rounded_rectangle((0, 0, s - 1, s - 1), radius=10, fill=colours.OASIS_TILE)
            draw.ellipse((18, s - 52, s - 18, s - 14), fill=colours.OASIS_WATER)
            draw.line((s - 34, s - 40, s - 28, s - 96), fill=colours.OASIS_PALM, width=6)
            for dx, dy in ((-26, 8), (22, 6), (-14, -8), (12, -10)):
                draw.line((s - 28, s - 96, s - 28 + dx, s - 96 + dy), fill=colours.OASIS_PALM,
                          width=6)
        elif kind == "emptied":
            draw.rounded_rectangle((0, 0, s - 1, s - 1), radius=10, fill=colours.EMPTIED_TILE,
                                   outline=colours.RESOURCE_EDGE, width=2)
            draw.text((s / 2, 24), "empty", font=font(20, bold=True), fill=colours.DESERT_TILE,
                      anchor="mm")
        else:
            draw.rounded_rectangle((0, 0, s - 1, s - 1), radius=10, fill=colours.RESOURCE_TILE,
                                   outline=colours.RESOURCE_EDGE, width=2)
        return image

    return sprites.get(("sahwari-tile", kind), build)


def _draw_tile(image: Image.Image, view: View, tile: Mapping[str, Any],
               camels: list[Mapping[str, Any]], row: int, col: int,
               seats: Mapping[int, tuple[str, str]]) -> None:
    """One tile; ``seats`` gives each seat's (label, initial), which its camels show."""
    x0, y0, _x1, _y1 = tile_box(row, col, len(seats))
    kind = "guild" if position(row, col) == GUILD_POS else str(tile.get("kind", "resource"))
    if kind == "resource" and tile.get("emptied"):
        kind = "emptied"  # counts as desert now, flips at the end of the turn
    items = tuple(
        (str(i.get("kind", "")), str(i.get("colour", "")), str(i.get("handle", "")))
        for i in as_list(tile.get("items")) if isinstance(i, Mapping)
    )
    if kind == "guild":
        guild = as_map(view.get("guild"))
        items = (("guild", str(as_int(guild.get("cubes"))), str(as_int(guild.get("pawns")))),
                 ("spaces", str(as_int(guild.get("cube_spaces"), 4)),
                  str(as_int(guild.get("pawn_spaces"), 4))))
    herd = tuple((str(c.get("owner")), *seats.get(as_int(c.get("owner"), -1), ("", "")),
                  str(c.get("id", ""))) for c in camels)
    key = (kind, items, herd)
    image.paste(tile_pictures.get(key, lambda: indexed(
        on_ground(_build_tile(view, kind, items, camels), pal.MAT))), (x0, y0))


# A tile changes only when a camel or a resource comes or goes, and a part of a clan board only
# when its seat acts. Both are kept for the tables a drawing process serves, not for one table:
# at 128 clan parts and 256 tiles, twenty tables of three seats drew three clan parts in four
# again at every board, and a board took 6.0 ms to draw where it now takes 4.5.
tile_pictures = IndexedCache(1024, max_bytes=16 * 1024 * 1024)  # 25 a map, and their changes


def _build_tile(view: View, kind: str, items: tuple[tuple[str, str, str], ...],
                camels: list[Mapping[str, Any]]) -> Image.Image:
    """One tile with what lies on it and the camels standing on it."""
    image = tile_ground(kind).copy()
    draw = ImageDraw.Draw(image)
    if kind == "guild":
        _draw_guild_spaces(image, draw, (int(items[0][1]), int(items[0][2])),
                           (int(items[1][1]), int(items[1][2])))
    else:
        size = 42 if len(items) <= 3 else 32
        per_row = max(1, (TILE - 8) // (size + 4))
        for i, (what, colour, handle) in enumerate(items):
            r, c = divmod(i, per_row)
            sprite = item_sprite({"kind": what, "colour": colour, "handle": handle}, size)
            paste(image, sprite, (6 + c * (size + 4), 6 + r * (size + 4)))
    if camels:
        # below the Guild village's spaces: a herd of up to six fits in two rows of three
        crowd = 36 if kind == "guild" else 44
        size = 64 if len(camels) <= 2 else crowd
        per_row = max(1, TILE // (size + 2))
        rows_needed = -(-len(camels) // per_row)
        top = TILE - 4 - rows_needed * size
        for i, camel in enumerate(camels):
            r, c = divmod(i, per_row)
            paste(image, camel_sprite(view, camel, size), (4 + c * (size + 2), top + r * size))
    return image


def _draw_guild_spaces(image: Image.Image, draw: ImageDraw.ImageDraw, held: tuple[int, int],
                       spaces: tuple[int, int]) -> None:
    """The Guild village's artifact spaces (top) and recruit spaces (below) on its tile."""
    cell = 28
    pieces = (icons.cube(24), icons.pawn(24))
    for r, (count, sprite, room) in enumerate(zip(held, pieces, spaces, strict=True)):
        for i in range(room):
            cx = 8 + i * (cell + 4)
            cy = 6 + r * (cell + 3)
            draw.rounded_rectangle((cx, cy, cx + cell, cy + cell), radius=5,
                                   fill=colours.GUILD_SPACE, outline=colours.GUILD_EDGE)
            if i < count:
                paste(image, sprite, (cx + 2, cy + 2))


# ---- the status band and the status box ---------------------------------------------------


def step_words(view: View) -> str:
    """The step of the turn in words: the engine's own wording when it gives one."""
    turn = turn_of(view)
    label = turn.get("step_label")
    if isinstance(label, str) and label:
        return label
    phase = str(turn.get("phase", ""))
    return PHASES.get(phase, phase)


def status_words(view: View) -> str:
    """The band's first row after the title: the turn, who does what, how near the end is;
    said shorter where the whole would not fit on the row at full size."""
    outcome = view.get("outcome")
    if isinstance(outcome, Mapping):
        winners = [as_int(w) for w in as_list(outcome.get("winners"))]
        if len(winners) == 1:
            return f"Game over · {seat_label(view, winners[0])} wins"
        return "Game over · no winner: everyone loses"
    turn = turn_of(view)
    number = f"Turn {as_int(turn.get('number'), 1)}"
    acting = turn.get("seat")
    phase = str(turn.get("phase", ""))
    doing = [step_words(view), PHASES.get(phase, phase)]
    who = [f"{seat_label(view, acting)}: {d}" for d in doing] if isinstance(acting, int) else []
    showing = as_int(view.get("resource_tiles"), -1)
    ending = ""
    if view.get("end_triggered"):
        ending = "last round"
    elif showing >= 0:
        ending = f"ends in {plural(showing - as_int(view.get('end_tiles'), 6), 'more tile')}"
    name = [seat_label(view, acting)] if isinstance(acting, int) else []
    candidates = [[number, *who[:1], ending], [number, *who[1:], ending], [*who[1:], ending],
                  [number, *name, ending], [*name, ending]]
    big = font(preview_px(WIDTH, 14), bold=True)
    room = _status_room()
    for parts in candidates:
        words = " · ".join(p for p in parts if p)
        if big.getlength(words) <= room:
            return words
    return " · ".join(p for p in candidates[-1] if p)


@lru_cache(maxsize=1)
def _status_room() -> int:
    """The width the kit's band leaves for the status after the title and the ring legend
    (less a margin)."""
    x0, _, x1, _ = band_status_box(WIDTH, TITLE, changed=True)
    return x1 - x0 - preview_px(WIDTH, 4) - 8


def seat_statuses(view: View) -> list[SeatStatus]:
    """Each seat's chip: its influence as everyone may count it ("7+?" when face-down caravans
    are left out) and its caravans, where the chip is wide enough (not three to a row)."""
    decision = decision_of(view)
    deciding = decision.get("seat") if decision is not None else turn_of(view).get("seat")
    over = isinstance(view.get("outcome"), Mapping)
    chips = []
    for player in players(view):
        seat = as_int(player.get("seat"))
        score = str(as_int(player.get("score")))
        if not player.get("score_complete", True):
            score += "+?"
        caravans = plural(len(as_list(player.get("caravans"))), "caravan")
        chips.append(SeatStatus(seat_label(view, seat), seat, score,
                                caravans if len(players(view)) != 3 else "",
                                to_move=not over and deciding == seat,
                                initial=seat_mark(view, seat)))
    return chips


status_pictures = IndexedCache(32)


def _status_picture(view: View) -> Image.Image:
    """The status box (who decides what, the supply, the deck, the Guild's stock), drawn again
    only when one of those changes."""
    count = len(players(view))
    decision = decision_of(view) or {}
    guild = as_map(view.get("guild"))
    labels = [(seat_label(view, as_int(p.get("seat"))), seat_mark(view, as_int(p.get("seat"))))
              for p in players(view)]
    key = json.dumps([count, decision.get("seat"), decision.get("prompt"), view.get("outcome"),
                      view.get("supply"), view.get("deck"), len(as_list(view.get("discard"))),
                      guild.get("cubes"), guild.get("pawns"), labels], default=str)

    def draw(picture: Image.Image, box: Box) -> None:
        _draw_status(picture, ImageDraw.Draw(picture), view, box)

    return status_pictures.get(key, lambda: _part(count, status_box(count), draw))


def part_origin(box: Box) -> tuple[int, int]:
    """Where a part drawn apart (``_part``) goes: the even point at or above and left of its
    box's corner. Text is placed rounding halves to even, so only an even shift leaves every
    glyph where it is on the whole board."""
    return box[0] & ~1, box[1] & ~1


def _part(count: int, box: Box, draw: Callable[[Image.Image, Box], None]) -> Image.Image:
    """The static layer under ``box`` with ``draw`` done on it (given the box within the
    part), on the palette: to paste at ``part_origin(box)``."""
    ox, oy = part_origin(box)
    x0, y0, x1, y1 = box
    picture = _static_board(count).crop((ox, oy, x1 + 1, y1 + 1))
    draw(picture, (x0 - ox, y0 - oy, x1 - ox, y1 - oy))
    return indexed(picture)


def _draw_status(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, box: Box) -> None:
    x0, y0, x1, y1 = box
    outcome = view.get("outcome")
    if isinstance(outcome, Mapping):
        _draw_outcome(image, draw, view, outcome, box)
        return
    decision = decision_of(view)
    if decision is not None:
        seat = as_int(decision.get("seat"))
        paste(image, seat_camel(view, seat, 40), (x0 + 12, y0 + 10))
        text(image, (x0 + 60, y0 + 30), f"{seat_label(view, seat)} to decide", 24,
             pal.HIGHLIGHT, pal.PANEL, True, "lm")
        prompt = fit_text(str(decision.get("prompt", "")), (x0 + 16, y0 + 52, x1 - 16, y1 - 44),
                          largest=20, smallest=16)
        draw_fitted(draw, prompt, fill=pal.INK_LIGHT)
    y = y1 - 40
    x = x0 + 16
    supply = as_int(view.get("supply"))
    paste(image, icons.cube(30), (x, y))
    x += 36
    x += text(image, (x, y + 15), f"{supply} in supply", 20, pal.INK_LIGHT, pal.PANEL,
              anchor="lm") + 24
    deck, discard = as_int(view.get("deck")), len(as_list(view.get("discard")))
    x += text(image, (x, y + 15), f"Deck {deck} · discard {discard}", 20, pal.INK_LIGHT,
              pal.PANEL, anchor="lm") + 24
    guild = as_map(view.get("guild"))
    words = (f"Guild: {plural(as_int(guild.get('cubes')), 'cube')}, "
            f"{plural(as_int(guild.get('pawns')), 'recruit')}")
    text(image, (x, y + 15), words, 20, pal.INK_LIGHT, pal.PANEL, anchor="lm")


def _draw_outcome(image: Image.Image, draw: ImageDraw.ImageDraw, view: View,
                  outcome: Mapping[str, Any], box: Box) -> None:
    x0, y0, x1, y1 = box
    winners = [as_int(w) for w in as_list(outcome.get("winners"))]
    scores = [as_int(s) for s in as_list(outcome.get("scores"))]
    if len(winners) == 1:
        title = f"{seat_label(view, winners[0])} wins!"
        paste(image, seat_camel(view, winners[0], 40), (x0 + 12, y0 + 10))
    else:
        title = "No winner: everyone loses"
    draw_fitted(draw, fit_text(title, (x0 + 60, y0 + 12, x1 - 16, y0 + 50), largest=26,
                               smallest=20, bold=True), fill=pal.HIGHLIGHT)
    ranked = sorted(range(len(scores)), key=lambda i: -scores[i])
    final = "Influence: " + "   ".join(f"{seat_label(view, i)} {scores[i]}" for i in ranked)
    below = fit_text(final, (x0 + 16, y1 - 44, x1 - 16, y1 - 10), largest=22, smallest=16,
                     bold=True)
    draw_fitted(draw, below, fill=pal.INK_LIGHT, valign="middle")
    reason = str(outcome.get("tiebreak") or outcome.get("reason") or "")
    if reason:
        why = fit_text(reason, (x0 + 16, y0 + 54, x1 - 16, y1 - 48), largest=20, smallest=16)
        draw_fitted(draw, why, fill=pal.INK_MUTED)


# ---- market and clan boards ----------------------------------------------------------------


def market_slot(count: int, slot: int) -> Box:
    x0, y0, _x1, _y1 = market_box(count)
    x = x0 + 16 + slot * (cards.MARKET_W + 8)
    return x, y0 + 40, x + cards.MARKET_W, y0 + 40 + cards.MARKET_H


market_pictures = IndexedCache(48)


def _draw_market(image: Image.Image, view: View) -> None:
    count = len(players(view))
    market = [c for c in as_list(view.get("market")) if isinstance(c, Mapping)]
    for slot, card in enumerate(market[:4]):
        picture = market_pictures.get(cards.card_key(card), partial(_market_picture, card))
        image.paste(picture, market_slot(count, slot)[:2])
    if not market:
        x0, y0, _, _ = market_box(count)
        image.paste(market_pictures.get(("empty", count), lambda: _empty_market(count)),
                    (x0, y0 + 40))


def _market_picture(card: Mapping[str, Any]) -> Image.Image:
    return indexed(on_ground(cards.market_card(card), pal.PANEL))


def _empty_market(count: int) -> Image.Image:
    x0, y0, x1, y1 = market_box(count)
    picture = _static_board(count).crop((x0, y0 + 40, x1, y1))
    ImageDraw.Draw(picture).text(((x1 - x0) / 2, (y1 - y0 - 40) / 2), "The market is empty",
                                 font=font(22), fill=pal.INK_MUTED, anchor="mm")
    return indexed(picture)


def caravan_chip(caravan: Mapping[str, Any], size: int) -> Image.Image:
    """A caravan in a player's area: face down, its colour and handle; face up (public), its
    colour with its icons. Only ``face_up`` caravans ever show icons on the board."""
    colour = str(caravan.get("colour", "yellow"))
    handle = str(caravan.get("handle", ""))
    shown = face_icons(caravan) if caravan.get("face_up") else ()
    if not shown:
        return icons.caravan_back(size, colour, handle)

    def build() -> Image.Image:
        inner = size - 10
        w = 10 + len(shown) * (inner + 2)
        image = Image.new("RGBA", (w, size), (0, 0, 0, 0))
        fill, edge = icons.CARAVAN_STYLES.get(colour, icons.CARAVAN_STYLES["yellow"])
        ImageDraw.Draw(image).rounded_rectangle((0, 0, w - 1, size - 1), radius=size // 2,
                                                fill=fill, outline=edge, width=3)
        for i, key in enumerate(shown):
            paste(image, icons.effect(key, inner), (5 + i * (inner + 2), 5))
        return image

    return sprites.get(("sahwari-caravan-face", size, colour, shown), build)


clan_parts_drawn = IndexedCache(480, max_bytes=24 * 1024 * 1024)  # 5 a seat; 24 tables of 4


def _draw_clan_board(image: Image.Image, view: View, player: Mapping[str, Any],
                     box: tuple[int, int, int, int]) -> None:
    """One seat's clan board, put together on the board from its parts (the top line, the
    clan row, the tracks, the notes), each drawn again only when what it shows changed."""
    count = len(players(view))
    x0, y0, x1, y1 = box
    w, h = x1 - x0, y1 - y0
    seat = as_int(player.get("seat"))
    top = json.dumps([seat_label(view, seat), seat_mark(view, seat), seat_colours(view, seat),
                      off_map(view, seat), as_map(player.get("leader")).get("name"),
                      player.get("choosing_leader"), player.get("strategy"),
                      player.get("locks_left"), player.get("caravans")], default=str)
    bottom = json.dumps([player.get("storage"), player.get("recruits"), player.get("score"),
                         player.get("score_complete", True)], default=str)
    room = (w - 36, max(40, h - 50 - cards.TRACK_CELL - 12))
    row_key = ("row", cards.row_key(player), room)
    row = clan_parts_drawn.get(row_key, lambda: indexed(flat(
        row_key, pal.PANEL, lambda: cards.clan_row_in(player, room))))
    ty = h - cards.TRACK_CELL - 8
    gap_top, gap_bottom = 50 + row.height + 8, ty - 6
    notes = json.dumps([as_map(player.get("leader")).get("text"), player.get("breakdown")],
                       default=str)
    parts: list[tuple[str, Box, Callable[[Image.Image, Box], None]]] = [
        (top, (15, 0, w + 1, 48),
         lambda im, b: _draw_top(im, ImageDraw.Draw(im), view, player, b)),
        (bottom, (24, ty, w - 11, ty + cards.TRACK_CELL + 1),
         lambda im, b: _draw_tracks(im, ImageDraw.Draw(im), player, b)),
    ]
    if gap_bottom - gap_top >= 26:
        parts.append((notes, (24, gap_top, w - 11, gap_bottom + 1), lambda im, b: _draw_clan_notes(
            im, player, (b[0] + 24, b[1] + gap_top, b[2] - 12, b[1] + gap_bottom))))
    for key, region, draw_part in parts:
        piece = clan_parts_drawn.get((key, region, box), partial(
            _clan_part, count, box, region, draw_part))
        ox, oy = part_origin(region)
        image.paste(piece, (x0 + ox, y0 + oy))
    image.paste(row, (x0 + 24, y0 + 50))
    colours_of_seat = seat_colours(view, seat)
    image.paste(clan_parts_drawn.get(("strip", colours_of_seat, box), partial(
        _clan_part, count, box, (0, 0, 15, h + 1), partial(_draw_strip, colours_of_seat))),
        (x0, y0))


def _draw_strip(seat_colours: tuple[RGB, RGB, RGB], image: Image.Image, box: Box) -> None:
    """The seat's colour down the clan board's left edge."""
    fill, edge, _ = seat_colours
    ImageDraw.Draw(image).rounded_rectangle((box[0], box[1], box[0] + 14, box[3]), radius=6,
                                            fill=fill, outline=edge)


def _clan_part(count: int, box: Box, region: Box,
               draw_part: Callable[[Image.Image, Box], None]) -> Image.Image:
    """``region`` of the clan board in ``box`` (both relative to the board's corner), drawn by
    ``draw_part`` given the board's box relative to the part."""
    ox, oy = part_origin(region)
    x0, y0, x1, y1 = box
    ground = _static_board(count).crop((x0 + ox, y0 + oy, x0 + region[2], y0 + region[3]))
    draw_part(ground, (-ox, -oy, x1 - x0 - ox, y1 - y0 - oy))
    return indexed(ground)


def _draw_top(image: Image.Image, draw: ImageDraw.ImageDraw, view: View,
              player: Mapping[str, Any], box: Box) -> None:
    """The top line: camel, name, leader; tokens and caravans on the right."""
    x0, y0, x1, _y1 = box
    seat = as_int(player.get("seat"))
    paste(image, seat_camel(view, seat, 40), (x0 + 22, y0 + 6))
    x = x0 + 68
    x += text(image, (x, y0 + 27), seat_label(view, seat), 24, pal.INK_LIGHT, pal.PANEL, True,
              "lm") + 12
    leader = as_map(player.get("leader"))
    if leader.get("name"):
        x += lay.pill(draw, (x, y0 + 13), str(leader["name"]), font(20, bold=True),
                      colours.CLAN_SHEET, pal.INK_LIGHT) + 12
    elif player.get("choosing_leader"):
        x += lay.pill(draw, (x, y0 + 13), "choosing a leader", font(18, bold=True),
                      pal.PANEL_EDGE, pal.INK_LIGHT) + 12
    off = off_map(view, seat)
    if off:
        x += text(image, (x, y0 + 27), f"{off} off map", 18, pal.INK_MUTED, pal.PANEL,
                  anchor="lm") + 12
    for sprite, count in ((icons.strategy_token(32), as_int(player.get("strategy"))),
                          (icons.lock_token(32), as_int(player.get("locks_left")))):
        paste(image, sprite, (x, y0 + 11))
        x += 35
        x += text(image, (x, y0 + 27), f"×{count}", 22, pal.INK_LIGHT, pal.PANEL, True,
                  "lm") + 12
    caravans = [c for c in as_list(player.get("caravans")) if isinstance(c, Mapping)]
    _draw_caravans(image, caravans, (x, y0 + 8, x1 - 12, y0 + 46))


def _draw_tracks(image: Image.Image, draw: ImageDraw.ImageDraw, player: Mapping[str, Any],
                 box: Box) -> None:
    """The storage and recruit tracks along the bottom, and the influence so far."""
    x0, _y0, x1, y1 = box
    ty = y1 - cards.TRACK_CELL - 8
    x = x0 + 24
    for strip in (cards.storage_strip(player), cards.recruit_strip(player)):
        image.paste(strip, (x, ty))
        x += strip.width + 14
    _draw_score(image, draw, player, (x, ty, x1 - 12, ty + cards.TRACK_CELL))


def _draw_caravans(image: Image.Image, caravans: list[Mapping[str, Any]],
                   box: tuple[int, int, int, int]) -> None:
    """A seat's caravans, right-aligned, smaller when many; any that still do not fit are
    counted ("+3") rather than dropped."""
    x0, y0, x1, _y1 = box
    for size in (38, 30):
        chips = [caravan_chip(c, size) for c in caravans]
        if sum(c.width + 4 for c in chips) <= x1 - x0:
            break
    shown = len(chips)
    if sum(c.width + 4 for c in chips) > x1 - x0:
        while shown and sum(c.width + 4 for c in chips[:shown]) + 60 > x1 - x0:
            shown -= 1
    x = x1
    if shown < len(chips):
        x -= text(image, (x, y0 + 19), f"+{len(chips) - shown}", 22, pal.INK_LIGHT, pal.PANEL,
                  True, "rm") + 8
    for chip in reversed(chips[:shown]):
        x -= chip.width
        paste(image, chip, (x, y0 + (38 - chip.height) // 2))
        x -= 4


def _draw_score(image: Image.Image, draw: ImageDraw.ImageDraw, player: Mapping[str, Any],
                box: tuple[int, int, int, int]) -> None:
    """Influence so far; "+?" when it leaves out face-down caravans this view cannot see."""
    x0, y0, x1, y1 = box
    mid = (y0 + y1) // 2
    words = str(as_int(player.get("score")))
    if not player.get("score_complete", True):
        words += "+?"
    right = x1 - text(image, (x1, mid), words, 28, pal.INK_LIGHT, pal.PANEL, True, "rm")
    paste(image, icons.influence_star(34), (max(x0, right - 40), mid - 17))


def _draw_clan_notes(image: Image.Image, player: Mapping[str, Any], box: Box) -> None:
    """The leader's ability and the influence counted so far, by category: each only where it
    fits whole (the leader's ability is also in /rules and on the seat's panel)."""
    x0, y0, x1, y1 = box
    notes: list[str] = []
    leader = as_map(player.get("leader"))
    if leader.get("text"):
        notes.append(f"{leader.get('name', '')}: {leader['text']}")
    breakdown = as_map(player.get("breakdown"))
    parts = [f"{str(k).capitalize()} {as_int(v)}" for k, v in breakdown.items() if as_int(v)]
    if parts:
        notes.append("So far: " + " · ".join(parts))
    y = y0
    for note in notes:
        lines = whole_lines(note, NOTE_SIZE, x1 - x0)
        if lines is None or y + len(lines) * NOTE_STEP > y1:
            continue
        for line in lines:
            text(image, (x0, y), line, NOTE_SIZE, pal.INK_MUTED, pal.PANEL)
            y += NOTE_STEP
        y += 4


NOTE_SIZE, NOTE_STEP = 18, 23


@lru_cache(maxsize=512)
def whole_lines(words: str, size: int, width: int) -> tuple[str, ...] | None:
    """``words`` wrapped to ``width`` at ``size``, or None when a single word is wider (then
    the caller leaves the note out rather than cut it)."""
    f = font(size)
    lines: list[str] = []
    for word in words.split():
        if f.getlength(word) > width:
            return None
        if lines and f.getlength(f"{lines[-1]} {word}") <= width:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return tuple(lines)


def _draw_log(image: Image.Image, box: Box, view: View) -> None:
    """The newest sentences at the bottom, in full: older ones make room."""
    x0, y0, x1, y1 = box
    step = 26
    room = (y1 - y0 - 16) // step
    stacked: list[tuple[str, bool]] = []
    for age, entry in enumerate(reversed([str(e) for e in as_list(view.get("log"))])):
        lines = wrapped(entry, 20, x1 - x0 - 28)
        if len(stacked) + len(lines) > room:
            break
        stacked = [(line, age == 0) for line in lines] + stacked
    y = y1 - 8 - len(stacked) * step
    for line, newest in stacked:
        text(image, (x0 + 14, y), line, 20, pal.INK_LIGHT if newest else pal.INK_MUTED, pal.PANEL)
        y += step


def clan_parts(player: Mapping[str, Any], box: Box) -> dict[str, Box]:
    """Where the parts of a clan board drawn in ``box`` lie, to ring the ones that changed."""
    x0, y0, x1, y1 = box
    room = (x1 - x0 - 36, max(40, (y1 - y0) - 50 - cards.TRACK_CELL - 12))
    row = flat(("row", cards.row_key(player), room), pal.PANEL,
               lambda: cards.clan_row_in(player, room))
    ty = y1 - cards.TRACK_CELL - 8
    storage, recruits = as_map(player.get("storage")), as_map(player.get("recruits"))
    widths = [(len(as_list(t.get("spaces"))) + (t.get("end_value") is not None))
              * (cards.TRACK_CELL + 4) - 4 for t in (storage, recruits)]
    rx = x0 + 24 + widths[0] + 18
    return {
        changes.TOP: (x0 + 20, y0 + 6, x1 - 8, y0 + 46),
        changes.ROW: (x0 + 24, y0 + 50, x0 + 24 + row.width, y0 + 50 + row.height),
        changes.STORAGE: (x0 + 24, ty, x0 + 24 + widths[0], ty + cards.TRACK_CELL),
        changes.RECRUITS: (rx, ty, rx + widths[1], ty + cards.TRACK_CELL),
    }


def shrunk(box: Box, by: int) -> Box:
    return box[0] + by, box[1] + by, box[2] - by, box[3] - by


def _ring_changes(draw: ImageDraw.ImageDraw, view: View, previous: View) -> bool:
    """Ring every place whose public contents differ from the last board's; True if any."""
    count = len(players(view))
    thick = ring_width(WIDTH)
    boxes: list[Box] = []
    for pos in changes.changed_tiles(view, previous):
        if len(pos) == 2 and pos[0] in ROWS and pos[1] in "12345":
            # inside the tile's edge, so rings of neighbouring tiles stay apart
            boxes.append(shrunk(tile_box(ROWS.index(pos[0]), int(pos[1]) - 1, count), thick))
    shown = len([c for c in as_list(view.get("market")) if isinstance(c, Mapping)][:4])
    boxes += [market_slot(count, slot) for slot in changes.changed_market(view, previous)
              if slot < shown]
    by_seat = {as_int(p.get("seat")): (p, box)
               for p, box in zip(players(view), player_boxes(count), strict=False)}
    for seat, parts in changes.changed_clans(view, previous).items():
        if seat in by_seat:
            player, box = by_seat[seat]
            where = clan_parts(player, box)
            boxes += [where[part] for part in sorted(parts)]
    for box in boxes:
        mark_changed(draw, box, thick)
    return bool(boxes)


def render_board(view: View, previous: View | None = None) -> Image.Image:
    """The public board for ``view`` under its status band; ``previous`` is the public view the
    last board showed, whose differences from ``view`` the board rings (None: ring nothing)."""
    seats = players(view)
    count = len(seats)
    image = _static_indexed(count).copy()
    draw = drawer(image)
    by_pos = tiles(view)
    camels = camels_at(view)
    marks = {as_int(p.get("seat")): (seat_label(view, as_int(p.get("seat"))),
                                     seat_mark(view, as_int(p.get("seat")))) for p in seats}
    for row in range(5):
        for col in range(5):
            pos = position(row, col)
            _draw_tile(image, view, by_pos.get(pos, {}), camels.get(pos, []), row, col, marks)
    _draw_market(image, view)
    image.paste(_status_picture(view), part_origin(status_box(count)))
    deciding = turn_of(view).get("seat")
    for player, box in zip(seats, player_boxes(count), strict=False):
        _draw_clan_board(image, view, player, box)
        if player.get("seat") == deciding and not view.get("outcome"):
            draw.rounded_rectangle(box, radius=12, outline=pal.HIGHLIGHT, width=3)
    extra = log_box(count)
    if extra is not None:
        _draw_log(image, extra, view)
    ringed = previous is not None and _ring_changes(draw, view, previous)
    _draw_band(image, status_words(view), tuple(seat_statuses(view)), ringed)
    return image


band_parts = IndexedCache(192)  # a seat's chip changes only when its score or caravans do
band_words = IndexedCache(32)


def _draw_band(image: Image.Image, status: str, seats: tuple[SeatStatus, ...],
               changed: bool) -> None:
    """The kit's status band, put together from its ground, each seat's chip and the status,
    each drawn once (the status changes every turn, a chip seldom)."""
    count = len(seats)
    image.paste(band_parts.get(("ground", count, changed), lambda: indexed(
        band_ground(WIDTH, TITLE, count, changed=changed))))
    for seat, (x, y, w, h) in zip(seats, chip_places(WIDTH, count), strict=True):
        image.paste(band_parts.get((seat, w, h), partial(_chip_picture, seat, (w, h))), (x, y))
    image.paste(band_words.get(status, lambda: _band_status(status)), _band_status_area()[:2])


def _chip_picture(seat: SeatStatus, size: tuple[int, int]) -> Image.Image:
    return indexed(preview.chip(seat, size, WIDTH))


@lru_cache(maxsize=1)
def _band_status_area() -> Box:
    """The band's ground around the status box, down to the chips, with a margin for glyphs
    that reach past the box. The box leaves the legend's room whether or not it is drawn, so
    the status never moves."""
    x0, _, x1, _ = band_status_box(WIDTH, TITLE, changed=True)
    margin = preview_px(WIDTH, 4)  # the kit's gap around the title row
    return x0 - margin // 2, 0, x1 + margin // 2, 2 * margin + preview_px(WIDTH, 14)


def _band_status(status: str) -> Image.Image:
    x0, y0, x1, y1 = _band_status_area()
    picture = Image.new("RGB", (x1 - x0, y1 - y0), pal.MAT)
    bx0, by0, bx1, by1 = band_status_box(WIDTH, TITLE, changed=True)
    # the kit's ``draw_status``, drawn with this game's faces
    fitted = fit_text(status, (bx0 - x0, by0, bx1 - x0, by1), largest=preview_px(WIDTH, 14),
                      smallest=preview_px(WIDTH), bold=True)
    draw_fitted(ImageDraw.Draw(picture), fitted, fill=pal.INK_LIGHT)
    return indexed(picture)
