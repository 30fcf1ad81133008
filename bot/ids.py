"""Custom ids of persistent components: every id names the table and, for moves, the version.

Discord limits a custom id to 100 characters; these stay far below. The regexes here are the
``DynamicItem`` templates, so a click still reaches the bot after a restart.
"""

from __future__ import annotations

PREFIX = "cv:"

LOBBY_VERBS = ("join", "leave", "bot", "start", "cancel")

LOBBY_TEMPLATE = r"cv:lobby:(?P<table>[0-9]{1,18}):(?P<verb>join|leave|bot|start|cancel)"
PANEL_TEMPLATE = r"cv:panel:(?P<table>[0-9]{1,18}):(?P<version>[0-9]{1,9})"
ACTION_TEMPLATE = r"cv:act:(?P<table>[0-9]{1,18}):(?P<version>[0-9]{1,9}):(?P<index>[0-9]{1,4})"
PICK_TEMPLATE = r"cv:pick:(?P<table>[0-9]{1,18}):(?P<version>[0-9]{1,9}):(?P<part>[0-9]{1,2})"
CONFIRM_TEMPLATE = (
    r"cv:sure:(?P<table>[0-9]{1,18}):(?P<version>[0-9]{1,9}):(?P<index>[0-9]{1,4})"
)
BACK_TEMPLATE = r"cv:back:(?P<table>[0-9]{1,18}):(?P<version>[0-9]{1,9})"
HELP_TEMPLATE = r"cv:help:(?P<table>[0-9]{1,18}):(?P<version>[0-9]{1,9})"
EXTRAS_TEMPLATE = r"cv:more:(?P<table>[0-9]{1,18}):(?P<version>[0-9]{1,9})"
UNDO_TEMPLATE = r"cv:undo:(?P<table>[0-9]{1,18}):(?P<version>[0-9]{1,9})"
KEEP_TEMPLATE = r"cv:keep:(?P<table>[0-9]{1,18})"
CONSENT_TEMPLATE = r"cv:consent:(?P<request>[0-9]{1,18}):(?P<answer>yes|no)"
RECLAIM_TEMPLATE = r"cv:reclaim:(?P<table>[0-9]{1,18})"
FREE_SEAT_TEMPLATE = r"cv:free:(?P<table>[0-9]{1,18}):(?P<seat>[0-9]{1,2})"
LEAVE_TEMPLATE = r"cv:quit:(?P<table>[0-9]{1,18})"
CONCEDE_TEMPLATE = r"cv:concede:(?P<table>[0-9]{1,18})"
STALL_CHOICES = ("extend", "bot", "take")
STALL_TEMPLATE = (
    r"cv:stall:(?P<table>[0-9]{1,18}):(?P<version>[0-9]{1,9}):(?P<seat>[0-9]{1,2})"
    r":(?P<choice>extend|bot|take)"
)


def lobby(table_id: int, verb: str) -> str:
    assert verb in LOBBY_VERBS, verb
    return f"cv:lobby:{table_id}:{verb}"


def panel(table_id: int, version: int) -> str:
    return f"cv:panel:{table_id}:{version}"


def action(table_id: int, version: int, index: int) -> str:
    return f"cv:act:{table_id}:{version}:{index}"


def pick(table_id: int, version: int, part: int) -> str:
    return f"cv:pick:{table_id}:{version}:{part}"


def confirm(table_id: int, version: int, index: int) -> str:
    return f"cv:sure:{table_id}:{version}:{index}"


def back(table_id: int, version: int) -> str:
    return f"cv:back:{table_id}:{version}"


def extras(table_id: int, version: int) -> str:
    return f"cv:more:{table_id}:{version}"


def help_(table_id: int, version: int) -> str:
    return f"cv:help:{table_id}:{version}"


def stall(table_id: int, version: int, seat: int, choice: str) -> str:
    assert choice in STALL_CHOICES, choice
    return f"cv:stall:{table_id}:{version}:{seat}:{choice}"


def undo(table_id: int, version: int) -> str:
    return f"cv:undo:{table_id}:{version}"


def keep(table_id: int) -> str:
    return f"cv:keep:{table_id}"


def consent(request_id: int, answer: str) -> str:
    assert answer in ("yes", "no"), answer
    return f"cv:consent:{request_id}:{answer}"


def free_seat(table_id: int, seat: int) -> str:
    return f"cv:free:{table_id}:{seat}"


def reclaim(table_id: int) -> str:
    return f"cv:reclaim:{table_id}"


def leave_game(table_id: int) -> str:
    return f"cv:quit:{table_id}"


def concede(table_id: int) -> str:
    return f"cv:concede:{table_id}"
