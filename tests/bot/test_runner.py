from __future__ import annotations

import logging
from pathlib import Path

import pytest

from bot.log import RedactSecrets
from bot.runner import run


def test_without_a_token_the_bot_explains_how_to_get_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert run(str(tmp_path / ".env")) == 2
    err = capsys.readouterr().err
    assert "DISCORD_TOKEN is not set" in err
    assert "developer" in err and "Bot" in err and ".env" in err


def test_a_bad_setting_stops_the_start_with_its_name(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    env = tmp_path / ".env"
    env.write_text("DISCORD_TOKEN=abc\nDEV_GUILD_ID=my-server\n", encoding="utf-8")
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.delenv("DEV_GUILD_ID", raising=False)
    assert run(str(env)) == 2
    assert "DEV_GUILD_ID" in capsys.readouterr().err


def test_an_engine_built_from_older_source_stops_the_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from bot import engine_build

    monkeypatch.setenv("DISCORD_TOKEN", "abc")
    monkeypatch.setattr(engine_build, "stale", lambda: ["games/sahwari/engine/rules.py"])
    assert run(str(tmp_path / ".env")) == 2
    err = capsys.readouterr().err
    assert "games/sahwari/engine/rules.py" in err and "make build" in err


def test_the_token_is_scrubbed_from_log_records() -> None:
    record = logging.LogRecord(
        "discord.http", logging.INFO, __file__, 1, "sent %s with %s", ("Bot tok.en.123", 5), None
    )
    assert RedactSecrets(["tok.en.123"]).filter(record)
    assert record.getMessage() == "sent Bot [redacted] with 5"


def test_a_rejected_token_exits_non_zero_and_never_reaches_the_log(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import discord

    secret = "MTIz.secret-token.XYZ"
    started: list[bool] = []

    async def refuse(self: discord.Client, token: str) -> None:
        started.append(True)
        logging.getLogger("discord.client").warning("logging in using static token %s", token)
        raise discord.LoginFailure("Improper token has been passed.")

    monkeypatch.setattr(discord.Client, "login", refuse)
    monkeypatch.setenv("DISCORD_TOKEN", secret)
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'bot.db'}")
    root = logging.getLogger()
    before, level = list(root.handlers), root.level
    try:
        assert run(str(tmp_path / ".env")) == 1
    finally:
        for handler in [h for h in root.handlers if h not in before]:
            root.removeHandler(handler)
        root.setLevel(level)
    err = capsys.readouterr().err
    assert started and (tmp_path / "bot.db").exists()
    assert "rejected the token" in err and "[redacted]" in err
    assert secret not in err


async def test_an_unreachable_discord_is_one_line_per_attempt_then_the_bot_starts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    import aiohttp
    import discord

    from bot.runner import serve
    from bot.settings import Settings

    attempts: list[str] = []
    connected: list[bool] = []

    async def offline_twice(self: discord.Client, token: str) -> None:
        attempts.append(token)
        if len(attempts) <= 2:
            raise aiohttp.ClientConnectionError("Cannot connect to host discord.com:443")

    async def connect(self: discord.Client, *, reconnect: bool = True) -> None:
        connected.append(True)

    waits: list[float] = []

    async def sleep(seconds: float) -> None:
        waits.append(seconds)

    monkeypatch.setattr(discord.Client, "login", offline_twice)
    monkeypatch.setattr(discord.Client, "connect", connect)
    monkeypatch.setenv("DISCORD_TOKEN", "t0k3n")
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'bot.db'}")
    settings = Settings.load(str(tmp_path / ".env"))
    with caplog.at_level(logging.INFO):
        await serve(settings, sleep=sleep)
    assert len(attempts) == 3 and connected == [True]
    assert waits == [2.0, 4.0], "each wait is twice the one before"
    said = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert [r.getMessage() for r in said] == [
        "cannot reach Discord (Cannot connect to host discord.com:443); trying again in 2 s",
        "cannot reach Discord (Cannot connect to host discord.com:443); trying again in 4 s",
    ]
    assert all(r.exc_info is None for r in said), "no traceback"


async def test_building_the_bot_prints_no_voice_warnings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    import discord

    from bot.bot import CaravanBot
    from bot.service import TableService
    from bot.settings import Settings
    from storage import open_store

    monkeypatch.setattr(discord.VoiceClient, "warn_nacl", True)
    monkeypatch.setattr(discord.VoiceClient, "warn_dave", True)
    monkeypatch.setenv("DISCORD_TOKEN", "t0k3n")
    settings = Settings.load(str(tmp_path / ".env"))
    store = await open_store(f"sqlite:///{tmp_path / 'bot.db'}")
    try:
        with caplog.at_level(logging.WARNING):
            CaravanBot(settings, TableService(store))
    finally:
        await store.close()
    assert not [r for r in caplog.records if "voice" in r.getMessage()]
