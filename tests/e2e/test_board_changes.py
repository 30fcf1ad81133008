"""The board the bot posts after a move rings what the move changed: the bot draws it with the
view of the board before, so a player coming back sees at once where the move was."""

from __future__ import annotations

import io

from PIL import Image, ImageChops

from games.core import discovery
from games.targi.render import board as targi
from tests.e2e.conftest import World
from tests.e2e.driver import board_version, open_table, png_of


def decoded(data: bytes) -> Image.Image:
    with Image.open(io.BytesIO(data)) as image:
        return image.convert("RGB")


async def test_the_second_board_rings_the_card_the_first_move_took(world: World) -> None:
    service = world.bot.service
    spec = discovery.spec("targi")
    table_id, _ = await open_table(world, world.alice, world.bob)
    first = world.boards()[-1]
    loaded = await service.load(table_id)
    assert loaded.decision is not None
    mover = loaded.info.holder(loaded.decision.seat).user_id
    actor = world.alice if mover == world.alice.id else world.bob
    await actor.slash(world.thread(), "play", move=loaded.decision.actions[0])

    second = world.boards()[-1]
    assert second.id != first.id
    game = loaded.game
    before = game.view(await service.state_at(table_id, board_version(first) or 0), None)
    after = game.view(await service.state_at(table_id, board_version(second) or 0), None)
    posted = (await png_of(second)).convert("RGB")
    unmarked = decoded(spec.encode_png(spec.render_board(after)))
    marked = decoded(spec.encode_png(spec.render_board(after, before)))
    assert ImageChops.difference(posted, marked).getbbox() is None, "drawn with the board before"

    # below the status band, the posted board differs from an unmarked one only around the
    # border card where the figure now stands
    placed = [
        b["number"] for b in after["border"]
        if b["occupant"] != next(o for o in before["border"] if o["number"] == b["number"])[
            "occupant"]
    ]
    assert len(placed) == 1
    x, y = targi.cell_origin(*targi.BORDER_CELLS[placed[0]])
    ring = 12  # the mark sits just outside the card
    body = (0, targi.TOP, targi.WIDTH, targi.HEIGHT)
    differs = ImageChops.difference(posted.crop(body), unmarked.crop(body)).getbbox()
    assert differs is not None, "the move is marked"
    left, top, right, bottom = differs
    assert x - ring <= left and right <= x + targi.CELL + ring
    assert y - ring <= top + targi.TOP and bottom + targi.TOP <= y + targi.CELL + ring
