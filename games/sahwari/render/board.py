"""The public Sahwari board: the 5×5 map, the recruit market, the Guild village, the turn and
phase, and every clan board (recruit cards in their chain, artifacts, tracks and tokens).

It is drawn from the spectator's view, so face-down caravans show only their colour and public
handle; the board never draws a caravan's face, even from a view that knows it. Frames never
change during a game, so they are drawn once per player count (the kit's layer cache).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import partial
from typing import Any

from PIL import Image, ImageDraw

from games.sahwari.render import cards, colours, icons
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
from renderers.kit import layers
from renderers.kit import layout as lay
from renderers.kit import palette as pal
from renderers.kit.cache import ImageCache, sprites
from renderers.kit.fonts import font
from renderers.kit.icons import paste

WIDTH, HEIGHT = 1600, 1120
HEADER_H = 64
TILE, GAP = 142, 4
MAP_BOX = (12, 76, 784, 850)
GRID_X, GRID_Y = MAP_BOX[0] + 36, MAP_BOX[1] + 36
MARKET_BOX = (12, 860, 784, HEIGHT - 12)
RIGHT_X, RIGHT_R = 796, WIDTH - 12
STATUS_BOX = (RIGHT_X, 76, RIGHT_R, 226)
PLAYERS_TOP, PLAYERS_BOTTOM, PLAYER_GAP = 236, HEIGHT - 12, 8
PLAYER_MAX_H = 280
PHASES = {
    "leaders": "Choose a leader", "start": "Start of turn", "move": "Move a camel",
    "collect": "Collect", "guild camel": "Move a guild camel", "abilities": "Abilities",
    "over": "Game over",
}


def tile_box(row: int, col: int) -> tuple[int, int, int, int]:
    x = GRID_X + col * (TILE + GAP)
    y = GRID_Y + row * (TILE + GAP)
    return x, y, x + TILE, y + TILE


def player_boxes(count: int) -> list[tuple[int, int, int, int]]:
    count = max(1, count)
    room = PLAYERS_BOTTOM - PLAYERS_TOP - PLAYER_GAP * (count - 1)
    h = min(PLAYER_MAX_H, room // count)
    return [(RIGHT_X, PLAYERS_TOP + i * (h + PLAYER_GAP), RIGHT_R,
             PLAYERS_TOP + i * (h + PLAYER_GAP) + h) for i in range(count)]


def log_box(count: int) -> tuple[int, int, int, int] | None:
    top = player_boxes(count)[-1][3] + PLAYER_GAP
    return (RIGHT_X, top, RIGHT_R, PLAYERS_BOTTOM) if PLAYERS_BOTTOM - top >= 60 else None


# ---- the static layer ----------------------------------------------------------------------


def _static_board(count: int) -> Image.Image:
    return layers.get(("sahwari-board", count), lambda: _build_static(count))


def _build_static(count: int) -> Image.Image:
    image = Image.new("RGB", (WIDTH, HEIGHT), pal.BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, HEADER_H - 1), fill=pal.PANEL)
    draw.line((0, HEADER_H - 1, WIDTH, HEADER_H - 1), fill=pal.PANEL_EDGE, width=2)
    lay.rounded(draw, MAP_BOX, 12, fill=pal.MAT, outline=pal.PANEL_EDGE, line=2)
    boxes = [MARKET_BOX, STATUS_BOX, *player_boxes(count)]
    extra = log_box(count)
    if extra is not None:
        boxes.append(extra)
    for box in boxes:
        lay.rounded(draw, box, 12, fill=pal.PANEL, outline=pal.PANEL_EDGE, line=2)
    label = font(22, bold=True)
    for i in range(5):
        x0, y0, x1, y1 = tile_box(i, i)
        draw.text(((x0 + x1) / 2, GRID_Y - 18), str(i + 1), font=label, fill=pal.INK_MUTED,
                  anchor="mm")
        draw.text((GRID_X - 18, (y0 + y1) / 2), ROWS[i], font=label, fill=pal.INK_MUTED,
                  anchor="mm")
    x0, y0, _, _ = MARKET_BOX
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
               camels: list[Mapping[str, Any]], row: int, col: int) -> None:
    x0, y0, _x1, _y1 = tile_box(row, col)
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
    herd = tuple((camel_key(view, c)) for c in camels)
    key = ("tile", kind, items, herd)
    image.paste(flat(key, pal.MAT, lambda: _build_tile(view, kind, items, camels)), (x0, y0))


def camel_key(view: View, camel: Mapping[str, Any]) -> tuple[str, str, str]:
    owner = camel.get("owner")
    if isinstance(owner, int):
        return seat_label(view, owner), seat_mark(view, owner), str(camel.get("id", ""))
    return "", "", str(camel.get("id", ""))


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


# ---- header and status ---------------------------------------------------------------------


def _draw_header(image: Image.Image, draw: ImageDraw.ImageDraw, view: View) -> None:
    mid = HEADER_H // 2
    x = 16
    x += text(image, (x, mid), "SAHWARI", 32, pal.HIGHLIGHT, pal.PANEL, True, "lm") + 24
    turn = turn_of(view)
    x += text(image, (x, mid), f"Turn {as_int(turn.get('number'), 1)}", 28, pal.INK_LIGHT,
              pal.PANEL, True, "lm") + 24
    acting = turn.get("seat")
    finished = isinstance(view.get("outcome"), Mapping)
    if isinstance(acting, int) and not finished:
        paste(image, seat_camel(view, acting, 44), (x, mid - 24))
        x += 50
        phase = PHASES.get(str(turn.get("phase", "")), str(turn.get("phase", "")))
        words = f"{seat_label(view, acting)}: {phase}" if phase else seat_label(view, acting)
        x += text(image, (x, mid), words, 28, pal.HIGHLIGHT, pal.PANEL, True, "lm") + 24
    elif finished:
        x += text(image, (x, mid), "Game over", 28, pal.HIGHLIGHT, pal.PANEL, True, "lm") + 24
    showing = as_int(view.get("resource_tiles"), -1)
    if showing >= 0:
        end_at = as_int(view.get("end_tiles"), 6)
        words = f"{showing} tiles with resources · ends at {end_at}"
        if view.get("end_triggered"):
            words = f"{showing} tiles with resources · last round"
        text(image, (WIDTH - 16, mid), words, 24, pal.INK_LIGHT, pal.PANEL, True, "rm")


def _draw_status(image: Image.Image, draw: ImageDraw.ImageDraw, view: View) -> None:
    x0, y0, x1, y1 = STATUS_BOX
    outcome = view.get("outcome")
    if isinstance(outcome, Mapping):
        _draw_outcome(image, draw, view, outcome)
        return
    decision = decision_of(view)
    if decision is not None:
        seat = as_int(decision.get("seat"))
        paste(image, seat_camel(view, seat, 40), (x0 + 12, y0 + 10))
        text(image, (x0 + 60, y0 + 30), f"{seat_label(view, seat)} to decide", 24,
             pal.HIGHLIGHT, pal.PANEL, True, "lm")
        y = y0 + 56
        for line in wrapped(str(decision.get("prompt", "")), 20, x1 - x0 - 32)[:2]:
            text(image, (x0 + 16, y), line, 20, pal.INK_LIGHT, pal.PANEL)
            y += 25
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
                  outcome: Mapping[str, Any]) -> None:
    x0, y0, x1, _y1 = STATUS_BOX
    winners = [as_int(w) for w in as_list(outcome.get("winners"))]
    scores = [as_int(s) for s in as_list(outcome.get("scores"))]
    if len(winners) == 1:
        title = f"{seat_label(view, winners[0])} wins!"
        paste(image, seat_camel(view, winners[0], 40),
              (x0 + 12, y0 + 10))
    else:
        title = "No winner: everyone loses"
    lay.text(draw, (x0 + 60, y0 + 30), title, font(26, bold=True), pal.HIGHLIGHT,
             max_width=x1 - x0 - 80, anchor="lm")
    reason = str(outcome.get("tiebreak") or outcome.get("reason") or "")
    lay.paragraph(draw, (x0 + 16, y0 + 56, x1 - 16, y0 + 100), reason, font(20), pal.INK_MUTED,
                  max_lines=2, spacing=1)
    ranked = sorted(range(len(scores)), key=lambda i: -scores[i])
    text = "   ".join(f"{seat_label(view, i)} {scores[i]}" for i in ranked)
    lay.text(draw, (x0 + 16, y0 + 124), f"Influence: {text}", font(22, bold=True),
             pal.INK_LIGHT, max_width=x1 - x0 - 32, anchor="lm")


# ---- market and clan boards ----------------------------------------------------------------


def _draw_market(image: Image.Image, draw: ImageDraw.ImageDraw, view: View) -> None:
    x0, y0, x1, y1 = MARKET_BOX
    market = [c for c in as_list(view.get("market")) if isinstance(c, Mapping)]
    x = x0 + 16
    top = y0 + 40
    for card in market[:4]:
        image.paste(flat(("market", cards.card_key(card)), pal.PANEL,
                         partial(cards.market_card, card)), (x, top))
        x += cards.MARKET_W + 8
    if not market:
        draw.text(((x0 + x1) / 2, (top + y1) / 2), "The market is empty", font=font(22),
                  fill=pal.INK_MUTED, anchor="mm")


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


clan_boards = ImageCache(16)  # a clan board changes only when its seat acts


def _clan_board(view: View, player: Mapping[str, Any],
                box: tuple[int, int, int, int]) -> Image.Image:
    """One seat's clan board as a picture, drawn again only when something on it changed."""
    seat = as_int(player.get("seat"))
    key = (json.dumps(player, sort_keys=True, default=str), seat_mark(view, seat),
           seat_colours(view, seat), off_map(view, seat), box)

    def build() -> Image.Image:
        x0, y0, x1, y1 = box
        picture = _static_board(len(players(view))).crop((x0, y0, x1 + 1, y1 + 1))
        _draw_player(picture, ImageDraw.Draw(picture), view, player, (0, 0, x1 - x0, y1 - y0))
        return picture

    return clan_boards.get(key, build)


def _draw_player(image: Image.Image, draw: ImageDraw.ImageDraw, view: View,
                 player: Mapping[str, Any], box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    seat = as_int(player.get("seat"))
    fill, edge, _ = seat_colours(view, seat)
    draw.rounded_rectangle((x0, y0, x0 + 14, y1), radius=6, fill=fill, outline=edge)
    # the top line: camel, name, leader; tokens and caravans on the right
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
    # the clan row, shrunk to fit when it is long
    room = (x1 - x0 - 36, max(40, (y1 - y0) - 50 - cards.TRACK_CELL - 12))
    row = flat(("row", cards.row_key(player), room), pal.PANEL,
               lambda: cards.clan_row_in(player, room))
    image.paste(row, (x0 + 24, y0 + 50))
    # the tracks and tokens along the bottom
    ty = y1 - cards.TRACK_CELL - 8
    x = x0 + 24
    storage = as_map(player.get("storage"))
    cells = [as_map(c) for c in as_list(storage.get("spaces"))]
    locks = [as_int(c.get("space")) for c in cells if c.get("locked")]
    end = storage.get("end_value")
    strip = cards.track(cells, as_int(storage.get("cubes")), end if isinstance(end, int) else None,
                        "cube", locks)
    image.paste(strip, (x, ty))
    x += strip.width + 14
    recruits = as_map(player.get("recruits"))
    cells = [as_map(c) for c in as_list(recruits.get("spaces"))]
    end = recruits.get("end_value")
    strip = cards.track(cells, as_int(recruits.get("pawns")),
                        end if isinstance(end, int) else None, "pawn")
    image.paste(strip, (x, ty))
    x += strip.width + 14
    _draw_score(image, draw, player, (x, ty, x1 - 12, ty + cards.TRACK_CELL))
    gap_top, gap_bottom = y0 + 50 + row.height + 8, ty - 6
    if gap_bottom - gap_top >= 26:
        _draw_clan_notes(image, player, (x0 + 24, gap_top, x1 - 12, gap_bottom))


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


def _draw_clan_notes(image: Image.Image, player: Mapping[str, Any],
                     box: tuple[int, int, int, int]) -> None:
    """The leader's ability and the influence counted so far, by category."""
    x0, y0, x1, y1 = box
    step = 24
    lines: list[str] = []
    leader = as_map(player.get("leader"))
    if leader.get("text"):
        lines.append(f"{leader.get('name', '')}: {leader['text']}")
    breakdown = as_map(player.get("breakdown"))
    parts = [f"{str(k).capitalize()} {as_int(v)}" for k, v in breakdown.items() if as_int(v)]
    if parts:
        lines.append("So far: " + " · ".join(parts))
    y = y0
    for line in lines:
        for piece in wrapped(line, 18, x1 - x0):
            if y + step > y1:
                return
            text(image, (x0, y), piece, 18, pal.INK_MUTED, pal.PANEL)
            y += step


def _draw_log(image: Image.Image, view: View, box: tuple[int, int, int, int]) -> None:
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


def render_board(view: View, previous: View | None = None) -> Image.Image:
    """The public board for ``view``; ``previous`` is the public view the last board showed,
    whose differences from ``view`` the board marks (None: mark nothing)."""
    seats = players(view)
    image = _static_board(len(seats)).copy()
    draw = ImageDraw.Draw(image)
    _draw_header(image, draw, view)
    by_pos = tiles(view)
    camels = camels_at(view)
    for row in range(5):
        for col in range(5):
            pos = position(row, col)
            _draw_tile(image, view, by_pos.get(pos, {}), camels.get(pos, []), row, col)
    _draw_market(image, draw, view)
    _draw_status(image, draw, view)
    for player, box in zip(seats, player_boxes(len(seats)), strict=False):
        image.paste(_clan_board(view, player, box), box[:2])
        if player.get("seat") == turn_of(view).get("seat") and not view.get("outcome"):
            draw.rounded_rectangle(box, radius=12, outline=pal.HIGHLIGHT, width=3)
    extra = log_box(len(seats))
    if extra is not None:
        _draw_log(image, view, extra)
    return image
