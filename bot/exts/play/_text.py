"""The words of board posts, results and replies; pure functions, tested without Discord."""

from __future__ import annotations

import difflib
from collections.abc import Sequence
from typing import Any

from bot.mentions import plain
from games.core.contract import Decision, Game, Outcome

CONTENT_LIMIT = 2000  # Discord's message content limit
NO_MESSAGE_CONTENT = (
    "Type moves with /play, or ask an admin to enable the Message Content intent "
    "so I can read moves typed as plain messages."
)


def mention(seat: Any) -> str:
    return f"<@{seat.user_id}>" if seat.user_id is not None else plain(seat.name)


def who(game: Game[Any], seats: Sequence[Any], seat: int) -> str:
    return f"{game.seat_label(seat)} ({mention(seats[seat])})"


def summary(events: Sequence[str], limit: int = 1200) -> str:
    """The turn's event sentences as one line, cut to fit a message."""
    text = " ".join(e.strip() for e in events if e.strip())
    if len(text) > limit:
        text = text[: limit - 1].rstrip() + "…"
    return text


def private_note(events: Sequence[str]) -> str:
    """The events only the reader may see, for their private panel or reply; empty if none."""
    said = summary(events, limit=800)
    return f"🔒 Only you can see: {said}" if said else ""


def turn_post(
    game: Game[Any],
    seats: Sequence[Any],
    decision: Decision | None,
    events: Sequence[str],
    *,
    header: str | None = None,
    footer: str | None = None,
    marker: str | None = None,
) -> str:
    """Board post text: what changed, then whose turn it is (with a ping for a person).

    ``marker`` is the last line and is never cut: it names the post (see ``board_marker``)."""
    lines = [header] if header else []
    changed = summary(events)
    if changed:
        lines.append(changed)
    if decision is not None:
        seat = seats[decision.seat]
        label = game.seat_label(decision.seat)
        if seat.user_id is not None:
            lines.append(f"<@{seat.user_id}>, your move as **{label}** — {decision.prompt}")
        else:
            lines.append(f"**{label}** ({plain(seat.name)}) is to move.")
    if footer:
        lines.append(f"-# {footer}")
    if marker is None:
        return "\n".join(lines)[:CONTENT_LIMIT]
    return "\n".join(lines)[: CONTENT_LIMIT - len(marker) - 1] + "\n" + marker


def board_marker(table_id: int, version: int, moves: int | None = None) -> str:
    """The small last line of a board post; unique per table and version, so a retry after a
    crash can tell whether this board is already in the thread. It numbers the move as
    /game info and /game log count them (``moves``: moves taken back leave no gap); when that
    differs from the table's version (after an undo), the version follows, to stay unique."""
    if moves is None or moves == version:
        return f"-# Table #{table_id} · move {version}"
    return f"-# Table #{table_id} · move {moves} · version {version}"


def result_post(game: Game[Any], seats: Sequence[Any], outcome: Outcome) -> str:
    """Final scores with each seat's breakdown, and the winner(s) or the solo or cooperative
    result."""
    winners = [who(game, seats, s) for s in outcome.winners]
    if outcome.result is not None:
        head = f"🏆 **Game over — {outcome.result}**"
    elif len(winners) == 1:
        head = f"🏆 **Game over — {winners[0]} wins!**"
    elif winners:
        head = f"🏆 **Game over — shared victory: {', '.join(winners)}.**"
    else:
        head = "🏆 **Game over — nobody wins.**"
    lines = [head, outcome.reason]
    order = sorted(range(len(outcome.scores)), key=lambda s: -outcome.scores[s])
    for s in order:
        parts = ", ".join(f"{k} {v}" for k, v in outcome.breakdown[s].items() if v)
        lines.append(
            f"**{who(game, seats, s)}: {outcome.scores[s]} points** ({parts or 'no points'})"
        )
    if outcome.tiebreak:
        lines.append(f"Tie broken by {outcome.tiebreak}.")
    return "\n".join(line for line in lines if line)[:CONTENT_LIMIT]


def looks_like_move(text: str, decision: Decision | None) -> bool:
    """Whether a chat message is a move attempt (worth an error reply) rather than talk."""
    words = text.strip().lower().split()
    if not words or len(words) > 4 or decision is None:
        return False
    verbs = {a.split()[0].lower() for a in decision.actions}
    return words[0].lstrip("/") in verbs


def near_move(text: str, decision: Decision | None) -> str | None:
    """The move a short message nearly is, when its first word is a slip of one of the
    decision's verbs (``plcae 9`` → ``place 9``); None for ordinary chat."""
    words = text.strip().lower().split()
    if not words or len(words) > 4 or decision is None:
        return None
    verbs = sorted({a.split()[0].lower() for a in decision.actions})
    first = words[0].lstrip("/")
    if first in verbs or len(first) < 3:
        return None
    close = difflib.get_close_matches(first, verbs, n=1, cutoff=0.75)
    return " ".join([close[0], *words[1:]]) if close else None


def explain_decision(
    game: Game[Any], state: Any, decision: Decision, seat: int, limit: int = CONTENT_LIMIT
) -> str:
    """"What can I do?": the decision's prompt, each option in words with its notation, and
    how to type one. Cut to ``limit`` with a count of what was left out."""
    if decision.seat != seat:
        return f"It is not your decision now: waiting for **{game.seat_label(decision.seat)}**."
    options = game.options(state)
    head = [f"**{decision.prompt}**", f"You have {len(options)} options:"]
    example = options[0].notation
    tail = [f"Choose one on the panel, or type it: `/play {example}`."]
    lines: list[str] = []
    for n, option in enumerate(options):
        line = f"• {option.label} — `{option.notation}`"
        left = len(options) - n
        room = limit - len("\n".join([*head, *lines, line, *tail])) - 40
        if room < 0:
            lines.append(f"…and {left} more (start typing in /play to see them).")
            break
        lines.append(line)
    return "\n".join([*head, *lines, *tail])


def preview_text(preview: Any) -> str:
    """A move shown before it is made: what it is, why it cannot simply be taken back, and
    what it would do when that is not a secret."""
    lines = [f"**{preview.description}** (`{preview.action}`) — confirm?"]
    if preview.warning:
        lines.append(f"⚠️ {preview.warning}")
    said = summary(preview.events, limit=1500)
    if said:
        lines.append(f"It would: {said}")
    return "\n".join(lines)[:CONTENT_LIMIT]
