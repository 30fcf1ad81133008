"""Views saved from seeded greedy games of the real engine, for the renderer's golden images
and tests.

Saved rather than replayed, so the goldens do not move when the engine changes: spectator
views for boards (and the workshop areas drawn from them), the deciding seat's own view for
panels.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache, partial
from pathlib import Path
from typing import Any

View = dict[str, Any]
FOLDER = Path(__file__).resolve().parent / "sample_views"


@cache
def _load(name: str) -> str:
    return (FOLDER / f"{name}.json").read_text(encoding="utf-8")


def saved(name: str) -> View:
    """A fresh copy of the saved view ``name`` (callers may change it)."""
    view: View = json.loads(_load(name))
    return view


BOARDS: dict[str, Callable[[], View]] = {
    name: partial(saved, name)
    for name in ("start_2p", "busy_3p", "busy_4p", "end_3p", "end_solo")
}
PANELS: dict[str, Callable[[], View]] = {
    name: partial(saved, name) for name in ("card_3p", "cell_3p", "space_4p", "move_solo")
}
# (this board, the board before it): a 4-seat turn whose changes the board and areas ring
TURNS: dict[str, Callable[[], tuple[View, View]]] = {
    "turn_4p": lambda: (saved("turn_4p"), saved("turn_4p_before")),
}
