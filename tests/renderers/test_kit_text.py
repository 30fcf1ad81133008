"""The kit's cached text: a line drawn from the cache has the pixels of the same line drawn by
Pillow, at any size, anchor and fraction of a pixel, however often it is drawn."""

from __future__ import annotations

import itertools

import pytest
from PIL import Image, ImageDraw

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
