"""Two members play a whole 2-player game of Sahwari through Discord, start to finish; the
thread never learns a face-down caravan's face, and each seat reads its own on its panel."""

from __future__ import annotations

import random
import re
import subprocess
import sys
from pathlib import Path

from games.core import discovery
from games.sahwari.render.panel import PANEL_W
from tests.e2e.conftest import World
from tests.e2e.driver import choose, fresh, ids_in, open_panel, png_of

CARAVAN_ID = re.compile(r"[YB]\d\d")  # a caravan's id names its face (spec 16.3)
PRIVATE = ("You see", "You look at")


async def test_two_members_play_a_whole_game_of_sahwari(world: World) -> None:
    service = world.bot.service
    game = discovery.get("sahwari")
    opened = await world.alice.slash(world.channel, "newgame", game="sahwari")
    assert opened.response is not None
    table_id = int(ids_in(opened.response)[0].split(":")[2])
    await world.bob.click(opened.response, label="Join")
    await world.alice.click(opened.response, label="Start")
    assert len(game.view((await service.load(table_id)).state, None)["players"]) == 2

    actors = {world.alice.id: world.alice, world.bob.id: world.bob}
    rng = random.Random(10)
    boards = world.boards()
    turns = decisions = 0
    told_privately = 0
    while (loaded := await service.load(table_id)).decision is not None:
        holder = loaded.info.holder(loaded.decision.seat).user_id
        actor = actors[holder or 0]
        panel = await open_panel(world, actor, table_id, loaded.version)
        if turns == 0:
            assert (await png_of(panel)).width == PANEL_W  # the private panel's picture
        while True:
            now = await service.load(table_id)
            if now.decision is None or now.info.holder(now.decision.seat).user_id != holder:
                break
            actions = now.decision.actions
            # mostly close ability windows, so the game keeps a brisk pace
            if "done" in actions and rng.random() < 0.75:
                index = actions.index("done")
            else:
                index = rng.randrange(len(actions))
            await choose(actor, fresh(world, panel), table_id, now.version, index)
            decisions += 1
        told_privately += any(words in fresh(world, panel).content for words in PRIVATE)
        turns += 1
        after = world.boards()
        assert len(after) == len(boards) + 1, "every turn posts exactly one new board"
        state = (await service.load(table_id)).state
        hidden = [h for h in game.hidden_from(state, None) if CARAVAN_ID.fullmatch(h)]
        assert not [h for h in hidden if h in after[-1].content], "a face leaked to the thread"
        boards = after

    assert (await service.info(table_id)).status == "finished"
    thread = [m.content for m in world.thread().history()]
    assert thread[-1].startswith("🏆 **Game over")
    assert not [line for line in thread if any(words in line for words in PRIVATE)]
    assert told_privately > 0, "a seat reads what it looked at on its own panel"
    final = await png_of(world.boards()[-1])
    assert final.width >= 1200
    assert turns > 40 and decisions > turns


def test_a_person_plays_sahwari_at_the_terminal_against_an_agent(tmp_path: Path) -> None:
    # Arrange: the first option at every prompt, typed on standard input
    answers = "1\n" * 3000
    # Act
    done = subprocess.run(
        [sys.executable, "-m", "bot.cli", "play", "sahwari", "--seats", "human,random",
         "--seed", "5", "--out", str(tmp_path)],
        cwd=Path(__file__).resolve().parents[2], input=answers, capture_output=True, text=True,
        timeout=300, check=False,
    )
    # Assert: a whole game, boards written, and the person reads what only they may see
    assert done.returncode == 0, done.stderr
    assert "Game over" in done.stdout and "Winner: " in done.stdout
    assert "You see" in done.stdout
    assert sorted(tmp_path.glob("sahwari-5-turn*.png")), "no board images written"
