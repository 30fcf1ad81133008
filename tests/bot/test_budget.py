from __future__ import annotations

from bot.budget import GlobalBudget


class Clock:
    def __init__(self) -> None:
        self.now = 100.0
        self.slept: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.slept.append(round(seconds, 6))
        self.now += seconds


async def test_a_burst_goes_at_once_and_the_rest_is_spaced_to_the_budget() -> None:
    clock = Clock()
    budget = GlobalBudget(50, burst=5, clock=clock, sleep=clock.sleep)
    for _ in range(10):
        await budget.take()
    assert clock.slept == [0.02] * 5, "five at once, then one every 20 ms"
    assert clock.now - 100.0 <= 10 / 50


async def test_an_idle_bot_saves_up_a_burst_again() -> None:
    clock = Clock()
    budget = GlobalBudget(50, burst=5, clock=clock, sleep=clock.sleep)
    for _ in range(10):
        await budget.take()
    clock.now += 1.0
    clock.slept.clear()
    for _ in range(5):
        await budget.take()
    assert clock.slept == []
