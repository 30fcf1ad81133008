"""Seat colours stay apart for readers with each kind of colour-vision deficiency."""

from __future__ import annotations

import itertools

import pytest

from games.core import discovery
from renderers.kit import palette as pal
from renderers.kit.vision import SIMULATIONS, distance

PLAINLY_DIFFERENT = 20.0  # CIE76 ΔE
GAMES = [s.name for s in discovery.specs() if s.bench is not None]  # not the test-only toy


def seat_fills(name: str) -> dict[str, pal.RGB]:
    game = discovery.spec(name).engine
    labels = [game.seat_label(s) for s in range(game.max_players)]
    return {label: pal.seat_style(label, s)[0] for s, label in enumerate(labels)}


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("simulation", [None, *SIMULATIONS])
def test_every_pair_of_seat_colours_is_plainly_different(
    name: str, simulation: str | None
) -> None:
    fills = seat_fills(name)
    for (a, ca), (b, cb) in itertools.combinations(fills.items(), 2):
        seen = distance(ca, cb, simulation)
        assert seen >= PLAINLY_DIFFERENT, f"{name}: {a} and {b} look alike ({seen:.1f})"


def test_every_seat_label_has_its_own_colours() -> None:
    for name in GAMES:
        game = discovery.spec(name).engine
        for s in range(game.max_players):
            assert game.seat_label(s) in pal.SEAT_STYLES, (name, game.seat_label(s))


def test_the_simulation_confuses_what_it_should() -> None:
    red, green = (200, 60, 40), (60, 140, 40)  # a classic red/green pair
    assert distance(red, green) > 50
    assert distance(red, green, "deuteranopia") < distance(red, green) / 2
