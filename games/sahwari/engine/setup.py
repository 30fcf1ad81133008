"""A new Sahwari game (spec 5.2), drawing its randomness in the order of spec 16.4."""

from __future__ import annotations

from games.core import rng as R
from games.sahwari.engine.data import (
    CARAVANS,
    CARAVANS_USED,
    CARDS,
    CLAN,
    CUBE,
    CUBES_TOTAL,
    GUILD,
    GUILD_POS,
    LEADERS,
    MARKET_SIZE,
    PAWN,
    RESOURCE,
    SIZE,
    TILES,
    camel_ids,
)
from games.sahwari.engine.state import SahwariState


def new_state(players: int, seed: int, choice: bool = False) -> SahwariState:
    st = SahwariState.blank(players)
    rng = R.seed_state(seed)
    # 1. Tiles: positions (and so their hidden backs).
    tiles = [t.id for t in TILES]
    rng = R.shuffle(rng, tiles)
    # 2. Caravans: which of each colour are used, and in which slot.
    pools: dict[str, list[str]] = {}
    for colour in ("Y", "B"):
        ids = [c.id for c in CARAVANS if c.colour == colour]
        rng = R.shuffle(rng, ids)
        pools[colour] = ids
    unused = sorted(
        cid for colour, ids in pools.items() for cid in ids[CARAVANS_USED[colour]:]
    )
    for colour in pools:
        pools[colour] = pools[colour][: CARAVANS_USED[colour]]
    # 3. Public handles, in an order unrelated to the ids.
    used_count = sum(CARAVANS_USED.values())
    handles = [f"c{i:02d}" for i in range(1, used_count + 1)]
    rng = R.shuffle(rng, handles)
    hid: dict[str, str] = {}
    hcol: dict[str, str] = {}
    by_id = {t.id: t for t in TILES}
    kind: list[str] = []
    names: list[str] = []
    items: list[tuple[str, ...]] = []
    pattern: list[str] = []
    at = 0
    for pos in range(SIZE * SIZE):
        if pos == GUILD_POS:
            kind.append(GUILD)
            names.append("")
            items.append(())
            pattern.append("")
            continue
        tile = by_id[tiles[at]]
        at += 1
        kind.append(RESOURCE)
        names.append(tile.id)
        pattern.append(tile.slots)
        here: list[str] = []
        for slot in tile.slots:
            if slot == "A":
                here.append(CUBE)
            elif slot == "R":
                here.append(PAWN)
            else:
                handle = handles.pop()
                hid[handle] = pools[slot].pop()
                hcol[handle] = slot
                here.append(handle)
        items.append(tuple(here))
    st.kind, st.tiles, st.items = tuple(kind), tuple(names), tuple(items)
    st.pattern = tuple(pattern)
    st.hid, st.hcol, st.unused = hid, hcol, tuple(unused)
    st.supply = CUBES_TOTAL - sum(t.slots.count("A") for t in TILES)
    # 4. Guild camels on the Guild tile; player camels off the map.
    st.cpos = (GUILD_POS, GUILD_POS) + (-1,) * (len(camel_ids(players)) - 2)
    # 5. Recruit deck and market.
    deck = [c.id for c in CARDS]
    rng = R.shuffle(rng, deck)
    st.market = tuple(deck[-MARKET_SIZE:][::-1])
    st.deck = tuple(deck[:-MARKET_SIZE])
    # 6. Leaders: one each, or two each to choose from (2-3 players).
    keys = [ld.key for ld in LEADERS]
    rng = R.shuffle(rng, keys)
    st.choice = choice
    if choice:
        st.dealt = tuple(tuple(sorted(keys[2 * s: 2 * s + 2])) for s in range(players))
    else:
        st.leader = tuple(keys[:players])
    # 7. First player.
    rng, first = R.below(rng, players)
    st.first = st.seat = first
    st.rng = rng
    st.step = "leader" if choice else "w0"
    st.row = ((CLAN,),) * players
    return st
