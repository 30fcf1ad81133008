from __future__ import annotations

from datetime import timedelta
from pathlib import Path
from typing import cast

import pytest

from bot.bot import create_bot
from bot.settings import Settings, SettingsError, check_env_file
from storage import Store


def test_env_file_is_read_and_the_environment_wins(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text(
        "# comment\n"
        "export DISCORD_TOKEN='from-file'\n"
        'DATABASE_URL="sqlite:///games.db"\n'
        "DEV_GUILD_ID=1234  # my test server\n"
        "MESSAGE_CONTENT_INTENT=yes\n",
        encoding="utf-8",
    )
    settings = Settings.load(env, environ={"DISCORD_TOKEN": "from-env", "LOG_LEVEL": "debug"})
    assert settings.token == "from-env"
    assert settings.database_url == "sqlite:///games.db"
    assert settings.dev_guild_id == 1234
    assert settings.message_content_intent is True
    assert settings.log_level == "DEBUG"


def test_missing_env_file_gives_defaults() -> None:
    settings = Settings.load("/nonexistent/.env", environ={})
    assert settings == Settings()
    assert settings.token is None


def test_token_never_appears_in_repr_str_or_a_dump() -> None:
    settings = Settings.from_mapping({"DISCORD_TOKEN": "very-secret-token"})
    assert settings.token == "very-secret-token"
    for shown in (repr(settings), str(settings), str(settings.model_dump())):
        assert "very-secret-token" not in shown


def test_an_invalid_token_is_not_echoed_in_the_error() -> None:
    with pytest.raises(SettingsError) as error:
        Settings.from_values({"discord_token": ["very-secret-token"]})
    assert "DISCORD_TOKEN" in str(error.value) and "very-secret" not in str(error.value)


def test_an_error_is_one_line_naming_the_key_and_the_value() -> None:
    with pytest.raises(SettingsError) as error:
        Settings.from_mapping({"MAX_OPEN_TABLES_PER_GUILD": "many", "DEV_GUILD_ID": "7"})
    assert str(error.value) == "MAX_OPEN_TABLES_PER_GUILD must be a whole number, not 'many'"


def test_blank_values_mean_the_default() -> None:
    assert Settings.from_mapping({"OUTBOX_POLL_SECONDS": " ", "LOG_LEVEL": ""}) == Settings()


@pytest.mark.parametrize(
    ("key", "value", "words"),
    [
        ("DEV_GUILD_ID", "abc", "DEV_GUILD_ID must be a whole number"),
        ("MAX_OPEN_TABLES_PER_GUILD", "0", "must be positive"),
        ("MESSAGE_CONTENT_INTENT", "perhaps", "true or false"),
        ("LOG_LEVEL", "LOUD", "LOG_LEVEL must be one of"),
        ("OUTBOX_POLL_SECONDS", "soon", "must be a number"),
        ("REST_REQUESTS_PER_SECOND", "80", "REST_REQUESTS_PER_SECOND must be at most 50"),
        ("RENDER_PROCESSES", "-1", "RENDER_PROCESSES must be at least 0, not '-1'"),
        ("RENDER_PROCESSES", "two", "RENDER_PROCESSES must be a whole number"),
        ("DATABASE_POOL_SIZE", "0", "DATABASE_POOL_SIZE must be positive"),
        ("CLAIM_SECONDS", "5", "CLAIM_SECONDS must be at least 10"),
        ("STATE_CACHE_SIZE", "-1", "STATE_CACHE_SIZE must be at least 0"),
    ],
)
def test_bad_values_name_the_key(key: str, value: str, words: str) -> None:
    with pytest.raises(SettingsError, match=words):
        Settings.from_mapping({key: value})


def test_malformed_env_line_is_reported_with_its_number(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text("DISCORD_TOKEN=x\nthis is not a setting\n", encoding="utf-8")
    with pytest.raises(SettingsError, match="line 2"):
        check_env_file(env)


def test_pool_sizes_and_the_claim_lease_reach_the_parts_that_use_them() -> None:
    settings = Settings.from_mapping({"RENDER_PROCESSES": "3", "CLAIM_SECONDS": "30"})
    bot = create_bot(settings, cast(Store, None))
    assert bot.drawing.processes == 3
    assert bot.service.outbox.claim_seconds == 30
    assert bot.agents is not None and bot.agents.claim == timedelta(seconds=30)
    assert Settings().claim_seconds == 60 and Settings().database_pool_size == 10


def test_the_state_cache_size_reaches_the_service() -> None:
    bot = create_bot(Settings.from_mapping({"STATE_CACHE_SIZE": "5000"}), cast(Store, None))
    assert bot.service.state_cache_size == 5000
    assert create_bot(Settings(), cast(Store, None)).service.state_cache_size == 10_000
