"""The render benchmark measures what it says: one render+encode per sampled view, per game."""

from __future__ import annotations

import json

import pytest

from bench import render
from games.core import discovery


def test_every_sampled_view_is_rendered_and_measured() -> None:
    boards, panels = render.sample_views(games=1, every=40, seed=1, name="targi")
    spec = discovery.spec("targi")
    result = render.measure(spec.render_board, spec.encode_png, boards)
    assert result["renders"] == len(boards) >= 3
    assert result["width"] == 1600
    assert 0 < result["median_bytes"] <= result["max_bytes"] <= render.TARGETS["max_bytes"]
    assert result["median_ms"] <= result["p95_ms"] <= result["max_ms"]
    assert 0 < result["cpu_median_ms"] <= result["cpu_p95_ms"]  # CPU time, beside the clock's
    assert len(panels) == len(boards) - 1  # the final position has no decision, so no panel


def test_yspahan_views_cover_two_three_and_four_players() -> None:
    boards, panels = render.sample_views(games=3, every=80, seed=1, name="yspahan")
    assert {len(v["players"]) for v in boards} == {2, 3, 4}
    assert all(v["game"] == "yspahan" for v in boards)
    assert len(panels) == len(boards) - 3  # one final position per game


def test_the_benchmark_prints_one_json_object_with_figures_per_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert render.main(["--games", "1", "--every", "60"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert {"targi", "yspahan", "meets_targets", "png_compress_level", "targets"} <= set(result)
    for name in ("targi", "yspahan"):
        assert {"board", "panel", "first_render_ms", "board_without_layer_cache_ms",
                "meets_targets"} <= set(result[name])
        assert result[name]["board"]["renders"] >= 3
    assert result["yspahan"]["players"] == [2]  # one game: the first player count only


def test_panels_along_tables_draw_every_decision_and_a_board_when_the_turn_passes() -> None:
    result = render.along_tables("targi", tables=3, decisions=30)
    assert result["decisions"] == 30
    # a Targi turn is a few decisions of one seat, so some but not all decisions pass the turn
    assert 0 < result["boards"] < result["decisions"]
    assert result["panel_cpu_median_ms"] > 0 and result["board_cpu_mean_ms"] > 0
    assert result["cpu_per_decision_ms"] > result["panel_cpu_mean_ms"]  # boards counted too
    assert result["parts_drawn_per_decision"] > 0
