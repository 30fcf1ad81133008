"""Targi's board in Discord's chat preview: the status band on top reads at 550 px, and the
places the last turn changed are ringed."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageChops

from games.targi import SPEC as TARGI
from games.targi.render import PALETTE, samples, status, tiles
from games.targi.render import board as targi
from renderers.kit import compose
from renderers.kit import palette as pal
from renderers.kit.preview import PREVIEW_WIDTH, READABLE_PX, ring_width
from tests.renderers.golden import assert_matches_golden

Box = tuple[int, int, int, int]
CAP_HEIGHT = 0.72  # of the bundled bold face's size: how tall a capital letter or digit stands


def in_preview(image: Image.Image) -> Image.Image:
    height = round(image.height * PREVIEW_WIDTH / image.width)
    return image.convert("RGB").resize((PREVIEW_WIDTH, height), Image.Resampling.LANCZOS)


def ink_rows(image: Image.Image, box: Box, ink: tuple[int, int, int]) -> list[int]:
    """The rows of ``box`` holding a pixel close to ``ink``."""
    x0, y0, x1, y1 = box
    return [
        y for y in range(y0, y1)
        if any(all(abs(a - b) < 60 for a, b in zip(image.getpixel((x, y)), ink, strict=True))
               for x in range(x0, x1))
    ]


def changed_area(a: Image.Image, b: Image.Image) -> Box | None:
    body = (0, targi.TOP, targi.WIDTH, targi.HEIGHT)
    box = ImageChops.difference(a.convert("RGB").crop(body), b.convert("RGB").crop(body)).getbbox()
    if box is None:
        return None
    left, top, right, bottom = box
    return left, top + targi.TOP, right, bottom + targi.TOP


def around(box: Box) -> Box:
    pad = ring_width(targi.WIDTH)
    return box[0] - pad, box[1] - pad, box[2] + pad + 1, box[3] + pad + 1


def within(inner: Box, outer: Box) -> bool:
    return (outer[0] <= inner[0] and outer[1] <= inner[1]
            and inner[2] <= outer[2] and inner[3] <= outer[3])


def ringed(image: Image.Image, box: Box) -> bool:
    """Whether the white of a changed-place ring runs along the top of ``box``."""
    y = box[1] - ring_width(targi.WIDTH) // 2
    xs = range(box[0] + 4, box[2] - 4, 7)
    white = posted((255, 255, 255))
    return all(image.convert("RGB").getpixel((x, y)) == white for x in xs)


def posted(colour: tuple[int, int, int]) -> tuple[int, ...]:
    """``colour`` as it stands in a posted board: its entry of Targi's palette."""
    entries = PALETTE.image().getpalette() or []
    i = PALETTE.index(colour)
    return tuple(entries[3 * i:3 * i + 3])


def test_the_status_line_stands_at_a_readable_size_in_the_chat_preview() -> None:
    small = in_preview(TARGI.render_board(samples.mid_game()))
    band = round(targi.TOP * PREVIEW_WIDTH / targi.WIDTH)
    # the status line ("Round 7 / 12 · Actions · Blue to move") in light ink, right of the title
    line = (PREVIEW_WIDTH // 5, 0, PREVIEW_WIDTH * 3 // 4, band // 3)
    rows = ink_rows(small, line, pal.INK_LIGHT)
    assert rows, "the status line is in the band"
    assert max(rows) - min(rows) + 1 >= CAP_HEIGHT * READABLE_PX


def test_the_status_says_the_round_whose_move_and_a_coming_raid() -> None:
    view = samples.mid_game()
    assert status.status_text(view) == "Round 7 / 12 · Actions · Blue to move"
    view["robber"] = 7
    assert status.status_text(view).endswith("Blue to move · Raid 2 next round")
    end = samples.finished()
    assert status.status_text(end).startswith("After round 12 · Game over · White wins")
    blue = status.seats(samples.mid_game())[0]
    assert (blue.label, blue.score, blue.detail, blue.to_move) == (
        "Blue", "31 VP", "2 G · 7 D 1 S 0 P", True)


def test_nothing_is_ringed_without_a_previous_board_or_when_nothing_changed() -> None:
    view = samples.mid_game()
    plain = TARGI.render_board(view)
    assert changed_area(TARGI.render_board(view, samples.mid_game()), plain) is None
    assert ImageChops.difference(
        TARGI.render_board(view, samples.mid_game()).convert("RGB"), plain.convert("RGB")
    ).getbbox() is None, "no 'changed' legend either"


def test_a_played_card_is_ringed_in_the_display_with_the_goods_and_score_it_changed() -> None:
    view, before = samples.mid_game(), samples.before_mid_game()
    blue_box = targi.PLAYER_BOXES[0]
    marked, plain = TARGI.render_board(view, before), TARGI.render_board(view)
    for box in (targi.tile_box(blue_box, 1, 3), targi.resources_box(blue_box),
                targi.score_box(blue_box), targi.supply_half(1)):
        assert ringed(marked, box) and not ringed(plain, box), f"{box} is ringed"
    assert not ringed(marked, targi.tile_box(blue_box, 1, 2)), "an unchanged card is not"
    # and nothing else: White's area, the grid and the goods deck are untouched
    grid = (0, targi.TOP, 950, targi.SUPPLY_BOX[1] - 4)
    for box in (targi.PLAYER_BOXES[1], targi.supply_half(0), grid):
        assert ImageChops.difference(
            marked.convert("RGB").crop(box), plain.convert("RGB").crop(box)
        ).getbbox() is None, f"{box} is not ringed"


def test_a_moved_marker_rings_its_cell_only() -> None:
    view, before = samples.mid_game(), samples.mid_game()
    before["centre"][0]["marker"] = None  # a tribe marker was just put on C11
    view["centre"][0]["marker"] = 0
    area = changed_area(TARGI.render_board(view, before), TARGI.render_board(view))
    x, y = targi.cell_origin(1, 1)
    assert area is not None
    assert within(area, around((x, y, x + targi.CELL - 1, y + targi.CELL - 1)))


def test_every_tribe_card_of_an_area_is_shown_by_name() -> None:
    view = samples.mid_game()
    names: list[str] = []
    real = tiles.tile_name

    def spy(card: Any) -> str:
        names.append(real(card))
        return names[-1]

    tiles.sprites.clear()
    compose.parts.clear()
    try:
        tiles.tile_name = spy  # type: ignore[assignment]
        TARGI.render_board(view)
    finally:
        tiles.tile_name = real  # type: ignore[assignment]
        tiles.sprites.clear()
        compose.parts.clear()
    shown = {c["id"] for p in view["players"] for row in p["display"] for c in row}
    shown |= {p["hand"]["id"] for p in view["players"] if p["hand"]}
    assert {n.split()[-1] for n in names} == shown
    assert "Camel CA5" in names


def test_a_ringed_board_matches_its_golden() -> None:
    image = TARGI.render_board(samples.mid_game(), samples.before_mid_game())
    assert_matches_golden(image, "targi_board_midgame_ringed", TARGI.render_module().PALETTE)


def test_a_previous_board_of_another_shape_still_draws_the_board() -> None:
    view = samples.mid_game()
    odd = {"players": [{"seat": 0, "display": [[None, "x"]], "hand": "?"}], "centre": "none"}
    for previous in ({}, odd):
        image = TARGI.render_board(view, previous)
        assert image.size == (targi.WIDTH, targi.HEIGHT)
        assert ringed(image, targi.tile_box(targi.PLAYER_BOXES[0], 0, 0))
