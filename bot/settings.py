"""Typed settings read from the environment and an optional ``.env`` file (pydantic-settings).

The environment wins over the file, so a deployment can override one key without editing it.
Each key is the field's name in upper case. A bad value is reported in one line that names the
key (``SettingsError``), and the token is a ``SecretStr``: it is never printed or logged.

``Settings(...)`` in code reads nothing but its arguments; ``Settings.load`` reads the file and
the environment. A new setting is one typed field here plus its line in ``.env.example``.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any, Literal

from dotenv.parser import parse_stream
from pydantic import (
    Field,
    NonNegativeInt,
    PositiveFloat,
    PositiveInt,
    SecretStr,
    ValidationError,
    field_validator,
    model_validator,
)
from pydantic_settings import (
    BaseSettings,
    DotEnvSettingsSource,
    EnvSettingsSource,
    NoDecode,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
)

LogLevel = Literal["CRITICAL", "ERROR", "WARNING", "INFO", "DEBUG"]


class SettingsError(ValueError):
    """A setting has a value that cannot be used; the message names the key."""


class Settings(BaseSettings):
    model_config = SettingsConfigDict(
        frozen=True,
        extra="ignore",  # the environment holds much else
        env_ignore_empty=True,  # KEY= means "the default", as it always has
        str_strip_whitespace=True,
        hide_input_in_errors=True,  # a bad token must not be echoed
    )

    discord_token: SecretStr | None = None  # never printed or logged
    database_url: str = "sqlite:///caravanserai.db"
    log_level: LogLevel = "INFO"
    dev_guild_id: PositiveInt | None = None  # sync commands to this guild only (development)
    max_open_tables_per_guild: PositiveInt = 20
    message_content_intent: bool = False  # privileged; enable it in the developer portal first
    sync_commands: bool = True
    outbox_poll_seconds: PositiveFloat = 5.0  # how often the dispatcher looks for undelivered posts
    rest_requests_per_second: PositiveFloat = Field(45.0, le=50.0)  # Discord's global limit: 50
    # the pinned summary is edited at most once per this many seconds (at once at the end)
    summary_edit_seconds: float = Field(30.0, ge=0.0)
    # Several processes: the bot's shards in all, and this process's (all of them when unset).
    shard_count: PositiveInt | None = None
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = None
    run_agents: bool = True  # false: agent seats are played by `caravanserai agents` elsewhere
    render_processes: NonNegativeInt | None = None  # processes drawing pictures; None: a core each
    database_pool_size: PositiveInt = 10  # connections each process keeps to PostgreSQL
    # how long a process holds a board post or a bot's move it took on, should it die meanwhile
    claim_seconds: float = Field(60.0, ge=10.0)
    # game states kept in memory, so that a move at a table played lately reads no snapshot
    state_cache_size: NonNegativeInt = 10_000

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper(cls, value: Any) -> Any:
        return value.upper() if isinstance(value, str) else value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _shard_list(cls, value: Any) -> Any:
        return _shard_ids(value) if isinstance(value, str) else value

    @model_validator(mode="after")
    def _shards_below_count(self) -> Settings:
        if self.shard_ids is None:
            return self
        if self.shard_count is None:
            raise ValueError("SHARD_IDS needs SHARD_COUNT, the number of shards in all")
        if not self.shard_ids or max(self.shard_ids) >= self.shard_count or min(self.shard_ids) < 0:
            raise ValueError(
                f"SHARD_IDS must be between 0 and {self.shard_count - 1} "
                f"(SHARD_COUNT={self.shard_count})"
            )
        return self

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        return (init_settings,)  # ``load`` adds the environment and the file

    @property
    def token(self) -> str | None:
        """The token itself, for logging in (and for scrubbing it from logs)."""
        return self.discord_token.get_secret_value() if self.discord_token else None

    @classmethod
    def load(
        cls,
        env_file: str | os.PathLike[str] | None = ".env",
        environ: Mapping[str, str] | None = None,
    ) -> Settings:
        """Settings from ``environ`` (the process environment by default) over ``env_file``."""
        env = EnvSettingsSource(cls)
        if environ is not None:
            env.env_vars = {k.lower(): v for k, v in environ.items() if v.strip()}
        sources: list[PydanticBaseSettingsSource] = [env]
        if env_file is not None and Path(env_file).is_file():
            check_env_file(Path(env_file))
            sources.append(DotEnvSettingsSource(cls, env_file=Path(env_file)))
        values: dict[str, Any] = {}
        for source in reversed(sources):  # the first source wins
            values.update(source())
        return cls.from_values(values)

    @classmethod
    def from_mapping(cls, values: Mapping[str, str]) -> Settings:
        """Settings from ``KEY=value`` pairs alone (blank values mean the default)."""
        return cls.load(None, environ=values)

    @classmethod
    def from_values(cls, values: Mapping[str, Any]) -> Settings:
        try:
            return cls(**values)
        except ValidationError as error:
            raise SettingsError(_one_line(error)) from None


def check_env_file(path: Path) -> None:
    """A line that is not ``KEY=value`` is reported with its number (dotenv skips it)."""
    with path.open(encoding="utf-8") as stream:
        for binding in parse_stream(stream):
            if binding.error:
                raise SettingsError(f"{path.name} line {binding.original.line}: expected KEY=value")


_SAYS = {
    "int_parsing": "must be a whole number",
    "int_from_float": "must be a whole number",
    "float_parsing": "must be a number",
    "greater_than": "must be positive",
    "greater_than_equal": "must be at least {ge}",
    "less_than_equal": "must be at most {le}",
    "bool_parsing": "must be true or false",
    "literal_error": "must be one of {expected}",
}


def _shard_ids(raw: str) -> tuple[int, ...]:
    """``0,1`` or ``0-3`` (or both, e.g. ``0-3,8``)."""
    ids: list[int] = []
    for part in raw.split(","):
        first, _, last = part.strip().partition("-")
        if not first.isdigit() or not (last or first).isdigit():
            raise ValueError(f"SHARD_IDS must be numbers such as 0,1 or 0-3, not {raw!r}")
        ids.extend(range(int(first), int(last or first) + 1))
    return tuple(sorted(set(ids)))


def _one_line(error: ValidationError) -> str:
    """The first problem, naming the key as it is written in ``.env``."""
    first = error.errors(include_input=True)[0]
    if first["type"] == "value_error":  # our own validators name the key themselves
        return str(first["ctx"]["error"])
    key = str(first["loc"][0]).upper() if first["loc"] else "a setting"
    says = _SAYS.get(first["type"], first["msg"]).format(**first.get("ctx", {}))
    if key == "DISCORD_TOKEN" or "input" not in first:
        return f"{key} {says}"
    return f"{key} {says}, not {first['input']!r}"
