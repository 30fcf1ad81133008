from __future__ import annotations

from pathlib import Path

import pytest

from bot.settings import Settings, SettingsError, read_env_file


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
    assert settings.discord_token == "from-env"
    assert settings.database_url == "sqlite:///games.db"
    assert settings.dev_guild_id == 1234
    assert settings.message_content_intent is True
    assert settings.log_level == "DEBUG"


def test_missing_env_file_gives_defaults() -> None:
    settings = Settings.load("/nonexistent/.env", environ={})
    assert settings == Settings()
    assert settings.discord_token is None


def test_token_never_appears_in_repr() -> None:
    settings = Settings.from_mapping({"DISCORD_TOKEN": "very-secret-token"})
    assert "very-secret-token" not in repr(settings)


@pytest.mark.parametrize(
    ("key", "value", "words"),
    [
        ("DEV_GUILD_ID", "abc", "DEV_GUILD_ID must be a whole number"),
        ("MAX_OPEN_TABLES_PER_GUILD", "0", "must be positive"),
        ("MESSAGE_CONTENT_INTENT", "perhaps", "true or false"),
        ("LOG_LEVEL", "LOUD", "LOG_LEVEL must be one of"),
        ("OUTBOX_POLL_SECONDS", "soon", "must be a number"),
    ],
)
def test_bad_values_name_the_key(key: str, value: str, words: str) -> None:
    with pytest.raises(SettingsError, match=words):
        Settings.from_mapping({key: value})


def test_malformed_env_line_is_reported_with_its_number(tmp_path: Path) -> None:
    env = tmp_path / ".env"
    env.write_text("DISCORD_TOKEN=x\nthis is not a setting\n", encoding="utf-8")
    with pytest.raises(SettingsError, match="line 2"):
        read_env_file(env)
