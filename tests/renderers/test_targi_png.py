"""The Targi board and panel PNGs fit Discord comfortably and look like the drawn images."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from games.targi import SPEC as TARGI
from games.targi.render import samples
from tests.renderers.golden import mean_difference

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
