"""The Sahwari board and panel: what saved real views show, that the public board never shows
a face-down caravan's face, and that every moment of seeded 2-, 3- and 4-player games renders
into a small, wide PNG with the deciding seat's panel."""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageFilter

from bot import cli
from games.core import discovery
from games.sahwari import SPEC as SAHWARI
from games.sahwari.render import board, cards, colours, icons, panel, samples
from renderers.kit import icons as kit_icons
from renderers.kit import layout as lay
from renderers.kit import palette as pal
from tests.renderers.walk import random_walk

saved = samples.saved
MAX_BYTES = 500 * 1024
FACES = (
    {"id": "B01", "influence": 5, "actions": [], "text": "+5"},
    {"id": "B16", "influence": -3, "actions": ["TORNADO"], "text": "−3 and Tornado"},
)


def colour_at(image: Image.Image, xy: tuple[int, int]) -> tuple[int, ...]:
    pixel = image.convert("RGB").getpixel(xy)
    assert isinstance(pixel, tuple)
    return pixel


def close(a: tuple[int, ...], b: tuple[int, ...], tolerance: int = 3) -> bool:
    return all(abs(x - y) <= tolerance for x, y in zip(a, b, strict=False))


def same(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and ImageChops.difference(a, b).getbbox() is None


def face_down_caravans(view: dict[str, Any]) -> list[dict[str, Any]]:
    """Every face-down caravan the view lists: on the map and in the players' areas."""
    found = [i for tile in view["map"] for i in tile["items"] if i["kind"] == "caravan"]
    found += [c for p in view["players"] for c in p["caravans"]]
    return [c for c in found if not c["face_up"]]


def with_faces(view: dict[str, Any], which: int) -> dict[str, Any]:
    known = copy.deepcopy(view)
    for caravan in face_down_caravans(known):
        caravan["face"] = FACES[which]
    return known


@pytest.mark.parametrize("name", sorted(samples.BOARDS))
def test_board_png_is_landscape_wide_and_small(name: str) -> None:
    data = SAHWARI.encode_png(SAHWARI.render_board(saved(name)))
    assert len(data) <= MAX_BYTES
    with Image.open(io.BytesIO(data)) as png:
        assert png.width >= 1200
        assert png.width > png.height


def test_the_board_never_draws_the_face_of_a_face_down_caravan() -> None:
    # Arrange: a busy board with caravans face down on the map and in players' areas
    view = saved("busy_4p")
    assert len(face_down_caravans(view)) >= 10
    # Act: the same board where the view knows every face, two different ways
    plain = SAHWARI.render_board(view)
    good, bad = (SAHWARI.render_board(with_faces(view, i)) for i in (0, 1))
    # Assert: nothing of a face shows; every face-down caravan draws the same
    assert same(plain, good)
    assert same(plain, bad)


def test_rings_of_the_last_turn_tell_nothing_of_face_down_caravans() -> None:
    # Arrange: a turn in which caravans moved, with the board before it
    view, before = samples.TURNS["turn_4p"]()
    assert face_down_caravans(view) and face_down_caravans(before)
    # Act: the same two boards where either view knows every face, in different ways
    plain = SAHWARI.render_board(view, before)
    known = [
        SAHWARI.render_board(with_faces(view, i), with_faces(before, j))
        for i, j in ((0, 0), (1, 0), (0, 1), (1, 1))
    ]
    # Assert: the rings and the band are the same whatever faces the views know
    assert plain != SAHWARI.render_board(view)
    assert all(same(plain, picture) for picture in known)


def test_a_face_up_caravan_shows_its_face_to_everyone() -> None:
    view = saved("busy_4p")
    owner = next(p for p in view["players"] if any(not c["face_up"] for c in p["caravans"]))
    turned = copy.deepcopy(view)
    caravan = next(c for c in next(p for p in turned["players"] if p["seat"] == owner["seat"])
                   ["caravans"] if not c["face_up"])
    caravan.update(face_up=True, face=FACES[1])
    before, after = SAHWARI.render_board(view), SAHWARI.render_board(turned)
    changed = ImageChops.difference(before, after).getbbox()
    assert changed is not None
    box = board.player_boxes(len(view["players"]))[owner["seat"]]
    assert box[0] <= changed[0] and changed[2] <= box[2] + 1
    assert box[1] <= changed[1] and changed[3] <= box[3] + 1


def test_a_seats_view_draws_the_same_board_as_a_spectators() -> None:
    # Arrange: a real game where a seat holds face-down caravans and has spied others
    game = discovery.get("sahwari")
    for state, decision in random_walk("sahwari", 3, 1):
        if decision is None:
            pytest.fail("no position with own caravans and peeks")
        own = game.view(state, decision.seat)
        if own["private"]["caravans"] and own["private"]["spied"]:
            break
    spectator = game.view(state, None)
    assert spectator["private"] is None
    assert not any(c["face"] for c in face_down_caravans(spectator))
    # The seat's own total counts its hidden caravans; the board shows what all may know
    for mine, public in zip(own["players"], spectator["players"], strict=True):
        for key in ("score", "breakdown", "score_complete"):
            mine[key] = public[key]
    # Act / Assert: everything else the seat knows leaves the board unchanged
    assert same(SAHWARI.render_board(own), SAHWARI.render_board(spectator))


def test_a_score_that_leaves_out_face_down_caravans_says_so() -> None:
    view = saved("busy_4p")
    hidden = next(p for p in view["players"] if not p["score_complete"])
    complete = copy.deepcopy(view)
    complete["players"][hidden["seat"]]["score_complete"] = True
    assert not same(SAHWARI.render_board(view), SAHWARI.render_board(complete))


def test_the_panel_shows_the_seats_own_faces_and_what_it_spied() -> None:
    view = saved("caravans_3p")
    private = view["private"]
    assert private["seat"] == view["viewer"]
    assert private["caravans"] and private["spied"]
    picture = SAHWARI.render_panel(view)
    fill = colours.SEAT_STYLES[view["players"][view["viewer"]]["label"]][0]
    assert close(colour_at(picture, (picture.width // 2, 4)), fill)
    for key in ("caravans", "spied"):
        changed = copy.deepcopy(view)
        changed["private"][key][0]["face"] = FACES[1]
        assert not same(picture, SAHWARI.render_panel(changed)), key
    # a caravan whose face the view does not give is not drawn with one
    blind = copy.deepcopy(view)
    for caravan in blind["private"]["caravans"] + blind["private"]["spied"]:
        caravan["face"] = None
    assert panel.describe(blind["private"]["caravans"][0]) == "face unknown"


def test_a_long_clan_row_shrinks_to_stay_inside_its_board() -> None:
    view = saved("busy_4p")
    player = view["players"][0]
    card = next(p for p in player["row"] if p["card"])
    player["row"] = [card] * 10 + [p for p in player["row"] if not p["card"]] + [card] * 10
    player["junctions"] = [{"name": "x", "state": "empty", "effects": []}] * 20
    picture = SAHWARI.render_board(view)
    _x0, y0, x1, _ = board.player_boxes(len(view["players"]))[0]
    edge = colour_at(picture, (x1 + 4, y0 + 90))  # the gap right of the clan board
    assert close(edge, colour_at(SAHWARI.render_board(saved("busy_4p")), (x1 + 4, y0 + 90)))


def test_the_cli_render_writes_a_wide_small_board(tmp_path: Path) -> None:
    out = tmp_path / "board.png"
    game = discovery.get("sahwari")
    made = cli.render(game, 3, 60, ["random", "random"], out)
    assert made == 60
    data = out.read_bytes()
    assert len(data) <= MAX_BYTES
    with Image.open(io.BytesIO(data)) as png:
        assert png.width >= 1200


# ---- real seeded games ----------------------------------------------------------------

GAMES = ((2, 3), (3, 11), (4, 2026))
EVERY = 40


@pytest.mark.parametrize(("players", "seed"), GAMES)
def test_board_and_panel_render_along_a_whole_game(players: int, seed: int) -> None:
    game = discovery.get("sahwari")
    seen: set[str] = set()
    rendered = 0
    for n, (state, decision) in enumerate(random_walk("sahwari", players, seed)):
        first_of_kind = decision is not None and decision.kind not in seen
        if not (first_of_kind or decision is None or n % EVERY == 0):
            continue
        data = SAHWARI.encode_png(SAHWARI.render_board(game.view(state, None)))
        assert len(data) <= MAX_BYTES
        with Image.open(io.BytesIO(data)) as png:
            assert png.size == (board.WIDTH, board.height(players))
        if decision is not None:
            seen.add(decision.kind)
            view = game.view(state, decision.seat)
            picture = SAHWARI.render_panel(view)
            assert len(SAHWARI.encode_png(picture)) <= MAX_BYTES
            fill = colours.SEAT_STYLES[view["players"][decision.seat]["label"]][0]
            assert close(colour_at(picture, (picture.width // 2, 4)), fill)
        rendered += 1
    assert decision is None  # played to the end
    assert {"move", "collect", "guild_camel"} <= seen
    assert rendered > 10


def test_saved_views_are_plain_json() -> None:
    for name in (*samples.BOARDS, *samples.PANELS):
        assert json.loads(json.dumps(saved(name))) == saved(name)


def test_many_caravans_are_counted_rather_than_dropped() -> None:
    view = saved("busy_4p")
    player = view["players"][0]
    chip = {"handle": "c01", "colour": "blue", "face_up": False, "used": False, "face": None}
    pictures = []
    for count in (14, 15):
        player["caravans"] = [dict(chip) for _ in range(count)]
        picture = SAHWARI.render_board(view)
        top = board.band_h(len(view["players"]))  # the band counts them too
        pictures.append(picture.crop((0, top, picture.width, picture.height)))
    # one more caravan than fits changes the count shown, so none goes unmentioned
    changed = ImageChops.difference(*pictures).getbbox()
    assert changed is not None
    _x0, y0, x1, _ = board.player_boxes(len(view["players"]))[0]
    assert changed[2] <= x1 and changed[1] + top >= y0


def test_choosing_a_recruit_card_shows_the_market_beside_the_seats_own_row() -> None:
    view = saved("recruit_card_3p")
    assert view["decision"]["kind"] == "recruit_card"
    picture = SAHWARI.render_panel(view)
    other = copy.deepcopy(view)
    other["decision"]["kind"] = "abilities"
    shorter = SAHWARI.render_panel(other)
    assert picture.height == shorter.height + panel.MARKET_STRIP_H
    # the first market card's face, below the clan row
    top = picture.height - panel.MARKET_STRIP_H + 34
    assert close(colour_at(picture, (16 + cards.MARKET_W // 2, top + 60)), pal.CARD)


def test_no_text_is_shortened_along_whole_games(monkeypatch: pytest.MonkeyPatch) -> None:
    # Arrange: every shortening the layout helpers make is recorded
    shortened: list[str] = []
    real = lay.ellipsize

    def recording(text: str, f: Any, room: float) -> str:
        out = real(text, f, room)
        if out != text:
            shortened.append(text)
        return out

    monkeypatch.setattr(lay, "ellipsize", recording)
    game = discovery.get("sahwari")
    # Act: boards and the panels with the longest option lists along a seeded game
    for n, (state, decision) in enumerate(random_walk("sahwari", 3, 2)):
        if decision is None or n % 15 == 0:
            SAHWARI.render_board(game.view(state, None))
        if decision is not None and decision.kind in ("spyglass", "collect", "abilities"):
            SAHWARI.render_panel(game.view(state, decision.seat))
    # Assert
    assert shortened == []


def test_a_long_clan_row_takes_two_lines_where_the_board_has_room() -> None:
    view = saved("last_round_3p")  # three clan boards, each tall enough for two lines
    player = view["players"][2]
    x0, y0, _x1, _y1 = board.player_boxes(len(view["players"]))[2]
    second_line = (x0 + 24 + cards.ROW_CARD_W // 2, y0 + 50 + cards.ROW_CARD_H + 40)
    before = colour_at(SAHWARI.render_board(view), second_line)
    card = next(p for p in player["row"] if p["card"])
    player["row"] = [*player["row"], *[card] * 8]
    player["junctions"] = [*player["junctions"], *[{"name": "x", "state": "dead"}] * 8]
    after = colour_at(SAHWARI.render_board(view), second_line)
    assert not close(before, pal.CARD, 20)
    assert close(after, pal.CARD, 20)  # a card at full size, below the first line


def test_a_spectators_panel_lists_no_caravans_of_its_own() -> None:
    view = saved("busy_4p")  # a spectator's view: no private part, no options
    assert view["private"] is None and view["viewer"] is None
    picture = SAHWARI.render_panel(view)
    assert close(colour_at(picture, (picture.width // 2, 4)), pal.PANEL)
    assert panel.panel_seat(view) is None
    # below its one sentence, the left column lists nothing ("Your caravans", "Your clan")
    column = picture.crop((0, 140, panel.LEFT_W, picture.height)).convert("RGB")
    assert column.getcolors() == [(column.width * column.height, pal.BACKGROUND)]


def test_a_herd_on_the_guild_tile_leaves_its_spaces_in_view() -> None:
    view = saved("busy_4p")
    view["guild"].update(cubes=4, pawns=4)
    alone = copy.deepcopy(view)
    for camel in view["camels"]:
        camel["pos"] = "C3"  # all six camels of a four-player game
    for camel in alone["camels"]:
        camel["pos"] = None
    x0, y0, x1, _ = board.tile_box(2, 2, len(view["players"]))
    spaces = (x0, y0, x1, y0 + 68)  # the artifact and recruit spaces across the top
    herd = SAHWARI.render_board(view).crop(spaces)
    assert same(herd, SAHWARI.render_board(alone).crop(spaces))


def test_a_tile_emptied_this_turn_looks_empty_until_it_turns_over() -> None:
    view = saved("busy_4p")
    tile = next(t for t in view["map"] if t["kind"] == "resource" and not t["camels"])
    row, col = tile["row"], tile["col"]
    tile["items"] = []
    before = SAHWARI.render_board(view)
    tile["emptied"] = True
    after = SAHWARI.render_board(view)
    x0, y0, _, _ = board.tile_box(row, col, len(view["players"]))
    assert close(colour_at(before, (x0 + 10, y0 + 70)), colours.RESOURCE_TILE)
    assert close(colour_at(after, (x0 + 10, y0 + 70)), colours.EMPTIED_TILE)


@pytest.mark.parametrize("size", [64, 44, 40, 32])
def test_a_camels_dark_rim_is_as_wide_as_its_outline_filter_draws_it(size: int) -> None:
    # Arrange: a camel's shape at the size it is drawn before shrinking
    big = size * kit_icons.SUPERSAMPLE
    shape = Image.new("L", (big, big), 0)
    kit_icons.camel(ImageDraw.Draw(shape), lambda v: big * (v * 0.9 + 3) / 100, 255, 255)
    # Act
    rim = icons.grown(shape, big // 28)
    # Assert: the pixels of one square filter as wide as the rim
    assert rim.tobytes() == shape.filter(ImageFilter.MaxFilter(2 * (big // 28) + 1)).tobytes()
