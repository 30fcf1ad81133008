"""Every game's boards and panels stay exactly as they look today, on the game's own palette.

Each game's render package names its sample views (``samples.BOARDS`` and ``samples.PANELS``);
their goldens are ``tests/renderers/golden/<game>_<board|panel>_<name>.png``. The comparison
notices the smallest change a player would read (one score digit), and a game's goldens do not
move when another game's colours change.
"""

from __future__ import annotations

import copy
import importlib
import importlib.util
import itertools
from collections.abc import Callable
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from PIL import Image

from games.core import GameSpec, discovery
from renderers.kit import layers, sprites
from renderers.kit.quantize import Palette
from tests.renderers.golden import GOLDEN_DIR, as_posted, assert_matches_golden

View = dict[str, Any]


def samples_of(spec: GameSpec) -> ModuleType | None:
    try:
        return importlib.import_module(f"{spec.renderer}.samples")
    except ModuleNotFoundError:
        return None


def games_with_samples() -> list[str]:
    return [s.name for s in discovery.specs() if samples_of(s) is not None]


def cases(name: str) -> list[tuple[str, str, Callable[[], View]]]:
    """(golden name, "board" or "panel", view builder) of every sample view of a game."""
    samples = samples_of(discovery.spec(name))
    assert samples is not None
    return [
        (f"{name}_{kind}_{sample}", kind, build)
        for kind, table in (("board", samples.BOARDS), ("panel", samples.PANELS))
        for sample, build in sorted(table.items())
    ]


def render(spec: GameSpec, kind: str, view: View) -> Image.Image:
    image: Image.Image = spec.render_board(view) if kind == "board" else spec.render_panel(view)
    return image


ALL_CASES = [(name, golden) for name in games_with_samples() for golden, _, _ in cases(name)]


@pytest.mark.parametrize(("name", "golden"), ALL_CASES)
def test_sample_view_matches_its_golden(name: str, golden: str) -> None:
    spec = discovery.spec(name)
    kind, build = next((k, b) for g, k, b in cases(name) if g == golden)
    assert_matches_golden(render(spec, kind, build()), golden, spec.render_module().PALETTE)


@pytest.mark.parametrize("name", games_with_samples())
def test_one_changed_score_digit_fails(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Arrange: a golden of a sample board of a game in play, and that board with one score + 1
    spec = discovery.spec(name)
    palette = spec.render_module().PALETTE
    boards = [build() for _, kind, build in cases(name) if kind == "board"]
    view = next(v for v in boards if not v.get("outcome"))
    monkeypatch.setenv("UPDATE_GOLDEN", "1")
    assert_matches_golden(spec.render_board(view), "board", palette, golden_dir=tmp_path)
    monkeypatch.delenv("UPDATE_GOLDEN")
    scored = copy.deepcopy(view)
    scored["players"][0]["score"] += 1
    failed = tmp_path / "failed"
    # Act / Assert: the same board passes; the one-digit change fails and leaves evidence
    assert_matches_golden(spec.render_board(view), "board", palette, golden_dir=tmp_path,
                          failed_dir=failed)
    with pytest.raises(AssertionError, match="pixels differ"):
        assert_matches_golden(spec.render_board(scored), "board", palette,
                              golden_dir=tmp_path, failed_dir=failed)
    assert (failed / "board.actual.png").exists()
    assert (failed / "board.diff.png").exists()


def own_colours(name: str) -> ModuleType:
    return importlib.import_module(f"games.{name}.render.colours")


def shifted(value: Any) -> Any:
    """Every RGB inside ``value`` moved to a clearly different colour."""
    if isinstance(value, tuple) and len(value) == 3 and all(isinstance(v, int) for v in value):
        return tuple((v + 97) % 256 for v in value)
    if isinstance(value, tuple | list):
        return type(value)(shifted(v) for v in value)
    if isinstance(value, dict):
        return {k: shifted(v) for k, v in value.items()}
    return value


GAME_PAIRS = [
    (changed, kept) for changed, kept in itertools.permutations(games_with_samples(), 2)
    if importlib.util.find_spec(f"games.{changed}.render.colours") is not None
]


@pytest.mark.parametrize(("changed", "kept"), GAME_PAIRS)
def test_another_games_colours_never_move_a_games_pixels(
    changed: str, kept: str, monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Arrange: every colour the changed game names for itself is replaced
    module = own_colours(changed)
    names = [n for n in vars(module) if n.isupper() and n != "SEAT_STYLES"]
    for colour_name in names:
        monkeypatch.setattr(module, colour_name, shifted(getattr(module, colour_name)))
    assert names, f"games/{changed}/render/colours.py names no colours"
    spec = discovery.spec(kept)
    sprites.clear()
    layers.clear()
    try:
        # Act: the kept game rebuilds its palette and draws its sample views again
        palettes = importlib.import_module(f"games.{kept}.render.palette")
        palette: Palette = palettes.build()
        monkeypatch.setattr(palettes, "PALETTE", palette)  # a board drawn on it uses it
        for golden, kind, build in cases(kept):
            image = render(spec, kind, build())
            if image.mode == "P":  # drawn on the palette: it must be the rebuilt one
                assert image.getpalette() == palette.image().getpalette(), golden
            posted = as_posted(image, palette).convert("RGB")
            # Assert: byte for byte the committed golden
            with Image.open(GOLDEN_DIR / f"{golden}.png") as stored:
                assert posted.tobytes() == stored.convert("RGB").tobytes(), golden
    finally:
        sprites.clear()
        layers.clear()
