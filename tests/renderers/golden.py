"""Compare a rendered image with its golden PNG, within a tolerance for anti-aliasing.

Goldens are stored on their game's own palette (as the bot posts them), and the image
under test is mapped onto the same palette before comparing, which keeps the files small.
Set ``UPDATE_GOLDEN=1`` to rewrite the goldens from the current renderer. On a mismatch the
actual image and a difference image are written to ``tests/renderers/failed/`` for review.
"""

from __future__ import annotations

import os
from pathlib import Path

from PIL import Image, ImageChops, ImageStat

from renderers.kit.quantize import Palette

HERE = Path(__file__).resolve().parent
GOLDEN_DIR = HERE / "golden"
FAILED_DIR = HERE / "failed"
MAX_MEAN_DIFF = 0.6  # mean absolute difference per channel, on a 0–255 scale


def mean_difference(a: Image.Image, b: Image.Image) -> float:
    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    return sum(ImageStat.Stat(diff).mean) / 3


def assert_matches_golden(
    image: Image.Image, name: str, palette: Palette, golden_dir: Path = GOLDEN_DIR,
    failed_dir: Path = FAILED_DIR,
) -> None:
    path = golden_dir / f"{name}.png"
    posted = palette.quantize(image.convert("RGB"))
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
        diff = mean_difference(posted, golden)
        if diff > MAX_MEAN_DIFF:
            problem = f"mean pixel difference {diff:.2f} exceeds {MAX_MEAN_DIFF}"
    if problem:
        failed_dir.mkdir(exist_ok=True)
        image.convert("RGB").save(failed_dir / f"{name}.actual.png")
        golden.save(failed_dir / f"{name}.golden.png")
        if golden.size == image.size:
            delta = ImageChops.difference(posted.convert("RGB"), golden)
            delta.save(failed_dir / f"{name}.diff.png")
        raise AssertionError(f"{name}: {problem}; see {failed_dir}/{name}.*.png")
