"""The engine benchmark counts what it claims to count."""

from __future__ import annotations

from bench import engine
from tests.games.toy import ToyGame


def test_engine_playouts_count_every_decision() -> None:
    result = engine.playouts(ToyGame(), games=3, seconds=60)
    assert (result["games"], result["decisions"], result["decisions_per_game"]) == (3, 72, 24)
    assert result["decisions_per_second"] > 0
    assert result["decisions_per_cpu_second"] > 0 and result["cpu_seconds"] > 0
    assert "meets_target" not in result  # only games with a published target get one


def test_engine_playouts_stop_when_time_is_up() -> None:
    assert engine.playouts(ToyGame(), games=1000, seconds=0)["games"] == 1


def test_engine_times_determinize() -> None:
    assert engine.determinize_us(ToyGame(), positions=20) > 0


def test_agent_think_times_are_held_to_the_p95_target() -> None:
    from bench import agents

    game = ToyGame()
    result = agents.think_times(game, game.min_players, games=1)
    assert result["decisions"] > 0 and result["p95_ms"] <= result["slowest_ms"]
    assert result["meets_p95_target"] is (result["p95_ms"] <= agents.P95_TARGET_MS)
    # the CPU figure too: on a shared machine the wall clock also counts other processes
    assert result["cpu_p95_ms"] >= 0 and result["meets_cpu_p95_target"] is (
        result["cpu_p95_ms"] <= agents.P95_TARGET_MS)


def test_agent_think_times_are_measured_at_every_seat_count_by_default() -> None:
    from bench import agents
    from games.resafa import GAME

    assert agents.seat_counts(GAME, ()) == (1, 2, 3, 4)
    assert agents.seat_counts(GAME, (2, 5)) == (2,)  # a count the game does not allow is left out


def test_engine_playouts_seat_as_many_players_as_asked() -> None:
    from games.core import spec

    resafa = spec("resafa").engine
    solo = engine.playouts(resafa, games=2, seconds=60)
    three = engine.playouts(resafa, games=2, seconds=60, players=3)
    assert (solo["players"], three["players"]) == (1, 3)
    assert three["decisions_per_game"] > 2 * solo["decisions_per_game"]  # three seats' turns


def test_render_bench_holds_a_game_to_its_own_board_targets() -> None:
    from bench import render

    result = render.run_game("resafa", games=1, every=40)
    assert (result["board_target_median_ms"], result["board_target_max_bytes"]) == (25, 300 * 1024)
    board = result["board"]
    assert result["meets_board_targets"] == (
        board["cpu_median_ms"] <= 25 and board["max_bytes"] <= 300 * 1024)
    assert "board_target_median_ms" not in render.run_game("targi", games=1, every=200)


def test_engine_draws_pick_what_the_random_agent_picks() -> None:
    from games.core import rng as core_rng

    rng = core_rng.seed_state(7)
    outputs, after = engine.draws(rng, 50)
    for n, x in zip(range(1, 51), outputs, strict=True):
        rng, pick = core_rng.below(rng, n)
        assert x % n == pick
    assert after == rng


def test_engine_playouts_report_the_harness_apart() -> None:
    result = engine.playouts(ToyGame(), games=3, seconds=60)
    assert result["harness_ns_per_decision"] > 0
    assert result["engine_decisions_per_cpu_second"] >= result["decisions_per_cpu_second"]


def test_state_cost_measures_memory_and_each_part_of_a_miss() -> None:
    from bench import state_cost

    result = state_cost.measure("targi", 2, sample=3, states=2000, seed=1)
    memory, miss = result["memory"], result["miss"]
    assert result["positions"] == 3
    assert memory["bytes_per_state_max"] >= memory["bytes_per_state_median"] > 1000
    assert memory["rss_bytes_per_state"] > 0
    assert miss["snapshot_bytes_max"] >= miss["snapshot_bytes_median"] > 100
    assert miss["json_decode_us"] >= 0 and miss["from_json_us"] >= 0 and miss["encode_us"] >= 0


def test_engine_playouts_say_whether_the_engine_ran_compiled() -> None:
    from bot import engine_build
    from games.core import spec

    assert engine.playouts(ToyGame(), games=1, seconds=0)["compiled"] is False
    sahwari = spec("sahwari").engine
    assert engine.compiled_engine(sahwari) is (
        "games.sahwari.engine.game" in engine_build.compiled())
