from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.exts.play._posts import turn_events


@dataclass
class Row:
    id: int
    kind: str
    payload: dict[str, Any] = field(default_factory=dict)


def turn(n: int, passes: bool, *events: str) -> Row:
    return Row(n, "turn", {"passes_turn": passes, "events": list(events), "label": "Blue"})


def test_a_turn_collects_the_events_of_each_of_its_decisions() -> None:
    rows = [
        Row(1, "start"),
        turn(2, True, "White placed on #3."),
        turn(3, False, "Blue used #5 Trader."),
        turn(4, False, "Blue traded."),
        turn(5, True, "Blue ended the action phase."),
    ]
    assert turn_events(rows, rows[-1]) == [
        "Blue used #5 Trader.",
        "Blue traded.",
        "Blue ended the action phase.",
    ]
    assert turn_events(rows, rows[1]) == ["White placed on #3."]


def test_an_undo_starts_the_turn_afresh_and_silent_moves_are_described() -> None:
    rows = [
        turn(1, True, "White placed."),
        turn(2, False, "Blue used #5."),
        Row(3, "undo", {"events": ["Blue took back 1 move."]}),
        Row(4, "reminder"),
        Row(5, "turn", {"passes_turn": True, "events": [], "label": "Blue", "description": "End"}),
    ]
    assert turn_events(rows, rows[-1]) == ["Blue chose End."]


def test_a_move_a_bot_answered_at_once_is_told_on_the_bot_s_board() -> None:
    person = {"user_id": 7, "is_agent": True}
    rows = [
        Row(1, "start"),
        Row(2, "turn", {"passes_turn": True, "events": ["Blue placed."], **person}),
        Row(3, "turn", {"passes_turn": True, "events": ["White placed."], "user_id": None}),
    ]
    assert turn_events(rows, rows[-1]) == ["Blue placed.", "White placed."]
    # until the bot has answered, the person's move is a board of its own
    assert turn_events(rows[:2], rows[1]) == ["Blue placed."]


def test_a_new_round_and_a_raid_lead_the_post_before_the_moves() -> None:
    last = Row(3, "turn", {
        "passes_turn": True,
        "events": ["White placed on #12.", "Round 4: the robber reached #13 Fata Morgana.",
                   "Raid 1: Blue paid 1 salt.", "Raid 1: White paid 1 date."],
        "headlines": ["Round 4: the robber reached #13 Fata Morgana.",
                      "Raid 1: Blue paid 1 salt.", "Raid 1: White paid 1 date."],
        "label": "White",
    })
    rows = [Row(1, "start"), turn(2, True, "Blue placed on #3."), last]
    assert turn_events(rows, last) == [
        "Round 4: the robber reached #13 Fata Morgana.",
        "Raid 1: Blue paid 1 salt.",
        "Raid 1: White paid 1 date.",
        "White placed on #12.",
    ]
