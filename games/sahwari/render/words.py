"""Text drawn from words rasterised once: the board's sentences change every turn, their words
seldom.

Pillow rasterises every glyph of a line each time it is drawn (twice, in fact), which was most of
a board's drawing time. A ``WordFace`` draws a line exactly as Pillow does, pixel for pixel, from
masks of its words kept between calls: with the basic layout each glyph's bitmap is the same
wherever it stands and glyphs sit at their pen position rounded to a pixel, so a word drawn alone
and moved by the pen position of its first glyph lands where the whole line would put it. Where
that cannot be promised (kerning that piles up over a long line, words whose boxes touch, a start
between pixels) the line is left to Pillow.

This is no part of Sahwari's rules and could serve every board: it belongs beside the kit's
``fonts`` once other games want it.
"""

from __future__ import annotations

import threading
from dataclasses import replace
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from renderers.kit import fit
from renderers.kit.fonts import BOLD, REGULAR
from renderers.kit.fonts import font as kit_font

WORDS_KEPT = 4096  # per face; past that the memory starts again empty
Mask = tuple[Any, int, int]  # a word's mask (Pillow's core image) and its left and top offsets


def _pixel(x: int) -> int:
    """A 26.6 coordinate rounded to a pixel, as FreeType's callers in Pillow do."""
    return ((x + 32) & -64) >> 6


class WordFace(ImageFont.FreeTypeFont):
    """A DejaVu face whose ``getmask2`` puts lines together from cached word masks."""

    def __init__(self, path: str, size: int) -> None:
        super().__init__(path, size=size, layout_engine=ImageFont.Layout.BASIC)
        self._masks: dict[str, Mask] = {}
        self._widths: dict[str, int] = {}
        self._lock = threading.Lock()
        ls = super().getmask2("x", "L", anchor="ls")[1][1]
        # (ascender + descender) / 2 in whole pixels, as Pillow's "m" anchor places it
        self._middle = super().getmask2("x", "L", anchor="lm")[1][1] - ls
        self._ascent = self.font.ascent
        self._descent = -self.font.descent

    def getmask2(  # type: ignore[override]
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
        if len(words) < 2:
            return None  # one word: nothing to gain over Pillow's own
        placed: list[tuple[Mask, int]] = []
        pen = 0  # 26.6, as Pillow's layout: whole-pixel advances plus its kerning quirk
        for i, word in enumerate(words):
            if word:
                start = _pixel(pen)
                # a glyph's pen inside the word may round away from the pen of the whole line
                if abs(pen - 64 * start) + len(word) > 31:
                    return None
                placed.append((self._mask(word), start))
            gap = " " if i + 1 < len(words) else ""
            following = words[i + 1][:1] if i + 1 < len(words) else ""
            # kerning between a space and the next word's first letter belongs to the space
            pen += self._width(word + gap + following) - self._width(following)
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
        """Pillow's width, remembered: boards measure the same words turn after turn."""
        if args or kwargs or not isinstance(text, str):
            return super().getlength(text, *args, **kwargs)
        return self._width(text) / 64

    def _mask(self, word: str) -> Mask:
        with self._lock:
            found = self._masks.get(word)
        if found is None:
            mask, (left, top) = super().getmask2(word, "L", anchor="ls")
            found = (mask, left, top)
            with self._lock:
                if len(self._masks) >= WORDS_KEPT:
                    self._masks.clear()
                self._masks[word] = found
        return found

    def _width(self, text: str) -> int:
        """``text``'s advance in 26.6 units."""
        if not text:
            return 0
        with self._lock:
            found = self._widths.get(text)
        if found is None:
            found = round(ImageFont.FreeTypeFont.getlength(self, text) * 64)
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
    bold = fitted.font is kit_font(fitted.size, True)
    return fit.draw_fitted(draw, replace(fitted, font=font(fitted.size, bold)), **how)
