"""Pictures are drawn in worker processes, and in threads where processes cannot run."""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from concurrent.futures import Executor
from concurrent.futures.process import BrokenProcessPool

import pytest
from PIL import Image

from bot import drawing as drawing_module
from bot.drawing import Drawing, DrawingTimedOut, process_pool
from bot.images import _board_png, panel_file
from games.core import discovery
from renderers.kit.compose import parts
from tests.renderers.walk import random_walk


def dies_in_a_worker(parent: int) -> str:
    if os.getpid() != parent:
        os._exit(1)
    return "drawn"


def no_processes(_: int) -> Executor:
    raise OSError("no shared memory here")


async def test_pictures_are_drawn_in_other_processes() -> None:
    drawing = Drawing(2)
    try:
        assert await drawing.run(os.getpid) != os.getpid()
        game = discovery.get("toy")
        view = game.view(game.new_game(2, 1), None)
        png = await drawing.run(_board_png, "toy", view, None)
        assert png.startswith(b"\x89PNG")
    finally:
        await drawing.close()


@pytest.mark.parametrize("name", ["targi", "yspahan", "resafa", "sahwari"])
async def test_a_panel_sent_as_its_state_is_the_seats_own_panel(name: str) -> None:
    # Arrange: a game some moves in (its state is what goes to the drawing process, compiled
    # engines included), and the panel drawn here from the seat's own view
    game, spec = discovery.get(name), discovery.spec(name)
    state, decision = next(step for n, step in enumerate(random_walk(name, 2, 3)) if n == 12)
    seat = decision.seat
    expected = spec.encode_png(spec.render_panel(game.view(state, seat)))
    drawing = Drawing(1)
    try:
        # Act
        file = await panel_file(name, state, seat, drawing)
    finally:
        await drawing.close()
    # Assert
    assert file.fp.read() == expected


async def test_a_process_started_while_a_thread_draws_a_part_draws_its_pictures() -> None:
    # Arrange: a thread in the middle of drawing a part, holding the cache of parts (as a
    # picture redrawn in a thread after its process died does), when a drawing process is forked
    game, spec = discovery.get("targi"), discovery.spec("targi")
    state, decision = next(step for n, step in enumerate(random_walk("targi", 2, 5)) if n == 9)
    expected = spec.encode_png(spec.render_panel(game.view(state, decision.seat)))
    drawing_a_part, finish = threading.Event(), threading.Event()

    def slow_part() -> Image.Image:
        drawing_a_part.set()
        finish.wait(30)
        return Image.new("P", (1, 1))

    thread = threading.Thread(target=parts.get, args=(("a slow part",), slow_part))
    thread.start()
    assert drawing_a_part.wait(30)
    drawing = Drawing(1)
    try:
        # Act: the new process's first picture (forked while the thread draws)
        file = await asyncio.wait_for(
            panel_file("targi", state, decision.seat, drawing), timeout=30)
    except TimeoutError:
        for process in multiprocessing.active_children():
            process.kill()  # waiting for ever on the lock it was forked with
        raise
    finally:
        finish.set()
        thread.join()
        await drawing.close()
    # Assert: it is drawn, and the same as drawn here
    assert file.fp.read() == expected


async def test_a_tables_pictures_are_drawn_by_its_own_process_unless_that_one_is_behind(
) -> None:
    # each process keeps the parts of what it drew: a table's next picture finds its last
    # one's there
    drawing = Drawing(2)
    try:
        homes = [{await drawing.run(os.getpid, table=t) for _ in range(3)} for t in range(4)]
        assert all(len(pids) == 1 for pids in homes), "one process draws all of a table's"
        assert homes[0] == homes[2] != homes[1] == homes[3], "the tables are shared out"
        # two slow pictures of table 0 in hand: its next one goes to the idle process
        slow = [asyncio.create_task(drawing.run(time.sleep, 0.5, table=0)) for _ in range(2)]
        await asyncio.sleep(0)
        assert {await drawing.run(os.getpid, table=0)} == homes[1]
        await asyncio.gather(*slow)
        assert {await drawing.run(os.getpid, table=0)} == homes[0], "and then home again"
    finally:
        await drawing.close()


async def test_a_closed_pool_starts_again_on_the_next_picture() -> None:
    drawing = Drawing(1)
    first = await drawing.run(os.getpid)
    await drawing.close()
    try:
        assert await drawing.run(os.getpid) not in (first, os.getpid())
    finally:
        await drawing.close()


async def test_where_processes_cannot_start_threads_draw() -> None:
    drawing = Drawing(2, pool=no_processes)
    assert await drawing.run(os.getpid) == os.getpid()
    assert not drawing.in_processes


async def test_zero_processes_draws_in_threads() -> None:
    drawing = Drawing(0)
    assert await drawing.run(os.getpid) == os.getpid()


async def test_a_worker_that_dies_loses_no_picture() -> None:
    drawing = Drawing(1)
    try:
        assert await drawing.run(dies_in_a_worker, os.getpid()) == "drawn"
        assert await drawing.run(os.getpid) != os.getpid(), "a new worker draws the next one"
    finally:
        await drawing.close()


def gone(pid: int) -> bool:
    """Whether process ``pid`` has ended (a zombie not yet reaped has)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "Z"
    except (FileNotFoundError, ProcessLookupError):  # reaped before or while it was read
        return True


async def test_a_picture_its_process_is_stuck_on_fails_and_the_process_is_replaced(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(drawing_module, "DEADLINE_SECONDS", 1.0)
    drawing = Drawing(1)
    stuck_process = await drawing.run(os.getpid)
    stuck = asyncio.create_task(drawing.run(time.sleep, 3600))
    try:
        await asyncio.sleep(0.2)
        behind = asyncio.create_task(drawing.run(os.getpid))  # given to it after the stuck one
        with pytest.raises(DrawingTimedOut):
            await asyncio.wait_for(stuck, 30)
        assert await behind not in (stuck_process, None), "the picture behind it is drawn"
        for _ in range(100):
            if gone(stuck_process):
                break
            await asyncio.sleep(0.1)
        assert gone(stuck_process), "the stuck process was killed"
        assert await drawing.run(os.getpid) not in (stuck_process, os.getpid()), (
            "a new process draws the next picture")
    finally:
        stuck.cancel()
        for process in multiprocessing.active_children():
            if process.pid == stuck_process:
                process.kill()  # still asleep, where nothing replaced it
        await drawing.close()


class BrokenAtSubmit(Executor):
    def submit(self, fn, /, *args, **kwargs):  # type: ignore[no-untyped-def]
        raise BrokenProcessPool("a worker died while idle")


async def test_a_pool_found_broken_at_submission_loses_no_picture() -> None:
    pools: list[Executor] = []

    def first_broken(processes: int) -> Executor:
        pools.append(BrokenAtSubmit() if not pools else process_pool(processes))
        return pools[-1]

    drawing = Drawing(1, pool=first_broken)
    try:
        assert await drawing.run(os.getpid) == os.getpid(), "drawn in a thread this once"
        assert await drawing.run(os.getpid) != os.getpid(), "a new pool draws the next one"
        assert await drawing.run(os.getpid) != os.getpid(), "and the one after, submitted at once"
        assert len(pools) == 2
    finally:
        await drawing.close()
