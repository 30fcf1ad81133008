"""The drawing kit: text that fits, bundled fonts, icons in any colours, caches, palettes."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from games.core import discovery
from renderers.kit import ImageCache, icons, layout
from renderers.kit import palette as pal
from renderers.kit.fonts import BOLD, FONT_DIR, REGULAR, font

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


def test_one_shape_in_two_colour_sets_gives_two_sprites_with_the_same_outline() -> None:
    amber = icons.glyph_tile(icons.camel, 40, (230, 159, 0), pal.INK_DARK, framed=False)
    teal = icons.glyph_tile(icons.camel, 40, (0, 158, 115), (250, 250, 250), framed=False)
    assert amber.tobytes() != teal.tobytes()
    assert amber.getchannel("A").tobytes() == teal.getchannel("A").tobytes()
    red = icons.token("ball", "P", 32, (196, 48, 40), (110, 20, 16), (255, 255, 255))
    blue = icons.token("ball", "P", 32, (31, 99, 198), (12, 30, 70), (255, 255, 255))
    assert red.tobytes() != blue.tobytes()


def test_an_unknown_seat_label_falls_back_to_a_seat_colour_by_number() -> None:
    assert pal.seat_style("Red") == pal.SEAT_STYLES["Red"]
    assert pal.seat_style("Seat 2", 1) == pal.SEAT_STYLES["White"]
    assert pal.seat_style("Seat 7", 6) in pal.SEAT_STYLES.values()


@pytest.mark.parametrize("name", [s.name for s in discovery.specs()])
def test_each_games_palette_keeps_every_colour_it_names(name: str) -> None:
    # Pillow's palette lookup is coarse (a 6-bit cache), so "kept" means within a few levels,
    # far below what an eye can tell apart
    palette = discovery.spec(name).render_module().PALETTE
    colours = palette.exact
    swatch = Image.new("RGB", (len(colours), 1))
    swatch.putdata(colours)
    mapped = palette.quantize(swatch).convert("RGB")
    for i, want in enumerate(colours):
        got = mapped.getpixel((i, 0))
        assert isinstance(got, tuple)
        assert all(abs(a - b) <= 8 for a, b in zip(want, got, strict=True)), (want, got)
    assert palette.image().mode == "P"
