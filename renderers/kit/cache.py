"""Small LRU caches for what does not change between turns: background layers and sprites."""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any

from PIL import Image

from renderers.kit import locks


class ImageCache:
    """Images by key, built on first use. Callers must not draw on a returned image; copy it.
    At most ``capacity`` images are kept, and with ``max_bytes`` at most that many bytes of
    pixels, the least recently used going first.

    Boards are rendered in worker threads, so lookups are locked; the lock is re-entrant
    because building one sprite (a card face) may fetch others (its icons).
    """

    def __init__(self, capacity: int, max_bytes: int | None = None) -> None:
        self.capacity = capacity
        self.max_bytes = max_bytes
        self.bytes = 0
        self._items: OrderedDict[Hashable, Image.Image] = OrderedDict()
        self._lock = locks.reentrant_lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: Hashable, build: Callable[[], Image.Image]) -> Image.Image:
        with self._lock:
            image = self._items.get(key)
            if image is not None:
                self._items.move_to_end(key)
                self.hits += 1
                return image
            self.misses += 1
            image = build()
            self._items[key] = image
            self.bytes += _size(image)
            while len(self._items) > self.capacity or (
                    self.max_bytes is not None and self.bytes > self.max_bytes
                    and len(self._items) > 1):
                _, dropped = self._items.popitem(last=False)
                self.bytes -= _size(dropped)
            return image

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.bytes = self.hits = self.misses = 0

    def __len__(self) -> int:
        return len(self._items)


def key_of(value: Any) -> str:
    """A cache key for a piece of a view: views list their keys in the engine's fixed order,
    so the same content gives the same key (another order only costs a redraw)."""
    return repr(value)


def _size(image: Image.Image) -> int:
    return image.width * image.height * len(image.getbands())


# whole static backgrounds, one per game layout in use; a game that keeps each layout both drawn
# and mapped on its palette takes two per player count
layers = ImageCache(16)
sprites = ImageCache(512)  # icons, card faces and other small reusable pictures
