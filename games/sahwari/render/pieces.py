"""Reading a Sahwari view: seats, camels, tiles, cards and caravans, with safe defaults.

Every picture reads the view dict through these helpers, so a missing or odd entry draws as
"nothing there" rather than failing, and the view's shape is known in one place.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping
from functools import lru_cache, partial
from typing import Any

from PIL import Image, ImageDraw

from games.sahwari.render import colours, icons
from games.sahwari.render.indexed import IndexedCache, indexed
from renderers.kit import layout as lay
from renderers.kit import palette as pal
from renderers.kit.cache import ImageCache, sprites
from renderers.kit.palette import RGB
from renderers.kit.words import font

View = Mapping[str, Any]
ROWS = "ABCDE"
GUILD_POS = "C3"


def as_list(value: Any) -> list[Any]:
    return list(value) if isinstance(value, list | tuple) else []


def as_map(value: Any) -> Mapping[str, Any]:
    return value if isinstance(value, Mapping) else {}


def as_int(value: Any, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def players(view: View) -> list[Mapping[str, Any]]:
    return [p for p in as_list(view.get("players")) if isinstance(p, Mapping)]


def seat_label(view: View, seat: int) -> str:
    for player in players(view):
        if player.get("seat") == seat:
            return str(player.get("label", f"Seat {seat + 1}"))
    return f"Seat {seat + 1}"


def seat_colours(view: View, seat: int) -> tuple[RGB, RGB, RGB]:
    """(fill, outline, ink) of a seat: Sahwari's own seat colours, else the kit's."""
    label = seat_label(view, seat)
    return colours.SEAT_STYLES.get(label) or pal.seat_style(label, seat)


def seat_mark(view: View, seat: int) -> str:
    """A seat's initial on its pieces; two letters when another seat shares the first (Purple
    and Pink become Pu and Pi)."""
    label = seat_label(view, seat)
    others = [str(p.get("label", "")) for p in players(view) if p.get("seat") != seat]
    clash = any(o[:1] == label[:1] for o in others)
    return label[:2] if clash else label[:1]


def seat_camel(view: View, seat: int, size: int) -> Image.Image:
    fill, edge, ink = seat_colours(view, seat)
    return icons.camel(size, fill, edge, ink, seat_mark(view, seat) or "?")


def turn_of(view: View) -> Mapping[str, Any]:
    return as_map(view.get("turn"))


def decision_of(view: View) -> Mapping[str, Any] | None:
    decision = view.get("decision")
    return decision if isinstance(decision, Mapping) else None


def position(row: int, col: int) -> str:
    return f"{ROWS[row]}{col + 1}"


def tiles(view: View) -> dict[str, Mapping[str, Any]]:
    """The map's tiles by position (A1..E5)."""
    found: dict[str, Mapping[str, Any]] = {}
    for tile in as_list(view.get("map")):
        if isinstance(tile, Mapping) and isinstance(tile.get("pos"), str):
            found[str(tile["pos"])] = tile
    return found


def camels_at(view: View) -> dict[str, list[Mapping[str, Any]]]:
    """The camels on the map by position, guild camels last."""
    found: dict[str, list[Mapping[str, Any]]] = {}
    for camel in as_list(view.get("camels")):
        if isinstance(camel, Mapping) and isinstance(camel.get("pos"), str):
            found.setdefault(str(camel["pos"]), []).append(camel)
    for group in found.values():
        group.sort(key=lambda c: (c.get("owner") is None, str(c.get("id", ""))))
    return found


def camel_sprite(view: View, camel: Mapping[str, Any], size: int) -> Image.Image:
    """A camel on the map, marked with its id (P2a, G1) as moves and the log name it."""
    owner = camel.get("owner")
    name = str(camel.get("id", ""))
    if isinstance(owner, int):
        fill, edge, ink = seat_colours(view, owner)
        return icons.camel(size, fill, edge, ink, name or seat_mark(view, owner))
    return icons.guild_camel(size, name or "G")


def off_map(view: View, seat: int) -> int:
    """How many of a seat's camels wait beside its clan sheet."""
    return sum(1 for c in as_list(view.get("camels")) if isinstance(c, Mapping)
               and c.get("owner") == seat and c.get("pos") is None)


def item_sprite(item: Mapping[str, Any], size: int) -> Image.Image:
    """A resource lying on a tile; a caravan always face down, showing its handle only."""
    kind = item.get("kind")
    if kind == "cube":
        return icons.cube(size)
    if kind == "pawn":
        return icons.pawn(size)
    return icons.caravan_back(size, str(item.get("colour", "yellow")), str(item.get("handle", "")))


def card_effects(card: Mapping[str, Any]) -> tuple[str, str, str, str]:
    """(left effect, right effect, left colour, right colour) of a recruit card."""
    return (str(card.get("left_effect") or ""), str(card.get("right_effect") or ""),
            str(card.get("left") or ""), str(card.get("right") or ""))


def plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else (many or word + 's')}"


def face_icons(caravan: Mapping[str, Any]) -> tuple[str, ...]:
    """The icons on a caravan's face (influence first), if the view shows its face."""
    face = caravan.get("face")
    if not isinstance(face, Mapping):
        return ()
    amount = as_int(face.get("influence"))
    keys = [f"INF{amount:+d}"] if amount else []
    return (*keys, *(str(a) for a in as_list(face.get("actions"))))


# ---- flat sprites: pasted without a mask, which costs a fraction of an alpha paste ----------

labels = ImageCache(768)  # short texts that recur from turn to turn, as flat pictures
indexed_labels = IndexedCache(768)


def flat(key: Hashable, bg: RGB, build: Callable[[], Image.Image]) -> Image.Image:
    """The RGBA picture ``build`` makes, laid once on ``bg``: an RGB sprite to paste plainly."""

    return sprites.get(("sahwari-flat", key, bg), lambda: on_ground(build(), bg))


def on_ground(sprite: Image.Image, bg: RGB) -> Image.Image:
    """An RGBA ``sprite`` laid on a flat ``bg``, as RGB."""
    ground = Image.new("RGB", sprite.size, bg)
    ground.paste(sprite, (0, 0), sprite)
    return ground


def text(image: Image.Image, xy: tuple[float, float], value: str, size: int, fill: RGB,
         bg: RGB, bold: bool = False, anchor: str = "la") -> int:
    """One line of text on a flat ``bg``, drawn once and then pasted; returns its width.
    ``anchor`` is ``la``, ``lm``, ``mm`` or ``rm`` as in Pillow."""
    f = font(size, bold)

    def build() -> Image.Image:
        ascent, descent = f.getmetrics()
        w = max(1, round(f.getlength(value)) + 2)
        picture = Image.new("RGB", (w, ascent + descent), bg)
        ImageDraw.Draw(picture).text((1, 0), value, font=f, fill=fill, anchor="la")
        return picture

    key = (value, size, bold, fill, bg)
    picture = labels.get(key, build)
    if image.mode == "P":  # a board put together on the palette (see ``indexed``)
        picture = indexed_labels.get(key, partial(indexed, picture))
    w, h = picture.size
    x, y = xy
    if anchor[0] == "m":
        x -= w / 2
    elif anchor[0] == "r":
        x -= w
    if anchor[1] == "m":
        y -= h / 2
    image.paste(picture, (round(x), round(y)))
    return w - 2


@lru_cache(maxsize=512)
def wrapped(value: str, size: int, room: int, bold: bool = False) -> tuple[str, ...]:
    """``value`` word-wrapped to ``room`` pixels (the same sentences recur from turn to turn)."""
    return tuple(lay.wrap(value, font(size, bold), room))
