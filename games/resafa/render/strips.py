"""A board's PNG from the strips of rows earlier boards shared, found by what was laid on them.

A board is a copy of its static layer with pieces pasted on and rings drawn over, all on the
palette. The pixels of a strip of rows follow from the layer and from the pieces and rings that
reach into the strip, in the order they were laid; so each strip's compressed rows are kept
under that list, and a strip laid as before is copied without being read back from the picture.
Encoding a board then compresses only the strips its turn changed. (Finding them by hashing
every row of the picture cost more than compressing them all.)

A piece is named by its pixels (two checksums and its size), worked out once per piece object:
pieces come from caches and are never drawn on. Any change to a laid-out board goes through
Pillow's ``load``, which makes the board forget its list; it is then encoded from its pixels.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Any

from PIL import Image

from renderers.kit import png

# Measured on a game's boards: two strips in three of 16 rows recur; shorter strips recur more
# but compress worse, and a window longer than a strip gains nothing
ROWS = 16
CAPACITY = 4096  # compressed strips kept, a couple of kilobytes each on a board
MAX_BYTES = 16 * 1024 * 1024  # and at most this many compressed bytes among them

Token = Hashable
_strips: OrderedDict[Hashable, tuple[bytes, int, int]] = OrderedDict()
_kept_bytes = 0
_lock = threading.Lock()


def fingerprint(piece: Image.Image) -> Token:
    """What names ``piece``'s pixels, worked out on its first use."""
    found = piece.__dict__.get("_strip_fingerprint")
    if found is None:
        data = piece.tobytes()
        found = (piece.size, png.deflate.crc32(data), png.deflate.adler32(data))
        piece.__dict__["_strip_fingerprint"] = found
    return found


class Layout:
    """What a board was laid out from: its layer, then every piece and mark with the rows it
    covers, in order."""

    def __init__(self, layer: Image.Image) -> None:
        self.layer = fingerprint(layer)
        self.laid: list[tuple[Token, int, int]] = []

    def pasted(self, piece: Image.Image, xy: tuple[int, int]) -> None:
        self.laid.append(((fingerprint(piece), xy), xy[1], xy[1] + piece.height))

    def marked(self, mark: Token, top: int, bottom: int) -> None:
        """A mark drawn straight onto the board over rows ``top`` to ``bottom`` (excluded);
        ``mark`` must name everything that decides its pixels."""
        self.laid.append((mark, top, bottom))

    def strip_keys(self, width: int, height: int) -> list[Hashable]:
        count = -(-height // ROWS)
        per_strip: list[list[Token]] = [[] for _ in range(count)]
        for token, top, bottom in self.laid:
            for s in range(max(0, top) // ROWS, min(count, -(-bottom // ROWS))):
                per_strip[s].append(token)
        return [(width, height, s, self.layer, tuple(tokens))
                for s, tokens in enumerate(per_strip)]


class LaidOut(Image.Image):
    """A board that knows how it was laid out until something changes it."""

    layout: Layout | None = None

    def load(self) -> Any:
        self.layout = None  # every change to the pixels goes through here first
        return super().load()


def laid_out(image: Image.Image, layout: Layout) -> Image.Image:
    """``image`` (the board just laid out by ``layout``) marked with it, for ``encode``."""
    image.__class__ = LaidOut
    assert isinstance(image, LaidOut)
    image.layout = layout
    return image


def encode(image: Image.Image, level: int) -> bytes:
    """PNG bytes of the palette picture ``image``, its strips copied from earlier boards where
    laid out alike; a picture without its layout (a panel, a board drawn on) is compressed
    whole."""
    layout = image.layout if isinstance(image, LaidOut) else None
    if layout is None:
        return png.encode(image, level)
    width, height = image.size
    level = min(level, png.HIGHEST_LEVEL)
    compressor = png.strip_compressor(level)
    parts = []
    checksum = 1
    for s, key in enumerate(layout.strip_keys(width, height)):
        key = (key, level)
        with _lock:
            found = _strips.get(key)
            if found is not None:
                _strips.move_to_end(key)
        if found is None:
            # a column of zeros on the left: each row after its filter type, 0 (none)
            rows = image.crop((-1, s * ROWS, width, min(height, (s + 1) * ROWS))).tobytes()
            data = compressor.compress(rows) + compressor.flush(png.deflate.Z_FULL_FLUSH)
            found = (data, png.deflate.adler32(rows), len(rows))
            _keep(key, found)
        data, own, length = found
        parts.append(data)
        checksum = png.adler_combine(checksum, own, length)
    return png.png_file(image, png.strips_stream(parts, checksum))


def clear() -> None:
    """Forget every strip kept."""
    global _kept_bytes
    with _lock:
        _strips.clear()
        _kept_bytes = 0


def _keep(key: Hashable, strip: tuple[bytes, int, int]) -> None:
    global _kept_bytes
    with _lock:
        if key in _strips:
            return
        _strips[key] = strip
        _kept_bytes += len(strip[0])
        while len(_strips) > CAPACITY or _kept_bytes > MAX_BYTES:
            _kept_bytes -= len(_strips.popitem(last=False)[1][0])
