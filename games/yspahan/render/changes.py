"""What the last turn changed: the places on the board that differ from the previous board.

Each helper compares one part of two public views and names what differs; the board rings
those places. Every comparison reads ``previous`` defensively, as it may come from another
version of the view.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.yspahan.render.pieces import View


def _by(view: View, part: str, key: str) -> dict[Any, Mapping[str, Any]]:
    items = view.get(part, [])
    return {item.get(key): item for item in items if isinstance(item, Mapping)}


def shops(view: View, previous: View) -> list[Mapping[str, Any]]:
    """Shops whose cube was placed, removed or changed owner."""
    before = _by(previous, "shops", "id")
    return [s for s in view.get("shops", [])
            if s.get("id") in before and before[s.get("id")].get("owner") != s.get("owner")]


def souks(view: View, previous: View) -> list[Mapping[str, Any]]:
    """Souks that became full, or stopped being full."""
    before = _by(previous, "souks", "id")
    return [s for s in view.get("souks", [])
            if s.get("id") in before and bool(before[s.get("id")].get("complete"))
            != bool(s.get("complete"))]


def caravan(view: View, previous: View) -> list[Mapping[str, Any]]:
    """Caravan spaces whose cube came or went."""
    def spaces(v: View) -> list[Mapping[str, Any]]:
        c = v.get("caravan")
        return list(c.get("spaces", [])) if isinstance(c, Mapping) else []

    before = {s.get("index"): s for s in spaces(previous)}
    return [s for s in spaces(view)
            if s.get("index") in before and before[s.get("index")].get("owner") != s.get("owner")]


def tower(view: View, previous: View) -> set[int]:
    """Tower spaces whose dice changed: a group taken, dice bought, a new roll."""
    def dice(space: Mapping[str, Any]) -> tuple[Any, ...]:
        return space.get("white"), space.get("yellow"), space.get("value")

    before = _by(previous, "tower", "space")
    return {int(s.get("space", 0)) for s in view.get("tower", [])
            if s.get("space") in before and dice(before[s.get("space")]) != dice(s)}


def supervisor_moved(view: View, previous: View) -> bool:
    return previous.get("supervisor") != view.get("supervisor")


def buildings(view: View, previous: View) -> dict[int, set[str]]:
    """Per seat, the keys of buildings built (or unbuilt, after an undo) since ``previous``."""
    def built(v: View) -> dict[int, set[str]]:
        return {int(p.get("seat", 0)): {str(b.get("key")) for b in p.get("buildings", [])}
                for p in v.get("players", []) if isinstance(p, Mapping)}

    now, before = built(view), built(previous)
    return {seat: keys ^ before.get(seat, keys) for seat, keys in now.items()
            if keys ^ before.get(seat, keys)}
