"""Text drawn from words rasterised once: the board's sentences change every turn, their words
seldom.

Pillow rasterises every glyph of a line each time it is drawn (twice, in fact), which was most of
a board's drawing time. A ``WordFace`` draws a line exactly as Pillow does, pixel for pixel, from
masks of its words kept between calls: with the basic layout each glyph's bitmap is the same
wherever it stands and glyphs sit at their pen position rounded to a pixel, so a word drawn alone
and moved by the pen position of its first glyph lands where the whole line would put it. Where
that cannot be promised (kerning that piles up over a long line, words whose boxes touch, a start
between pixels) the line is left to Pillow.

A board opts in by drawing with this module's ``font``, ``fit_text`` and ``draw_fitted`` in
place of the kit's ``fonts.font``, ``fit.fit_text`` and ``fit.draw_fitted``: the same faces, sizes
and widths, so the pixels do not change.
"""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from renderers.kit import fit, layout, locks
from renderers.kit.fonts import BOLD, REGULAR

WORDS_KEPT = 4096  # widths per face; past that the memory starts again empty
MASK_BYTES_KEPT = 1 << 20  # word masks per face (a few thousand words of board text)
Mask = tuple[Any, int, int]  # a word's mask (Pillow's core image) and its left and top offsets


def _pixel(x: int) -> int:
    """A 26.6 coordinate rounded to a pixel, as FreeType's callers in Pillow do."""
    return ((x + 32) & -64) >> 6


class WordFace(ImageFont.FreeTypeFont):
    """A DejaVu face whose ``getmask2`` puts lines together from cached word masks."""

    def __init__(self, path: str, size: int) -> None:
        super().__init__(path, size=size, layout_engine=ImageFont.Layout.BASIC)
        self._masks: dict[str, Mask] = {}
        self._mask_bytes = 0
        self._widths: dict[str, int] = {}
        self._lock = locks.lock()
        ls = super().getmask2("x", "L", anchor="ls")[1][1]
        # (ascender + descender) / 2 in whole pixels, as Pillow's "m" anchor places it
        self._middle = super().getmask2("x", "L", anchor="lm")[1][1] - ls
        self._ascent = self.font.ascent
        self._descent = -self.font.descent

    @property
    def mask_bytes(self) -> int:
        """The memory the word masks kept take, about."""
        return self._mask_bytes

    def getmask2(
        self, text: str | bytes, mode: str = "", direction: str | None = None,
        features: list[str] | None = None, language: str | None = None,
        stroke_width: float = 0, anchor: str | None = None, ink: int = 0,
        start: tuple[float, float] | None = None, *args: Any, **kwargs: Any,
    ) -> tuple[Any, tuple[int, int]]:
        anchor = anchor or "la"
        plain = (mode == "L" and isinstance(text, str) and not stroke_width and not args
                 and direction is None and features is None and language is None
                 and tuple(start or (0, 0)) == (0, 0) and anchor[1] in "amsd")
        laid = self._lay_out(text, anchor) if plain else None
        if laid is not None:
            return laid
        return super().getmask2(text, mode, direction, features, language, stroke_width,
                                anchor, ink, start, *args, **kwargs)

    def _lay_out(self, text: Any, anchor: str) -> tuple[Any, tuple[int, int]] | None:
        words = text.split(" ")
        placed: list[tuple[Mask, int]] = []
        starts, pen = self._pens(words)
        for word, at in zip(words, starts, strict=True):
            if word:
                start = _pixel(at)
                # a glyph's pen inside the word may round away from the pen of the whole line
                if abs(at - 64 * start) + len(word) > 31:
                    return None
                placed.append((self._mask(word), start))
        x_min, y_max, y_min = 0, 0, 0
        x_max = _pixel(pen)
        right = -1 << 30
        for (mask, left, top), start in placed:
            w, h = mask.size
            if start + left < right:
                return None  # touching words: Pillow blends the overlap, a paste would not
            right = start + left + w
            x_min, x_max = min(x_min, start + left), max(x_max, right)
            y_max, y_min = max(y_max, -top), min(y_min, -top - h)
        picture = Image.core.fill("L", (x_max - x_min, y_max - y_min), 0)
        for (mask, left, top), start in placed:
            w, h = mask.size
            x, y = start + left - x_min, y_max + top
            picture.paste(mask, (x, y, x + w, y + h))
        x_anchor = {"l": 0, "m": _pixel(pen // 2), "r": _pixel(pen)}.get(anchor[0])
        if x_anchor is None:
            return None
        y_anchor = {"a": self._ascent, "m": self._middle, "s": 0, "d": self._descent}[anchor[1]]
        return picture, (x_min - x_anchor, y_anchor - y_max)

    def getlength(self, text: str | bytes, *args: Any, **kwargs: Any) -> float:
        """Pillow's width, added up from the widths of words and of the gaps between them."""
        if args or kwargs or not isinstance(text, str):
            return super().getlength(text, *args, **kwargs)
        if " " not in text:
            return self._width(text) / 64
        return self._pens(text.split(" "))[1] / 64

    def _pens(self, words: list[str]) -> tuple[list[int], int]:
        """Where each of ``words`` (a line split at its spaces) starts and where the line ends,
        in 26.6 units, as Pillow's layout puts them: whole-pixel advances, and its kerning quirk
        adding a 64th of a pixel per kerned pair; each pair's part is measured on the pair."""
        starts = []
        pen = 0
        last = len(words) - 1
        for i, word in enumerate(words):
            starts.append(pen)
            pen += self._width(word)
            if i < last:
                following = words[i + 1][:1]
                end = word[-1:]
                # the space's advance and the kerning on either side of it
                pen += (self._width(end + " " + following) - self._width(end)
                        - self._width(following))
        return starts, pen

    def wrapped(self, text: str, width: int) -> tuple[str, ...] | None:
        """``text``'s words on lines at most ``width`` (26.6) wide, each line as full as it
        goes, as the kit's ``fit_text`` lays them out; None when one word is wider."""
        lines: list[str] = []
        current: list[str] = []
        used = 0
        for word in text.split():
            own = self._width(word)
            if own > width:
                return None
            if current:
                end, first = current[-1][-1], word[0]
                grown = used + own + (self._width(end + " " + first) - self._width(end)
                                      - self._width(first))
                if grown <= width:
                    current.append(word)
                    used = grown
                    continue
                lines.append(" ".join(current))
            current, used = [word], own
        if current:
            lines.append(" ".join(current))
        return tuple(lines)

    def _mask(self, word: str) -> Mask:
        found = self._masks.get(word)
        if found is None:
            mask, (left, top) = super().getmask2(word, "L", anchor="ls")
            found = (mask, left, top)
            with self._lock:
                self._mask_bytes += mask.size[0] * mask.size[1]
                if self._mask_bytes > MASK_BYTES_KEPT:
                    self._masks.clear()
                    self._mask_bytes = mask.size[0] * mask.size[1]
                self._masks[word] = found
        return found

    def _width(self, text: str) -> int:
        """``text``'s advance in 26.6 units."""
        found = self._widths.get(text)  # a lookup needs no lock; only a change does
        if found is None:
            found = round(ImageFont.FreeTypeFont.getlength(self, text) * 64) if text else 0
            with self._lock:
                if len(self._widths) >= WORDS_KEPT:
                    self._widths.clear()
                self._widths[text] = found
        return found


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> WordFace:
    """The kit's face at ``size`` (the same file, so the same widths), drawn from word masks."""
    return WordFace(str(BOLD if bold else REGULAR), size)


def draw_fitted(draw: ImageDraw.ImageDraw, fitted: fit.Fitted, **how: Any) -> int:
    """The kit's ``draw_fitted`` with this module's face of the size ``fit_text`` chose."""
    if not isinstance(fitted.font, WordFace):
        bold = getattr(fitted.font, "path", None) == str(BOLD)
        fitted = replace(fitted, font=font(fitted.size, bold))
    return fit.draw_fitted(draw, fitted, **how)


def fit_text(text: str, box: fit.Box, *, largest: int, smallest: int, bold: bool = False,
             spacing: int = 2, max_lines: int | None = None) -> fit.Fitted:
    """The kit's ``fit_text``, measured with this module's faces (the same widths, found
    without laying out every trial line); what does not fit whole is the kit's to shorten."""
    x0, y0, x1, y1 = box
    width, height = (x1 - x0) * 64, y1 - y0
    for size in range(largest, smallest - 1, -1):
        face = font(size, bold)
        step = layout.line_height(face) + spacing
        if step - spacing > height and text.split():
            continue  # not one line fits: no need to lay the words out
        lines = face.wrapped(text, width)
        if lines is None:
            continue
        if len(lines) * step - spacing <= height and (max_lines is None or len(lines) <= max_lines):
            return fit.Fitted(box, lines, face, size, step, shortened=False)
    return fit.fit_text(text, box, largest=largest, smallest=smallest, bold=bold,
                        spacing=spacing, max_lines=max_lines)
