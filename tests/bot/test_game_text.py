from __future__ import annotations

from types import SimpleNamespace

from bot.exts.game._text import log_file_text, log_shown
from bot.exts.play._text import explain_decision
from games.core import Event, get


def entry(version: int) -> SimpleNamespace:
    return SimpleNamespace(
        version=version,
        kind="move",
        label="Blue" if version % 2 else "White",
        name="alice",
        action=f"place {version % 16 + 1}",
        description=f"Place on #{version % 16 + 1} somewhere along the border",
        events=(Event(f"Event of move {version}."),),
    )


def test_a_long_log_shows_the_newest_moves_and_the_file_keeps_them_all() -> None:
    entries = [entry(v) for v in range(1, 301)]
    shown, left_out = log_shown(entries, limit=3500)
    lines = shown.splitlines()
    assert len(shown) <= 3500 and left_out == 300 - len(lines) > 0
    assert lines[-1].startswith("300. White — ") and lines[0].startswith(f"{left_out + 1}. ")
    text = log_file_text("Targi", 7, entries)
    assert "Event of move 1." in text and "Event of move 300." in text


def test_what_can_i_do_fits_a_message_even_with_many_options() -> None:
    game = get("targi")
    state = game.new_game(2, 1, game.default_options())
    decision = game.decision(state)
    assert decision is not None
    full = explain_decision(game, state, decision, decision.seat)
    assert all(f"`{a}`" in full for a in decision.actions)
    short = explain_decision(game, state, decision, decision.seat, limit=300)
    assert len(short) <= 300 and "more (start typing in /play" in short
    other = explain_decision(game, state, decision, 1 - decision.seat)
    assert other.startswith("It is not your decision now")


def test_moves_taken_back_leave_no_gap_in_the_log_numbers() -> None:
    # versions 13 and 14 were undone (the undo itself was version 15): the log as it stands
    entries = [entry(v) for v in (*range(1, 13), 16, 17)]
    shown, left_out = log_shown(entries)
    numbers = [int(line.split(".")[0]) for line in shown.splitlines()]
    assert left_out == 0 and numbers == list(range(1, 15)), "as /game info counts: 14 moves"
    text = log_file_text("Targi", 7, entries)
    assert "\n13. White (alice): " in text and "\n16." not in text
