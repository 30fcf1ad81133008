"""The public Yspahan board (1600×1000): city, Tower, Caravan, players, prompt and log.

The city and the frames never change during a game, so they are drawn once per map and player
count (the kit's layer cache) and pasted; a turn draws only cubes, dice and text.
"""

from __future__ import annotations

import functools
import json
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from games.yspahan.render import changes, colours, icons
from games.yspahan.render.city import (
    MAP_BOX,
    QUARTER_COLOURS,
    SHOP_INSET,
    badge_cells,
    cell_box,
    cell_centre,
    draw_city,
    lay_pieces,
    map_key,
)
from games.yspahan.render.palette import PALETTE
from games.yspahan.render.pieces import (
    ROMAN,
    TOWER_SPACE_NAMES,
    View,
    card_back,
    counter,
    decision_of,
    dice_word,
    first_player_pawn,
    pretty,
    seat_colours,
    seat_cube,
    seat_label,
)
from games.yspahan.render.text import CachedTextDraw
from renderers.kit import layers
from renderers.kit import layout as lay
from renderers.kit import palette as pal
from renderers.kit.compose import PaletteBoard
from renderers.kit.fit import Box
from renderers.kit.icons import paste
from renderers.kit.palette import RGB
from renderers.kit.preview import (
    SeatStatus,
    band_height,
    band_on,
    mark_changed,
    ring_width,
)
from renderers.kit.words import draw_fitted, fit_text, font

WIDTH, HEIGHT = 1600, 1000
HEADER_H = 56
TOWER_BOX = (12, 722, 556, 992)
CARAVAN_BOX = (566, 722, 960, 992)
RIGHT_X, RIGHT_W = 972, 616
STATUS_BOX = (RIGHT_X, 66, RIGHT_X + RIGHT_W, 184)
PLAYERS_TOP, PLAYERS_BOTTOM, PLAYER_GAP = 192, 784, 8
PLAYER_MAX_H = 236  # with two players the log gets the rest of the column
LOG_BOTTOM = 992
BAND_SEATS_PER_ROW = 2  # a seat's gold, camels and cards need half the width to read whole
STEP_NAMES = {
    "buy": "Roll",
    "start": "Take a group",
    "option": "Use the group",
    "place": "Supply shops",
    "super": "Supervisor",
    "order": "Shipping",
    "save": "Shipping",
    "build": "Build",
    "discount": "Build",
    "end": "End of turn",
}
CATEGORY_SHORT = {"Caravan entries": "Caravan entry", "Caravan scoring": "Caravan"}


def _static_board(view: View) -> Image.Image:
    count = len(view.get("players", []))
    key = ("yspahan-board", count, map_key(view))
    return layers.get(key, lambda: _build_static_board(view, count))


def player_boxes(count: int) -> list[tuple[int, int, int, int]]:
    count = max(1, count)
    h = min(PLAYER_MAX_H, (PLAYERS_BOTTOM - PLAYERS_TOP - PLAYER_GAP * (count - 1)) // count)
    return [
        (RIGHT_X, PLAYERS_TOP + i * (h + PLAYER_GAP), RIGHT_X + RIGHT_W,
         PLAYERS_TOP + i * (h + PLAYER_GAP) + h)
        for i in range(count)
    ]


def log_box(count: int) -> tuple[int, int, int, int]:
    return RIGHT_X, player_boxes(count)[-1][3] + PLAYER_GAP, RIGHT_X + RIGHT_W, LOG_BOTTOM


def _build_static_board(view: View, count: int) -> Image.Image:
    image = Image.new("RGB", (WIDTH, HEIGHT), pal.BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, WIDTH, HEADER_H - 1), fill=pal.PANEL)
    draw.line((0, HEADER_H - 1, WIDTH, HEADER_H - 1), fill=pal.PANEL_EDGE, width=2)
    for box in (TOWER_BOX, CARAVAN_BOX, STATUS_BOX, *player_boxes(count), log_box(count)):
        lay.rounded(draw, box, 12, fill=pal.PANEL, outline=pal.PANEL_EDGE, line=2)
    lay.rounded(draw, MAP_BOX, 12, fill=pal.MAT, outline=pal.PANEL_EDGE, line=2)
    draw_city(draw, view)
    _draw_tower_frame(draw)
    _draw_caravan_frame(image, draw, view)
    return image


def _draw_tower_frame(draw: ImageDraw.ImageDraw) -> None:
    x0, y0, x1, _y1 = TOWER_BOX
    draw.text((x0 + 14, y0 + 8), "TOWER", font=font(20, bold=True), fill=pal.INK_MUTED)
    for row in range(6):
        top, bottom = tower_row(row + 1)
        name = TOWER_SPACE_NAMES[row]
        colour = QUARTER_COLOURS.get(name, pal.EMPTY_CELL)
        lay.rounded(draw, (x0 + 10, top, x1 - 10, bottom), 6, fill=pal.mix(colour, pal.PANEL, 0.55))
        draw.text((x0 + 22, (top + bottom) / 2), str(row + 1), font=font(20, bold=True),
                  fill=pal.INK_MUTED, anchor="lm")
        draw.text((x0 + 44, (top + bottom) / 2), name, font=font(20, bold=True),
                  fill=pal.INK_LIGHT, anchor="lm")


TOWER_ROW_H = 36
TOWER_DIE = 28
TOWER_DICE_X = TOWER_BOX[0] + 150


def tower_row(space: int) -> tuple[int, int]:
    """Top and bottom of tower space 1..6; space 1 is the bottom row."""
    bottom = TOWER_BOX[3] - 10 - (space - 1) * (TOWER_ROW_H + 2)
    return bottom - TOWER_ROW_H, bottom


CARAVAN_SPACE = 62


def caravan_space_box(per_row: int, row: int, col: int) -> tuple[int, int, int, int]:
    _x0, _y0, x1, y1 = CARAVAN_BOX
    left = x1 - 14 - per_row * (CARAVAN_SPACE + 6) + 6 + (col - 1) * (CARAVAN_SPACE + 6)
    top = y1 - 12 - row * (CARAVAN_SPACE + 12) + 12
    return left, top, left + CARAVAN_SPACE, top + CARAVAN_SPACE


def _caravan(view: View) -> Mapping[str, Any]:
    caravan = view.get("caravan")
    return caravan if isinstance(caravan, Mapping) else {"per_row": 0, "spaces": []}


def _draw_caravan_frame(image: Image.Image, draw: ImageDraw.ImageDraw, view: View) -> None:
    x0, y0, _x1, _y1 = CARAVAN_BOX
    draw.text((x0 + 14, y0 + 8), "CARAVAN", font=font(20, bold=True), fill=pal.INK_MUTED)
    caravan = _caravan(view)
    per_row = int(caravan.get("per_row", 0))
    rows: dict[int, Mapping[str, Any]] = {}
    for space in caravan.get("spaces", []):
        rows.setdefault(int(space["row"]), space)
        left, top, right, bottom = caravan_space_box(per_row, int(space["row"]), int(space["col"]))
        lay.rounded(draw, (left, top, right, bottom), 8, fill=pal.EMPTY_CELL,
                    outline=pal.PANEL_EDGE, line=2)
        glyph = icons.camel(34, framed=False)
        faded = glyph.copy()
        faded.putalpha(faded.getchannel("A").point(lambda a: a * 45 // 100))
        image.paste(pal.INK_MUTED, (left + 14, top + 14, left + 48, top + 48), faded)
    for row, space in rows.items():
        left, top, _, bottom = caravan_space_box(per_row, row, 1)
        mid = (top + bottom) / 2
        draw.text((x0 + 16, mid - 11), f"×{space.get('multiplier', row)}", font=font(22, bold=True),
                  fill=pal.HIGHLIGHT, anchor="lm")
        draw.text((x0 + 16, mid + 13), f"+{space.get('immediate_vp', 0)} VP", font=font(18),
                  fill=pal.INK_LIGHT, anchor="lm")


def render_board(view: View, previous: View | None = None) -> Image.Image:
    """The public board for ``view`` under the status band; ``previous`` is the public view the
    last board showed, whose differences from ``view`` the board rings (None: mark nothing).

    The board is put together on Yspahan's palette from parts kept by what they show (see
    ``renderers.kit.compose``), so a turn draws only the parts it changed."""
    players = list(view.get("players", []))
    top = band_height(WIDTH, len(players), per_row=BAND_SEATS_PER_ROW)
    board = PaletteBoard(PALETTE, _static_board(view), ("yspahan-board", len(players),
                                                        map_key(view)), top, CachedTextDraw)

    def place(box: Box, key: Any, paint: Painter) -> None:
        x0, y0, x1, y1 = box  # drawn boxes include their right and bottom edges
        board.part_in_place((x0, y0 + top, x1 + 1, y1 + 1 + top), _key(*key), paint)

    labels = [(p.get("seat"), p.get("label")) for p in players]
    current = view.get("current_action") or {}
    _lay_header(board, view)
    lay_pieces(board, view)
    _lay_tower(board, view, current.get("group"))
    place(CARAVAN_BOX, ("caravan", labels, _caravan(view)),
          lambda image, draw: _draw_caravan(image, view))
    decision = decision_of(view) or {}
    place(STATUS_BOX, ("status", labels, view.get("outcome"), view.get("acting_seat"),
                       view.get("step"), decision.get("seat")),
          lambda image, draw: _draw_status(image, draw, view))
    _lay_prompt(board, view)
    building_boxes: dict[int, dict[str, Box]] = {}
    for player, box in zip(players, player_boxes(len(players)), strict=False):
        if previous is not None:  # where the buildings stand is only needed to ring them
            building_boxes[int(player.get("seat", 0))] = _building_boxes(view, player, box)
        _lay_player(board, view, player, box)
    _draw_log(board, view, log_box(len(players)))
    rings = changed_boxes(view, previous, building_boxes) if previous is not None else []
    for x0, y0, x1, y1 in rings:
        mark_changed(board.draw, (x0, y0 + top, x1, y1 + top), ring_width(WIDTH),
                     board.ink(pal.INK_DARK), board.ink((255, 255, 255)))
    band_on(board, 0, "Yspahan", status_line(view), seat_statuses(view), changed=bool(rings),
            per_row=BAND_SEATS_PER_ROW)
    return board.image


Painter = Callable[[Image.Image, ImageDraw.ImageDraw], None]


def _key(*parts: Any) -> str:
    """What a part of the board shows, as one text: the key it is kept under."""
    return json.dumps(parts, sort_keys=True, default=str)


def status_line(view: View) -> str:
    """``Week I / III · Day 7 / 7 · Blue: Supply shops``, or the winner once it is over."""
    week, day = int(view.get("week", 1)), int(view.get("day", 1))
    when = f"Week {ROMAN.get(week, week)} / III · Day {day} / 7"
    outcome = view.get("outcome")
    if isinstance(outcome, Mapping):
        winners = [seat_label(view, int(w)) for w in outcome.get("winners", [])]
        who = f"{winners[0]} wins" if len(winners) == 1 else "shared victory: " + ", ".join(winners)
        return f"Game over · {who}"
    decision = decision_of(view)
    if decision is None:
        return when
    step = STEP_NAMES.get(str(view.get("step", "")), "to decide")
    return f"{when} · {seat_label(view, int(decision.get('seat', 0)))}: {step}"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def seat_statuses(view: View) -> list[SeatStatus]:
    """Each seat's score, gold, camels and cards, for the band; the deciding seat to move."""
    decision = decision_of(view)
    deciding = decision.get("seat") if decision is not None else None
    out = []
    for player in view.get("players", []):
        seat = int(player.get("seat", 0))
        gold, camels = int(player.get("gold", 0)), int(player.get("camels", 0))
        detail = (f"{gold} G · {_plural(camels, 'camel')} · "
                  f"{_plural(int(player.get('hand_count', 0)), 'card')}")
        out.append(SeatStatus(seat_label(view, seat), seat, f"{int(player.get('score', 0))} VP",
                              detail, to_move=seat == deciding))
    return out


def changed_boxes(view: View, previous: View,
                  building_boxes: Mapping[int, Mapping[str, Box]]) -> list[Box]:
    """Where the board differs from ``previous``: shops, full souks, Caravan spaces, Tower
    groups, the Supervisor and buildings."""
    boxes: list[Box] = [cell_box(int(s["x"]), int(s["y"]), SHOP_INSET)
                        for s in changes.shops(view, previous)]
    labels = badge_cells(view)
    for souk in changes.souks(view, previous):
        if str(souk.get("id")) in labels:
            cx, cy = cell_centre(*labels[str(souk["id"])])
            boxes.append((cx - 20, cy - 20, cx + 20, cy + 20))
    per_row = int(_caravan(view).get("per_row", 0))
    boxes += [caravan_space_box(per_row, int(s["row"]), int(s["col"]))
              for s in changes.caravan(view, previous)]
    for space in sorted(changes.tower(view, previous)):
        if 1 <= space <= 6:
            top, bottom = tower_row(space)
            boxes.append((TOWER_BOX[0] + 10, top, TOWER_BOX[2] - 10, bottom))
    street = {str(s["id"]): s for s in view.get("street", [])}
    where = street.get(str(view.get("supervisor", "")))
    if changes.supervisor_moved(view, previous) and where is not None:
        boxes.append(cell_box(int(where["x"]), int(where["y"]), 0))
    for seat, keys in changes.buildings(view, previous).items():
        boxes += [box for key, box in building_boxes.get(seat, {}).items() if key in keys]
    return boxes


def _lay_header(board: PaletteBoard, view: View) -> None:
    """The header as three parts, each drawn again only when it changes: the week and day, the
    deck, and who plays next and first."""
    week = int(view.get("week", 1))
    day = int(view.get("day", 1))
    finished = view.get("phase") == "finished"
    deck = int(view.get("deck", 0))
    discard = len(view.get("discard", []))
    days_end = _days_width(week, day)  # where the separator before the deck stands
    deck_end = days_end + 18 + 40 + round(font(18).getlength(_deck_text(deck, discard))) + 20
    first = view.get("first_player")
    queue = [int(q) for q in view.get("turn_queue", []) if isinstance(q, int)]
    top = board.top

    def part(left: int, right: int, key: Any, paint: Painter) -> None:
        board.part_in_place((left, top, right, HEADER_H + top), _key(*key), paint)

    part(0, days_end - 4, ("days", week, day, finished),
         lambda image, draw: _draw_days(draw, week, day, finished))
    part(days_end - 4, deck_end - 4, ("deck", days_end, deck, discard),
         lambda image, draw: _draw_deck(image, draw, days_end, deck, discard))
    seats = {s: (seat_label(view, s), seat_colours(view, s)) for s in [*queue, first]
             if isinstance(s, int)}
    part(deck_end - 4, WIDTH, ("next", deck_end, first, queue, seats, finished,
                               bool(view.get("last_day_order"))),
         lambda image, draw: _draw_next(image, draw, view, deck_end))


def _days_width(week: int, day: int) -> int:
    """Where the week, the day and the day track end."""
    big = font(26, bold=True)
    week_w = round(big.getlength(f"Week {ROMAN.get(week, week)} / III"))
    return 16 + 178 + week_w + 22 + round(big.getlength(f"Day {day} / 7")) + 16 + 7 * 24 + 20


def _deck_text(deck: int, discard: int) -> str:
    return f"Deck {deck} · discard {discard}"


def _draw_days(draw: ImageDraw.ImageDraw, week: int, day: int, finished: bool) -> None:
    mid = HEADER_H // 2
    x = 16
    draw.text((x, mid), "YSPAHAN", font=font(30, bold=True), fill=pal.HIGHLIGHT, anchor="lm")
    x += 178
    x += lay.text(draw, (x, mid), f"Week {ROMAN.get(week, week)} / III", font(26, bold=True),
                  pal.INK_LIGHT, anchor="lm") + 22
    x += lay.text(draw, (x, mid), f"Day {day} / 7", font(26, bold=True), pal.INK_LIGHT,
                  anchor="lm") + 16
    for d in range(1, 8):  # the day track: done, today, to come
        cx = x + (d - 1) * 24
        if d < day or finished:
            draw.ellipse((cx, mid - 8, cx + 16, mid + 8), fill=pal.INK_MUTED)
        elif d == day:
            draw.ellipse((cx - 2, mid - 10, cx + 18, mid + 10), fill=pal.HIGHLIGHT,
                         outline=pal.INK_DARK)
        else:
            draw.ellipse((cx, mid - 8, cx + 16, mid + 8), outline=pal.INK_MUTED, width=2)


def _draw_deck(image: Image.Image, draw: ImageDraw.ImageDraw, x: int, deck: int,
               discard: int) -> None:
    mid = HEADER_H // 2
    draw.line((x, 12, x, HEADER_H - 12), fill=pal.PANEL_EDGE, width=2)
    x += 18
    paste(image, card_back(34), (x, mid - 17))
    x += 40
    lay.text(draw, (x, mid), _deck_text(deck, discard), font(18), pal.INK_LIGHT, anchor="lm")


def _draw_next(image: Image.Image, draw: ImageDraw.ImageDraw, view: View, x: int) -> None:
    """The first player at the right end; who acts after the current turn today, from ``x``."""
    mid = HEADER_H // 2
    limit = WIDTH - 16
    first = view.get("first_player")
    if isinstance(first, int):
        f = font(22, bold=True)
        text = f"First player: {seat_label(view, first)}"
        tw = f.getlength(text)
        draw.text((limit, mid), text, font=f, fill=pal.INK_LIGHT, anchor="rm")
        paste(image, first_player_pawn(36), (round(limit - tw - 44), mid - 18))
        limit = round(limit - tw - 72)
        paste(image, seat_cube(view, first, 24), (limit, mid - 12))
    queue = [int(q) for q in view.get("turn_queue", []) if isinstance(q, int)]
    if queue and view.get("phase") != "finished":  # who acts after the current turn, today
        draw.line((x, 12, x, HEADER_H - 12), fill=pal.PANEL_EDGE, width=2)
        x += 18
        label = "Low score first:" if view.get("last_day_order") else "Next:"
        room = limit - 16 - x - 30 * len(queue)
        x += lay.text(draw, (x, mid), label, font(20), pal.INK_MUTED, max_width=max(24, room),
                      anchor="lm") + 8
        for seat in queue:
            if x + 26 > limit - 12:
                break
            paste(image, seat_cube(view, seat, 26), (x, mid - 13))
            x += 30


def _lay_tower(board: PaletteBoard, view: View, taken: Any) -> None:
    """The Tower as parts, each drawn again only when it changes: the yellow dice bought, then
    each space's dice; the group taken is framed last, in a flat colour."""
    x0, y0, x1, _ = TOWER_BOX
    top = board.top
    yellow = int(view.get("yellow_bought", 0))
    board.part_in_place((x0 + 120, y0 + 2 + top, x1 - 2, tower_row(6)[0] - 2 + top),
                        _key("tower-yellow", yellow), lambda _, draw: _draw_yellow(draw, yellow))
    for space in view.get("tower", []):
        n = int(space.get("space", 0))
        if not 1 <= n <= 6:
            continue
        row_top, bottom = tower_row(n)
        white, yel = int(space.get("white", 0)), int(space.get("yellow", 0))
        value = space.get("value")

        def paint(image: Image.Image, draw: ImageDraw.ImageDraw, n: int = n, white: int = white,
                  yel: int = yel, value: Any = value) -> None:
            _draw_tower_space(image, draw, n, white, yel, value, taken == n)

        board.part_in_place((x0 + 10, row_top + top, x1 - 9, bottom + 1 + top),
                            _key("tower-space", n, white, yel, value, taken == n), paint)
    if isinstance(taken, int) and 1 <= taken <= 6 and view.get("phase") != "finished":
        row_top, bottom = tower_row(taken)  # over the neighbours' edges: after every space
        board.draw.rounded_rectangle((x0 + 8, row_top - 2 + top, x1 - 8, bottom + 2 + top),
                                     radius=7, outline=board.ink(pal.HIGHLIGHT), width=3)


def _draw_yellow(draw: ImageDraw.ImageDraw, yellow: int) -> None:
    _, y0, x1, _ = TOWER_BOX
    if yellow:
        lay.text(draw, (x1 - 14, y0 + 10), f"{yellow} yellow {dice_word(yellow)} bought", font(18),
                 colours.DIE_YELLOW, anchor="ra")


def _draw_tower_space(image: Image.Image, draw: ImageDraw.ImageDraw, n: int, white: int,
                      yel: int, value: Any, taken: bool) -> None:
    """Tower space ``n``: its dice and their count, or whether its group was taken."""
    _, _, x1, _ = TOWER_BOX
    top, bottom = tower_row(n)
    x = TOWER_DICE_X
    dy = top + (TOWER_ROW_H - TOWER_DIE) // 2
    if not white + yel or not isinstance(value, int):
        draw.text((x, (top + bottom) / 2), "taken" if taken else "empty", font=font(18),
                  fill=pal.INK_MUTED, anchor="lm")
        return
    dice = [colours.DIE_WHITE] * white + [colours.DIE_YELLOW] * yel
    room = x1 - 76 - x - TOWER_DIE  # dice overlap a little rather than cover the count
    step = min(TOWER_DIE + 4, room // max(1, len(dice) - 1))
    for fill in dice:
        paste(image, icons.die(value, TOWER_DIE, fill), (x, dy))
        x += step
    lay.text(draw, (x1 - 20, (top + bottom) / 2), f"{white + yel}×{value}",
             font(20, bold=True), pal.INK_LIGHT, anchor="rm")


def _draw_caravan(image: Image.Image, view: View) -> None:
    caravan = _caravan(view)
    per_row = int(caravan.get("per_row", 0))
    for space in caravan.get("spaces", []):
        owner = space.get("owner")
        if isinstance(owner, int):
            left, top, _, _ = caravan_space_box(per_row, int(space["row"]), int(space["col"]))
            paste(image, seat_cube(view, owner, 44), (left + 9, top + 9))


def _draw_status(image: Image.Image, draw: ImageDraw.ImageDraw, view: View) -> None:
    x0, y0, x1, _ = STATUS_BOX
    outcome = view.get("outcome")
    if isinstance(outcome, Mapping):
        _draw_outcome(image, draw, view, outcome)
        return
    decision = decision_of(view)
    acting = view.get("acting_seat")
    if decision is None:
        draw.text((x0 + 16, y0 + 18), "Waiting…", font=font(24, bold=True), fill=pal.INK_LIGHT)
        return
    seat = int(decision.get("seat", 0))
    paste(image, seat_cube(view, seat, 36), (x0 + 14, y0 + 12))
    title = f"{seat_label(view, seat)} to decide"
    if isinstance(acting, int) and acting != seat:
        title += f" ({seat_label(view, acting)}'s turn)"
    step = STEP_NAMES.get(str(view.get("step", "")), "")
    pf = font(18, bold=True)
    pw = round(pf.getlength(step)) + 16 if step else 0
    lay.text(draw, (x0 + 62, y0 + 30), title, font(24, bold=True), pal.HIGHLIGHT,
             max_width=x1 - x0 - 100 - pw, anchor="lm")
    if step:
        lay.pill(draw, (x1 - 14 - pw, y0 + 17), step, pf, pal.PANEL_EDGE, pal.INK_LIGHT)


def _lay_prompt(board: PaletteBoard, view: View) -> None:
    """The decision's prompt under the status's title, straight onto the palette picture: it
    changes with nearly every board."""
    decision = decision_of(view)
    if decision is None or isinstance(view.get("outcome"), Mapping):
        return
    x0, y0, x1, y1 = STATUS_BOX
    prompt = pretty(str(decision.get("prompt", "")))
    fitted = fit_text(prompt, (x0 + 16, y0 + 54, x1 - 16, y1 - 4), largest=20, smallest=14,
                      spacing=1)
    for i, line in enumerate(fitted.lines):
        board.text((x0 + 16, y0 + 54 + i * fitted.step + board.top), line, fitted.font,
                   pal.INK_LIGHT, pal.PANEL)


def _draw_outcome(
    image: Image.Image, draw: ImageDraw.ImageDraw, view: View, outcome: Mapping[str, Any]
) -> None:
    x0, y0, x1, y1 = STATUS_BOX
    winners = [int(w) for w in outcome.get("winners", [])]
    scores = list(outcome.get("scores", []))
    if len(winners) == 1:
        title = f"{seat_label(view, winners[0])} wins!"
        paste(image, seat_cube(view, winners[0], 36), (x0 + 14, y0 + 12))
    else:
        title = "Shared victory!"
        paste(image, icons.vp(36), (x0 + 14, y0 + 12))
    draw.text((x0 + 62, y0 + 30), title, font=font(26, bold=True), fill=pal.HIGHLIGHT,
              anchor="lm")
    reason = str(outcome.get("reason", ""))
    if outcome.get("tiebreak"):
        reason = f"Tie-break: {outcome['tiebreak']}."
    fitted = fit_text(reason, (x0 + 16, y0 + 52, x1 - 16, y0 + 88), largest=18, smallest=14,
                      spacing=0)
    draw_fitted(draw, fitted, fill=pal.INK_MUTED)
    ranked = sorted(range(len(scores)), key=lambda i: -int(scores[i]))
    score_text = " · ".join(f"{seat_label(view, i)} {scores[i]}" for i in ranked)
    fitted = fit_text(f"Final: {score_text}", (x0 + 16, y0 + 88, x1 - 16, y1 - 2), largest=22,
                      smallest=14, bold=True)
    draw_fitted(draw, fitted, fill=pal.INK_LIGHT)


TITLE_H, COUNTERS_H = 48, 84  # a player's area from its top: name and score, then counters


def _lay_player(board: PaletteBoard, view: View, player: Mapping[str, Any], box: Box) -> None:
    """One seat's area as three parts of ``board`` (name and score, counters, buildings), each
    drawn again only when what it shows changed, under the frame of the seat that acts."""
    x0, y0, x1, y1 = box
    seat = int(player.get("seat", 0))
    colours_ = seat_colours(view, seat)
    decision = decision_of(view)
    deciding = decision is not None and decision.get("seat") == seat
    acting = view.get("acting_seat") == seat and view.get("phase") != "finished"
    first = view.get("first_player") == seat
    top = board.top

    def part(rows: tuple[int, int], key: Any, paint: Painter) -> None:
        board.part_in_place((x0, rows[0] + top, x1 + 1, rows[1] + top), _key(*key), paint)

    def title(image: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        _draw_player_band(draw, colours_, box)
        _draw_player_title(image, draw, view, player, box, first, deciding, acting)

    def counters(image: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        _draw_player_band(draw, colours_, box)
        _draw_player_counters(image, draw, player, box)

    def buildings(image: Image.Image, draw: ImageDraw.ImageDraw) -> None:
        _draw_player_band(draw, colours_, box)
        _draw_player_points(draw, view, player, box)

    size = (x1 - x0, y1 - y0)
    part((y0, y0 + TITLE_H), ("title", size, colours_, player.get("label"), first, deciding,
                              acting, player.get("score")), title)
    part((y0 + TITLE_H, y0 + COUNTERS_H),
         ("counters", size, colours_, [player.get(k) for k in (
             "gold", "camels", "hand_count", "cubes_in_shops", "cubes_in_caravan")]), counters)
    part((y0 + COUNTERS_H, y1 + 1), ("buildings", size, colours_, view.get("buildings"),
                                     player.get("buildings"), player.get("breakdown")), buildings)
    if deciding or acting:
        board.draw.rounded_rectangle((x0, y0 + top, x1, y1 + top), radius=12,
                                     outline=board.ink(pal.HIGHLIGHT), width=3)


def _draw_player_band(draw: ImageDraw.ImageDraw, colours_: tuple[RGB, RGB, RGB],
                      box: Box) -> None:
    """A band in the seat colour down the left edge."""
    x0, y0, _, y1 = box
    fill, edge, _ = colours_
    draw.rounded_rectangle((x0, y0, x0 + 14, y1), radius=6, fill=fill, outline=edge)


def _draw_player_title(image: Image.Image, draw: ImageDraw.ImageDraw, view: View,
                       player: Mapping[str, Any], box: Box, first: bool, deciding: bool,
                       acting: bool) -> None:
    """The seat's cube, name, first-player pawn, what it does now and its score."""
    x0, y0, x1, _ = box
    seat = int(player.get("seat", 0))
    paste(image, seat_cube(view, seat, 32), (x0 + 24, y0 + 10))
    name_x = x0 + 66
    name_w = lay.text(draw, (name_x, y0 + 26), str(player.get("label", "")), font(24, bold=True),
                      pal.INK_LIGHT, anchor="lm")
    tag_x = name_x + name_w + 12
    if first:
        paste(image, first_player_pawn(30), (tag_x, y0 + 11))
        tag_x += 36
    if deciding or acting:
        tag = "deciding" if deciding else "turn"
        lay.pill(draw, (tag_x, y0 + 13), tag, font(18, bold=True), pal.HIGHLIGHT, pal.INK_DARK)
    score = int(player.get("score", 0))
    vp_w = lay.text(draw, (x1 - 14, y0 + 30), "VP", font(18), pal.INK_MUTED, anchor="rm")
    score_w = lay.text(draw, (x1 - 20 - vp_w, y0 + 26), str(score), font(30, bold=True),
                       pal.INK_LIGHT, anchor="rm")
    paste(image, icons.vp(34), (x1 - 26 - vp_w - score_w - 34, y0 + 9))


def _draw_player_counters(image: Image.Image, draw: ImageDraw.ImageDraw,
                          player: Mapping[str, Any], box: Box) -> None:
    """Gold, camels, cards in hand and where the seat's cubes are."""
    x0, y0, x1, _ = box
    y = y0 + 50
    x = x0 + 26
    x += counter(image, draw, (x, y), icons.gold(28), str(player.get("gold", 0)), 28) + 20
    x += counter(image, draw, (x, y), icons.camel(28), str(player.get("camels", 0)), 28) + 20
    count = int(player.get("hand_count", 0))
    x += counter(image, draw, (x, y), card_back(28),
                  f"{count} card{'' if count == 1 else 's'}", 28) + 20
    lay.text(draw, (x, y + 14),
             f"cubes: {player.get('cubes_in_shops', 0)} shops, "
             f"{player.get('cubes_in_caravan', 0)} caravan",
             font(18), pal.INK_MUTED, max_width=x1 - 12 - x, anchor="lm")


def _draw_player_points(draw: ImageDraw.ImageDraw, view: View, player: Mapping[str, Any],
                        box: Box) -> dict[str, Box]:
    """The buildings and, with room, the points so far; returns each building's box by key."""
    x0, y0, x1, y1 = box
    shown = _draw_player_buildings(draw, view, player, box)
    roomy = y1 - y0 >= 180
    y = max((b[3] for b in shown.values()), default=y0 + 88) if roomy else y0 + 88
    breakdown = player.get("breakdown")
    if isinstance(breakdown, Mapping) and roomy:
        parts = [f"{CATEGORY_SHORT.get(str(k), str(k))} {v}" for k, v in breakdown.items() if v]
        text = "Points: " + (", ".join(parts) if parts else "none yet")
        lay.text(draw, (x0 + 26, y + 6), text, font(18), pal.INK_MUTED, max_width=x1 - x0 - 40)
    return shown


def _draw_player_buildings(draw: ImageDraw.ImageDraw, view: View, player: Mapping[str, Any],
                           box: Box) -> dict[str, Box]:
    """The player's buildings, in the order built: all six when the area has room, the built
    ones lit with their order, else the built ones; returns each one's box by key."""
    x0, y0, x1, y1 = box
    y = y0 + 88
    if y1 - y0 >= 180:
        return _draw_building_grid(draw, view, player, (x0 + 26, y, x1 - 12))
    built = sorted(player.get("buildings", []), key=lambda b: int(b.get("order", 0)))
    return _draw_buildings(draw, (x0 + 26, y, x1 - 12, y + 30), built)


class _Measure(ImageDraw.ImageDraw):
    """Lays buildings out without drawing them: where they stand is all ``changed_boxes``
    needs when the player's area is pasted as it was."""

    def text(self, *args: Any, **kwargs: Any) -> None:
        pass

    def rounded_rectangle(self, *args: Any, **kwargs: Any) -> None:
        pass


def _building_boxes(view: View, player: Mapping[str, Any], box: Box) -> dict[str, Box]:
    return _draw_player_buildings(_Measure(Image.new("RGB", (1, 1))), view, player, box)


def _draw_building_grid(draw: ImageDraw.ImageDraw, view: View,
                        player: Mapping[str, Any], span: tuple[int, int, int]) -> dict[str, Box]:
    """Three columns by two rows of the six buildings; returns each one's box by key."""
    x0, y0, x1 = span
    built = {str(b.get("key")): int(b.get("order", 0)) for b in player.get("buildings", [])}
    col_w = (x1 - x0 - 2 * 6) // 3
    boxes: dict[str, Box] = {}
    for i, building in enumerate(b for b in view.get("buildings", []) if isinstance(b, Mapping)):
        bx = x0 + (i % 3) * (col_w + 6)
        by = y0 + (i // 3) * 34
        order = built.get(str(building.get("key")))
        done = order is not None
        lay.rounded(draw, (bx, by, bx + col_w, by + 28), 6,
                    fill=pal.CARD if done else pal.EMPTY_CELL)
        name = str(building.get("name", ""))
        ink = pal.INK_DARK if done else pal.INK_MUTED
        lay.text(draw, (bx + 6, by + 14), f"{order}. {name}" if done else name,
                 font(18, bold=done), ink, max_width=col_w - 12, anchor="lm")
        boxes[str(building.get("key"))] = (bx, by, bx + col_w, by + 28)
    return boxes


def _draw_buildings(draw: ImageDraw.ImageDraw, box: Box,
                    built: Sequence[Mapping[str, Any]]) -> dict[str, Box]:
    """The buildings built, in order, as labels; returns each one's box by key."""
    x0, y0, x1, y1 = box
    if not built:
        draw.text((x0, (y0 + y1) / 2), "No buildings yet", font=font(18), fill=pal.INK_MUTED,
                  anchor="lm")
        return {}
    names = [str(b.get("name", "")) for b in built]
    room = x1 - x0 - 6 * (len(names) - 1)
    f = font(18, bold=True)
    if sum(f.getlength(n) + 12 for n in names) > room:
        f = font(18)
    widths = [f.getlength(n) + 12 for n in names]
    if sum(widths) > room:  # shrink the longest labels evenly, keeping each readable
        cap = max(48.0, room / len(names))
        widths = [min(w, cap) for w in widths]
    x = float(x0)
    boxes: dict[str, Box] = {}
    for building, name, w in zip(built, names, widths, strict=True):
        right = min(x + w, x1)
        draw.rounded_rectangle((x, y0, right, y1), radius=8, fill=pal.CARD, outline=pal.CARD_EDGE)
        lay.text(draw, ((x + right) / 2, (y0 + y1) / 2), name, f, pal.INK_DARK,
                 max_width=right - x - 6, anchor="mm")
        boxes[str(building.get("key"))] = (round(x), y0, round(right), y1)
        x = right + 6
        if x >= x1:
            break
    return boxes


@functools.lru_cache(maxsize=512)
def _log_lines(entry: str, width: int) -> list[str]:
    """A log sentence wrapped to ``width``: each board repeats most of the last one's log.
    Callers must not change the list."""
    return lay.wrap(entry, font(18), width)


def _log_room(box: Box) -> int:
    """How many lines the log box holds: as many sentences at most."""
    return (box[3] - box[1] - 14) // (lay.line_height(font(18)) + 1)


def _draw_log(board: PaletteBoard, view: View, box: Box) -> None:
    """The newest sentences at the bottom, each whole; a long one takes several lines, each
    laid straight onto the palette picture."""
    x0, _, x1, y1 = box
    f = font(18)
    step = lay.line_height(f) + 1
    room = _log_room(box)
    stacked: list[tuple[str, bool]] = []
    for age, entry in enumerate(reversed([pretty(str(e)) for e in view.get("log", [])])):
        lines = _log_lines(entry, x1 - x0 - 28)
        if len(stacked) + len(lines) > room:  # older sentences stay in /game log, whole
            break
        stacked = [(line, age == 0) for line in lines] + stacked
    y = y1 - 8 - len(stacked) * step + board.top
    for line, newest in stacked:
        ink = pal.INK_LIGHT if newest else pal.INK_MUTED
        board.text((x0 + 14, y), line, f, ink, pal.PANEL)
        y += step
