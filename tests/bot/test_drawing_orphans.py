"""A bot killed outright leaves no drawing process behind."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import pytest

BOT = """
import asyncio, os, sys
from bot.drawing import Drawing

async def main():
    drawing = Drawing(1)
    print(await drawing.run(os.getpid), flush=True)
    await asyncio.sleep(60)

asyncio.run(main())
"""


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    # a zombie is gone for our purposes: it only waits for its parent to collect it
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().split(") ")[1][0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_the_drawing_workers_of_a_killed_bot_end_too() -> None:
    bot = subprocess.Popen([sys.executable, "-c", BOT], stdout=subprocess.PIPE, text=True)
    try:
        assert bot.stdout is not None
        worker = int(bot.stdout.readline())
        assert alive(worker)
        bot.send_signal(signal.SIGKILL)
        bot.wait()
        deadline = time.monotonic() + 30  # a generous bound, not a measurement
        while alive(worker) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not alive(worker), "the drawing worker outlived its bot"
    finally:
        bot.kill()
