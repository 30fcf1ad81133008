"""The kit's cached text: a line drawn from the cache has the pixels of the same line drawn by
Pillow, at any size, anchor and fraction of a pixel, however often it is drawn."""

from __future__ import annotations

import itertools
from typing import Any

import pytest
from PIL import Image, ImageDraw, ImageFont

from renderers.kit import layout
from renderers.kit.fonts import font
from renderers.kit.text import CachedTextDraw

GROUND, INK = (54, 49, 62), (246, 238, 222)
PLACES = [(100, 50), (100.5, 50.5), (100.25, 50.75), (100.7, 51.3), (99.999, 50.001)]


@pytest.mark.parametrize(("place", "anchor"),
                         list(itertools.product(PLACES, ["la", "lm", "mm", "rm", "ma", "rs"])))
def test_a_cached_line_has_the_pixels_pillow_draws(place: tuple[float, float],
                                                   anchor: str) -> None:
    for size, bold, words in ((14, False, "Round 3 / 12 · Wg"), (24, True, "Blue to move")):
        # Arrange
        expected = Image.new("RGB", (300, 110), GROUND)
        ImageDraw.Draw(expected).text(place, words, font=font(size, bold), fill=INK,
                                      anchor=anchor)
        # Act: drawn twice, the second time from the cache
        for _ in range(2):
            actual = Image.new("RGB", (300, 110), GROUND)
            CachedTextDraw(actual).text(place, words, font=font(size, bold), fill=INK,
                                        anchor=anchor)
            # Assert
            assert actual.tobytes() == expected.tobytes()


def test_the_same_line_in_two_colours_takes_each_colour() -> None:
    picture = Image.new("RGB", (200, 60), GROUND)
    draw = CachedTextDraw(picture)
    draw.text((10, 10), "Gold", font=font(20), fill=INK)
    draw.text((110, 10), "Gold", font=font(20), fill=(255, 196, 61))
    colours = {c for _, c in picture.getcolors(10_000) or []}
    assert INK in colours and (255, 196, 61) in colours


def test_text_the_cache_does_not_keep_is_drawn_as_pillow_draws_it() -> None:
    expected = Image.new("RGB", (200, 80), GROUND)
    ImageDraw.Draw(expected).text((10, 10), "two\nlines", font=font(18), fill=INK)
    actual = Image.new("RGB", (200, 80), GROUND)
    CachedTextDraw(actual).text((10, 10), "two\nlines", font=font(18), fill=INK)
    assert actual.tobytes() == expected.tobytes()


def test_the_kits_lines_on_pillows_draw_are_rasterised_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Arrange: count what FreeType is asked to rasterise
    rasterised: list[str] = []
    getmask2 = ImageFont.FreeTypeFont.getmask2

    def counted(self: ImageFont.FreeTypeFont, text: str, *args: Any, **kwargs: Any) -> Any:
        rasterised.append(text)
        return getmask2(self, text, *args, **kwargs)

    monkeypatch.setattr(ImageFont.FreeTypeFont, "getmask2", counted)
    expected = Image.new("RGB", (300, 60), GROUND)
    ImageDraw.Draw(expected).text((150.5, 30), "Place on #7 Tuareg", font=font(20), fill=INK,
                                  anchor="mm")
    rasterised.clear()
    # Act: a panel's option label, drawn by the kit on Pillow's own draw, on three panels
    for _ in range(3):
        actual = Image.new("RGB", (300, 60), GROUND)
        layout.text(ImageDraw.Draw(actual), (150.5, 30), "Place on #7 Tuareg", font(20), INK,
                    anchor="mm")
        # Assert
        assert actual.tobytes() == expected.tobytes()
    assert rasterised.count("Place on #7 Tuareg") <= 1


def test_a_draw_with_its_own_text_drawing_keeps_it() -> None:
    class Outlined(ImageDraw.ImageDraw):
        """A game's draw that lays its text down its own way."""

        def text(self, xy: Any, text: Any, fill: Any = None, *args: Any, **kwargs: Any) -> None:
            self.rectangle((0, 0, 4, 4), fill=(255, 0, 0))

    picture = Image.new("RGB", (100, 40), GROUND)
    layout.text(Outlined(picture), (10, 10), "Gold", font(20), INK)
    assert picture.getpixel((2, 2)) == (255, 0, 0)
