"""Options point at what they name on the board (`Game.targets`), as plain JSON, so the panel
and the pictures can mark it without reading notation."""

from __future__ import annotations

import json

from games.core import rng as R
from games.resafa import GAME
from games.resafa.testing import OCHRE, kind, legal, play, position

# words that only move the turn along and name nothing on the board
FLOW = frozenset({"main", "colour", "end", "keep", "none", "skip", "stop", "done", "back",
                  "cards"})


def test_every_option_that_names_something_points_at_it() -> None:
    rng = R.seed_state(3)
    missing: dict[str, str] = {}
    for game in range(24):
        players = 1 + game % 4
        st = GAME.new_game(players, 700 + game, GAME.default_options(players))
        while (decision := GAME.decision(st)) is not None:
            for option in GAME.options(st):
                if option.notation.split()[0] in FLOW:
                    continue
                if not option.targets:
                    missing.setdefault(decision.kind, option.notation)
                assert json.loads(json.dumps(option.targets)) == option.targets
            rng, i = R.below(rng, len(decision.actions))
            st = GAME.apply(st, decision.actions[i])
    assert not missing, f"options with no targets, by decision kind: {missing}"


def targets_of(st: object, notation: str) -> dict[str, object]:
    return {o.notation: dict(o.targets) for o in GAME.options(st)}[notation]


def test_a_workshop_cell_is_named_as_on_the_board() -> None:
    st = position(round=1, hands={OCHRE: ["C1", "C2", "C3"]}, coins={OCHRE: 5},
                  ware={OCHRE: "3S"})
    st, _ = play(st, "play C1 up", "main")
    assert kind(st) == "workshop_tile"
    tile = legal(st)[0].split()[1]
    assert targets_of(st, f"tile {tile}")["card"] == tile
    assert targets_of(st, f"tile {tile}")["cost"] == {"coin": 1, "stone": 1}
    st, _ = play(st, f"tile {tile}", "front")
    if kind(st) == "workshop_rotation":
        assert targets_of(st, legal(st)[0])["card"] == tile
        st, _ = play(st, legal(st)[0])
    assert kind(st) == "workshop_cell"
    cell = legal(st)[0].split()[1]
    assert targets_of(st, f"cell {cell}") == {"seat": OCHRE, "cell": cell}


def test_a_move_names_its_city_and_its_toll() -> None:
    st = position(round=1, hands={OCHRE: ["C2", "C3", "C4"]}, coins={OCHRE: 9})
    st, _ = play(st, "play C2 low", "main")  # C2: Garden / Trading
    assert kind(st) == "trade_move"
    go = next(a for a in legal(st) if a.startswith("go "))
    found = targets_of(st, go)
    assert found["node"] == go.split()[1] and isinstance(found["cost"], dict)
