"""The decision column of a private panel, shared by every game: heading, prompt, options."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PIL import ImageDraw

from renderers.kit import layout as lay
from renderers.kit import palette as pal
from renderers.kit.fonts import font

# Called for each option with its text and the free room right of its label (left, top, right,
# bottom), so a game can add icons or a hint there.
Extra = Callable[[str, lay.Box], None]


def draw_no_decision(draw: ImageDraw.ImageDraw, x: int, view: Mapping[str, Any]) -> None:
    """What the column says when nobody has anything to decide."""
    outcome = view.get("outcome")
    text = "The game is over." if isinstance(outcome, Mapping) else "Nothing to decide."
    draw.text((x, 80), text, font=font(24, bold=True), fill=pal.INK_LIGHT)


def draw_prompt(
    draw: ImageDraw.ImageDraw, x: int, heading: str, prompt_lines: Sequence[str],
    prompt_font: lay.Font,
) -> None:
    """The heading (whose decision it is) and the prompt's lines below it, from the top."""
    draw.text((x, 78), heading, font=font(26, bold=True), fill=pal.HIGHLIGHT)
    y = 122
    for line in prompt_lines:
        draw.text((x, y), line, font=prompt_font, fill=pal.INK_LIGHT)
        y += lay.line_height(prompt_font) + 2


def draw_options(
    draw: ImageDraw.ImageDraw, actions: Sequence[str], origin: tuple[int, int], width: int,
    columns: int, rows: int, row_height: int, extra: Extra,
) -> None:
    """Numbered options filled column by column, ``rows`` to a column."""
    col_w = width // columns
    fnum = font(20, bold=True)
    fact = font(22, bold=True)
    for i, action in enumerate(actions):
        col, row = divmod(i, rows)
        x = origin[0] + col * col_w
        y = origin[1] + row * row_height
        h = row_height - 6
        right = x + col_w - 10
        lay.rounded(draw, (x, y, right, y + h), 8, fill=pal.PANEL)
        draw.text((x + 22, y + h / 2), str(i + 1), font=fnum, fill=pal.HIGHLIGHT, anchor="mm")
        ax = x + 44
        ax += lay.text(draw, (ax, y + h / 2), action, fact, pal.INK_LIGHT,
                       max_width=right - ax - 8, anchor="lm") + 14
        extra(action, (ax, y, right, y + h))


def draw_hint(draw: ImageDraw.ImageDraw, room: lay.Box, hint: str) -> None:
    """A muted explanation in an option's free room, if there is room for one."""
    left, top, right, bottom = room
    if hint and left + 40 < right - 8:
        lay.text(draw, (left, (top + bottom) / 2), hint, font(18), pal.INK_MUTED,
                 max_width=right - 8 - left, anchor="lm")
