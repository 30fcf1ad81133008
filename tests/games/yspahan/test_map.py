"""The city map of spec section 16: souks, shops, street, shipping table, Supervisor paths."""

from __future__ import annotations

import pytest

from games.yspahan.engine.data import (
    ARM_LEN,
    HAMMAM,
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
from games.yspahan.engine.queries import supervisor_moves
from games.yspahan.testing import BLUE, position

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


def reference_options(pos: str, v: int, hammam: bool, gold: int) -> dict[str, int]:
    """Spec 16.7 ``options``: destination -> minimal gold cost."""
    h = 3 if hammam else 0
    result: dict[str, int] = {}
    for k in range(0, v + h + gold + 1):
        cost = max(0, abs(k - v) - h)
        if cost <= gold:
            for dst in reference_destinations(pos, k):
                result[dst] = min(result.get(dst, cost), cost)
    return result


@pytest.mark.parametrize("start", ["H", "W1", "W5", "W10", "E1", "E7", "N2", "N4", "S3", "S7"])
def test_supervisor_destinations_match_the_reference_algorithm(start: str) -> None:
    for v in range(1, 7):
        for gold in (0, 1, 3, 20):
            for hammam in (False, True):
                st = position(step="super", supervisor=start, gold={BLUE: gold}, v=v,
                              built={BLUE: [HAMMAM]} if hammam else None)
                got = {STREET[m]: cost for m, cost in supervisor_moves(st)}
                assert got == reference_options(start, v, hammam, gold), (start, v, gold)


@pytest.mark.parametrize("start", STREET)
def test_every_die_value_has_a_free_destination(start: str) -> None:
    for v in range(1, 7):
        st = position(step="super", supervisor=start, gold={BLUE: 0}, v=v)
        assert any(cost == 0 for _, cost in supervisor_moves(st)), (start, v)
