"""The drawing kit: text that fits, bundled fonts, distinct icons, caches, the shared palette."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image, ImageChops, ImageStat

from games.targi.render import PALETTE
from renderers.kit import ImageCache, icons, layout
from renderers.kit import palette as pal
from renderers.kit.fonts import BOLD, FONT_DIR, REGULAR, font
from renderers.kit.quantize import named_colours

SENTENCE = "White used #14 Tribal Expansion and revealed Oasis OA9, then discarded it."


def test_short_text_is_left_alone_and_long_text_ends_with_an_ellipsis() -> None:
    f = font(18)
    assert layout.ellipsize("Trader", f, 200) == "Trader"
    cut = layout.ellipsize(SENTENCE, f, 200)
    assert cut.endswith("…")
    assert f.getlength(cut) <= 200
    assert SENTENCE.startswith(cut[:-1])


def test_wrapped_lines_fit_and_the_last_one_shows_what_was_cut() -> None:
    f = font(18)
    lines = layout.wrap(SENTENCE * 3, f, 160, max_lines=3)
    assert len(lines) == 3
    assert all(f.getlength(line) <= 160 for line in lines)
    assert lines[-1].endswith("…")
    assert layout.wrap("Take 1 date.", f, 160) == ["Take 1 date."]


def test_a_single_word_wider_than_the_line_is_cut_not_overflowed() -> None:
    f = font(20, bold=True)
    (line,) = layout.wrap("Supercalifragilisticexpialidocious", f, 120)
    assert f.getlength(line) <= 120 and line.endswith("…")


def test_fit_font_shrinks_long_labels_down_to_the_smallest_size() -> None:
    assert layout.fit_font("Salt", 200, (28, 24, 20)).size == 28
    assert layout.fit_font("Tribal Expansion", 180, (28, 24, 20)).size < 28
    assert layout.fit_font(SENTENCE, 50, (28, 24, 20)).size == 20


def test_fonts_ship_with_the_project_and_are_loaded_once() -> None:
    assert REGULAR.exists() and BOLD.exists()
    assert (FONT_DIR / "LICENSE").read_text().count("Bitstream") >= 1
    assert Path(str(font(18).path)) == REGULAR
    assert font(18) is font(18)
    assert font(18, bold=True) is not font(18)


def test_the_image_cache_evicts_the_least_recently_used_entry() -> None:
    cache = ImageCache(2)
    built: list[str] = []

    def make(name: str) -> Image.Image:
        built.append(name)
        return Image.new("RGB", (1, 1))

    cache.get("a", lambda: make("a"))
    cache.get("b", lambda: make("b"))
    cache.get("a", lambda: make("a"))  # a is now the most recent
    cache.get("c", lambda: make("c"))  # evicts b
    cache.get("a", lambda: make("a"))
    cache.get("b", lambda: make("b"))
    assert built == ["a", "b", "c", "b"]
    assert len(cache) == 2


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
    assert contrast(pal.seat_fill(0), pal.seat_fill(1)) > 3
    assert contrast(pal.seat_fill(1), pal.seat_outline(1)) > 7
    assert contrast(pal.seat_fill(1), pal.BACKGROUND) > 7


@pytest.mark.parametrize(
    ("ink", "surface"),
    [(pal.INK_DARK, pal.CARD), (pal.INK_LIGHT, pal.PANEL), (pal.INK_LIGHT, pal.BACKGROUND),
     (pal.RAID_INK, pal.RAID_CARD), (pal.INK_MUTED, pal.PANEL)],
)
def test_text_colours_have_strong_contrast(ink: tuple[int, int, int],
                                           surface: tuple[int, int, int]) -> None:
    assert contrast(ink, surface) >= 4.5


def test_the_shared_palette_keeps_every_named_colour() -> None:
    # Pillow's palette lookup is coarse (a 6-bit cache), so "kept" means within a few levels,
    # far below what an eye can tell apart
    colours = named_colours()
    swatch = Image.new("RGB", (len(colours), 1))
    swatch.putdata(colours)
    mapped = PALETTE.quantize(swatch).convert("RGB")
    for i, want in enumerate(colours):
        got = mapped.getpixel((i, 0))
        assert isinstance(got, tuple)
        assert all(abs(a - b) <= 8 for a, b in zip(want, got, strict=True)), (want, got)
    assert PALETTE.image().mode == "P"
