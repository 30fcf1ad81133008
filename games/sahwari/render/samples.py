"""Views saved from seeded random games of the real engine, for the golden images and tests.

Saved rather than replayed, so the goldens do not move when the engine changes: spectator
views for boards (as the bot draws them, with the previous board's view for ``TURNS``), a seat's
own view for panels.
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
    for name in ("start_3p", "busy_4p", "last_round_3p", "end_2p", "end_4p")
}
# Boards with the view the table's last board showed (saved as "<name>_before"): what changed
# since is ringed.
TURNS: dict[str, Callable[[], tuple[View, View]]] = {
    name: partial(lambda n: (saved(n), saved(f"{n}_before")), name)
    for name in ("turn_4p", "end_4p")
}
PANELS: dict[str, Callable[[], View]] = {
    name: partial(saved, name)
    for name in ("caravans_3p", "use_caravan_4p", "abilities_2p", "recruit_card_3p",
                 "attack_4p", "leader_2p", "card_targets_3p")
}
