"""What changed between the board the table last saw and this one, read from public facts only.

Each place on the board (a map tile, a market slot, a part of a clan board) gets a signature of
what every seat may see there; a place whose signature differs between the two views is
changed. A face-down caravan's face never enters a signature, even when the view knows it, so
the rings tell nothing the public board does not show.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.sahwari.render.pieces import GUILD_POS, View, as_int, as_list, as_map, players, tiles

# The parts of a clan board that are ringed on their own
TOP, ROW, STORAGE, RECRUITS = "top", "row", "storage", "recruits"


def caravan_sign(caravan: Mapping[str, Any]) -> tuple[Any, ...]:
    """A caravan as the public sees it: its face only once it is face up."""
    face_up = bool(caravan.get("face_up"))
    face = as_map(caravan.get("face")) if face_up else {}
    return (str(caravan.get("handle", "")), str(caravan.get("colour", "")), face_up,
            bool(caravan.get("used")), str(face.get("id", "")))


def item_sign(item: Mapping[str, Any]) -> tuple[Any, ...]:
    if item.get("kind") == "caravan":
        return ("caravan", *caravan_sign(item))
    return (str(item.get("kind", "")),)


def tile_signs(view: View) -> dict[str, tuple[Any, ...]]:
    """Each map position's side, what lies on it and which camels stand on it."""
    herds: dict[str, list[str]] = {}
    for camel in as_list(view.get("camels")):
        if isinstance(camel, Mapping) and isinstance(camel.get("pos"), str):
            herds.setdefault(str(camel["pos"]), []).append(str(camel.get("id", "")))
    signs: dict[str, tuple[Any, ...]] = {}
    for pos, tile in tiles(view).items():
        items = tuple(item_sign(i) for i in as_list(tile.get("items")) if isinstance(i, Mapping))
        signs[pos] = (str(tile.get("kind", "")), bool(tile.get("emptied")), items,
                      tuple(sorted(herds.get(pos, []))))
    guild = as_map(view.get("guild"))
    signs[GUILD_POS] = (*signs.get(GUILD_POS, ()), as_int(guild.get("cubes")),
                        as_int(guild.get("pawns")))
    return signs


def market_signs(view: View) -> list[str]:
    return [str(as_map(c).get("id", "")) for c in as_list(view.get("market"))]


def clan_signs(player: Mapping[str, Any]) -> dict[str, tuple[Any, ...]]:
    """A clan board's parts: the top line (leader, tokens, caravans), the clan row with its
    artifact spaces, and the two tracks."""
    leader = as_map(player.get("leader"))
    caravans = tuple(caravan_sign(as_map(c)) for c in as_list(player.get("caravans")))
    storage, recruits = as_map(player.get("storage")), as_map(player.get("recruits"))
    row = tuple(str(as_map(as_map(p).get("card")).get("id", ""))
                for p in as_list(player.get("row")))
    junctions = tuple(str(as_map(j).get("state", "")) for j in as_list(player.get("junctions")))
    return {
        TOP: (str(leader.get("key", "")), as_int(player.get("strategy")),
              as_int(player.get("locks_left")), caravans),
        ROW: (row, junctions),
        STORAGE: (as_int(storage.get("cubes")),
                  tuple(bool(as_map(s).get("locked")) for s in as_list(storage.get("spaces")))),
        RECRUITS: (as_int(recruits.get("pawns")),),
    }


def changed_tiles(view: View, previous: View) -> set[str]:
    now, before = tile_signs(view), tile_signs(previous)
    return {pos for pos in now.keys() | before.keys() if now.get(pos) != before.get(pos)}


def changed_market(view: View, previous: View) -> set[int]:
    """Market slots (from the left) whose card is not the one the last board showed."""
    now, before = market_signs(view), market_signs(previous)
    return {i for i in range(len(now)) if i >= len(before) or now[i] != before[i]}


def changed_clans(view: View, previous: View) -> dict[int, set[str]]:
    """For each seat, the parts of its clan board that changed."""
    before = {as_int(p.get("seat")): clan_signs(p) for p in players(previous)}
    found: dict[int, set[str]] = {}
    for player in players(view):
        seat = as_int(player.get("seat"))
        old = before.get(seat)
        new = clan_signs(player)
        parts = {part for part, sign in new.items() if old is None or old.get(part) != sign}
        if parts:
            found[seat] = parts
    return found
