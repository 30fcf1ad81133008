"""PNG encoding of palette pictures that reuses the compressed rows an earlier picture shared.

Most of a board is the same from one post to the next, and compressing its two million pixels
was the largest part of posting it. The rows are compressed in strips, each strip on its own
(the compressor's memory is reset between strips), so a strip whose pixels were compressed
before is copied as it was; the strips together make one valid zlib stream. The pixels are
those of any PNG of the same picture; only the bytes differ, a little larger.
"""

from __future__ import annotations

import struct
import threading
import zlib
from collections import OrderedDict
from typing import Any

from PIL import Image

# Measured on a game's boards: two strips in three of 16 rows recur; shorter strips recur more
# but compress worse, and a window longer than a strip gains nothing
STRIP_ROWS = 16
WINDOW_BITS = 14
CAPACITY = 4096  # strips kept (a couple of kilobytes each, compressed)
_BASE = 65521  # Adler-32's modulus
_CMF = (WINDOW_BITS - 8) << 4 | 8  # deflate with a 2**WINDOW_BITS window
_ZLIB_HEADER = bytes((_CMF, -(_CMF << 8) % 31))  # check bits: the pair is a multiple of 31

_strips: OrderedDict[tuple[int, int, int], bytes] = OrderedDict()
_lock = threading.Lock()


def encode(image: Image.Image, level: int) -> bytes:
    """PNG bytes of the palette (``P``) picture ``image`` at zlib ``level``."""
    if image.mode != "P":
        raise ValueError(f"a palette picture is needed, not {image.mode}")
    width, height = image.size
    # each row opens with its filter type, 0: none (the best for palette pictures): a column
    # of zeros on the left gives every row's bytes in one piece
    rows = Image.new("P", (width + 1, height), 0)
    rows.paste(image, (1, 0))
    raw = rows.tobytes()
    step = STRIP_ROWS * (width + 1)
    parts = []
    checksum = 1
    # one compressor for every strip: a full flush ends each strip with nothing remembered
    compressor = zlib.compressobj(level, zlib.DEFLATED, -WINDOW_BITS)
    for start in range(0, len(raw), step):
        strip = raw[start:start + step]
        own = zlib.adler32(strip)
        parts.append(_compressed(strip, own, level, compressor))
        checksum = _adler_combine(checksum, own, len(strip))
    stream = _ZLIB_HEADER + b"".join(parts) + b"\x03\x00" + struct.pack(">I", checksum)
    palette = bytes(image.getpalette() or [])
    header = struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + b"".join((
        _chunk(b"IHDR", header), _chunk(b"PLTE", palette), _chunk(b"IDAT", stream),
        _chunk(b"IEND", b"")))


def _compressed(raw: bytes, own: int, level: int, compressor: Any) -> bytes:
    """``raw`` as deflate blocks that end on a byte boundary and refer to nothing before them,
    so that they may follow any other strip's."""
    key = (hash(raw), own, level)  # two independent checksums: a false match is out of reach
    with _lock:
        found = _strips.get(key)
        if found is not None:
            _strips.move_to_end(key)
            return found
    data = compressor.compress(raw) + compressor.flush(zlib.Z_FULL_FLUSH)
    with _lock:
        _strips[key] = data
        if len(_strips) > CAPACITY:
            _strips.popitem(last=False)
    return data


def _adler_combine(first: int, second: int, second_len: int) -> int:
    """The Adler-32 of two byte strings end to end, from each one's (zlib's adler32_combine)."""
    rem = second_len % _BASE
    sum1 = first & 0xFFFF
    sum2 = (rem * sum1) % _BASE
    sum1 = (sum1 + (second & 0xFFFF) + _BASE - 1) % _BASE
    sum2 = (sum2 + (first >> 16) + (second >> 16) + _BASE - rem) % _BASE
    return sum1 | (sum2 << 16)


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(
        ">I", zlib.crc32(kind + data))
