"""PNG encoding of palette pictures, with ISA-L's deflate where it is installed.

Compressing a board's two million pixels was the largest part of posting it: zlib takes about
10 ms for a board, ISA-L about 2 ms for a file no larger. Without ISA-L the encoding falls back
to zlib: the same pixels, only slower.

A picture may also be compressed in strips of rows, each strip on its own (the compressor's
memory is reset between strips), so that a strip compressed for an earlier picture can be
copied as it was (``strip_compressor``, ``strips_stream``); the strips together make one valid
zlib stream, a little larger than ``encode``'s. Finding such strips by hashing a picture's rows
cost more than compressing them all with ISA-L, so only a picture that knows how it was laid
out (a game's own canvas may) is encoded that way.

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

WINDOW_BITS = 15  # ISA-L always looks back 32 KiB, so the header must allow that much
_BASE = 65521  # Adler-32's modulus
_CMF = (WINDOW_BITS - 8) << 4 | 8  # deflate with a 2**WINDOW_BITS window
_ZLIB_HEADER = bytes((_CMF, -(_CMF << 8) % 31))  # check bits: the pair is a multiple of 31

SIZES_KEPT = 4  # row buffers per thread (a board's and its panels' sizes): ~2 MB each at most

_local = threading.local()


def encode(image: Image.Image, level: int) -> bytes:
    """PNG bytes of the palette (``P``) picture ``image`` at compression ``level``."""
    raw = _rows(image)
    return png_file(image, deflate.compress(raw, min(level, HIGHEST_LEVEL)))


def strip_compressor(level: int) -> Any:
    """One compressor for every strip of a picture: a full flush after each strip
    (``Z_FULL_FLUSH``) ends it on a byte boundary with nothing remembered, so strips may be
    copied between pictures."""
    return deflate.compressobj(min(level, HIGHEST_LEVEL), deflate.DEFLATED, -WINDOW_BITS)


def strips_stream(parts: list[bytes], checksum: int) -> bytes:
    """The zlib stream of compressed strips end to end, ``checksum`` the Adler-32 of all rows."""
    return _ZLIB_HEADER + b"".join(parts) + b"\x03\x00" + struct.pack(">I", checksum)


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


def png_file(image: Image.Image, stream: bytes) -> bytes:
    """The PNG file of the palette picture ``image``, its rows zlib-compressed in ``stream``."""
    palette = bytes(image.getpalette() or [])
    header = struct.pack(">IIBBBBB", image.width, image.height, 8, 3, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + b"".join((
        _chunk(b"IHDR", header), _chunk(b"PLTE", palette), _chunk(b"IDAT", stream),
        _chunk(b"IEND", b"")))


def adler_combine(first: int, second: int, second_len: int) -> int:
    """The Adler-32 of two byte strings end to end, from each one's (zlib's adler32_combine)."""
    rem = second_len % _BASE
    sum1 = first & 0xFFFF
    sum2 = (rem * sum1) % _BASE
    sum1 = (sum1 + (second & 0xFFFF) + _BASE - 1) % _BASE
    sum2 = (sum2 + (first >> 16) + (second >> 16) + _BASE - rem) % _BASE
    return sum1 | (sum2 << 16)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(
        ">I", deflate.crc32(kind + data))
