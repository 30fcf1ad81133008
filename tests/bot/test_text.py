from __future__ import annotations

from dataclasses import dataclass
from types import SimpleNamespace
from typing import Any

from bot.exts.game._text import info_embed
from bot.exts.play._text import board_marker, looks_like_move, result_post, summary, turn_post
from games.core.contract import Decision, Outcome


@dataclass
class Seat:
    seat: int
    user_id: int | None
    agent: str | None
    name: str


class FakeGame:
    title = "Targi"

    def seat_label(self, seat: int) -> str:
        return ("Blue", "White")[seat]


SEATS = [Seat(0, 11, None, "alice"), Seat(1, None, "greedy", "Greedy")]
GAME: Any = FakeGame()


def test_turn_post_says_what_changed_and_pings_the_person_to_move() -> None:
    decision = Decision(0, "place_targi", "place a Targi figure on a border card.", ("place 5",))
    text = turn_post(GAME, SEATS, decision, ["White placed on #3 Trader.", "Round 2 begins."])
    first, second = text.splitlines()
    assert first == "White placed on #3 Trader. Round 2 begins."
    assert "<@11>" in second and "Blue" in second and "place a Targi figure" in second


def test_turn_post_names_a_bot_without_pinging() -> None:
    decision = Decision(1, "place_targi", "place a figure.", ("place 5",))
    text = turn_post(GAME, SEATS, decision, [])
    assert "<@" not in text and "Greedy" in text


def test_summary_is_cut_to_fit_a_message() -> None:
    text = summary(["x" * 900, "y" * 900], limit=1200)
    assert len(text) == 1200 and text.endswith("…")


def test_result_names_the_winner_with_each_breakdown_best_first() -> None:
    outcome = Outcome(
        scores=(21, 25),
        breakdown=({"cards": 15, "tokens": 6}, {"cards": 20, "tokens": 5}),
        winners=(1,),
        reason="The 13th round ended.",
    )
    text = result_post(GAME, SEATS, outcome)
    lines = text.splitlines()
    assert "White" in lines[0] and "wins" in lines[0]
    assert lines[2].startswith("**White") and "25 points" in lines[2] and "cards 20" in lines[2]
    assert lines[3].startswith("**Blue") and "21 points" in lines[3]


def test_a_solo_result_is_told_in_its_own_words_with_nobody_named_winner() -> None:
    outcome = Outcome(
        scores=(74,), breakdown=({"caravans": 70, "gold": 4},), winners=(),
        reason="The last caravan arrived.", result="74 points: band Master caravaneer",
    )
    text = result_post(GAME, SEATS[:1], outcome)
    lines = text.splitlines()
    assert lines[0] == "🏆 **Game over — 74 points: band Master caravaneer**"
    assert "wins" not in text and "victory" not in text
    assert lines[2].startswith("**Blue") and "74 points" in lines[2]
    embed = info_embed(details(outcome))
    result = next(f.value for f in embed.fields if f.name == "Result")
    assert result.splitlines()[0] == "74 points: band Master caravaneer" and "🏆" not in result


def test_a_lost_cooperative_game_names_no_winner() -> None:
    outcome = Outcome(
        scores=(3, 5), breakdown=({}, {}), winners=(), reason="The storm came.",
        result="Lost to the automa",
    )
    head = result_post(GAME, SEATS, outcome).splitlines()[0]
    assert head == "🏆 **Game over — Lost to the automa**"
    nobody = Outcome(scores=(3, 3), breakdown=({}, {}), winners=(), reason="Time ran out.")
    assert result_post(GAME, SEATS, nobody).splitlines()[0] == "🏆 **Game over — nobody wins.**"


def details(outcome: Outcome) -> Any:
    info = SimpleNamespace(id=7, status="finished", thread_id=None)
    return SimpleNamespace(
        info=info, title="Solo", moves=30, pace_title="Daily", seats=SEATS[:1],
        labels=("Blue",), next=None, deadline=None, stalled=False, open_undo_request=None,
        outcome=outcome,
    )


def test_only_short_texts_starting_with_a_current_verb_look_like_moves() -> None:
    decision = Decision(0, "action_menu", "choose.", ("use 5", "skip 5", "end"))
    assert looks_like_move("use 7", decision)
    assert looks_like_move("End", decision)
    assert not looks_like_move("hello there", decision)
    assert not looks_like_move("use the force luke, please", decision)
    assert not looks_like_move("use 5", None)


def test_the_board_marker_is_the_last_line_even_when_the_text_is_cut() -> None:
    decision = Decision(0, "place_targi", "place a Targi figure.", ("place 5",))
    marker = board_marker(12, 345)
    assert marker == "-# Table #12 · move 345"
    long_events = ["Something happened at length. " * 40] * 5
    text = turn_post(GAME, SEATS, decision, long_events, header="h" * 900, marker=marker)
    assert len(text) <= 2000 and text.splitlines()[-1] == marker


def test_a_near_move_is_a_slip_of_a_verb_and_nothing_else() -> None:
    from bot.exts.play._text import near_move
    from games.core.contract import Decision

    decision = Decision(0, "place_targi", "Place.", ("place 2", "place 9", "place 14"))
    assert near_move("plcae 9", decision) == "place 9"
    assert near_move("Palce 14", decision) == "place 14"
    assert near_move("place 9", decision) is None, "already a verb: parsed as it is"
    assert near_move("please wait for me", decision) is None
    assert near_move("pl 9", decision) is None
    assert near_move("plcae 9 and then some more", decision) is None


def test_after_an_undo_the_marker_numbers_the_move_and_stays_unique_per_version() -> None:
    assert board_marker(12, 22, 22) == "-# Table #12 · move 22"
    after_undo = board_marker(12, 24, 22)
    assert after_undo == "-# Table #12 · move 22 · version 24"
    assert after_undo != board_marker(12, 22, 22)
