"""The Sahwari panel marks where each option points (tiles, market cards, caravans, artifact
spaces) with the option's number, and shows every option's words whole: a leader to keep is
offered with its whole ability."""

from __future__ import annotations

import copy
from typing import Any

from PIL import Image, ImageChops

from games.sahwari import SPEC as SAHWARI
from games.sahwari.render import cards, panel, samples, targets
from renderers.kit import palette as pal
from renderers.kit.fit import watch_shortening


def badges_in(picture: Image.Image, box: tuple[int, int, int, int]) -> int:
    """Pixels of the option-number badge colour inside ``box``."""
    crop = picture.convert("RGB").crop(box)
    return sum(n for n, colour in crop.getcolors(crop.width * crop.height) or []
               if colour == pal.HIGHLIGHT)


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
