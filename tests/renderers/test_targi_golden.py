"""The Targi board and panel stay as they look today, and their PNGs fit Discord comfortably."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from PIL import Image

import renderers
from tests.renderers import sample_views
from tests.renderers.golden import assert_matches_golden, mean_difference

MAX_BYTES = 500 * 1024


@pytest.mark.parametrize("name", sorted(sample_views.BOARDS))
def test_board_matches_golden(name: str) -> None:
    # Arrange
    view = sample_views.BOARDS[name]()
    # Act
    image = renderers.render_board("targi", view)
    # Assert
    assert_matches_golden(image, f"targi_board_{name}")


@pytest.mark.parametrize("name", sorted(sample_views.PANELS))
def test_panel_matches_golden(name: str) -> None:
    image = renderers.render_panel("targi", sample_views.PANELS[name]())
    assert_matches_golden(image, f"targi_panel_{name}")


@pytest.mark.parametrize("name", sorted(sample_views.BOARDS))
def test_board_png_is_landscape_wide_and_small(name: str) -> None:
    data = renderers.encode_png(renderers.render_board("targi", sample_views.BOARDS[name]()))
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(data) <= MAX_BYTES
    with Image.open(io.BytesIO(data)) as png:
        assert png.format == "PNG"
        assert png.width >= 1200
        assert png.width > png.height


@pytest.mark.parametrize("name", sorted(sample_views.PANELS))
def test_panel_png_is_phone_readable_and_small(name: str) -> None:
    data = renderers.encode_png(renderers.render_panel("targi", sample_views.PANELS[name]()))
    assert len(data) <= MAX_BYTES
    with Image.open(io.BytesIO(data)) as png:
        assert png.width >= 900


def test_encoded_png_looks_like_the_rendered_image() -> None:
    # the palette reduction must not visibly change the picture
    image = renderers.render_board("targi", sample_views.mid_game())
    with Image.open(io.BytesIO(renderers.encode_png(image))) as png:
        assert mean_difference(image, png) < 1.0


def test_golden_comparison_fails_on_a_visible_change(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Arrange: a golden of today's start board, then a copy with a patch painted over it
    image = renderers.render_board("targi", sample_views.start_of_game())
    monkeypatch.setenv("UPDATE_GOLDEN", "1")
    assert_matches_golden(image, "board", golden_dir=tmp_path)
    monkeypatch.delenv("UPDATE_GOLDEN")
    changed = image.copy()
    changed.paste((255, 0, 255), (0, 0, 800, 500))
    # Act / Assert: the unchanged image passes, the changed one fails and leaves evidence
    assert_matches_golden(image, "board", golden_dir=tmp_path, failed_dir=tmp_path / "failed")
    with pytest.raises(AssertionError, match="mean pixel difference"):
        assert_matches_golden(changed, "board", golden_dir=tmp_path, failed_dir=tmp_path / "failed")
    assert (tmp_path / "failed" / "board.actual.png").exists()
    assert (tmp_path / "failed" / "board.diff.png").exists()
