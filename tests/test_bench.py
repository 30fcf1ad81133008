"""The engine benchmark counts what it claims to count."""

from __future__ import annotations

from bench import engine
from tests.games.toy import ToyGame


def test_engine_playouts_count_every_decision() -> None:
    result = engine.playouts(ToyGame(), games=3, seconds=60)
    assert (result["games"], result["decisions"], result["decisions_per_game"]) == (3, 72, 24)
    assert result["decisions_per_second"] > 0
    assert "meets_target" not in result  # only games with a published target get one


def test_engine_playouts_report_cpu_time_beside_wall_time() -> None:
    """A shared, loaded machine slows the wall clock; the CPU figure is what compares runs."""
    result = engine.playouts(ToyGame(), games=3, seconds=60)
    assert result["cpu_seconds"] >= 0
    assert result["cpu_decisions_per_second"] > 0


def test_engine_playouts_stop_when_time_is_up() -> None:
    assert engine.playouts(ToyGame(), games=1000, seconds=0)["games"] == 1


def test_engine_times_determinize() -> None:
    assert engine.determinize_us(ToyGame(), positions=20) > 0
