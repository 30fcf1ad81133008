"""The Resafa board, each seat's workshop area and the private panel: what saved real views
show, that they stay wide and small, and that the seat's own area is in its panel."""

from __future__ import annotations

import copy
import io

import pytest
from PIL import Image, ImageChops

from games.core import discovery
from games.resafa import render
from games.resafa.render import area, board, colours, option_maps, panel, roads, samples
from renderers.kit import palette as pal
from tests.renderers.golden import assert_matches_golden, different_pixels
from tests.renderers.walk import random_walk

saved = samples.saved
MAX_BYTES = 300 * 1024


def colour_at(image: Image.Image, xy: tuple[int, int]) -> tuple[int, ...]:
    pixel = image.convert("RGB").getpixel(xy)
    assert isinstance(pixel, tuple)
    return pixel


def close(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 3) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=False))


@pytest.mark.parametrize("name", sorted(samples.BOARDS))
def test_board_png_is_wide_landscape_and_at_most_300_kib(name: str) -> None:
    data = render.PALETTE.encode(render.render_board(saved(name)))
    assert len(data) <= MAX_BYTES
    with Image.open(io.BytesIO(data)) as png:
        assert png.width >= 1200
        assert png.width > png.height


def test_every_seat_has_its_own_workshop_area_named_after_it() -> None:
    view = saved("busy_4p")
    areas = render.render_areas(view)
    assert [name for name, _ in areas] == [p["label"] for p in view["players"]]
    assert all(image.width == area.WIDTH and image.height >= area.HEIGHT for _, image in areas)
    assert len({image.tobytes() for _, image in areas}) == len(areas)  # each its own


@pytest.mark.parametrize(("sample", "seat"), [("busy_3p", 0), ("end_solo", 0), ("built_2p", 1)])
def test_workshop_area_matches_its_golden(sample: str, seat: int) -> None:
    view = saved(sample)
    image = render.render_area(view, seat)
    label = view["players"][seat]["label"].lower()
    assert_matches_golden(image, f"resafa_area_{sample}_{label}", render.PALETTE)


def test_a_built_workshop_and_a_garden_show_on_their_cells() -> None:
    view = saved("built_2p")
    player = max(view["players"], key=lambda p: len(p["area"]["workshops"]))
    image = render.render_area(view, player["seat"])
    built = player["area"]["workshops"][-1]
    x0, _y0, _x1, y1 = area.cell_box(built["c"], built["r"])
    fill = {0: colours.WORKSHOP, 1: colours.WORKSHOP, 2: colours.WORKSHOP_II}[
        built["tile"]["level"]]
    if built["side"] == "back":
        fill = colours.WORKSHOP_BACK
    assert close(colour_at(image, (x0 + 6, y1 - 6)), fill)
    empty = area.cell_box(0, 0)
    assert close(colour_at(image, (empty[0] + 10, empty[1] + 10)), pal.MAT)


def test_one_more_stone_in_the_warehouse_changes_the_area() -> None:
    view = saved("busy_3p")
    more = copy.deepcopy(view)
    more["players"][1]["ware"]["S"] += 1
    before, after = render.render_area(view, 1), render.render_area(more, 1)
    assert different_pixels(before, after) > 0
    assert render.render_area(view, 0).tobytes() == render.render_area(more, 0).tobytes()


def test_the_panel_holds_the_seats_own_area_below_its_hand_and_options() -> None:
    view = saved("card_3p")
    seat = view["decision"]["seat"]
    image = render.render_panel(view)
    own = render.render_area(view, seat)  # on the palette, as the panel lays it
    assert own.mode == "P"
    top = image.height - area.HEIGHT
    assert top > 0
    assert image.crop((0, top, area.WIDTH, image.height)).tobytes() == own.tobytes()


def test_a_different_card_in_hand_changes_the_panel() -> None:
    view = saved("card_3p")
    seat = view["decision"]["seat"]
    other = copy.deepcopy(view)
    hand = next(p for p in other["players"] if p["seat"] == seat)["hand"]
    assert hand, "the deciding seat's own view lists its hand"
    hand[0]["halves"][0]["action"] = "canal"
    assert different_pixels(render.render_panel(view), render.render_panel(other)) > 0


def test_cells_named_by_the_options_carry_the_option_numbers_on_the_grid() -> None:
    view = saved("cell_3p")
    options = view["decision"]["options"]
    named = copy.deepcopy(view)
    cells = ["c3", "e3"]
    for option, cell in zip(named["decision"]["options"], cells, strict=False):
        option["targets"] = {"cell": cell}
    assert panel.option_cells(named["decision"]["options"]) == {"c3": "1", "e3": "2"}
    image = render.render_panel(named)
    top = image.height - area.HEIGHT
    x0, y0, _x1, _y1 = area.cell_box(2, 2)  # c3
    assert close(colour_at(image, (x0 + 1, top + y0 + 20)), pal.HIGHLIGHT)
    plain = render.render_panel(view)
    assert close(colour_at(plain, (x0 + 1, top + y0 + 20)), pal.MAT)
    assert len(options) >= 2


def test_a_city_shows_the_holder_of_a_taken_box_in_the_seats_colour() -> None:
    view = saved("busy_4p")
    image = render.render_board(view)
    cities = view["map"]["cities"]
    city, box = next((c, b) for c in cities for b in c["boxes"] if b["state"] == "taken")
    cx, cy = roads.NODES[city["id"]]
    x0, y0 = cx - roads.CITY_W // 2, cy - roads.CITY_H // 2 + board.band(view).height
    bw = (roads.CITY_W - 12 - 8) // 3
    bx = x0 + 6 + (box["box"] - 1) * (bw + 4)
    fill = colours.SEAT_STYLES[view["players"][box["holder"]]["label"]][0]
    assert close(colour_at(image, (bx + bw - 4, y0 + 98 + 4)), fill)


def test_the_final_board_shows_the_final_scores_and_the_solo_result() -> None:
    view = saved("end_solo")
    assert view["outcome"]["result"]
    over = render.render_board(view)
    playing = copy.deepcopy(view)
    playing["outcome"] = None
    assert different_pixels(over, render.render_board(playing)) > 0


@pytest.mark.parametrize(("players", "seed"), [(1, 4), (4, 7)])
def test_board_areas_and_panel_render_along_a_whole_game(players: int, seed: int) -> None:
    # Arrange: a seeded game of the real engine; the first decision of each kind, every 60th
    # decision and the end are drawn
    game = discovery.get("resafa")
    seen: set[str] = set()
    drawn = 0
    for n, (state, decision) in enumerate(random_walk("resafa", players, seed)):
        if decision is not None and decision.kind in seen and n % 60:
            continue
        if decision is not None:
            seen.add(decision.kind)
        # Act
        spectator = game.view(state, None)
        image = render.render_board(spectator)
        areas = render.render_extras(spectator)
        # Assert: the same wide board under its band, one area per seat, and the deciding
        # seat's panel with its area below
        assert image.size == (board.WIDTH, board.HEIGHT + board.band(spectator).height)
        assert len(areas) == players
        if decision is not None:
            own = render.render_panel(game.view(state, decision.seat))
            assert own.width == panel.PANEL_W and own.height > area.HEIGHT
        drawn += 1
    assert drawn > 10


def first_decision(kind: str, players: int = 2, seed: int = 3) -> dict:
    """The deciding seat's view at the first decision of ``kind`` in a seeded game."""
    game = discovery.get("resafa")
    for state, decision in random_walk("resafa", players, seed):
        assert decision is not None, f"no {kind} decision in the game"
        if decision.kind == kind:
            view: dict = game.view(state, decision.seat)
            return view
    raise AssertionError(kind)


def test_the_workshops_a_production_can_activate_carry_their_option_numbers() -> None:
    # Arrange: the engine's own targets name the cells ({"seat": 0, "cell": "d4"})
    view = first_decision("production")
    options = view["decision"]["options"]
    named = {o["targets"]["cell"]: str(i + 1) for i, o in enumerate(options)
             if "cell" in o["targets"]}
    assert named
    # Act
    image = render.render_panel(view)
    # Assert: each named cell has the highlight tag in its top-right corner
    top = image.height - render.render_area(view, view["decision"]["seat"]).height
    for name in named:
        _x0, y0, x1, _y1 = area.cell_box("abcdefgh".index(name[0]), int(name[1:]) - 1)
        assert close(colour_at(image, (x1 - 6, top + y0 + 6)), pal.HIGHLIGHT), name


def test_the_network_spaces_a_canal_may_take_are_numbered_in_the_panel() -> None:
    view = first_decision("canal_space")
    options = view["decision"]["options"]
    spaces = {o["targets"]["space"] for o in options if "space" in o["targets"]}
    assert spaces
    image = render.render_panel(view)
    plain = copy.deepcopy(view)
    for option in plain["decision"]["options"]:
        option["targets"] = {}
    assert different_pixels(image, render.render_panel(plain)) > 0
    marks = panel.option_marks(options)
    assert set(marks["space"]) == spaces
    assert marks["space"][sorted(spaces)[0]] == str(
        next(i + 1 for i, o in enumerate(options) if o["targets"].get("space") == sorted(
            spaces)[0]))


def test_a_hand_card_an_option_plays_carries_the_option_numbers() -> None:
    view = first_decision("play_card")
    marks = panel.option_marks(view["decision"]["options"])
    seat = view["decision"]["seat"]
    hand = next(p for p in view["players"] if p["seat"] == seat)["hand"]
    first = str(hand[0]["id"])
    assert marks["card"][first] == "1,2"  # its upper and its lower half
    image = render.render_panel(view)
    assert close(colour_at(image, (20, panel.HAND_TOP + 10)), pal.HIGHLIGHT)


def test_a_seat_with_many_special_cards_shows_every_one_of_them() -> None:
    # Arrange: the same seat with three and with nine special cards
    view = saved("busy_3p")
    cards = view["special_offer"]["B"][0]["top"], view["special_offer"]["P"][0]["top"]
    many = copy.deepcopy(view)
    many["players"][0]["specials"] = [dict(cards[i % 2], id=f"X{i}") for i in range(9)]
    many["players"][0]["used_whites"] = []
    # Act
    image = render.render_area(many, 0)
    # Assert: the area grows by a card's row for each card beyond what fits, and the last card
    # is drawn (its colour stripe) near the bottom
    assert image.height >= area.HEIGHT + 4 * area.SPECIAL_ROW
    stripe = colour_at(image, (area.SIDE_X + 4, image.height - 10 - area.SPECIAL_ROW // 2))
    assert close(stripe, colours.BLUE)  # the ninth card, like the first, is blue


def changed_box(a: Image.Image, b: Image.Image) -> tuple[int, int, int, int] | None:
    return ImageChops.difference(a.convert("RGB"), b.convert("RGB")).getbbox()


def inside(found: tuple[int, int, int, int] | None, box: tuple[int, int, int, int]) -> bool:
    """Whether a difference's bounding box (right and bottom exclusive) lies within ``box``
    (inclusive)."""
    assert found is not None, "the pictures do not differ"
    return (found[0] >= box[0] and found[1] >= box[1] and found[2] <= box[2] + 1
            and found[3] <= box[3] + 1)


def pointing(targets: list[dict]) -> dict:
    """A deciding seat's view whose options point at ``targets``, one option each."""
    view = first_decision("trade_move")
    options = view["decision"]["options"]
    view["decision"]["options"] = [dict(options[i % len(options)], targets=t)
                                   for i, t in enumerate(targets)]
    return view


def marked_and_plain(targets: list[dict]) -> tuple[Image.Image, Image.Image, dict]:
    """The panel with every option pointing at its target, and with the first one pointing at
    nothing (the others keep the same small map in place)."""
    view = pointing(targets)
    plain = copy.deepcopy(view)
    plain["decision"]["options"][0]["targets"] = {}
    assert panel.map_origins(plain) == panel.map_origins(view)
    return render.render_panel(view), render.render_panel(plain), view


def test_a_place_a_caravan_may_go_to_is_numbered_on_the_panels_road_map() -> None:
    # Arrange: the engine's own options at a caravan's move name the places ({"node": "SU"})
    view = first_decision("trade_move")
    options = view["decision"]["options"]
    first = next(i for i, o in enumerate(options) if "node" in o["targets"])
    place = options[first]["targets"]["node"]
    plain = copy.deepcopy(view)
    plain["decision"]["options"][first]["targets"] = {}
    origin = panel.map_origins(view)["place"]
    # Act
    marked, unmarked = render.render_panel(view), render.render_panel(plain)
    # Assert: only that place changes, and it carries the option's number
    assert panel.map_origins(plain)["place"] == origin
    assert inside(changed_box(marked, unmarked), option_maps.node_box(origin, place))
    x0, y0, _x1, _y1 = option_maps.node_box(origin, place)
    assert close(colour_at(marked, (x0 + 4, y0 + 17)), pal.HIGHLIGHT)


def test_a_city_where_a_base_or_a_trade_is_made_is_numbered_on_the_road_map() -> None:
    marked, plain, view = marked_and_plain([{"city": "BE", "box": 2, "cost": {"coin": 3}},
                                            {"city": "SU", "ware": "S", "sell": 1}])
    origin = panel.map_origins(view)["place"]
    assert inside(changed_box(marked, plain), option_maps.node_box(origin, "BE"))


def test_a_track_an_option_moves_on_carries_its_number_on_its_chip() -> None:
    marked, plain, view = marked_and_plain([{"track": "W"}, {"track": "B"}])
    origin = panel.map_origins(view)["track"]
    assert inside(changed_box(marked, plain), option_maps.track_box(origin, "W", None))


def test_a_level_space_whose_card_an_option_takes_carries_its_number() -> None:
    marked, plain, view = marked_and_plain([{"track": "P", "level": 2, "card": "SP2-1"},
                                            {"track": "Y", "level": 1}])
    origin = panel.map_origins(view)["track"]
    assert inside(changed_box(marked, plain), option_maps.track_box(origin, "P", 6))


def test_the_space_a_water_cube_moves_to_is_numbered_beside_the_one_it_leaves() -> None:
    # Arrange: a cube's move names the space it leaves and the one it goes to
    view = pointing([{"space": "11", "to": "12"}, {"space": "33"}])
    only_leaves = copy.deepcopy(view)
    only_leaves["decision"]["options"][0]["targets"] = {"space": "11"}
    origin = panel.map_origins(view)["space"]
    # Act
    marked, plain = render.render_panel(view), render.render_panel(only_leaves)
    # Assert
    assert inside(changed_box(marked, plain), panel.network_cell_box(origin, "12"))


def test_an_offered_card_or_tile_an_option_takes_is_numbered_by_its_name() -> None:
    # Arrange: the options name a workshop tile and a canal tile of the board's offers
    view = pointing([{"card": "W1-08", "cost": {"coin": 1, "stone": 1}}, {"card": "CN03"}])
    origin = panel.map_origins(view)["card"]
    # Act
    image = render.render_panel(view)
    plain = copy.deepcopy(view)
    plain["decision"]["options"][1]["targets"] = {"card": "CN04"}
    # Assert: only the second chip changes
    boxes = option_maps.card_boxes(origin, panel.option_marks(view["decision"]["options"])["card"])
    assert inside(changed_box(image, render.render_panel(plain)), boxes[1])
    x0, y0, _x1, _y1 = boxes[0]
    assert close(colour_at(image, (x0 + 3, y0 + 17)), pal.HIGHLIGHT)


def test_a_hand_card_an_option_plays_is_not_listed_again_as_offered() -> None:
    view = first_decision("play_card")
    assert "card" not in panel.map_origins(view)


def test_the_numbers_of_many_options_naming_one_place_are_written_as_runs() -> None:
    assert option_maps.numbers("1,2,3,4,6,8,9") == "1–4,6,8,9"
