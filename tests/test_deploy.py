"""The deployment files name only settings the bot reads, and start what exists."""

from __future__ import annotations

import re
from pathlib import Path

from bot.cli import build_parser
from bot.settings import Settings

ROOT = Path(__file__).resolve().parent.parent
SETTINGS = {name.upper() for name in Settings.model_fields}


def test_the_compose_file_sets_only_known_settings() -> None:
    text = (ROOT / "deploy" / "compose.yaml").read_text(encoding="utf-8")
    bot = text.split("services:")[0] + text.split("bot-0:")[1]
    keys = set(re.findall(r"^\s+([A-Z][A-Z_]+):", bot, re.M))
    assert keys and keys <= SETTINGS, keys - SETTINGS


def test_the_systemd_unit_runs_cli_commands_with_the_shards_it_is_named_after() -> None:
    unit = (ROOT / "deploy" / "caravanserai@.service").read_text(encoding="utf-8")
    assert "Environment=SHARD_IDS=%i" in unit
    parser = build_parser()
    for line in re.findall(r"^Exec\w+=\S+/caravanserai (.+)$", unit, re.M):
        parser.parse_args(line.split())  # exits if the command line is not one it accepts
