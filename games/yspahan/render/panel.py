"""The private Yspahan panel: the deciding seat's hand, resources, buildings and numbered options.

Each option shows the engine's label and a few words read from its targets and the view (a
shop's souk, how far a Supervisor stop is and whose cubes stand beside it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import Any

from PIL import Image, ImageDraw

from games.yspahan.render import colours, icons
from games.yspahan.render.palette import PALETTE
from games.yspahan.render.pieces import (
    ORDINALS,
    ROMAN,
    TOWER_SPACE_NAMES,
    View,
    counter,
    decision_of,
    dice_word,
    pretty,
    seat_colours,
    seat_cube,
    seat_label,
    shop_owners,
)
from renderers.kit import layout as lay
from renderers.kit import palette as pal
from renderers.kit.cache import key_of
from renderers.kit.compose import GLYPH_BLEED, flat_board
from renderers.kit.fit import Box, Fitted
from renderers.kit.icons import paste
from renderers.kit.options import (
    Option,
    draw_no_decision,
    draw_prompt,
    option_label,
    option_targets,
    view_options,
)
from renderers.kit.words import draw_fitted, fit_text, font

PANEL_W = 1000
PANEL_LEFT_W = 400
ACTION_ROW = 42
HAND_CARD_H = 90
BUILDING_ROW = 32
SITUATION_LINE = 26
HAND_TOP = 76 + 124 + 6 * BUILDING_ROW + 10 + 46  # resources box, gap, "Your hand"


def panel_seat(view: View) -> int | None:
    """Whose panel this is: the seat whose hand the view shows, else the seat deciding now."""
    for player in view.get("players", []):
        if isinstance(player.get("hand"), list):
            return int(player.get("seat", 0))
    decision = decision_of(view)
    if decision is not None and view_options(view):
        return int(decision.get("seat", 0))
    return None


def render_panel(view: View) -> Image.Image:
    seat = panel_seat(view)
    decision = decision_of(view)
    subject = seat if seat is not None else (int(decision["seat"]) if decision else None)
    player = next((p for p in view.get("players", []) if p.get("seat") == subject), None)
    options = view_options(view)
    mine = decision is not None and seat is not None and decision.get("seat") == seat
    rx = PANEL_LEFT_W + 24
    rw = PANEL_W - rx - 16
    prompt_font = font(22)
    prompt = pretty(str(decision.get("prompt", ""))) if decision else ""
    prompt_lines = lay.wrap(prompt, prompt_font, rw) if decision else []
    list_top = 122 + len(prompt_lines) * (lay.line_height(prompt_font) + 2) + 12
    cells = option_cells(view, options, rw)
    hand = player.get("hand") if player else None
    cards = [c for c in hand if isinstance(c, Mapping)] if isinstance(hand, list) else []
    left_bottom = HAND_TOP + max(1, len(cards)) * (HAND_CARD_H + 8)
    situation = situation_lines(view) if decision else []
    situation_top = list_top + options_height(cells) + 14
    situation_bottom = situation_top + (34 + SITUATION_LINE * len(situation) if situation else 0)
    height = max(600, situation_bottom + 16, left_bottom + 16)
    panel = flat_board(PALETTE, (PANEL_W, height), pal.BACKGROUND, "yspahan-panel", ImageDraw.Draw)
    panel.part_in_place((0, 0, PANEL_W, BAND_H), _header_key(view, seat),
                        lambda image, draw: _draw_panel_header(image, draw, view, seat))
    split = rx - GLYPH_BLEED  # where the left column's parts end and the right column's begin
    if player is not None:
        box = (16, 76, PANEL_LEFT_W, HAND_TOP - 46)
        panel.part_in_place((0, BAND_H, split, HAND_TOP - 40), ("goods", _goods_key(view, player)),
                            lambda image, draw: _draw_panel_resources(image, draw, view, player,
                                                                      box))
    owner = "Your" if subject == seat or subject is None else f"{seat_label(view, subject)}'s"
    count = int((player or {}).get("hand_count", 0))
    hidden = not isinstance(hand, list)
    panel.part_in_place((0, HAND_TOP - 40, split, left_bottom),
                        ("hand", owner, key_of(cards), hidden, count),
                        lambda image, draw: _draw_hand(draw, owner, cards, hidden, count))
    if decision is None:
        panel.part_in_place((split, BAND_H, PANEL_W, height),
                            ("no decision", isinstance(view.get("outcome"), Mapping)),
                            lambda image, draw: draw_no_decision(draw, rx, view))
        return panel.image
    who = int(decision.get("seat", 0))
    heading = "Your decision" if mine else f"Waiting for {seat_label(view, who)}"
    panel.part_in_place((split, BAND_H, PANEL_W, list_top),
                        ("prompt", heading, tuple(prompt_lines)),
                        lambda image, draw: draw_prompt(draw, rx, heading, prompt_lines,
                                                        prompt_font))
    # the options and what is going on stand lower as the prompt grows: kept wherever they are
    for cell in cells:
        x0, y0, x1, y1 = _moved(cell.box, rx, 0)
        panel.part_at((0, list_top), (x0, y0, x1 + 1, y1 + 1), _cell_key(cell),
                      partial(_draw_cell, cell, (rx, 0)))
    if situation:  # what is going on, so the panel can be read without the board
        panel.part_at((0, situation_top), (split, 0, PANEL_W, situation_bottom - situation_top),
                      ("situation", tuple(situation)),
                      partial(_draw_situation, situation, (rx, 0), rw))
    return panel.image


# The band at the top, with the line under it; every other part starts below it.
BAND_H = 65


def _header_key(view: View, seat: int | None) -> tuple[Any, ...]:
    day = int(view.get("week", 1)), int(view.get("day", 1))
    if seat is not None:
        return "header", seat, seat_label(view, seat), seat_colours(view, seat), day
    decision = decision_of(view)
    deciding = None if decision is None else seat_label(view, int(decision.get("seat", 0)))
    return "header", None, deciding, day


def _goods_key(view: View, player: Mapping[str, Any]) -> str:
    """All the resources box shows: the seat's counts and buildings, and the buildings'."""
    counts = [player.get(k) for k in ("score", "gold", "camels", "cubes_in_shops",
                                      "cubes_in_caravan")]
    catalogue = [b for b in view.get("buildings", []) if isinstance(b, Mapping)][:6]
    return key_of((counts, player.get("buildings", []), catalogue))


def _draw_hand(draw: ImageDraw.ImageDraw, owner: str, cards: Sequence[Mapping[str, Any]],
               hidden: bool, count: int) -> None:
    lx = 16
    draw.text((lx, HAND_TOP - 30), f"{owner} hand",
              font=font(20, bold=True), fill=pal.INK_MUTED)
    y = HAND_TOP
    if not cards:
        text = f"{count} cards (hidden)" if hidden else "no cards"
        lay.rounded(draw, (lx, y, PANEL_LEFT_W, y + 80), 10, fill=pal.PANEL, outline=pal.PANEL_EDGE,
                    line=2)
        draw.text(((lx + PANEL_LEFT_W) / 2, y + 40), text, font=font(20), fill=pal.INK_MUTED,
                  anchor="mm")
    for card in cards:
        _draw_hand_card(draw, card, (lx, y, PANEL_LEFT_W, y + HAND_CARD_H))
        y += HAND_CARD_H + 8


def _draw_situation(situation: Sequence[str], origin: tuple[int, int], width: int,
                    image: Image.Image, draw: ImageDraw.ImageDraw) -> None:
    rx, top = origin
    draw.text((rx, top), "On the board", font=font(20, bold=True), fill=pal.INK_MUTED)
    y = top + 32
    for line in situation:
        fitted = fit_text(line, (rx, y, rx + width, y + SITUATION_LINE - 2), largest=18,
                          smallest=13)
        draw_fitted(draw, fitted, fill=pal.INK_LIGHT, valign="middle")
        y += SITUATION_LINE


def situation_lines(view: View) -> list[str]:
    """The action under way, the Supervisor and the shipping queue, in words."""
    current = view.get("current_action") or {}
    lines: list[str] = []
    group = current.get("group")
    if isinstance(group, int) and 1 <= group <= 6:
        n = int(current.get("dice", 0))
        text = f"Group taken: {TOWER_SPACE_NAMES[group - 1]}, {n} {dice_word(n)} showing " \
               f"{current.get('value')}"
        extra = current.get("extra_die")
        if isinstance(extra, Mapping):
            text += f" + {extra.get('id')} as an extra die"
        lines.append(text)
    quarter, left = current.get("quarter"), int(current.get("cubes_left", 0) or 0)
    if quarter and left:
        lines.append(f"{left} cube{'' if left == 1 else 's'} to place in the {quarter} quarter")
    origin = current.get("supervisor_from")
    steps = int(current.get("supervisor_steps", 0) or 0)
    if origin and steps:
        lines.append(f"Supervisor: moved {steps} space{'' if steps == 1 else 's'} from "
                     f"{origin} to {view.get('supervisor')}")
    else:
        lines.append(f"Supervisor at {view.get('supervisor')}")
    owners = shop_owners(view)
    shipping = [str(s) for s in current.get("shipping", [])]
    if shipping:
        parts = [f"{s} ({seat_label(view, owners[s])})" if s in owners else s for s in shipping]
        lines.append("To ship: " + ", ".join(parts))
    card = view.get("resolving_card")
    if isinstance(card, Mapping):
        lines.append(f"Resolving {card.get('id')} {card.get('name')}")
    return lines


def _draw_panel_header(image: Image.Image, draw: ImageDraw.ImageDraw, view: View,
                       seat: int | None) -> None:
    if seat is not None:
        fill, edge, ink = seat_colours(view, seat)
        draw.rectangle((0, 0, PANEL_W, 62), fill=fill)
        draw.line((0, 62, PANEL_W, 62), fill=edge, width=3)
        paste(image, seat_cube(view, seat, 40), (16, 11))
        title = f"{seat_label(view, seat)} — your panel"
    else:
        draw.rectangle((0, 0, PANEL_W, 62), fill=pal.PANEL)
        ink = pal.INK_LIGHT
        decision = decision_of(view)
        title = "Spectator view"
        if decision is not None:
            title += f": {seat_label(view, int(decision.get('seat', 0)))} deciding"
    draw.text((16 if seat is None else 72, 31), title, font=font(28, bold=True), fill=ink,
              anchor="lm")
    week, day = int(view.get("week", 1)), int(view.get("day", 1))
    draw.text((PANEL_W - 16, 31), f"Week {ROMAN.get(week, week)} · Day {day}/7",
              font=font(22, bold=True), fill=ink, anchor="rm")


def _draw_panel_resources(image: Image.Image, draw: ImageDraw.ImageDraw, view: View,
                          player: Mapping[str, Any], box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, _y1 = box
    lay.rounded(draw, box, 10, fill=pal.PANEL, outline=pal.PANEL_EDGE, line=2)
    x, y = x0 + 14, y0 + 14
    x += counter(image, draw, (x, y), icons.vp(34), f"{player.get('score', 0)} VP", 34) + 24
    x += counter(image, draw, (x, y), icons.gold(34), str(player.get("gold", 0)), 34) + 24
    counter(image, draw, (x, y), icons.camel(34), str(player.get("camels", 0)), 34)
    y += 50
    lay.text(draw, (x0 + 14, y),
             f"Cubes: {player.get('cubes_in_shops', 0)} in shops, "
             f"{player.get('cubes_in_caravan', 0)} in the Caravan",
             font(18), pal.INK_LIGHT, max_width=x1 - x0 - 28)
    y += 32
    draw.text((x0 + 14, y), "Buildings", font=font(18, bold=True), fill=pal.INK_MUTED)
    y += 28
    built = {str(b.get("key")): int(b.get("order", 0)) for b in player.get("buildings", [])}
    catalogue = [b for b in view.get("buildings", []) if isinstance(b, Mapping)]
    col_w = x1 - x0 - 28
    for i, building in enumerate(catalogue[:6]):
        bx = x0 + 14
        by = y + i * BUILDING_ROW
        order = built.get(str(building.get("key")))
        done = order is not None
        lay.rounded(draw, (bx, by, bx + col_w, by + 28), 6,
                    fill=pal.CARD if done else pal.EMPTY_CELL)
        label = str(building.get("name", ""))
        ink = pal.INK_DARK if done else pal.INK_LIGHT
        if order is not None:
            cw = lay.text(draw, (bx + col_w - 6, by + 14), f"built {ORDINALS.get(order, '')}",
                          font(18), ink, anchor="rm")
        else:
            cw = _cost(image, draw, (bx + col_w - 4, by + 3), int(building.get("camels", 0)),
                       int(building.get("gold", 0)))
        lay.text(draw, (bx + 6, by + 14), label, font(18, bold=done), ink,
                 max_width=col_w - cw - 14, anchor="lm")


def _cost(image: Image.Image, draw: ImageDraw.ImageDraw, right_top: tuple[int, int],
          camels: int, gold: int) -> int:
    """A building's price as camel and coin icons with counts, right-aligned; returns width."""
    f = font(18, bold=True)
    parts = [(icons.camel(22), camels), (icons.gold(22), gold)]
    parts = [(icon, n) for icon, n in parts if n]
    width = sum(22 + 2 + round(f.getlength(str(n))) + 6 for _, n in parts)
    x, y = right_top[0] - width, right_top[1]
    for icon, n in parts:
        x += lay.text(draw, (x, y + 11), str(n), f, pal.INK_LIGHT, anchor="lm") + 2
        paste(image, icon, (x, y))
        x += 22 + 6
    return width


def _draw_hand_card(draw: ImageDraw.ImageDraw, card: Mapping[str, Any],
                    box: tuple[int, int, int, int]) -> None:
    x0, y0, x1, y1 = box
    lay.rounded(draw, box, 10, fill=pal.CARD, outline=pal.CARD_EDGE, line=2)
    cid = str(card.get("id", ""))
    f = font(18, bold=True)
    idw = round(f.getlength(cid)) + 14
    lay.rounded(draw, (x0 + 8, y0 + 8, x0 + 8 + idw, y0 + 34), 6, fill=colours.CARD_BACK)
    draw.text((x0 + 8 + idw / 2, y0 + 21), cid, font=f, fill=pal.INK_LIGHT, anchor="mm")
    name = fit_text(str(card.get("name", "")), (x0 + idw + 18, y0 + 8, x1 - 10, y0 + 34),
                    largest=20, smallest=15, bold=True)
    draw_fitted(draw, name, fill=pal.INK_DARK, valign="middle")
    effect = fit_text(str(card.get("text", "")), (x0 + 10, y0 + 40, x1 - 10, y1 - 4), largest=18,
                      smallest=14, spacing=0)
    draw_fitted(draw, effect, fill=pal.INK_SOFT)


def option_hint(view: View, targets: Mapping[str, Any]) -> str:
    """A few words beside an option's label from what it points at (``Game.targets``): the
    souk of a shop, how far a Supervisor stop is, what a building does, what a Tower option
    yields per die, how many shops a quarter has free."""
    current = view.get("current_action") or {}
    if "building" in targets:
        for building in view.get("buildings", []):
            if building.get("id") == targets["building"]:
                return str(building.get("text", ""))  # its price is in the label
        return ""
    if "souk" in targets:
        souk = next((s for s in view.get("souks", []) if s.get("id") == targets["souk"]), None)
        owner = shop_owners(view).get(str(targets.get("shop")))
        whose = f"{seat_label(view, owner)}'s cube; " if owner is not None else ""
        return whose + souk_summary(view, souk) if souk is not None else ""
    if "space" in targets:
        ships = targets.get("ships")
        return go_hint(view, str(targets["space"]), ships if isinstance(ships, list) else [])
    if "quarter" in targets:
        name = str(targets["quarter"])
        free = sum(1 for s in view.get("shops", []) if s.get("quarter") == name
                   and s.get("owner") is None)
        return f"{free} empty shop{'' if free == 1 else 's'} in the {name} quarter"
    n = int(current.get("dice", 0) or 0) + (1 if "card" in targets else 0)
    per_die = f"({n} {dice_word(n)})"
    return {
        "camels": f"one camel per die {per_die}",
        "gold": f"one gold per die {per_die}",
        "shops": f"one cube per die in the quarter {per_die}",
        "supervisor": f"the die shows {current.get('value', '?')}",
    }.get(str(targets.get("option")), "")


def go_hint(view: View, space: str, ships: Sequence[str] = ()) -> str:
    """``Red's cube ships; 3 spaces from H``: how far a Supervisor stop is from where he set
    out this turn, and whose cubes beside it (``ships``, from the option's targets) ship."""
    street = {str(s["id"]): s for s in view.get("street", [])}
    target = street.get(space)
    if target is None:
        return ""
    current = view.get("current_action") or {}
    start = street.get(str(current.get("supervisor_from") or view.get("supervisor", "")))
    parts = []
    owners = shop_owners(view)
    whose = [f"{seat_label(view, owners[shop])}'s" for shop in ships if shop in owners]
    if whose:  # first, as the label is long when cubes ship
        parts.append(f"{' and '.join(whose)} cube{'s' if len(whose) > 1 else ''} "
                     f"ship{'' if len(whose) > 1 else 's'}")
    if start is not None:  # the street is a cross through H, so the walk is a taxicab distance
        n = abs(target["x"] - start["x"]) + abs(target["y"] - start["y"])
        parts.append(f"{n} space{'' if n == 1 else 's'} from {start['id']}")
    return "; ".join(parts)


def souk_summary(view: View, souk: Mapping[str, Any]) -> str:
    """``2 of 5 shops filled (Blue 2)``: the souk's size and value are in the label."""
    owners = [s.get("owner") for s in view.get("shops", []) if s.get("souk") == souk.get("id")]
    held = [o for o in owners if isinstance(o, int)]
    text = f"{len(held)} of {len(owners)} shops filled"
    if held:
        counts = {o: held.count(o) for o in sorted(set(held))}
        text += " (" + ", ".join(f"{seat_label(view, o)} {n}" for o, n in counts.items()) + ")"
    return text


@dataclass(frozen=True, slots=True)
class OptionCell:
    """One numbered option laid out: its label (and hint) wrapped whole, where it stands."""

    number: int
    box: Box
    label: Fitted
    hint: Fitted | None


OPTION_PAD = 8
NUMBER_W = 44
TWO_COLUMNS_FROM = 13  # options; from there labels share the width and hints are left out


def option_cells(view: View, options: Sequence[Option], width: int) -> list[OptionCell]:
    """Every option's cell, relative to the list's top left: one column with hints, or two
    columns of labels when there are many; each label and hint is wrapped, never cut."""
    columns = 2 if len(options) >= TWO_COLUMNS_FROM else 1
    rows = -(-len(options) // columns)
    col_w = width // columns
    text_w = col_w - 10 - NUMBER_W - OPTION_PAD
    tall = 10_000  # the cell grows to what the text needs
    laid: list[tuple[Fitted, Fitted | None, int]] = []
    for option in options:
        label = option_label(option)
        largest = _one_line_size(label, text_w) or (22 if columns == 1 else 20)
        fitted = fit_text(label, (0, 0, text_w, tall), largest=largest, smallest=16, bold=True)
        words = option_hint(view, option_targets(option)) if columns == 1 else ""
        hint = fit_text(words, (0, 0, text_w, tall), largest=18, smallest=14) if words else None
        height = fitted.height + (hint.height + 4 if hint else 0) + 2 * OPTION_PAD
        laid.append((fitted, hint, max(ACTION_ROW - 6, height)))
    cells: list[OptionCell] = []
    y = 0
    for row in range(rows):
        members = [i for i in (row + c * rows for c in range(columns)) if i < len(laid)]
        row_h = max(laid[i][2] for i in members)
        for i in members:
            fitted, hint, _ = laid[i]
            x = (i // rows) * col_w
            box = (x, y, x + col_w - 10, y + row_h)
            tx, ty = x + NUMBER_W, y + OPTION_PAD
            placed = replace(fitted, box=(tx, ty, tx + text_w, ty + fitted.height))
            if hint is not None:
                hy = ty + fitted.height + 4
                hint = replace(hint, box=(tx, hy, tx + text_w, hy + hint.height))
            cells.append(OptionCell(i + 1, box, placed, hint))
        y += row_h + 6
    return cells


def _one_line_size(label: str, width: int) -> int | None:
    """The largest readable size at which ``label`` fits on one line, if any: a label a
    little too long reads better a size smaller than wrapped."""
    for size in (22, 21, 20, 19, 18):
        if font(size, bold=True).getlength(label) <= width:
            return size
    return None


def options_height(cells: Sequence[OptionCell]) -> int:
    return max((c.box[3] + 6 for c in cells), default=0)


def _moved(box: Box, dx: int, dy: int) -> Box:
    return box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy


def _cell_key(cell: OptionCell) -> tuple[Any, ...]:
    """All a cell shows: its number, and its label's and hint's lines as laid out."""
    hint = cell.hint
    shown_hint = None if hint is None else (hint.lines, hint.size, hint.step)
    return "option", cell.number, cell.label.lines, cell.label.size, cell.label.step, shown_hint


def _draw_cell(cell: OptionCell, origin: tuple[int, int], image: Image.Image,
               draw: ImageDraw.ImageDraw) -> None:
    """One numbered option, its cell moved by ``origin``."""
    dx, dy = origin
    x0, y0, x1, y1 = _moved(cell.box, dx, dy)
    lay.rounded(draw, (x0, y0, x1, y1), 8, fill=pal.PANEL)
    draw.text((x0 + 22, y0 + OPTION_PAD + cell.label.step // 2), str(cell.number),
              font=font(20, bold=True), fill=pal.HIGHLIGHT, anchor="mm")
    draw_fitted(draw, replace(cell.label, box=_moved(cell.label.box, dx, dy)),
                fill=pal.INK_LIGHT)
    if cell.hint is not None:
        draw_fitted(draw, replace(cell.hint, box=_moved(cell.hint.box, dx, dy)),
                    fill=pal.INK_MUTED)
