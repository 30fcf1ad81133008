"""Typed moves: forgiving about case and spacing, strict about what a word may be."""

from __future__ import annotations

import pytest

from games.core import NotationError
from games.sahwari import GAME


@pytest.mark.parametrize(
    ("typed", "canonical"),
    [
        ("MOVE b2 n", "move B2 N"),
        ("take C07", "take c07"),
        ("cube l1|clan", "cube L1|CLAN"),
        ("spy purple", "spy Purple"),
        ("tornado p1a", "tornado P1a"),
        ("guild g2  e", "guild G2 E"),
        ("card r17 Left", "card R17 left"),
        ("end", "done"),
        ("attack b2 camel p2a", "attack B2 camel P2a"),
    ],
)
def test_typing_is_forgiving(typed: str, canonical: str) -> None:
    assert GAME.normalize(typed) == canonical


@pytest.mark.parametrize("typed", ["fly B2", "move B2 N <@1>", "take a b c d e", ""])
def test_what_is_not_a_move_is_refused_as_notation(typed: str) -> None:
    with pytest.raises(NotationError):
        GAME.normalize(typed)
