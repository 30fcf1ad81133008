"""Per-server settings that moderators choose: who moderates, where games open, the caps.

Stored as one JSON object per server (``Store.get_guild_settings``); every value is checked
here, and a stored value that is missing, of the wrong type or out of range reads as its
default, so one damaged row never stops a server's tables.

- ``mod_role_id``: members with this role moderate, besides those with Manage Server;
- ``newgame_channel_id``: the one channel where ``/newgame`` may be used (None: any);
- ``max_open_tables``: tables in the lobby or being played (default: the bot's setting);
- ``max_tables_per_member``: open tables a member may sit at when opening another (None: any);
- ``max_lobbies``: lobbies waiting at once (None: only the open-tables cap);
- ``lobby_hours``: how long a lobby waits to start before it closes itself (48);
- ``archive_hours``: how long after its end a game's thread is archived (24);
- ``dashboard_channel_id`` / ``dashboard_message_id``: the ``/admin dashboard`` message.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, fields, replace
from typing import Any

from bot.service.errors import InvalidSetting

DEFAULT_LOBBY_HOURS = 48
DEFAULT_ARCHIVE_HOURS = 24
DEFAULT_MAX_OPEN_TABLES = 20
# The ranges a moderator may choose from, named in the refusal.
LIMITS: dict[str, tuple[int, int]] = {
    "max_open_tables": (1, 200),
    "max_tables_per_member": (1, 50),
    "max_lobbies": (1, 50),
    "lobby_hours": (1, 720),
    "archive_hours": (1, 720),
}
TITLES = {
    "max_open_tables": "open tables",
    "max_tables_per_member": "tables per member",
    "max_lobbies": "lobbies",
    "lobby_hours": "lobby lifetime (hours)",
    "archive_hours": "archive after (hours)",
}
_IDS = ("mod_role_id", "newgame_channel_id", "dashboard_channel_id", "dashboard_message_id")


@dataclass(frozen=True, slots=True)
class ServerSettings:
    guild_id: int
    mod_role_id: int | None = None
    newgame_channel_id: int | None = None
    max_open_tables: int = DEFAULT_MAX_OPEN_TABLES
    max_tables_per_member: int | None = None
    max_lobbies: int | None = None
    lobby_hours: int = DEFAULT_LOBBY_HOURS
    archive_hours: int = DEFAULT_ARCHIVE_HOURS
    dashboard_channel_id: int | None = None
    dashboard_message_id: int | None = None

    @classmethod
    def from_stored(
        cls, guild_id: int, stored: dict[str, Any], *, max_open_tables: int
    ) -> ServerSettings:
        """``max_open_tables`` is the bot's own setting, used unless the server chose one."""
        values: dict[str, Any] = {"max_open_tables": max_open_tables}
        for name in _IDS:
            value = stored.get(name)
            if isinstance(value, int) and not isinstance(value, bool) and value > 0:
                values[name] = value
        for name, (low, high) in LIMITS.items():
            value = stored.get(name)
            if isinstance(value, int) and not isinstance(value, bool) and low <= value <= high:
                values[name] = value
        return cls(guild_id, **values)

    def stored(self, default_open_tables: int = DEFAULT_MAX_OPEN_TABLES) -> dict[str, Any]:
        """The values as stored; the open-tables cap only when it differs from the bot's
        setting, so a server that never chose one follows that setting when it changes."""
        return {
            k: v
            for k, v in asdict(self).items()
            if k != "guild_id" and v is not None
            and not (k == "max_open_tables" and v == default_open_tables)
        }

    def with_changes(self, **changes: Any) -> ServerSettings:
        """These settings with ``changes`` checked; InvalidSetting names the allowed range."""
        known = {f.name for f in fields(self)} - {"guild_id"}
        for name, value in changes.items():
            if name not in known:
                raise InvalidSetting(f"There is no server setting {name!r}.")
            if name in LIMITS and value is not None:
                low, high = LIMITS[name]
                if not isinstance(value, int) or not low <= value <= high:
                    raise InvalidSetting(
                        f"The {TITLES[name]} must be between {low} and {high}."
                    )
        return replace(self, **changes)

    def describe(self) -> list[str]:
        """One line per cap, as moderators read them."""
        def show(value: int | None) -> str:
            return "no limit" if value is None else str(value)

        return [
            f"Open tables: {self.max_open_tables}",
            f"Tables per member: {show(self.max_tables_per_member)}",
            f"Lobbies: {show(self.max_lobbies)}",
            f"Lobbies close after {self.lobby_hours} h; finished threads are archived after "
            f"{self.archive_hours} h",
        ]
