"""Views saved from seeded games of the real engine, for the renderer's golden images and tests.

Saved rather than replayed, so the goldens do not move when the engine changes: spectator
views for boards, the deciding seat's own view for panels.
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
    name: partial(saved, name) for name in ("start_2p", "busy_4p", "ship_4p", "end_3p")
}
PANELS: dict[str, Callable[[], View]] = {
    name: partial(saved, name)
    for name in ("busy_4p_place", "ship_4p_save", "cards_2p_end_turn", "build_3p", "supervisor_3p")
}
