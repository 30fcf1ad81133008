"""Races for one decision, and seeded fuzz: every bad input is refused with a reason."""

from __future__ import annotations

import asyncio
import random
import string

import pytest

from bot.service import InvalidSetting, NotYourTurn, ServiceError, StaleVersion, TableService
from games.core import GameError
from tests.service.conftest import HOST, OpenService, play_moves, started_table

ALPHABET = string.printable + "éüßЖ中🙂#>—\u200b\x00"
WORDS = ["place", "use", "skip", "end", "take", "trade", "pay", "alt", "row", "silver", "fata",
         "choose", "return", "omit", "play", "hand", "discard", "leave", "keep", "done", "none"]


def random_text(rng: random.Random) -> str:
    if rng.random() < 0.5:
        parts = [rng.choice(WORDS)] + [
            rng.choice([str(rng.randint(-3, 40)), "C22", "DSP", "GG", "SS>P", ">", "#5", "vp"])
            for _ in range(rng.randint(0, 3))
        ]
        return " ".join(parts)
    return "".join(rng.choice(ALPHABET) for _ in range(rng.randint(0, 120)))


async def test_two_different_moves_racing_for_one_decision_apply_one(
    service: TableService,
) -> None:
    table_id = await started_table(service)
    loaded = await service.load(table_id)
    nxt = loaded.next
    assert nxt is not None and nxt.user_id is not None and len(nxt.actions) >= 2
    first, second = nxt.actions[0], nxt.actions[1]
    outcomes = await asyncio.gather(
        service.submit(table_id, nxt.user_id, first, "a", loaded.version),
        service.submit(table_id, nxt.user_id, second, "b", loaded.version),
        return_exceptions=True,
    )
    applied = [o for o in outcomes if not isinstance(o, BaseException)]
    refused = [o for o in outcomes if isinstance(o, BaseException)]
    assert len(applied) == 1 and len(refused) == 1
    assert isinstance(refused[0], StaleVersion) and "moved on" in refused[0].reason
    actions = await service.actions(table_id)
    assert [a.action for a in actions] == [applied[0].action]

    # without a version on the button the loser is refused by the rules, with a reason
    loaded = await service.load(table_id)
    nxt = loaded.next
    assert nxt is not None and nxt.user_id is not None
    outcomes = await asyncio.gather(
        service.submit(table_id, nxt.user_id, nxt.actions[0], "c"),
        service.submit(table_id, nxt.user_id, nxt.actions[-1], "d"),
        return_exceptions=True,
    )
    refused = [o for o in outcomes if isinstance(o, BaseException)]
    assert len(refused) <= 1
    for error in refused:
        assert isinstance(error, (NotYourTurn, GameError, ServiceError)) and str(error)


async def test_thousands_of_random_strings_as_moves_are_refused_with_a_reason(
    service: TableService,
) -> None:
    table_id = await started_table(service)
    await play_moves(service, table_id, 6)  # into the action phase, where menus are richer
    rng = random.Random(20260301)
    applied = 0
    for i in range(3000):
        loaded = await service.load(table_id)
        nxt = loaded.next
        if nxt is None:
            break
        assert nxt.user_id is not None
        user = nxt.user_id if rng.random() < 0.9 else rng.choice([HOST, 999, 202])
        try:
            await service.submit(table_id, user, random_text(rng), f"fuzz-{i}")
            applied += 1
        except (ServiceError, GameError) as error:
            reason = getattr(error, "reason", None) or str(error)
            assert reason.strip(), repr(error)
    assert applied < 3000  # most random text is not a legal move
    info = await service.info(table_id)
    assert len(await service.actions(table_id)) == info.version


async def test_random_strings_as_settings_are_accepted_or_refused_with_a_reason(
    service: TableService,
) -> None:
    rng = random.Random(7)
    fields = ["time_zone", "quiet_hours", "notify"]
    samples = ["Asia/Tokyo", "utc", "22:00-07:00", "off", "dm", "thread", "7pm-9am", "0-23:59"]
    refused = 0
    for _ in range(2000):
        field = rng.choice(fields)
        value = rng.choice(samples) if rng.random() < 0.2 else random_text(rng)
        try:
            settings = await service.set_user_settings(HOST, **{field: value})
        except InvalidSetting as error:
            refused += 1
            assert error.reason.strip()
        else:
            assert settings.notify in ("thread", "dm")
    assert refused > 1000


@pytest.mark.parametrize("bad", [" ", "", "\x00", "a" * 10_000, "place 5" * 50])
async def test_odd_undo_and_seat_requests_are_refused_with_a_reason(
    open_service: OpenService, bad: str
) -> None:
    service = await open_service()
    table_id = await started_table(service)
    calls = [
        service.preview_undo(table_id, 999),
        service.undo(table_id, HOST, bad),
        service.take_seat(table_id, 7, 999, bad),
        service.agent_takeover(table_id, -1, HOST),
        service.consent_undo(12345, HOST),
        service.reclaim(table_id, 999),
        service.extend(table_id, 999),
        service.concede(999_999, HOST),
    ]
    for call in calls:
        with pytest.raises(ServiceError) as raised:
            await call
        assert raised.value.reason
