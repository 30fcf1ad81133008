"""What Targi's status band says: the round, the phase, whose turn, whether a raid comes next,
and each seat's points, gold and goods."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from PIL import Image

from games.targi.render import colours
from renderers.kit.compose import PaletteBoard
from renderers.kit.preview import SeatStatus, status_band
from renderers.kit.preview import band_on as kit_band_on

View = Mapping[str, Any]

LAST_ROUND = 12
CORNERS = {4: "Raid 1", 8: "Raid 2", 12: "Raid 3", 16: "Raid 4"}  # where the robber raids
PHASES = {
    "raid": "Raid",
    "placement": "Placement",
    "actions": "Actions",
    "limit": "End of round",
    "finished": "Game over",
}


def round_text(view: View) -> str:
    """``"Round 4 / 12"``; once the twelfth round is over (the last raid), ``"After round 12"``,
    as the posts say."""
    rnd = int(view.get("round", 1))
    return f"After round {LAST_ROUND}" if rnd > LAST_ROUND else f"Round {rnd} / {LAST_ROUND}"


def phase_text(view: View) -> str:
    phase = str(view.get("phase", ""))
    return PHASES.get(phase, phase.capitalize())


def seat_label(view: View, seat: int) -> str:
    for player in view.get("players", []):
        if player.get("seat") == seat and player.get("label"):
            return str(player["label"])
    return colours.seat_name(seat)


def raid_next(view: View) -> str | None:
    """The raid the robber reaches at the start of the next round, if it reaches one."""
    robber = view.get("robber")
    if not isinstance(robber, int) or isinstance(view.get("outcome"), Mapping):
        return None
    return CORNERS.get(robber + 1)


def status_text(view: View) -> str:
    parts = [round_text(view), phase_text(view)]
    outcome = view.get("outcome")
    decision = view.get("decision")
    if isinstance(outcome, Mapping):
        winners = [int(w) for w in outcome.get("winners", [])]
        if len(winners) == 1:
            parts.append(f"{seat_label(view, winners[0])} wins")
        elif winners:
            parts.append("shared victory")
    elif isinstance(decision, Mapping) and isinstance(decision.get("seat"), int):
        parts.append(f"{seat_label(view, int(decision['seat']))} to move")
    raid = raid_next(view)
    if raid:
        parts.append(f"{raid} next round")
    return " · ".join(parts)


def seat_detail(player: Mapping[str, Any]) -> str:
    """Gold first (it buys the most), then dates, salt and pepper: ``"1 G · 4 D 0 S 1 P"``."""
    goods = " ".join(f"{int(player.get(k, 0))} {letter}"
                     for k, letter in (("dates", "D"), ("salt", "S"), ("pepper", "P")))
    return f"{int(player.get('gold', 0))} G · {goods}"


def seats(view: View) -> list[SeatStatus]:
    decision = view.get("decision")
    deciding = decision.get("seat") if isinstance(decision, Mapping) else None
    outcome = view.get("outcome")
    scores = list(outcome.get("scores", [])) if isinstance(outcome, Mapping) else []
    out = []
    for player in view.get("players", []):
        seat = int(player.get("seat", 0))
        score = scores[seat] if seat < len(scores) else player.get("score", 0)
        out.append(SeatStatus(
            label=seat_label(view, seat), seat=seat, score=f"{score} VP",
            detail=seat_detail(player), to_move=deciding == seat and not scores,
        ))
    return out


def band(view: View, width: int, changed: bool) -> Image.Image:
    return status_band(width, "Targi", status_text(view), seats(view), changed=changed)


def band_on(board: PaletteBoard, view: View, changed: bool) -> None:
    """``band`` laid onto the top of ``board``."""
    kit_band_on(board, 0, "Targi", status_text(view), seats(view), changed=changed)
