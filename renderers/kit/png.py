"""PNG encoding of palette pictures, with ISA-L's deflate where it is installed.

Compressing a board's two million pixels was the largest part of posting it: zlib takes about
10 ms for a board, ISA-L about 2 ms for a file no larger. Without ISA-L the encoding falls back
to zlib: the same pixels, only slower.

``encode_strips`` also reuses the compressed rows an earlier picture shared. The rows are
compressed in strips, each strip on its own (the compressor's memory is reset between strips),
so a strip whose pixels were compressed before is copied as it was; the strips together make
one valid zlib stream, a little larger than ``encode``'s.

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

# Measured on a game's boards: two strips in three of 16 rows recur; shorter strips recur more
# but compress worse, and a window longer than a strip gains nothing
STRIP_ROWS = 16
WINDOW_BITS = 15  # ISA-L always looks back 32 KiB, so the header must allow that much
CAPACITY = 4096  # strips kept (a couple of kilobytes each, compressed)
_BASE = 65521  # Adler-32's modulus
_CMF = (WINDOW_BITS - 8) << 4 | 8  # deflate with a 2**WINDOW_BITS window
_ZLIB_HEADER = bytes((_CMF, -(_CMF << 8) % 31))  # check bits: the pair is a multiple of 31

SIZES_KEPT = 4  # row buffers per thread (a board's and its panels' sizes): ~2 MB each at most

_strips: OrderedDict[tuple[int, int, int], bytes] = OrderedDict()
_lock = threading.Lock()
_local = threading.local()


def encode(image: Image.Image, level: int) -> bytes:
    """PNG bytes of the palette (``P``) picture ``image`` at compression ``level``."""
    raw = _rows(image)
    return png_file(image, deflate.compress(raw, min(level, HIGHEST_LEVEL)))


def encode_strips(image: Image.Image, level: int) -> bytes:
    """``encode``, copying each strip of rows compressed for an earlier picture."""
    raw = _rows(image)
    step = STRIP_ROWS * (image.width + 1)
    level = min(level, HIGHEST_LEVEL)
    parts = []
    checksum = 1
    compressor = strip_compressor(level)
    rows = memoryview(raw)
    for start in range(0, len(raw), step):
        strip = bytes(rows[start:start + step])
        own = deflate.adler32(strip)
        parts.append(_compressed(strip, own, level, compressor))
        checksum = adler_combine(checksum, own, len(strip))
    return png_file(image, strips_stream(parts, checksum))


def strip_compressor(level: int) -> Any:
    """One compressor for every strip of a picture: a full flush after each strip (see
    ``_compressed``) ends it with nothing remembered, so strips may be copied between pictures."""
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


def _compressed(raw: bytes, own: int, level: int, compressor: Any) -> bytes:
    """``raw`` as deflate blocks that end on a byte boundary and refer to nothing before them,
    so that they may follow any other strip's."""
    key = (hash(raw), own, level)  # two independent checksums: a false match is out of reach
    with _lock:
        found = _strips.get(key)
        if found is not None:
            _strips.move_to_end(key)
            return found
    data: bytes = compressor.compress(raw) + compressor.flush(deflate.Z_FULL_FLUSH)
    with _lock:
        _strips[key] = data
        if len(_strips) > CAPACITY:
            _strips.popitem(last=False)
    return data


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
