"""The city map of spec section 16: souks, shops, street, shipping table, Supervisor paths."""

from __future__ import annotations

import pytest

from games.yspahan.engine.data import (
    ARM_LEN,
    QUARTERS,
    SHOP_STAND_IN,
    SHOP_STREET,
    SHOP_XY,
    SHOPS,
    SOUK_SHOPS,
    SOUKS,
    STREET,
    STREET_SHOPS,
    STREET_XY,
)
from games.yspahan.engine.queries import supervisor_steps
from games.yspahan.engine.state import YspahanState
from tests.games.yspahan.scenarios import BLUE, scenario

SHIPPING_TABLE = {
    "W1": ["SACK-C2"], "W2": ["CHEST-B2"], "W3": ["SACK-C1"], "W4": ["CHEST-B1"],
    "W5": ["SACK-B2"], "W6": ["CHEST-A3"], "W7": ["SACK-B1"], "W8": ["CHEST-A2"],
    "W9": ["SACK-A1"], "W10": ["CHEST-A1"],
    "E1": ["BARREL-A1", "VASE-A1"], "E2": ["BARREL-A2"], "E3": ["VASE-C1"], "E4": ["BARREL-B1"],
    "E5": ["VASE-C2"], "E6": ["BARREL-B2"], "E7": ["VASE-C3"],
    "N1": ["VASE-A1"], "N2": ["CHEST-C1"], "N3": ["VASE-B1"], "N4": ["CHEST-C2"],
    "S1": ["SACK-C2", "BARREL-A1"], "S2": ["SACK-C3"], "S3": ["BARREL-C1"], "S4": ["SACK-D1"],
    "S5": ["BARREL-D2"], "S6": ["SACK-D2"], "S7": ["BARREL-D1"], "H": [],
}  # fmt: skip


def test_souks_and_shops_match_the_spec() -> None:
    assert len(SOUKS) == 14 and len(SHOPS) == 47
    sizes = {q: sum(s.size for s in SOUKS if s.quarter == i) for i, q in enumerate(QUARTERS)}
    assert sizes == {"Sack": 18, "Barrel": 14, "Chest": 9, "Vase": 6}
    assert [(s.size, s.value) for s in SOUKS if s.quarter == 3] == [(1, 4), (2, 6), (3, 12)]
    for k, souk in enumerate(SOUKS):
        assert len(SOUK_SHOPS[k]) == souk.size
        assert all(SHOPS[i].startswith(souk.id) for i in SOUK_SHOPS[k])


def test_the_shipping_table_is_exact() -> None:
    assert len(STREET) == 29
    got = {s: sorted(SHOPS[i] for i in STREET_SHOPS[k]) for k, s in enumerate(STREET)}
    assert got == {s: sorted(v) for s, v in SHIPPING_TABLE.items()}


def test_display_grid_reproduces_the_adjacency_and_marks_stand_in_cells() -> None:
    street_at = {xy: STREET[i] for i, xy in enumerate(STREET_XY)}
    assert len(set(SHOP_XY) | set(STREET_XY)) == 47 + 29
    for i, (x, y) in enumerate(SHOP_XY):
        touching = sorted(
            street_at[p] for p in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)) if p in street_at
        )
        assert touching == sorted(SHOP_STREET[i]), SHOPS[i]
        assert SHOP_STAND_IN[i] == (not SHOP_STREET[i])  # only interior cells are stand-ins
    assert sum(SHOP_STAND_IN) == 20


def reference_destinations(pos: str, k: int) -> set[str]:
    """Spec 16.7 `destinations`, verbatim in meaning."""
    if k == 0:
        return {pos}
    if pos == "H":
        return {f"{arm}{k}" for arm, length in ARM_LEN.items() if k <= length}
    arm, d = pos[0], int(pos[1:])
    out = set()
    if d + k <= ARM_LEN[arm]:
        out.add(f"{arm}{d + k}")
    if k < d:
        out.add(f"{arm}{d - k}")
    elif k == d:
        out.add("H")
    else:
        out |= {f"{o}{k - d}" for o, length in ARM_LEN.items() if o != arm and k - d <= length}
    return out


def walk(st: YspahanState, k: int) -> set[str]:
    """Every space the step-by-step Supervisor can stop on after exactly k steps."""
    from games.yspahan.engine.rules import Ctx, on_super

    frontier = [st]
    for _ in range(k):
        nxt = []
        for s in frontier:
            for a in supervisor_steps(s):
                c = s.copy()
                on_super(c, Ctx(), BLUE, a)
                nxt.append(c)
        frontier = nxt
    return {STREET[s.supervisor] for s in frontier}


@pytest.mark.parametrize("start", ["H", "W1", "W5", "W10", "E1", "E7", "N2", "N4", "S3", "S7"])
def test_supervisor_stops_match_the_reference_algorithm(start: str) -> None:
    for v in range(1, 7):
        st = scenario(step="super", supervisor=start, gold={BLUE: 20}, v=v, sup_k=0)
        st.sup_prev = -1
        for k in range(0, 9):
            assert walk(st, k) == reference_destinations(start, k), (start, v, k)


@pytest.mark.parametrize("start", STREET)
def test_every_die_value_has_a_free_destination(start: str) -> None:
    for v in range(1, 7):
        st = scenario(step="super", supervisor=start, gold={BLUE: 0}, v=v, sup_k=0)
        assert walk(st, v), (start, v)
