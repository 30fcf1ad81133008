"""``TableService``: the whole Discord-free API in one object.

    service = TableService(store, clock=..., on_schedule=timers.wake)
    timers = TimerService(store, clock=..., sleep=...)   # one per process; run() as a task

Lobby (``bot.service.tables``)
    create_table(game, *, guild_id, channel_id, host_id, host_name, options=None,
                 pace="daily") -> TableInfo
    join / leave / add_agent / remove_seat / start / cancel / set_lobby_message / set_thread
Play
    submit(table_id, user_id, text, request_id, expected_version=None) -> MoveResult
    preview_move(table_id, user_id, text) -> MovePreview   # pure: Confirm / Back before it
    deadline(table_id) -> datetime | None
Stalled seats and leaving (``bot.service.stalls``)
    extend(table_id, by_user) -> datetime
    agent_takeover(table_id, seat, by_user, level=None) -> TableInfo
    reclaim(table_id, user_id) -> TableInfo
    take_seat(table_id, seat, new_user, name="") -> TableInfo
    leave_game(table_id, user_id) -> TableInfo
    concede(table_id, user_id) -> TableInfo
Undo (``bot.service.undo``)
    preview_undo(table_id, user_id) -> UndoPreview
    undo(table_id, user_id, request_id, expected_version=None) -> UndoResult
    request_undo(table_id, user_id) -> UndoRequestInfo
    consent_undo(request_id, user_id) / decline_undo(request_id, user_id) -> UndoRequestInfo
    undo_request(request_id) -> UndoRequestInfo
Information (``bot.service.inbox``)
    my_tables(user_id, *, page=0, per_page=10) -> InboxPage
    game_log(table_id, viewer=None) -> list[LogEntry]   # viewer: a seat, or None
    private_events(table_id, seat, *, at, log=None) -> list[str]   # at: the version shown
    table_info(table_id) -> TableDetails
    replay_matches(table_id) -> bool
    user_settings(user_id) -> UserSettings
    set_user_settings(user_id, *, time_zone=None, quiet_hours=None, notify=None) -> UserSettings
    load / info / state_at / table_for_thread / tables / seat_of / holder / waiting_on / actions
Moderators (``bot.service.moderation``; settings in ``bot.service.server``)
    server_settings(guild_id) -> ServerSettings
    configure(guild_id, by_user, action, detail, **changes) -> ServerSettings
    moderator_cancel(table_id, guild_id, by_user, reason) -> TableInfo
    moderator_seat(table_id, seat, guild_id, by_user, free=False) -> TableInfo
    moderator_extend(table_id, guild_id, by_user, hours=None) -> datetime
    moderation_log(guild_id, limit=20) -> list[ModerationRecord]
Away time (``bot.service.away``)
    set_away(user_id, until) -> AwayNotice / come_back(user_id) / away_until(user_ids)
Records (``bot.service.records``)
    finished_games(user_id, *, game=None, page=0) -> HistoryPage
    player_stats(user_id) -> PlayerStats
    turn_medians(user_ids) -> dict[int, timedelta]
    dashboard(guild_id) -> list[DashboardRow]
Daily digest (``bot.service.digest``)
    digests_due(now=None) -> list[Digest]   # marks each as sent
Delivery (``bot.service.outbox``)
    service.outbox: pending / begin / mark_delivered / mark_failed / for_table
"""

from __future__ import annotations

from bot.service.away import AwayOps
from bot.service.moderation import ModOps
from bot.service.records import DashboardOps
from bot.service.undo import UndoOps


class TableService(UndoOps, ModOps, AwayOps, DashboardOps):
    """Tables, moves, stalled seats, undo, the inbox, settings, moderation, away time and
    members' records over one store."""
