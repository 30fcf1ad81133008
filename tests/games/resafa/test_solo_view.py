"""A solo game's view lists the result bands of spec §14.3, so that a picture can say where the
player stands before the end; a game of several seats has none."""

from __future__ import annotations

from games.core import discovery


def test_a_solo_view_lists_the_result_bands_highest_first() -> None:
    game = discovery.get("resafa")
    view = game.view(game.new_game(1, 3), None)
    assert view["solo_bands"] == [
        {"from": 130, "result": "Legendary merchant"},
        {"from": 110, "result": "Master merchant"},
        {"from": 90, "result": "Trader"},
        {"from": 0, "result": "Apprentice"},
    ]


def test_a_game_of_several_seats_has_no_result_bands() -> None:
    game = discovery.get("resafa")
    assert game.view(game.new_game(2, 3), 0)["solo_bands"] is None
