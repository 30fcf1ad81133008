"""A fixed 256-colour palette per game, so encoding needs no per-image colour search.

A board is drawn from its game's named colours plus anti-aliased blends of ink over those
surfaces and the game's icons. A ``Palette`` keeps every named colour exactly and spends the
remaining entries on an octree of a swatch of those blends and icons; mapping a board onto it
is a table lookup (a few ms) where a fresh octree per image costs five times as much. Each game
builds its own, so one game's colours never move another game's pixels.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from types import ModuleType

from PIL import Image

from renderers.kit import locks, png
from renderers.kit import palette as kit_colours
from renderers.kit.palette import RGB, mix

BLEND_STEPS = 8
EXACT_LIMIT = 128  # named colours kept exactly; the rest of the 256 go to blends and icons
# Measured with bench/render.py on palette images: levels above 3 cost far more than they save.
PNG_COMPRESS_LEVEL = 2


def named_colours(*modules: ModuleType) -> list[RGB]:
    """Every RGB a module names in an UPPER_CASE constant (also inside tuples and dicts), in a
    stable order without repeats; the kit's own colours first."""
    found: list[RGB] = []

    def add(value: object) -> None:
        if isinstance(value, tuple) and len(value) == 3 and all(isinstance(v, int) for v in value):
            rgb = (int(value[0]), int(value[1]), int(value[2]))
            if rgb not in found:
                found.append(rgb)
        elif isinstance(value, tuple | list):
            for item in value:
                add(item)
        elif isinstance(value, dict):
            for item in value.values():
                add(item)

    for module in (kit_colours, *modules):
        for name in sorted(vars(module)):
            if name.isupper():
                add(getattr(module, name))
    return found


class Palette:
    """One game's 256 colours: its named ``exact`` colours, then what a swatch of ``inks``
    blended over ``surfaces`` and the game's ``sprites`` (drawn on first use) needs; its PNGs
    are compressed at ``compress_level``."""

    def __init__(
        self,
        exact: Sequence[RGB],
        surfaces: Iterable[RGB],
        inks: Iterable[RGB],
        sprites: Callable[[], Sequence[Image.Image]] = lambda: (),
        compress_level: int = PNG_COMPRESS_LEVEL,
    ) -> None:
        self.exact = list(dict.fromkeys(exact))[:EXACT_LIMIT]
        self.surfaces = tuple(surfaces)
        self.inks = tuple(inks)
        self._sprites = sprites
        self.compress_level = compress_level
        self._image: Image.Image | None = None
        self._lock = locks.lock()
        self._indexes: dict[RGB, int] = {}

    def swatch(self) -> Image.Image:
        """Equal-sized patches of every ink-over-surface blend and every sprite on the main
        surfaces."""
        cell = 4
        blends = [
            mix(surface, ink, step / (BLEND_STEPS + 1))
            for surface in self.surfaces
            for ink in self.inks
            for step in range(1, BLEND_STEPS + 1)
        ]
        sprites = list(self._sprites())
        backs = self.surfaces[:3] or (kit_colours.BACKGROUND,)
        per_row = 64
        rows = -(-len(blends) // per_row)
        width = max(per_row * cell, 32 * len(sprites), 1)
        height = rows * cell + 32 * len(backs)
        swatch = Image.new("RGB", (width, height), kit_colours.BACKGROUND)
        for i, colour in enumerate(blends):
            x, y = (i % per_row) * cell, (i // per_row) * cell
            swatch.paste(colour, (x, y, x + cell, y + cell))
        for j, back in enumerate(backs):
            y = rows * cell + 32 * j
            swatch.paste(back, (0, y, width, y + 32))
            for i, sprite in enumerate(sprites):
                swatch.paste(sprite, (32 * i, y), sprite)
        return swatch

    def image(self) -> Image.Image:
        """A 1×1 "P" image carrying the palette (what ``Image.quantize`` expects)."""
        with self._lock:
            if self._image is None:
                free = 256 - len(self.exact)
                reduced = self.swatch().quantize(
                    free, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
                )
                flat = [c for rgb in self.exact for c in rgb]
                flat += (reduced.getpalette() or [])[: free * 3]
                flat += [0] * (768 - len(flat))
                holder = Image.new("P", (1, 1))
                holder.putpalette(flat)
                self._image = holder
            return self._image

    def quantize(self, image: Image.Image) -> Image.Image:
        """``image`` mapped onto this palette, without dithering (keeps text crisp)."""
        if image.mode != "RGB":
            image = image.convert("RGB")
        return image.quantize(palette=self.image(), dither=Image.Dither.NONE)

    def index(self, colour: RGB) -> int:
        """The entry ``quantize`` maps ``colour`` to: marks drawn straight onto a palette
        picture in it have the pixels of marks drawn in ``colour`` and mapped."""
        found = self._indexes.get(colour)
        if found is None:
            pixel = self.quantize(Image.new("RGB", (1, 1), colour)).getpixel((0, 0))
            found = self._indexes[colour] = int(pixel)  # type: ignore[arg-type]
        return found

    def encode(self, image: Image.Image) -> bytes:
        """PNG bytes of ``image`` on this palette.

        Boards are flat colours plus anti-aliased text: on a fixed palette the text stays crisp,
        the file is under half the size of an RGB PNG and it compresses several times faster.
        """
        if image.mode != "P":
            image = self.quantize(image)
        return png.encode(image, self.compress_level)
