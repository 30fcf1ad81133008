"""The Sahwari panel marks where each option points (tiles, the way a camel goes, market cards
and the end of the clan row they join, caravans, artifact and storage spaces, seats) with the
option's number, and shows every option's words whole: a leader to keep is offered with its
whole ability."""

from __future__ import annotations

import copy
import functools
import json
from typing import Any

from PIL import Image, ImageChops, ImageDraw

from games.core import rng as core_rng
from games.sahwari import SPEC as SAHWARI
from games.sahwari.render import cards, panel, pieces, samples, targets
from games.sahwari.render.palette import PALETTE
from renderers.kit import compose
from renderers.kit import palette as pal
from renderers.kit.fit import watch_shortening


def colour_pixels(picture: Image.Image, box: tuple[int, int, int, int], colour: Any) -> int:
    crop = picture.convert("RGB").crop(box)
    return sum(n for n, c in crop.getcolors(crop.width * crop.height) or [] if c == colour)


def badges_in(picture: Image.Image, box: tuple[int, int, int, int]) -> int:
    """Pixels of the option-number badge colour inside ``box``."""
    return colour_pixels(picture, box, pal.HIGHLIGHT)


def changed_box(picture: Image.Image, bare: Image.Image) -> tuple[int, int, int, int] | None:
    """Where the two pictures differ."""
    return ImageChops.difference(picture.convert("RGB"), bare.convert("RGB")).getbbox()


def without_targets(view: dict[str, Any]) -> dict[str, Any]:
    bare = copy.deepcopy(view)
    for option in bare["decision"]["options"]:
        option["targets"] = {}
    return bare


def test_a_leader_to_keep_is_offered_with_its_whole_ability() -> None:
    view = samples.saved("leader_2p")
    labels = [o["label"] for o in view["decision"]["options"]]
    assert all(" — End: " in label for label in labels)  # the engine's words
    with watch_shortening() as cut:
        picture = SAHWARI.render_panel(view)
    assert cut == []
    # the last word of each ability is on the picture: changing it changes the picture
    for i in range(len(labels)):
        other = copy.deepcopy(view)
        other["decision"]["options"][i]["label"] = labels[i][:-1] + "s."
        assert ImageChops.difference(picture, SAHWARI.render_panel(other)).getbbox()


def test_tiles_an_option_points_at_carry_its_number_on_the_panels_map() -> None:
    view = samples.saved("attack_4p")
    found = targets.marks(view["decision"]["options"], view["viewer"])
    assert found.tiles  # the attacks name the tiles of their targets
    picture = SAHWARI.render_panel(view)
    bare = SAHWARI.render_panel(without_targets(view))
    assert picture.height == bare.height + panel.MAP_STRIP_H
    width = picture.width
    map_part = (panel.LEFT_W, 0, width, picture.height - panel.ROW_STRIP_H)
    assert badges_in(picture, map_part) > badges_in(bare, map_part) + 200


def test_market_cards_an_option_points_at_carry_its_numbers() -> None:
    view = samples.saved("card_targets_3p")
    numbers = targets.marks(view["decision"]["options"], view["viewer"]).cards
    first = view["market"][0]["id"]
    assert numbers[first] == [1, 2]  # at the left end, at the right end
    picture = SAHWARI.render_panel(view)
    below_first = (16, picture.height - targets.BADGE - 6, 16 + cards.MARKET_W,
                   picture.height - 2)
    assert badges_in(picture, below_first) > 100


# ---- every kind of target the engine names is marked where it points ---------------------


@functools.cache
def _first_view(key: str, unless: str) -> str:
    """The deciding seat's view (as JSON) at the first decision of seeded random games with an
    option whose targets name ``key`` (and not ``unless``)."""
    game = SAHWARI.engine
    for g in range(40):
        state = game.new_game(2 + g % 3, 100 + g)
        r = core_rng.seed_state(g)
        while (decision := game.decision(state)) is not None:
            view = game.view(state, decision.seat)
            named = [o.get("targets", {}) for o in view["decision"]["options"]]
            if any(key in t and unless not in t for t in named):
                return json.dumps(view)
            r, i = core_rng.below(r, len(decision.actions))
            state = game.apply(state, decision.actions[i])
    raise AssertionError(f"no option names {key!r} in 40 seeded games")


def view_naming(key: str, unless: str = "-") -> dict[str, Any]:
    view: dict[str, Any] = json.loads(_first_view(key, unless))
    return view


def without_key(view: dict[str, Any], key: str) -> dict[str, Any]:
    """``view`` with ``key`` left out of every option's targets (the rest kept)."""
    bare = copy.deepcopy(view)
    for option in bare["decision"]["options"]:
        option.get("targets", {}).pop(key, None)
    return bare


def test_a_camels_way_is_drawn_on_the_panels_map_along_its_direction() -> None:
    view = view_naming("direction")
    picture = SAHWARI.render_panel(view)
    bare = SAHWARI.render_panel(without_key(view, "direction"))
    changed = changed_box(picture, bare)
    assert changed is not None
    x0, y0, x1, y1 = changed
    assert x0 >= panel.LEFT_W  # on the map beside the options
    ways = {o["targets"]["direction"] for o in view["decision"]["options"]
            if "direction" in o.get("targets", {})}
    # each arrow runs a whole tile along its way: only north-south ones make the marks tall
    if ways <= {"N", "S"}:
        assert y1 - y0 > panel.MAP_CELL > x1 - x0
    elif ways <= {"E", "W"}:
        assert x1 - x0 > panel.MAP_CELL > y1 - y0
    else:
        assert min(x1 - x0, y1 - y0) > panel.MAP_CELL


def test_an_attack_is_drawn_from_the_attacking_camels_tile() -> None:
    view = view_naming("from")
    picture = SAHWARI.render_panel(view)
    bare = SAHWARI.render_panel(without_key(view, "from"))
    changed = changed_box(picture, bare)
    assert changed is not None and changed[0] >= panel.LEFT_W
    assert badges_in(picture, changed) > badges_in(bare, changed) + 50


def test_storage_spaces_an_option_fills_or_unlocks_carry_its_number() -> None:
    view = view_naming("storage")
    seat = view["viewer"]
    numbers = targets.marks(view["decision"]["options"], seat).storage
    player = next(p for p in view["players"] if p["seat"] == seat)
    picture = SAHWARI.render_panel(view)
    bare = SAHWARI.render_panel(without_key(view, "storage"))
    assert picture.height > bare.height  # the storage track is shown
    for space in numbers:
        x = panel.storage_cell_x(player, space)
        assert x is not None
        under = (x, picture.height - 80, x + cards.TRACK_CELL, picture.height)
        assert badges_in(picture, under) > 100


def test_the_ends_of_the_clan_row_a_card_may_join_carry_its_numbers() -> None:
    view = view_naming("end")
    ends = targets.marks(view["decision"]["options"], view["viewer"]).ends
    assert set(ends) == {"left", "right"}
    picture = SAHWARI.render_panel(view)
    bare = SAHWARI.render_panel(without_key(view, "end"))
    left_slot = (16, 0, 16 + panel.END_SLOT_W, picture.height)
    assert badges_in(picture, left_slot) > badges_in(bare, left_slot) + 300


def test_a_seat_an_option_points_at_is_shown_with_its_number() -> None:
    view = view_naming("seat", unless="space")  # not an artifact space of that seat
    seats = targets.marks(view["decision"]["options"], view["viewer"]).seats
    assert seats and view["viewer"] not in seats
    picture = SAHWARI.render_panel(view)
    bare = SAHWARI.render_panel(without_key(view, "seat"))
    right = (panel.LEFT_W, 0, picture.width, picture.height)
    assert badges_in(picture, right) > badges_in(bare, right) + 100
    # the seat's own camel colour is there, beside its number
    fill = pieces.seat_colours(view, next(iter(seats)))[0]
    assert colour_pixels(picture, right, fill) > colour_pixels(bare, right, fill)


def test_a_camel_an_option_points_at_is_framed_among_the_ids_on_its_tile() -> None:
    view = view_naming("camel")
    picture = SAHWARI.render_panel(view)
    bare = SAHWARI.render_panel(without_key(view, "camel"))
    changed = changed_box(picture, bare)
    assert changed is not None and changed[0] >= panel.LEFT_W
    assert changed[2] - changed[0] < panel.MAP_CELL  # one id on one tile, not the whole map
    assert badges_in(picture, changed) > badges_in(bare, changed)


def test_the_resource_an_option_takes_is_pictured_beside_its_words() -> None:
    view = view_naming("item")
    picture = SAHWARI.render_panel(view)
    bare = SAHWARI.render_panel(without_key(view, "item"))
    changed = changed_box(picture, bare)
    assert changed is not None and changed[0] >= panel.LEFT_W
    takes = [o for o in view["decision"]["options"] if "item" in o.get("targets", {})]
    # beside the labels (one row of the list each), above the map
    assert changed[3] - changed[1] <= len(takes) * 4 * panel.ACTION_ROW


# ---- the small map is put together from its tiles' places ----------------------------------


def whole_map(view: dict[str, Any]) -> bytes:
    """The small map drawn in one go, every piece over the whole strip, mapped at once."""
    marked = targets.marks(view["decision"]["options"], view["viewer"])
    origin = (panel.LEFT_W + 24, 0)
    picture = Image.new("RGB", (panel.PANEL_W, panel.MAP_STRIP_H), pal.BACKGROUND)
    draw = ImageDraw.Draw(picture)
    panel._draw_map_head(origin, picture, draw)
    panel._draw_map_rows(origin, picture, draw)
    for piece in panel._map_pieces(view, marked, origin):
        piece.draw(picture, draw)
    return PALETTE.quantize(picture).tobytes()


def map_from_places(view: dict[str, Any]) -> bytes:
    marked = targets.marks(view["decision"]["options"], view["viewer"])
    board = compose.flat_board(PALETTE, (panel.PANEL_W, panel.MAP_STRIP_H), pal.BACKGROUND,
                               "test-map")
    panel._lay_map(board, view, marked, 0)
    return board.image.tobytes()


def test_the_map_put_together_from_its_places_is_the_map_drawn_whole() -> None:
    view = samples.saved("attack_4p")
    options = view["decision"]["options"]
    # an attack from one corner to the other crosses tiles that are neither its start nor its
    # end, and a dozen options on a tile of the bottom row put their badges below it
    for n in range(12):
        options.append({**options[0], "label": f"Option {n}",
                        "targets": {"from": "A1", "tile": "E5"}})
    compose.parts.clear()
    assert map_from_places(view) == whole_map(view)
    assert map_from_places(view) == whole_map(view)  # and again from the kept places


def test_a_new_mark_on_the_map_draws_only_the_places_it_touches_again() -> None:
    view = samples.saved("attack_4p")
    SAHWARI.render_panel(view)
    kept = set(compose.parts._items)
    moved = copy.deepcopy(view)
    last = moved["decision"]["options"][-2]["targets"]  # From C2, attack caravan c18
    assert (last["from"], last["tile"]) == ("C2", "C1")
    last["tile"] = "B1"
    # a longer prompt puts the options and the map lower down
    moved["decision"]["prompt"] += " Each attack costs a strategy token and cannot be undone."
    picture = SAHWARI.render_panel(moved)
    new = [key[-1] for key in compose.parts._items if key not in kept]
    drawn = [k[0] for k in new if isinstance(k, tuple)]
    assert picture.height > SAHWARI.render_panel(view).height
    # the prompt, and the places of C1 (the mark left it), B1 (it went there) and B2 and C2
    # (the new arrow runs from C2 to B1 past B2's corner); no option, nor the map's other places
    assert "prompt" in drawn and "option" not in drawn
    assert drawn.count("map place") == 4
