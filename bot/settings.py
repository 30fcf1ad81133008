"""Typed settings read from the environment and an optional ``.env`` file.

The environment wins over the file, so a deployment can override one key without editing it.
The ``.env`` reader is deliberately tiny: ``KEY=value`` lines, ``#`` comments, optional
``export`` prefixes and matching single or double quotes.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off", ""}
_LEVELS = {"CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG"}


class SettingsError(ValueError):
    """A setting has a value that cannot be used; the message names the key."""


@dataclass(frozen=True)
class Settings:
    discord_token: str | None = field(default=None, repr=False)  # never printed or logged
    database_url: str = "sqlite:///caravanserai.db"
    log_level: str = "INFO"
    dev_guild_id: int | None = None  # sync commands to this guild only (instant, for development)
    max_open_tables_per_guild: int = 20
    message_content_intent: bool = False  # privileged; enable it in the developer portal first
    sync_commands: bool = True
    outbox_poll_seconds: float = 5.0  # how often the dispatcher looks for undelivered posts
    rest_requests_per_second: float = 45.0  # under Discord's global 50 per second per bot

    @classmethod
    def load(
        cls,
        env_file: str | os.PathLike[str] | None = ".env",
        environ: Mapping[str, str] | None = None,
    ) -> Settings:
        values: dict[str, str] = {}
        if env_file is not None and Path(env_file).is_file():
            values.update(read_env_file(Path(env_file)))
        values.update(os.environ if environ is None else environ)
        return cls.from_mapping(values)

    @classmethod
    def from_mapping(cls, values: Mapping[str, str]) -> Settings:
        def get(key: str) -> str | None:
            raw = values.get(key)
            return raw.strip() if raw is not None and raw.strip() != "" else None

        level = (get("LOG_LEVEL") or "INFO").upper()
        if level not in _LEVELS:
            raise SettingsError(
                f"LOG_LEVEL must be one of {', '.join(sorted(_LEVELS))}, not {level!r}"
            )
        return cls(
            discord_token=get("DISCORD_TOKEN"),
            database_url=get("DATABASE_URL") or cls.database_url,
            log_level=level,
            dev_guild_id=_int(get("DEV_GUILD_ID"), "DEV_GUILD_ID"),
            max_open_tables_per_guild=_int(
                get("MAX_OPEN_TABLES_PER_GUILD"), "MAX_OPEN_TABLES_PER_GUILD"
            )
            or cls.max_open_tables_per_guild,
            message_content_intent=_bool(
                get("MESSAGE_CONTENT_INTENT"), "MESSAGE_CONTENT_INTENT", False
            ),
            sync_commands=_bool(get("SYNC_COMMANDS"), "SYNC_COMMANDS", True),
            outbox_poll_seconds=_float(get("OUTBOX_POLL_SECONDS"), "OUTBOX_POLL_SECONDS")
            or cls.outbox_poll_seconds,
            rest_requests_per_second=_float(
                get("REST_REQUESTS_PER_SECOND"), "REST_REQUESTS_PER_SECOND"
            )
            or cls.rest_requests_per_second,
        )


def read_env_file(path: Path) -> dict[str, str]:
    """Parse a ``.env`` file into a dict; malformed lines are reported with their number."""
    result: dict[str, str] = {}
    for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), start=1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        text = text.removeprefix("export ").lstrip()
        key, sep, value = text.partition("=")
        key = key.strip()
        if not sep or not key.isidentifier():
            raise SettingsError(f"{path.name} line {number}: expected KEY=value")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        elif " #" in value:
            value = value.split(" #", 1)[0].rstrip()
        result[key] = value
    return result


def _int(raw: str | None, key: str) -> int | None:
    if raw is None:
        return None
    try:
        value = int(raw)
    except ValueError:
        raise SettingsError(f"{key} must be a whole number, not {raw!r}") from None
    if value <= 0:
        raise SettingsError(f"{key} must be positive, not {value}")
    return value


def _float(raw: str | None, key: str) -> float | None:
    if raw is None:
        return None
    try:
        value = float(raw)
    except ValueError:
        raise SettingsError(f"{key} must be a number, not {raw!r}") from None
    if value <= 0:
        raise SettingsError(f"{key} must be positive, not {value}")
    return value


def _bool(raw: str | None, key: str, default: bool) -> bool:
    if raw is None:
        return default
    lowered = raw.lower()
    if lowered in _TRUE:
        return True
    if lowered in _FALSE:
        return False
    raise SettingsError(f"{key} must be true or false, not {raw!r}")
