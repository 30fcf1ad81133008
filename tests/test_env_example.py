"""The documented settings file stays in step with the settings the bot reads."""

from __future__ import annotations

from pathlib import Path

from dotenv import dotenv_values

from bot.settings import Settings

EXAMPLE = Path(__file__).resolve().parent.parent / ".env.example"


def test_every_setting_is_documented_and_nothing_else() -> None:
    documented = set(dotenv_values(EXAMPLE))
    expected = {name.upper() for name in Settings.model_fields}
    assert documented == expected


def test_each_setting_has_an_explanation_above_it() -> None:
    lines = EXAMPLE.read_text(encoding="utf-8").splitlines()
    for i, line in enumerate(lines):
        if line and not line.startswith("#"):
            assert i > 0 and lines[i - 1].startswith("# "), f"{line!r} has no comment above it"


def test_the_example_loads_with_the_defaults_and_no_token() -> None:
    settings = Settings.load(EXAMPLE, environ={})
    assert settings.token is None
    assert settings == Settings()
