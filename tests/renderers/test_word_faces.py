"""Text drawn from cached word masks (the kit's ``words``) is Pillow's text, pixel
for pixel: every sentence of saved Sahwari views and of a seeded game, awkward spacing and
kerned pairs, at every size and anchor the boards use; widths and fitted lines are the kit's to
the 64th of a pixel."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image, ImageDraw, ImageFont

from games.core import discovery
from games.sahwari.render import samples
from renderers.kit import fit, words
from renderers.kit.fonts import REGULAR
from renderers.kit.fonts import font as kit_font
from tests.renderers.walk import random_walk

AWKWARD = [
    "AVAVAV To Ta Wa Yo AV " * 4,  # many kerned pairs: the line's pen drifts off whole pixels
    "two  spaces and a trailing one ",
    " a leading space",
    "fi fj jj j; f, (j) [y]",
    "Turn 12 · Blue: Move · ends in 5 more tiles",
    "ÀÉ ü ñ — “quoted” ×4 +3 −2",
    "one", "12", "×3", "j", "Wa", "G1", "+?", "AVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAVAV",
    "",
]


def _texts(view: Any) -> Iterator[str]:
    if isinstance(view, str):
        yield view
    elif isinstance(view, dict):
        for value in view.values():
            yield from _texts(value)
    elif isinstance(view, list):
        for value in view:
            yield from _texts(value)


def sentences() -> list[str]:
    found: set[str] = set()
    for name in (*samples.BOARDS, *samples.PANELS):
        found.update(_texts(samples.saved(name)))
    game = discovery.get("sahwari")
    for step, (state, _decision) in enumerate(random_walk("sahwari", players=3, seed=5)):
        if step % 7 == 0:
            found.update(_texts(game.view(state, None).get("log")))
    return sorted(t for t in found if " " in t)[:80] + AWKWARD


SENTENCES = sentences()


@pytest.mark.parametrize(("size", "bold"), [(18, False), (20, True), (24, False), (40, True)])
def test_lines_are_drawn_as_pillow_draws_them(size: int, bold: bool) -> None:
    theirs, ours = kit_font(size, bold), words.font(size, bold)
    for anchor in ("la", "lm", "mm", "rm", "ls"):
        for line in SENTENCES:
            drawn = []
            for face in (theirs, ours):
                image = Image.new("RGB", (1900, 3 * size), (54, 49, 62))
                ImageDraw.Draw(image).text((30, size), line, font=face, fill=(246, 238, 222),
                                           anchor=anchor)
                drawn.append(image.tobytes())
            assert drawn[0] == drawn[1], (size, bold, anchor, line)


@pytest.mark.parametrize("size", [18, 20, 40])
def test_widths_are_pillows(size: int) -> None:
    for bold in (False, True):
        theirs, ours = kit_font(size, bold), words.font(size, bold)
        for line in SENTENCES:
            assert ours.getlength(line) == ImageFont.FreeTypeFont.getlength(theirs, line), line


def test_text_is_fitted_as_the_kit_fits_it() -> None:
    for i, line in enumerate(SENTENCES):
        width, height = 120 + (i * 37) % 700, 24 + (i * 13) % 120
        box = (10, 10, 10 + width, 10 + height)
        how: dict[str, Any] = {"largest": 22, "smallest": 16, "bold": i % 2 == 0,
                               "max_lines": (None, 1, 2)[i % 3]}
        theirs, ours = fit.fit_text(line, box, **how), words.fit_text(line, box, **how)
        assert (ours.lines, ours.size, ours.step, ours.shortened) == (
            theirs.lines, theirs.size, theirs.step, theirs.shortened), line


def test_the_words_kept_stay_within_their_memory() -> None:
    face = words.WordFace(str(REGULAR), 40)  # a face of its own: the shared ones keep theirs
    for n in range(400):  # some 2 MB of masks
        face.getmask2(f"word{n} and{n}", "L")
    assert 0 < face.mask_bytes <= words.MASK_BYTES_KEPT


@pytest.mark.parametrize("bold", [False, True])
def test_text_the_kit_shortens_is_drawn_as_the_kit_draws_it(bold: bool) -> None:
    line = " ".join(SENTENCES[:6])
    fitted = words.fit_text(line, (4, 4, 300, 60), largest=22, smallest=18, bold=bold)
    assert fitted.shortened
    drawn = []
    for draw_fitted in (fit.draw_fitted, words.draw_fitted):
        image = Image.new("RGB", (320, 80), (54, 49, 62))
        draw_fitted(ImageDraw.Draw(image), fitted, fill=(246, 238, 222))
        drawn.append(image.tobytes())
    assert drawn[0] == drawn[1]
