"""Pure functions from a game's view (a plain dict) to a picture, and the picture to PNG bytes.

``render_board`` draws the public board posted after every turn; ``render_panel`` draws the
private panel of the seat the view belongs to. Neither touches Discord, storage or the clock.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Mapping
from typing import Any

from PIL import Image

from renderers import targi, yspahan
from renderers.kit.quantize import to_palette

Renderer = Callable[[Mapping[str, Any]], Image.Image]

_BOARDS: dict[str, Renderer] = {"targi": targi.render_board, "yspahan": yspahan.render_board}
_PANELS: dict[str, Renderer] = {"targi": targi.render_panel, "yspahan": yspahan.render_panel}

# Measured with bench/render.py on palette images: levels above 3 cost far more than they save.
PNG_COMPRESS_LEVEL = 2


def _lookup(table: dict[str, Renderer], game: str) -> Renderer:
    try:
        return table[game.lower()]
    except KeyError:
        known = ", ".join(sorted(table))
        raise KeyError(f"No renderer for {game!r}. Known games: {known}.") from None


def render_board(game: str, view: Mapping[str, Any]) -> Image.Image:
    """The public board for ``view`` (landscape, at least 1,200 px wide)."""
    return _lookup(_BOARDS, game)(view)


def render_panel(game: str, view: Mapping[str, Any]) -> Image.Image:
    """The private panel of the seat ``view`` was made for (hand, resources, what it may do)."""
    return _lookup(_PANELS, game)(view)


def encode_png(image: Image.Image) -> bytes:
    """PNG bytes of ``image``, mapped onto the kit's fixed 256-colour palette.

    Boards are flat colours plus anti-aliased text: on the shared palette the text stays crisp,
    the file is under half the size of an RGB PNG and it compresses several times faster.
    """
    if image.mode not in ("RGB", "P", "L"):
        image = image.convert("RGB")
    if image.mode == "RGB":
        image = to_palette(image)
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=PNG_COMPRESS_LEVEL)
    return out.getvalue()


__all__ = ["encode_png", "render_board", "render_panel"]
