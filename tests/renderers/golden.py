"""Compare a rendered image with its golden PNG, pixel by pixel, on the game's palette.

Rendering is deterministic (bundled fonts, the basic layout engine, a fixed palette per game),
so the image under test is mapped onto its game's palette (unless it is drawn on it), as the
bot posts it, and every pixel must match the golden's; ``MAX_DIFFERENT_PIXELS`` only forgives a
stray anti-aliased pixel or two, far fewer than one changed digit of the smallest text changes. Set
``UPDATE_GOLDEN=1`` to rewrite the goldens from the current renderer. On a mismatch the actual
image and a difference image are written to ``tests/renderers/failed/`` for review.
"""

from __future__ import annotations

import os
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

from renderers.kit.quantize import Palette

HERE = Path(__file__).resolve().parent
GOLDEN_DIR = HERE / "golden"
FAILED_DIR = HERE / "failed"
MAX_DIFFERENT_PIXELS = 4


def mean_difference(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference per channel, on a 0–255 scale."""
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    return sum(ImageStat.Stat(diff).mean) / 3


def different_pixels(a: Image.Image, b: Image.Image) -> int:
    """How many pixels of two same-sized images differ in any channel."""
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    changed = diff.point(lambda v: 255 if v else 0).convert("L").point(lambda v: 255 if v else 0)
    return sum(changed.histogram()[1:])


def as_posted(image: Image.Image, palette: Palette) -> Image.Image:
    """``image`` as the bot posts it: mapped onto the game's palette, unless it already is (see
    ``Palette.encode``)."""
    return image if image.mode == "P" else palette.quantize(image.convert("RGB"))


def assert_matches_golden(
    image: Image.Image, name: str, palette: Palette, golden_dir: Path = GOLDEN_DIR,
    failed_dir: Path = FAILED_DIR,
) -> None:
    path = golden_dir / f"{name}.png"
    posted = as_posted(image, palette)
    if os.environ.get("UPDATE_GOLDEN") == "1":
        golden_dir.mkdir(parents=True, exist_ok=True)
        posted.save(path, optimize=True)
        return
    assert path.exists(), f"no golden image {path.name}; run with UPDATE_GOLDEN=1 to create it"
    with Image.open(path) as golden_file:
        golden = golden_file.convert("RGB")
    problem = None
    if golden.size != image.size:
        problem = f"size {image.size} differs from the golden {golden.size}"
    else:
        count = different_pixels(posted, golden)
        if count > MAX_DIFFERENT_PIXELS:
            problem = f"{count} pixels differ from the golden (at most {MAX_DIFFERENT_PIXELS})"
    if problem:
        failed_dir.mkdir(exist_ok=True)
        posted.convert("RGB").save(failed_dir / f"{name}.actual.png")
        golden.save(failed_dir / f"{name}.golden.png")
        if golden.size == image.size:
            delta = ImageChops.difference(posted.convert("RGB"), golden)
            delta.point(lambda v: 255 if v else 0).save(failed_dir / f"{name}.diff.png")
        raise AssertionError(f"{name}: {problem}; see {failed_dir}/{name}.*.png")
