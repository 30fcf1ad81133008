"""PNG encoding of palette pictures, with ISA-L's deflate where it is installed.

Compressing a board's two million pixels was the largest part of posting it: zlib takes about
10 ms for a board, ISA-L about 2 ms for a file no larger. Without ISA-L the encoding falls back
to zlib: the same pixels, only slower.

Compressing a picture whole with ISA-L costs less than finding the strips of rows it shares
with earlier pictures, whether by hashing its rows or by how it was laid out, and copying them.

The rows are laid out in a buffer each thread keeps for the sizes it encodes: a board's two
million bytes taken afresh from the system every time cost more than compressing them (each new
page is a fault, some 5 µs on a shared machine).
"""

from __future__ import annotations

import struct
import threading
from collections import OrderedDict
from typing import Any

from PIL import Image

try:
    from isal import isal_zlib as deflate
except ImportError:  # pragma: no cover - an environment installed before the dependency
    import zlib as deflate  # type: ignore[no-redef]

BACKEND = deflate.__name__.split(".")[0]  # "isal", or "zlib" without it
HIGHEST_LEVEL = 3  # ISA-L's highest, already several times slower than its 2

SIZES_KEPT = 4  # row buffers per thread (a board's and its panels' sizes): ~2 MB each at most

_local = threading.local()


def encode(image: Image.Image, level: int) -> bytes:
    """PNG bytes of the palette (``P``) picture ``image`` at compression ``level``."""
    raw = _rows(image)
    return _png_file(image, deflate.compress(raw, min(level, HIGHEST_LEVEL)))


def _rows(image: Image.Image) -> bytearray:
    """The picture's rows, each after its filter type, 0: none (the best for palette
    pictures), in this thread's buffer for the picture's size, valid until its next call."""
    if image.mode != "P":
        raise ValueError(f"a palette picture is needed, not {image.mode}")
    image.load()
    width, height = image.size
    kept: OrderedDict[tuple[int, int], tuple[bytearray, Any]] = _local.__dict__.setdefault(
        "rows", OrderedDict())
    found = kept.get(image.size)
    if found is None:
        buffer = bytearray((width + 1) * height)  # the left column stays 0: the filter bytes
        # the buffer as a picture one column wider, so that a paste fills it in place
        found = buffer, Image.core.map_buffer(buffer, (width + 1, height), "raw", 0, ("P", 0, 1))
        kept[image.size] = found
        if len(kept) > SIZES_KEPT:
            kept.popitem(last=False)
    kept.move_to_end(image.size)
    buffer, rows = found
    rows.paste(image.im, (1, 0, width + 1, height))
    return buffer


def _png_file(image: Image.Image, stream: bytes) -> bytes:
    """The PNG file of the palette picture ``image``, its rows zlib-compressed in ``stream``."""
    palette = bytes(image.getpalette() or [])
    header = struct.pack(">IIBBBBB", image.width, image.height, 8, 3, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + b"".join((
        _chunk(b"IHDR", header), _chunk(b"PLTE", palette), _chunk(b"IDAT", stream),
        _chunk(b"IEND", b"")))


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(
        ">I", deflate.crc32(kind + data))
