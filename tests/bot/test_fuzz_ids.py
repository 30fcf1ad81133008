"""Thousands of random custom ids: each is claimed by at most one control, whose constructor
accepts it, or by none, in which case the bot's fallback answers it (see ``answer_unknown``)."""

from __future__ import annotations

import random
from typing import Any

from bot.exts.game._cog import LeaveButton
from bot.exts.lobby._components import LobbyButton
from bot.exts.play._components import (
    ActionButton,
    ActionSelect,
    BackButton,
    ConfirmButton,
    HelpButton,
    PanelButton,
)
from bot.exts.play._concede import ConcedeButton
from bot.exts.play._stalls import ReclaimButton, StallButton
from bot.exts.play._undo import ConsentButton, KeepButton, UndoButton
from tests.e2e.test_fuzz import random_custom_id

ITEMS: list[Any] = [
    LeaveButton, LobbyButton, ActionButton, ActionSelect, BackButton, ConfirmButton, HelpButton,
    PanelButton, ConcedeButton, ReclaimButton, StallButton, ConsentButton, KeepButton, UndoButton,
]
COUNT = 5000


async def test_every_random_id_has_at_most_one_owner_that_accepts_it() -> None:
    rng = random.Random(7)
    claimed = 0
    for _ in range(COUNT):
        cid = random_custom_id(rng, rng.randrange(1, 50), rng.randrange(0, 300))
        owners = [
            (item, m)
            for item in ITEMS
            if (m := item.__discord_ui_compiled_template__.fullmatch(cid)) is not None
        ]
        assert len(owners) <= 1, (cid, owners)
        if owners:
            item, match = owners[0]
            built = await item.from_custom_id(None, None, match)
            assert built.custom_id == cid or item is ActionSelect, (cid, built.custom_id)
            claimed += 1
    assert 0 < claimed < COUNT
