"""The places of the Resafa board that changed since the board before: canals, tanks and water
cubes on the network, the canal display, trading tiles, bases and caravans in the cities, track
markers, the special-card offers, the bonus display and the workshop offers.

Each place is compared as the view lists it, so whatever changed it (a move, a refill, an undo)
is marked the same way.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.resafa.render import roads, seats, tracks, water
from games.resafa.render.model import COLOUR_CODES, View, items, mapping, number, players
from games.resafa.render.regions import Box


def changed_places(view: View, previous: View) -> list[Box]:
    """The boxes, in board coordinates, of every place that differs from ``previous``."""
    return [*_network(view, previous), *_canal_display(view, previous),
            *_cities(view, previous), *_caravans(view, previous), *_tracks(view, previous),
            *_special_offers(view, previous), *_bonus_display(view, previous),
            *_workshop_offers(view, previous), *_seat_lines(view, previous)]


def _seat_lines(view: View, previous: View) -> list[Box]:
    """A seat box's line of counts (goods, caravan, facts) whose numbers changed."""
    was = {number(p.get("seat")): seats.seat_lines(p) for p in players(previous)}
    found = []
    boxes = seats.seat_boxes(len(players(view)))
    for box, player in zip(boxes, players(view), strict=False):
        old = was.get(number(player.get("seat")))
        final = bool(mapping(view.get("outcome")).get("breakdown")) and box[3] - box[1] >= 150
        shown = seats.visible_lines(player, box, final)
        if old is None:
            continue
        found += [seats.line_box(box, i) for i, (_, now) in enumerate(shown)
                  if i < len(old) and old[i][1] != now]
    return found


def _network(view: View, previous: View) -> list[Box]:
    def spaces(v: View) -> dict[tuple[int, int], Mapping[str, Any]]:
        return {(number(s.get("row"), 1), number(s.get("col"), 1)): s
                for s in items(mapping(v.get("network")).get("spaces"))}

    now, before = spaces(view), spaces(previous)
    return [water.space_box(*place) for place, space in now.items()
            if before.get(place) != space]


def _canal_display(view: View, previous: View) -> list[Box]:
    found = []
    shown, was = items(view.get("canal_display")), items(previous.get("canal_display"))
    for i in range(max(len(shown), len(was))):
        if (shown[i] if i < len(shown) else None) != (was[i] if i < len(was) else None):
            found.append(water.display_box(i))
    if len(items(view.get("tanks"))) != len(items(previous.get("tanks"))):
        found.append(water.display_box(None))
    return found


def _cities(view: View, previous: View) -> list[Box]:
    def cities(v: View) -> dict[str, Mapping[str, Any]]:
        return {str(c.get("id")): c for c in items(mapping(v.get("map")).get("cities"))}

    found = []
    before = cities(previous)
    for ident, city in cities(view).items():
        was = before.get(ident)
        if was is None or ident not in roads.NODES:
            continue
        if city.get("offers") != was.get("offers"):
            found.append(roads.offers_box(ident))
        boxes, old = items(city.get("boxes")), items(was.get("boxes"))
        found += [roads.base_box(ident, i) for i in range(min(3, len(boxes)))
                  if i >= len(old) or boxes[i] != old[i]]
    return found


def _caravans(view: View, previous: View) -> list[Box]:
    was = {number(p.get("seat")): mapping(p.get("caravan")).get("at") for p in players(previous)}
    found = []
    for player in players(view):
        at = mapping(player.get("caravan")).get("at")
        if isinstance(at, str) and at in roads.NODES and was.get(number(player.get("seat"))) != at:
            found.append(roads.caravan_box(view, at, number(player.get("seat"))))
    return found


def _tracks(view: View, previous: View) -> list[Box]:
    was = {number(p.get("seat")): mapping(p.get("tracks")) for p in players(previous)}
    found = []
    for player in players(view):
        steps, old = mapping(player.get("tracks")), was.get(number(player.get("seat")), {})
        for row, code in enumerate(COLOUR_CODES):
            step = number(steps.get(code))
            if step != number(old.get(code)) and 0 <= step < 10:
                found.append(tracks.step_box(row, step))
    return list(dict.fromkeys(found))


def _special_offers(view: View, previous: View) -> list[Box]:
    now, was = mapping(view.get("special_offer")), mapping(previous.get("special_offer"))
    found = []
    for row, code in enumerate(COLOUR_CODES):
        before = {number(o.get("level")): o for o in items(was.get(code))}
        for offer in items(now.get(code)):
            level = number(offer.get("level"))
            if 1 <= level <= 3 and before.get(level) != offer:
                found.append(tracks.step_box(row, level * 3))
    return found


def _bonus_display(view: View, previous: View) -> list[Box]:
    now, was = mapping(view.get("bonus_display")), mapping(previous.get("bonus_display"))
    found = []
    for row, code in enumerate(COLOUR_CODES):
        shown, old = items(now.get(code))[:3], items(was.get(code))[:3]
        found += [tracks.bonus_box(row, j) for j in range(max(len(shown), len(old)))
                  if (shown[j] if j < len(shown) else None) != (old[j] if j < len(old) else None)]
    return found


def _workshop_offers(view: View, previous: View) -> list[Box]:
    now, was = mapping(view.get("workshop_offer")), mapping(previous.get("workshop_offer"))
    found = []
    for row in range(2):
        shown = list(now.get(f"level{row + 1}") or [])
        old = list(was.get(f"level{row + 1}") or [])
        found += [tracks.workshop_box(row, j) for j in range(min(3, max(len(shown), len(old))))
                  if (shown[j] if j < len(shown) else None) != (old[j] if j < len(old) else None)]
    return found
