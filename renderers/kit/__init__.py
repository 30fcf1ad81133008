"""Drawing kit shared by every game's renderer: palette, fonts, layout, icons, layer cache."""

from renderers.kit import icons, layout, palette
from renderers.kit.cache import ImageCache, layers, sprites
from renderers.kit.fonts import MIN_SIZE, font

__all__ = ["MIN_SIZE", "ImageCache", "font", "icons", "layers", "layout", "palette", "sprites"]
