"""The terminal board (`caravanserai play sahwari`): every letter on the map is explained."""

from __future__ import annotations

import re

from games.sahwari import GAME
from games.sahwari.engine.data import SEAT_LABELS


def board(players: int = 3, moves: int = 40) -> str:
    state = GAME.new_game(players, 3, GAME.default_options(players))
    for _ in range(moves):
        decision = GAME.decision(state)
        assert decision is not None
        state = GAME.apply(state, decision.actions[-1])
    return GAME.text(state, 0)


def legend(text: str) -> str:
    keys = [line for line in text.splitlines() if line.startswith(("Key:", " "))]
    assert keys, "the board has no key"
    return " ".join(" ".join(keys).split())


def test_the_key_names_every_tile_mark_and_item_letter() -> None:
    key = legend(board())
    for words in ("# Guild", "~ desert", "o oasis", "A artifact", "R recruit",
                  "y yellow caravan", "b blue caravan", "face down"):
        assert words in key, words


def test_the_key_says_whose_camels_the_ids_are() -> None:
    for players in (2, 3, 4):
        text = board(players)
        key = legend(text)
        assert "G1" in key and "guild" in key
        camels = set(re.findall(r"P\d[ab]?", text.split("Key:")[0]))
        assert camels
        for camel in camels:
            seat = int(camel[1]) - 1
            assert f"P{seat + 1} {SEAT_LABELS[seat]}" in key, camel


def test_the_key_is_short_and_fits_the_board_width() -> None:
    text = board(4)
    keys = [line for line in text.splitlines() if line.startswith(("Key:", " "))]
    assert len(keys) <= 4
    width = max(len(line.rstrip()) for line in text.split("Key:")[0].splitlines())
    assert all(len(line) <= width for line in keys)
