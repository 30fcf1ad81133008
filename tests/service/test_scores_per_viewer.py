"""What is published during play (/game info) counts only what every member may see; a
concession ends the game, so its result gives the real final scores, each seat's own holdings
included."""

from __future__ import annotations

from typing import Any

from bot.service import TableService
from games.core import discovery
from tests.service.conftest import CHANNEL, GUEST, GUILD, HOST, OpenService
from tests.toygame.engine import ToyGame, ToyState

SEAT_VIEW, PUBLIC_VIEW = (50, 40), (3, 4)


class HiddenPoints(ToyGame):
    """A toy whose seats would count hidden points that a spectator cannot."""

    def provisional_scores(self, state: ToyState, viewer: int | None) -> tuple[int, ...]:
        return PUBLIC_VIEW if viewer is None else SEAT_VIEW


def lookup(name: str) -> Any:
    return HiddenPoints() if name == "toy" else discovery.get(name)


async def test_a_concession_publishes_the_real_final_scores(open_service: OpenService) -> None:
    service: TableService = await open_service(games=lookup)
    info = await service.create_table(
        "toy", guild_id=GUILD, channel_id=CHANNEL, host_id=HOST, host_name="Hana"
    )
    await service.join(info.id, GUEST, "Gus")
    await service.start(info.id, HOST)
    await service.concede(info.id, HOST)

    result = next(r for r in await service.outbox.for_table(info.id) if r.kind == "result")
    real = (SEAT_VIEW[0], SEAT_VIEW[1])  # each seat as it knows itself
    assert result.payload["scores"] == list(real)
    details = await service.table_info(info.id)
    assert details.outcome is not None and details.outcome.scores == real
