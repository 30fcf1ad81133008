"""The decision column of a private panel, shared by every game: heading, prompt, options."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PIL import ImageDraw

from renderers.kit import layout as lay
from renderers.kit import palette as pal
from renderers.kit.fonts import font
from renderers.kit.text import draw_line

HINT_ROOM = 150  # what a hint needs beside a label to say something
Option = Mapping[str, Any]  # one entry of the view's decision "options": notation, label, targets

# Called for each option with the option and the free room right of its label (left, top,
# right, bottom), so a game can add icons or a hint there from the option's targets.
Extra = Callable[[Option, lay.Box], None]


def view_options(view: Mapping[str, Any]) -> list[Option]:
    """The options the view's decision lists (only the deciding seat's view lists any)."""
    decision = view.get("decision")
    options = decision.get("options") if isinstance(decision, Mapping) else None
    return [o for o in options if isinstance(o, Mapping)] if isinstance(options, list) else []


def option_targets(option: Option) -> Mapping[str, Any]:
    targets = option.get("targets")
    return targets if isinstance(targets, Mapping) else {}


def draw_no_decision(draw: ImageDraw.ImageDraw, x: int, view: Mapping[str, Any]) -> None:
    """What the column says when nobody has anything to decide."""
    outcome = view.get("outcome")
    text = "The game is over." if isinstance(outcome, Mapping) else "Nothing to decide."
    draw_line(draw, (x, 80), text, font=font(24, bold=True), fill=pal.INK_LIGHT)


def draw_prompt(
    draw: ImageDraw.ImageDraw, x: int, heading: str, prompt_lines: Sequence[str],
    prompt_font: lay.Font,
) -> None:
    """The heading (whose decision it is) and the prompt's lines below it, from the top."""
    draw_line(draw, (x, 78), heading, font=font(26, bold=True), fill=pal.HIGHLIGHT)
    y = 122
    for line in prompt_lines:
        draw_line(draw, (x, y), line, font=prompt_font, fill=pal.INK_LIGHT)
        y += lay.line_height(prompt_font) + 2


def option_boxes(
    count: int, origin: tuple[int, int], width: int, columns: int, rows: int, row_height: int,
) -> list[lay.Box]:
    """Where each of ``count`` options goes, column by column, ``rows`` to a column: each box
    takes its row's height and its column's width, with the gaps to the next ones."""
    col_w = width // columns
    boxes = []
    for i in range(count):
        col, row = divmod(i, rows)
        x, y = origin[0] + col * col_w, origin[1] + row * row_height
        boxes.append((x, y, x + col_w, y + row_height))
    return boxes


def draw_option(
    draw: ImageDraw.ImageDraw, number: int, option: Option, box: lay.Box, label: lay.Font,
    extra: Extra,
) -> None:
    """One numbered option in its box (from ``option_boxes``), its label in ``label``."""
    x, y, right, bottom = box
    h = bottom - y - 6
    right -= 10
    lay.rounded(draw, (x, y, right, y + h), 8, fill=pal.PANEL)
    draw_line(draw, (x + 22, y + h / 2), str(number), font=font(20, bold=True),
              fill=pal.HIGHLIGHT, anchor="mm")
    ax = x + 44
    text = option_label(option)
    ax += lay.text(draw, (ax, y + h / 2), text, label, pal.INK_LIGHT,
                   max_width=right - ax - 8, anchor="lm") + 14
    extra(option, (ax, y, right, y + h))


def option_label(option: Option) -> str:
    return str(option.get("label") or option.get("notation", ""))


def label_font(options: Sequence[Option], room: int) -> lay.Font:
    """The label size: 22 or 20 if every label fits ``room`` with space left for a hint, else
    the largest at which every label fits whole; labels too long even at 18 keep 22 and are
    shortened, as small print reads badly on a phone."""
    labels = [option_label(o) for o in options]
    big, medium, small = (font(size, bold=True) for size in (22, 20, 18))
    for f, spare in ((big, HINT_ROOM), (medium, HINT_ROOM), (big, 0), (medium, 0), (small, 0)):
        if all(f.getlength(label) <= room - spare for label in labels):
            return f
    return big
