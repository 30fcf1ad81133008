"""Targi's icons and colours: symbols and goods told apart by shape, seats by lightness,
text that stands out from its ground."""

from __future__ import annotations

import pytest
from PIL import Image, ImageChops, ImageStat

from games.targi.render import colours, icons
from renderers.kit import palette as pal


def _difference(a: Image.Image, b: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean)


def test_the_five_tribe_glyphs_are_told_apart_by_shape_alone() -> None:
    masks = {s: icons.tribe(s, 48, framed=False).getchannel("A") for s in icons.SYMBOLS}
    for a in icons.SYMBOLS:
        for b in icons.SYMBOLS:
            if a < b:
                assert _difference(masks[a], masks[b]) > 25, (a, b)


def test_goods_icons_differ_in_shape_as_well_as_colour() -> None:
    masks = {k: icons.good(k, 32).getchannel("A") for k in "DSPG"}
    for a in "DSPG":
        for b in "DSPG":
            if a < b:
                assert _difference(masks[a], masks[b]) > 5, (a, b)


def _luminance(rgb: tuple[int, int, int]) -> float:
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: tuple[int, int, int], b: tuple[int, int, int]) -> float:
    hi, lo = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def test_seat_colours_differ_in_lightness_and_white_has_a_dark_outline() -> None:
    assert contrast(colours.seat_fill(0), colours.seat_fill(1)) > 3
    assert contrast(colours.seat_fill(1), colours.seat_outline(1)) > 7
    assert contrast(colours.seat_fill(1), pal.BACKGROUND) > 7


@pytest.mark.parametrize(
    ("ink", "surface"),
    [(pal.INK_DARK, pal.CARD), (pal.INK_LIGHT, pal.PANEL), (pal.INK_LIGHT, pal.BACKGROUND),
     (colours.RAID_INK, colours.RAID_CARD), (pal.INK_MUTED, pal.PANEL)],
)
def test_text_colours_have_strong_contrast(ink: tuple[int, int, int],
                                           surface: tuple[int, int, int]) -> None:
    assert contrast(ink, surface) >= 4.5
