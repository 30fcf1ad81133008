"""The Yspahan board and panel: what saved real views show, and every moment of seeded
2-, 3- and 4-player games renders into a small, wide PNG with the deciding seat's panel."""

from __future__ import annotations

import io
import itertools
import json
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

from games.core import discovery
from games.yspahan import SPEC as YSPAHAN
from games.yspahan.render import board, city, colours, panel, samples
from renderers.kit import palette as pal
from renderers.kit.preview import band_height
from tests.renderers.walk import random_walk

saved = samples.saved
MAX_BYTES = 500 * 1024


def colour_at(image: Image.Image, xy: tuple[int, int]) -> tuple[int, ...]:
    pixel = image.convert("RGB").getpixel(xy)
    assert isinstance(pixel, tuple)
    return pixel


def board_colour_at(image: Image.Image, xy: tuple[int, int]) -> tuple[int, ...]:
    """The colour at ``xy`` in board coordinates, below the status band."""
    return colour_at(image, (xy[0], xy[1] + image.height - board.HEIGHT))


def close(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 3) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=False))


@pytest.mark.parametrize("name", sorted(samples.BOARDS))
def test_board_png_is_landscape_wide_and_small(name: str) -> None:
    data = YSPAHAN.encode_png(YSPAHAN.render_board(saved(name)))
    assert len(data) <= MAX_BYTES
    with Image.open(io.BytesIO(data)) as png:
        assert png.width >= 1200
        assert png.width > png.height


def test_a_shop_shows_its_owners_cube_and_the_supervisor_stands_on_his_space() -> None:
    view = saved("busy_4p")
    image = YSPAHAN.render_board(view)
    shop = next(s for s in view["shops"] if s["owner"] is not None)
    x0, y0, x1, _y1 = city.cell_box(shop["x"], shop["y"])
    # the middle of the cube face (clear of its initial) is the owner's colour
    fill = pal.seat_style(view["players"][shop["owner"]]["label"])[0]
    assert close(board_colour_at(image, ((x0 + x1) // 2, y0 + 14)), fill, 24)
    empty = next(s for s in view["shops"] if s["owner"] is None)
    ex0, ey0, _ex1, _ = city.cell_box(empty["x"], empty["y"])
    assert close(board_colour_at(image, (ex0 + 10, ey0 + 10)), pal.CARD)
    where = next(s for s in view["street"] if s["id"] == view["supervisor"])
    sx0, sy0, sx1, _ = city.cell_box(where["x"], where["y"])
    head = board_colour_at(image, ((sx0 + sx1) // 2, sy0 + 14))
    assert close(head, colours.DIE_WHITE, 12)


def test_the_caravan_shows_each_cube_in_its_owners_colour() -> None:
    view = saved("busy_4p")
    image = YSPAHAN.render_board(view)
    caravan = view["caravan"]
    filled = [s for s in caravan["spaces"] if s["owner"] is not None]
    assert filled
    for space in caravan["spaces"]:
        left, _top, _right, bottom = board.caravan_space_box(caravan["per_row"], space["row"],
                                                             space["col"])
        pixel = board_colour_at(image, (left + 18, bottom - 18))  # clear of the initial
        if space["owner"] is None:
            assert not close(pixel, pal.seat_style("Blue")[0], 40)
        else:
            label = view["players"][space["owner"]]["label"]
            assert close(pixel, pal.seat_style(label)[0], 24)


def test_the_board_never_shows_a_hand_so_every_seat_sees_the_same_board() -> None:
    own = saved("cards_2p_end_turn")
    assert any(p["hand"] for p in own["players"])
    spectator = json.loads(json.dumps(own))
    for player in spectator["players"]:
        player["hand"] = None
    spectator["decision"]["actions"] = []
    spectator["decision"]["options"] = []
    a = YSPAHAN.render_board(own)
    b = YSPAHAN.render_board(spectator)
    assert a.tobytes() == b.tobytes()


def test_the_panel_lists_the_own_hand_and_grows_with_the_options() -> None:
    own = saved("cards_2p_end_turn")
    seat = own["decision"]["seat"]
    picture = YSPAHAN.render_panel(own)
    assert close(colour_at(picture, (picture.width // 2, 4)), pal.seat_style("Red")[0])
    # a hand card is a sand-coloured tile below the resources
    assert close(colour_at(picture, (200, panel.HAND_TOP + panel.HAND_CARD_H - 12)), pal.CARD)
    assert panel.panel_seat(own) == seat
    # Shop delivery may offer every empty shop of the city: two columns, all of them drawn
    many = json.loads(json.dumps(saved("busy_4p_place")))
    empty = [f"cube {s['id']}" for s in many["shops"] if s["owner"] is None]
    many["decision"]["actions"] = empty
    many["decision"]["options"] = [{"notation": a, "label": a, "targets": {}} for a in empty]
    tall = YSPAHAN.render_panel(many)
    rows = -(-len(empty) // 2)
    assert tall.width == panel.PANEL_W
    assert tall.height >= 122 + rows * panel.ACTION_ROW


def test_a_panel_option_says_more_from_what_it_points_at() -> None:
    view = saved("busy_4p_place")
    option = view["decision"]["options"][0]
    assert option["targets"]["souk"] == "BARREL-A"
    assert panel.option_hint(view, option["targets"]) == "0 of 2 shops filled"
    assert panel.option_hint(view, {"building": "B6"}) == (
        "+1 cube when supplying shops from the Tower")
    assert panel.option_hint(view, {"tower_space": 3, "option": "gold"}) == (
        "one gold per die (1 die)")
    assert panel.option_hint(view, {"tower_space": 3, "option": "gold", "card": "C1b"}) == (
        "one gold per die (2 dice)")
    assert panel.option_hint(view, {}) == ""


def test_a_supervisor_stop_names_how_far_it_is_and_whose_cube_ships() -> None:
    view = saved("ship_4p")
    view["supervisor"] = "H"
    view["current_action"] = dict(view.get("current_action") or {}, supervisor_from="H")
    view["shops"] = [dict(s, owner=2 if s["id"] == "VASE-A1" else None) for s in view["shops"]]
    stop = {"space": "E1", "cost": {"gold": 0}, "ships": ["VASE-A1"]}
    assert panel.option_hint(view, stop) == "Green's cube ships; 1 space from H"
    assert panel.option_hint(view, {"space": "W3", "ships": []}) == "3 spaces from H"
    view["current_action"]["supervisor_from"] = "W2"  # a stop across H: the walk passes it
    assert panel.option_hint(view, {"space": "S3", "ships": []}).startswith("5 spaces from W2")
    assert panel.option_hint(view, {"space": "X9", "ships": []}) == ""


def test_seat_colours_stay_apart_for_red_green_colour_blindness() -> None:
    # Machado et al. (2009) simulation matrices at full severity, applied in linear RGB
    matrices = {
        "protan": ((0.152286, 1.052583, -0.204868), (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
        "deutan": ((0.367322, 0.860646, -0.227968), (0.280085, 0.672501, 0.047413),
                   (-0.011820, 0.042940, 0.968881)),
    }

    def linear(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.04045 else ((v + 0.055) / 1.055) ** 2.4

    def seen(rgb: tuple[int, int, int], m: tuple[tuple[float, ...], ...]) -> list[float]:
        lin = [linear(c) for c in rgb]
        return [255 * min(1.0, max(0.0, sum(m[i][j] * lin[j] for j in range(3))))
                for i in range(3)]

    fills = [pal.seat_style(label)[0] for label in ("Blue", "Red", "Green", "Yellow")]
    for m in matrices.values():
        for a, b in itertools.combinations(fills, 2):
            distance = sum((x - y) ** 2 for x, y in zip(seen(a, m), seen(b, m), strict=True))
            assert distance ** 0.5 > 40


# ---- real seeded games ----------------------------------------------------------------

GAMES = ((2, 3), (3, 11), (4, 2026))
EVERY = 25


def decisions(players: int, seed: int) -> Iterator[tuple[Any, Any]]:
    return random_walk("yspahan", players, seed)


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_board_and_panel_render_along_a_whole_game(players: int, seed: int) -> None:
    game = discovery.get("yspahan")
    seen: set[str] = set()
    rendered = 0
    for n, (state, decision) in enumerate(decisions(players, seed)):
        first_of_kind = decision is not None and decision.kind not in seen
        if not (first_of_kind or decision is None or n % EVERY == 0):
            continue
        data = YSPAHAN.encode_png(YSPAHAN.render_board(game.view(state, None)))
        assert len(data) <= MAX_BYTES
        with Image.open(io.BytesIO(data)) as png:
            assert png.width == board.WIDTH
            assert png.height == board.HEIGHT + band_height(board.WIDTH, players, per_row=2)
        if decision is not None:
            seen.add(decision.kind)
            view = game.view(state, decision.seat)
            picture = YSPAHAN.render_panel(view)
            assert len(YSPAHAN.encode_png(picture)) <= MAX_BYTES
            label = view["players"][decision.seat]["label"]
            assert close(colour_at(picture, (picture.width // 2, 4)), pal.seat_style(label)[0])
        rendered += 1
    assert decision is None  # played to the end
    assert {"choose_group", "option"} <= seen
    assert rendered > 10


def test_a_spectator_panel_wears_no_seat_colour() -> None:
    view = saved("busy_4p")  # a spectator's view: no hand, no actions
    picture = YSPAHAN.render_panel(view)
    assert panel.panel_seat(view) is None
    assert close(colour_at(picture, (picture.width // 2, 4)), pal.PANEL)


def test_a_full_souks_value_turns_gold_and_the_others_stay_dark() -> None:
    view = saved("busy_4p")
    image = YSPAHAN.render_board(view)
    badges = city.badge_cells(view)
    states = {s["id"]: s["complete"] for s in view["souks"]}
    assert True in states.values() and False in states.values()
    for sid, complete in states.items():
        cx, cy = city.cell_centre(*badges[sid])
        ground = board_colour_at(image, (cx, cy - 15))  # inside the disc, above the number
        assert close(ground, pal.HIGHLIGHT if complete else pal.INK_DARK, 6), sid
