"""Recruit cards (in the market and in a clan row), the clan sheet between them, artifact
spaces at their junctions, and the clan sheet's storage and recruit tracks.

Each card is drawn once per size and kept in the sprite cache; a clan row pastes them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from PIL import Image, ImageDraw

from games.sahwari.render import colours, icons
from games.sahwari.render.pieces import as_int, as_list, as_map, card_effects, flat
from renderers.kit import palette as pal
from renderers.kit.cache import sprites
from renderers.kit.icons import paste
from renderers.kit.words import draw_fitted, fit_text, font

BAND = 18  # the coloured edge of a card, wide enough for its colour letter
ROW_CARD_W, ROW_CARD_H = 100, 84
CLAN_W = 140
JUNCTION = 34
LINE_GAP = 4  # between the two lines of a long clan row


def edge_colour(letter: str) -> tuple[int, int, int]:
    return colours.EDGE_COLOURS.get(letter[:1].upper(), pal.EMPTY_CELL)


def _bands(draw: ImageDraw.ImageDraw, w: int, h: int, left: str, right: str) -> None:
    for x0, letter in ((0, left), (w - BAND, right)):
        draw.rectangle((x0, 0, x0 + BAND - 1, h - 1), fill=edge_colour(letter))
        draw.text((x0 + BAND / 2, h / 2), letter[:1].upper(), font=font(18, bold=True),
                  fill=pal.INK_LIGHT, anchor="mm")


def _frame(w: int, h: int) -> tuple[Image.Image, ImageDraw.ImageDraw]:
    image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
    mask = Image.new("L", (w, h), 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, w - 1, h - 1), radius=8, fill=255)
    face = Image.new("RGBA", (w, h), (*pal.CARD, 255))
    image.paste(face, (0, 0), mask)
    return image, ImageDraw.Draw(image)


def _finish(image: Image.Image) -> Image.Image:
    w, h = image.size
    ImageDraw.Draw(image).rounded_rectangle((0, 0, w - 1, h - 1), radius=8,
                                            outline=pal.CARD_EDGE, width=2)
    return image


def row_card(card: Mapping[str, Any]) -> Image.Image:
    """A recruit card as it sits in a clan row: its two edges, their effects and its id."""
    left_fx, right_fx, left, right = card_effects(card)
    cid = str(card.get("id", ""))

    def build() -> Image.Image:
        w, h = ROW_CARD_W, ROW_CARD_H
        image, draw = _frame(w, h)
        _bands(draw, w, h, left, right)
        size = 30
        for fx, x in ((left_fx, BAND + 2), (right_fx, w - BAND - 2 - size)):
            if fx:
                paste(image, icons.effect(fx, size), (x, 8))
        draw.text((w / 2, h - 22), cid, font=font(18, bold=True), fill=pal.INK_DARK,
                  anchor="mm")
        return _finish(image)

    return sprites.get(("sahwari-row-card", cid, left_fx, right_fx, left, right), build)


MARKET_W, MARKET_H = 180, 196


def market_card(card: Mapping[str, Any]) -> Image.Image:
    """A recruit card in the market: id, name, both edges with their effects, clan ability."""
    left_fx, right_fx, left, right = card_effects(card)
    cid, name = str(card.get("id", "")), str(card.get("name", ""))
    clan = str(card.get("clan") or "").capitalize()

    def build() -> Image.Image:
        w, h = MARKET_W, MARKET_H
        image, draw = _frame(w, h)
        _bands(draw, w, h, left, right)
        inner = (BAND + 6, w - BAND - 6)
        draw.text((w / 2, 18), cid, font=font(20, bold=True), fill=pal.INK_DARK, anchor="mm")
        named = fit_text(name, (inner[0], 32, inner[1], 80), largest=18, smallest=14, spacing=0)
        draw_fitted(draw, named, fill=pal.INK_SOFT, align="center")
        size = 54
        for fx, x in ((left_fx, BAND + 4), (right_fx, w - BAND - 4 - size)):
            if fx:
                paste(image, icons.effect(fx, size), (x, 84))
        if clan:
            line = fit_text(f"Clan: {clan}", (inner[0] - 2, h - 44, inner[1] + 2, h - 4),
                            largest=18, smallest=14, bold=True, spacing=0)
            draw_fitted(draw, line, fill=pal.INK_DARK, align="center", valign="middle")
        return _finish(image)

    return sprites.get(("sahwari-market-card", cid, name, left_fx, right_fx, left, right, clan),
                       build)


def clan_sheet(leader: str, left: str, right: str) -> Image.Image:
    """The clan sheet in the middle of a clan row: its leader and its two edge colours."""

    def build() -> Image.Image:
        w, h = CLAN_W, ROW_CARD_H
        image = Image.new("RGBA", (w, h), (0, 0, 0, 0))
        draw = ImageDraw.Draw(image)
        draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=8, fill=colours.CLAN_SHEET)
        _bands(draw, w, h, left, right)
        draw.text((w / 2, 22), "CLAN", font=font(18, bold=True), fill=pal.INK_LIGHT, anchor="mm")
        named = fit_text(leader, (BAND + 3, 36, w - BAND - 3, h - 6), largest=20, smallest=14,
                         bold=True, spacing=0)
        draw_fitted(draw, named, fill=pal.INK_LIGHT, align="center", valign="middle")
        draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=8, outline=pal.CARD_EDGE, width=2)
        return image

    return sprites.get(("sahwari-clan-sheet", leader, left, right), build)


def junction(state: str) -> Image.Image:
    """An artifact space: empty (a ring), activated (a cube), locked (a padlock); a dead
    junction (colours differ) shows a small grey cross."""

    def build() -> Image.Image:
        s = JUNCTION
        image = Image.new("RGBA", (s, s), (0, 0, 0, 0))
        if state == "dead":
            draw = ImageDraw.Draw(image)
            draw.ellipse((9, 9, s - 10, s - 10), fill=colours.SPACE_DEAD, outline=pal.INK_DARK)
            draw.line((13, 13, s - 14, s - 14), fill=pal.INK_MUTED, width=2)
            draw.line((13, s - 14, s - 14, 13), fill=pal.INK_MUTED, width=2)
            return image
        draw = ImageDraw.Draw(image)
        draw.ellipse((0, 0, s - 1, s - 1), fill=colours.SPACE_EMPTY, outline=pal.INK_DARK,
                     width=2)
        if state in ("active", "activated"):
            paste(image, icons.cube(24), (5, 5))
        elif state == "locked":
            paste(image, icons.lock_token(22), (6, 6))
        return image

    return sprites.get(("sahwari-junction", state), build)


def card_key(card: Mapping[str, Any]) -> tuple[str, ...]:
    """Everything a card's picture shows."""
    return (str(card.get("id", "")), str(card.get("name", "")), str(card.get("clan") or ""),
            *card_effects(card))


def _pieces(player: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    pieces: list[Mapping[str, Any]] = [p for p in as_list(player.get("row"))
                                       if isinstance(p, Mapping)]
    return pieces or [{"name": "CLAN"}]


def row_key(player: Mapping[str, Any]) -> tuple[Any, ...]:
    """Everything a clan row's picture shows."""
    leader = as_map(player.get("leader"))
    return (
        str(leader.get("name", "")),
        tuple(str(as_map(j).get("state", "dead")) for j in as_list(player.get("junctions"))),
        tuple((card_key(as_map(p.get("card"))), str(p.get("left")), str(p.get("right")))
              for p in _pieces(player)),
    )


def clan_row(player: Mapping[str, Any]) -> Image.Image:
    """The whole clan row, left to right, with every junction on its seam."""
    leader = as_map(player.get("leader"))
    states = [str(as_map(j).get("state", "dead")) for j in as_list(player.get("junctions"))]
    return _build_clan_row(_pieces(player), leader, states)


def seams(player: Mapping[str, Any]) -> list[int]:
    """Where each artifact space sits along the one-line clan row, from its left end."""
    found: list[int] = []
    x = 0
    for piece in _pieces(player):
        x += (ROW_CARD_W if isinstance(piece.get("card"), Mapping) else CLAN_W) + 4
        found.append(x - 2)
    return found[:-1]


def fitted(picture: Image.Image, room: tuple[int, int]) -> Image.Image:
    """``picture`` shrunk, keeping its shape, to fit ``room`` (never enlarged)."""
    scale = min(1.0, room[0] / picture.width, room[1] / picture.height)
    if scale >= 1.0:
        return picture
    size = (max(1, round(picture.width * scale)), max(1, round(picture.height * scale)))
    return picture.resize(size, Image.Resampling.LANCZOS)


def _build_clan_row(pieces: Sequence[Mapping[str, Any]], leader: Mapping[str, Any],
                    states: Sequence[str], lines: int = 1) -> Image.Image:
    """The row left to right, broken into ``lines`` lines when asked; a junction between two
    lines stands at the end of the upper one."""
    sprites_in_row: list[Image.Image] = []
    for piece in pieces:
        card = piece.get("card")
        if isinstance(card, Mapping):
            sprites_in_row.append(row_card(card))
        else:
            sprites_in_row.append(clan_sheet(str(leader.get("name", "")),
                                             str(piece.get("left") or leader.get("left", "")),
                                             str(piece.get("right") or leader.get("right", ""))))
    gap, line_gap = 4, LINE_GAP
    per_line = -(-len(sprites_in_row) // max(1, lines))
    chunks = [sprites_in_row[i:i + per_line] for i in range(0, len(sprites_in_row), per_line)]
    widths = [sum(s.width + gap for s in chunk) - gap for chunk in chunks]
    spare = JUNCTION // 2 + 2 if len(chunks) > 1 else 0
    image = Image.new("RGBA", (max(1, max(widths) + spare),
                               len(chunks) * (ROW_CARD_H + line_gap) - line_gap), (0, 0, 0, 0))
    seams: list[tuple[int, int]] = []
    for n, chunk in enumerate(chunks):
        x, y = 0, n * (ROW_CARD_H + line_gap)
        for sprite in chunk:
            paste(image, sprite, (x, y))
            x += sprite.width + gap
            seams.append((x - gap // 2, y))
    for (seam, y), state in zip(seams, states, strict=False):
        paste(image, junction(state), (seam - JUNCTION // 2, y + 8 + 15 - JUNCTION // 2))
    return image


def clan_row_in(player: Mapping[str, Any], room: tuple[int, int]) -> Image.Image:
    """The clan row in ``room``: on one line, or on two when one would have to shrink and
    two fit the height, then shrunk only if it still must."""
    leader = as_map(player.get("leader"))
    states = [str(as_map(j).get("state", "dead")) for j in as_list(player.get("junctions"))]
    pieces = _pieces(player)
    row = _build_clan_row(pieces, leader, states)
    if row.width > room[0] and room[1] >= 2 * ROW_CARD_H + LINE_GAP:
        row = _build_clan_row(pieces, leader, states, lines=2)
    return fitted(row, room)


TRACK_CELL = 42


def track(cells: Sequence[Mapping[str, Any]], filled: int, end_value: int | None,
          piece: str, locked: Sequence[int] = ()) -> Image.Image:
    """A clan-sheet track: each space shows its printed value until a piece covers it, and its
    ability icon; used storage abilities carry a lock. The end value shows when all are full."""
    printed = tuple((as_int(c.get("value")), str(c.get("icon") or "")) for c in cells)
    key = ("track", printed, filled, end_value, piece, tuple(locked))
    return flat(key, pal.PANEL, lambda: _build_track(cells, filled, end_value, piece, locked))


def storage_strip(player: Mapping[str, Any]) -> Image.Image:
    """A seat's storage track, as its clan board and its panel show it: the cubes stored, the
    locks of the abilities used and the end value."""
    storage = as_map(player.get("storage"))
    cells = [as_map(c) for c in as_list(storage.get("spaces"))]
    locks = [as_int(c.get("space")) for c in cells if c.get("locked")]
    end = storage.get("end_value")
    return track(cells, as_int(storage.get("cubes")), end if isinstance(end, int) else None,
                 "cube", locks)


def recruit_strip(player: Mapping[str, Any]) -> Image.Image:
    """A seat's recruit track: the pawns placed and the end value."""
    recruits = as_map(player.get("recruits"))
    cells = [as_map(c) for c in as_list(recruits.get("spaces"))]
    end = recruits.get("end_value")
    return track(cells, as_int(recruits.get("pawns")), end if isinstance(end, int) else None,
                 "pawn")


def _build_track(cells: Sequence[Mapping[str, Any]], filled: int, end_value: int | None,
                 piece_kind: str, locked: Sequence[int]) -> Image.Image:
    piece = icons.cube(32) if piece_kind == "cube" else icons.pawn(32)
    n = len(cells)
    w = (n + (1 if end_value is not None else 0)) * (TRACK_CELL + 4)
    image = Image.new("RGBA", (max(1, w), TRACK_CELL), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    value_font = font(20, bold=True)
    for i, cell in enumerate(cells):
        x = i * (TRACK_CELL + 4)
        box = (x, 0, x + TRACK_CELL - 1, TRACK_CELL - 1)
        draw.rounded_rectangle(box, radius=6, fill=colours.TRACK_SPACE, outline=pal.PANEL_EDGE)
        icon = cell.get("icon")
        if i < filled:
            paste(image, piece, (x + (TRACK_CELL - piece.width) // 2,
                                 (TRACK_CELL - piece.height) // 2))
        else:
            draw.text((x + 12, TRACK_CELL / 2), str(as_int(cell.get("value"))), font=value_font,
                      fill=pal.INK_LIGHT, anchor="mm")
        if isinstance(icon, str) and icon:
            paste(image, icons.effect(icon, 20), (x + TRACK_CELL - 22, 2))
        if i + 1 in locked:
            paste(image, icons.lock_token(20), (x + TRACK_CELL - 22, TRACK_CELL - 22))
    if end_value is not None:
        x = n * (TRACK_CELL + 4)
        full = filled >= n
        draw.rounded_rectangle((x, 0, x + TRACK_CELL - 1, TRACK_CELL - 1), radius=6,
                               outline=pal.PANEL_EDGE, fill=pal.PANEL_EDGE if full else pal.PANEL)
        draw.text((x + TRACK_CELL / 2, TRACK_CELL / 2), str(end_value), font=value_font,
                  fill=pal.INK_LIGHT if full else pal.INK_MUTED, anchor="mm")
    return image
