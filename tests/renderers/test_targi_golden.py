"""The Targi board and panel PNGs fit Discord comfortably and look like the drawn images."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

from games.targi import SPEC as TARGI
from games.targi.render import PALETTE, samples
from tests.renderers.golden import assert_matches_golden, mean_difference

MAX_BYTES = 500 * 1024


@pytest.mark.parametrize("name", sorted(samples.BOARDS))
def test_board_png_is_landscape_wide_and_small(name: str) -> None:
    data = TARGI.encode_png(TARGI.render_board(samples.BOARDS[name]()))
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(data) <= MAX_BYTES
    with Image.open(io.BytesIO(data)) as png:
        assert png.format == "PNG"
        assert png.width >= 1200
        assert png.width > png.height


@pytest.mark.parametrize("name", sorted(samples.PANELS))
def test_panel_png_is_phone_readable_and_small(name: str) -> None:
    data = TARGI.encode_png(TARGI.render_panel(samples.PANELS[name]()))
    assert len(data) <= MAX_BYTES
    with Image.open(io.BytesIO(data)) as png:
        assert png.width >= 900


def test_encoded_png_looks_like_the_rendered_image() -> None:
    # the palette reduction must not visibly change the picture
    image = TARGI.render_board(samples.mid_game())
    with Image.open(io.BytesIO(TARGI.encode_png(image))) as png:
        assert mean_difference(image, png) < 1.0


def test_golden_comparison_fails_on_a_visible_change(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Arrange: a golden of today's start board, then a copy with a patch painted over it
    image = TARGI.render_board(samples.start_of_game())
    monkeypatch.setenv("UPDATE_GOLDEN", "1")
    assert_matches_golden(image, "board", PALETTE, golden_dir=tmp_path)
    monkeypatch.delenv("UPDATE_GOLDEN")
    changed = image.copy()
    changed.paste((255, 0, 255), (0, 0, 800, 500))
    # Act / Assert: the unchanged image passes, the changed one fails and leaves evidence
    failed = tmp_path / "failed"
    assert_matches_golden(image, "board", PALETTE, golden_dir=tmp_path, failed_dir=failed)
    with pytest.raises(AssertionError, match="mean pixel difference"):
        assert_matches_golden(changed, "board", PALETTE, golden_dir=tmp_path, failed_dir=failed)
    assert (tmp_path / "failed" / "board.actual.png").exists()
    assert (tmp_path / "failed" / "board.diff.png").exists()
