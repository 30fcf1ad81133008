"""Small LRU caches for what does not change between turns: background layers and sprites."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable

from PIL import Image


class ImageCache:
    """Images by key, built on first use. Callers must not draw on a returned image; copy it.

    Boards are rendered in worker threads, so lookups are locked; the lock is re-entrant
    because building one sprite (a card face) may fetch others (its icons).
    """

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self._items: OrderedDict[Hashable, Image.Image] = OrderedDict()
        self._lock = threading.RLock()
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
            if len(self._items) > self.capacity:
                self._items.popitem(last=False)
            return image

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.hits = self.misses = 0

    def __len__(self) -> int:
        return len(self._items)


# whole static backgrounds, one per game layout in use; a game that keeps each layout both drawn
# and mapped on its palette takes two per player count
layers = ImageCache(16)
sprites = ImageCache(512)  # icons, card faces and other small reusable pictures
