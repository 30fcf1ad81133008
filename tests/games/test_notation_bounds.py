"""Typed text is bounded in size and cost for every game: hostile text ends in a NotationError
naming the problem, never another exception, a huge string or a deep recursion."""

from __future__ import annotations

import random
import tracemalloc
from typing import Any

import pytest

from games.core import NotationError, discovery
from games.core.contract import MAX_MOVE_TEXT, Game
from tests.games.toy import ToyGame

GAMES = discovery.all_games()
MEMORY_PER_INPUT = 10 * 2**20  # bytes

HOSTILE = [
    "place ²",
    "group ³",
    "use ²",
    "amount ⁵",
    "buy ³",
    "row ¹",
    "alt ⁱ",
    "place ٥",  # an Arabic-Indic five: a digit to Python, not to the notation
    "take 100000000 d",
    "take 30000000 d",
    "silver 99999999 d",
    "trade 99999999 d > g",
    "pay 99999999 s",
    "omit 99999999 p",
    "return 99999999 d",
    "take 5 d",
    "silver 5 dates",
    "place " + "9" * 5000,
    "amount " + "9" * 150,
    "group " + "9" * 5000,
    "take " * 1200 + "card",
    "take " * 30 + "card",
    "x" * (MAX_MOVE_TEXT + 1),
    "place 5" + " " * 5000 + "5",
]


def bounded(game: Game[Any], text: str) -> str | None:
    """``normalize(text)``: its result, or None for a NotationError; anything else fails."""
    tracemalloc.start()
    try:
        return game.normalize(text)
    except NotationError as error:
        assert len(error.reason) <= 400, error.reason[:100]
        return None
    finally:
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        assert peak <= MEMORY_PER_INPUT, (game.name, text[:40], peak)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
@pytest.mark.parametrize("text", HOSTILE, ids=lambda t: t[:20])
def test_hostile_text_is_a_notation_error_or_a_short_move(game: Game[Any], text: str) -> None:
    canonical = bounded(game, text)
    assert canonical is None or len(canonical) <= MAX_MOVE_TEXT


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_text_over_the_limit_is_refused_with_the_limit_named(game: Game[Any]) -> None:
    with pytest.raises(NotationError) as refused:
        game.normalize("place 5 " + "z" * 6000)
    assert f"at most {MAX_MOVE_TEXT} characters" in refused.value.reason
    assert "zzzz" not in refused.value.reason  # the text itself is not echoed back


def test_every_game_gets_the_limit_even_one_written_later() -> None:
    class Careless(ToyGame):
        def normalize(self, text: str) -> str:
            return text.lower() * 1000  # a parser that would pay for any length

    game = Careless()
    assert game.normalize("bank") == "bank" * 1000
    with pytest.raises(NotationError, match="at most"):
        game.normalize("b" * (MAX_MOVE_TEXT + 1))
    with pytest.raises(NotationError, match="at most"):
        game.parse(game.new_game(2, 1), "b" * 6000)


def test_a_count_above_the_games_real_maximum_is_refused_by_name() -> None:
    targi = discovery.get("targi")
    with pytest.raises(NotationError, match="at most 4 goods"):
        targi.normalize("silver 5 d")
    assert targi.normalize("silver 4 d") == "silver DDDD"
    assert targi.normalize("silver 2 gold") == "silver GG"
    assert discovery.get("yspahan").normalize("take " * 30 + "card") == "card"


def test_seeded_random_text_never_raises_anything_but_a_notation_error() -> None:
    rng = random.Random(20261201)
    pieces = ["take", "place", "group", "amount", "silver", "trade", ">", "d", "card", "²",
              "9" * 60, "٣", "+", "c5a", "sb2", "#", "—", "\x00", "<@1>", "@everyone"]  # fmt: skip
    for _ in range(3000):
        if rng.random() < 0.7:
            text = " ".join(rng.choice(pieces) for _ in range(rng.randrange(1, 12)))
        else:
            text = "".join(chr(rng.randrange(0x20, 0x30000)) for _ in range(rng.randrange(1, 300)))
        for game in GAMES:
            canonical = bounded(game, text)
            assert canonical is None or len(canonical) <= MAX_MOVE_TEXT


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.name)
def test_an_error_quotes_the_text_short_and_whole_in_one_code_span(game: Game[Any]) -> None:
    with pytest.raises(NotationError) as refused:
        game.normalize("place `**x**`\n" + "y" * 150)
    reason = refused.value.reason
    quoted = reason.split("`")[1]
    assert quoted.startswith("place '**x**' yyy") and quoted.endswith("…")
    assert len(quoted) <= 60
