"""The kit's text fitting: wrap, then shrink to a minimum, and shorten only as a last resort."""

from __future__ import annotations

from PIL import Image, ImageDraw

from renderers.kit.fit import draw_fitted, fit_text, watch_shortening
from renderers.kit.fonts import font
from renderers.kit.layout import ellipsize

SENTENCE = "Three weeks were played; the game ended with the last day of the third week."


def test_text_that_fits_keeps_the_largest_size_and_every_word() -> None:
    fitted = fit_text("1 salt + 1 pepper", (0, 0, 300, 40), largest=24, smallest=16)
    assert fitted.size == 24 and fitted.lines == ("1 salt + 1 pepper",)
    assert not fitted.shortened


def test_long_text_wraps_before_it_shrinks_and_shrinks_before_it_is_cut() -> None:
    with watch_shortening() as cut:
        wrapped = fit_text(SENTENCE, (0, 0, 300, 200), largest=20, smallest=14)
        shrunk = fit_text(SENTENCE, (0, 0, 300, 60), largest=20, smallest=12)
    assert wrapped.size == 20 and len(wrapped.lines) > 1
    assert " ".join(wrapped.lines) == SENTENCE
    assert shrunk.size < 20 and " ".join(shrunk.lines) == SENTENCE
    assert shrunk.height <= 60 and not shrunk.shortened
    assert cut == []


def test_only_at_the_smallest_size_is_text_cut_and_the_cut_is_reported() -> None:
    with watch_shortening() as cut:
        fitted = fit_text(SENTENCE, (0, 0, 200, 20), largest=20, smallest=16)
    assert fitted.shortened and fitted.size == 16 and fitted.lines[-1].endswith("…")
    assert cut == [SENTENCE]
    with watch_shortening() as cut:
        ellipsize(SENTENCE, font(16), 50)
    assert cut == [SENTENCE], "the kit's other cuts are reported too"


def test_drawn_text_stays_inside_its_box() -> None:
    image = Image.new("L", (400, 200), 0)
    draw = ImageDraw.Draw(image)
    box = (20, 30, 220, 110)
    fitted = fit_text(SENTENCE, box, largest=22, smallest=12)
    draw_fitted(draw, fitted, fill=255)
    inked = image.getbbox()
    assert inked is not None
    # a pixel of anti-aliasing or a glyph's bearing may touch the edge, no more
    assert box[0] - 1 <= inked[0] and inked[2] <= box[2] + 1
    assert box[1] - 1 <= inked[1] and inked[3] <= box[3] + 1
