from __future__ import annotations

import re

from bot import ids
from bot.bot import CaravanBot, find_extensions
from bot.service import TableService
from bot.settings import Settings
from storage import open_store


def test_custom_ids_fit_discord_and_match_their_templates_at_the_largest_values() -> None:
    table, version = 10**18 - 1, 10**9 - 1
    cases = [
        (ids.lobby(table, "start"), ids.LOBBY_TEMPLATE),
        (ids.panel(table, version), ids.PANEL_TEMPLATE),
        (ids.action(table, version, 9999), ids.ACTION_TEMPLATE),
        (ids.pick(table, version, 99), ids.PICK_TEMPLATE),
        (ids.stall(table, version, 99, "extend"), ids.STALL_TEMPLATE),
        (ids.undo(table, version), ids.UNDO_TEMPLATE),
        (ids.consent(table, "yes"), ids.CONSENT_TEMPLATE),
        (ids.concede(table), ids.CONCEDE_TEMPLATE),
        (ids.confirm(table, version, 9999), ids.CONFIRM_TEMPLATE),
        (ids.free_seat(table, 99), ids.FREE_SEAT_TEMPLATE),
        (ids.back(table, version), ids.BACK_TEMPLATE),
        (ids.help_(table, version), ids.HELP_TEMPLATE),
        (ids.keep(table), ids.KEEP_TEMPLATE),
        (ids.leave_game(table), ids.LEAVE_TEMPLATE),
        (ids.reclaim(table), ids.RECLAIM_TEMPLATE),
    ]
    for custom_id, template in cases:
        assert len(custom_id) <= 100
        assert re.fullmatch(template, custom_id), custom_id
    templates = [t for _, t in cases]
    for custom_id, own in cases:
        assert [t for t in templates if re.fullmatch(t, custom_id)] == [own]


def test_every_feature_package_is_found_and_underscored_modules_are_not() -> None:
    assert sorted(find_extensions()) == [
        "bot.exts.admin",
        "bot.exts.game",
        "bot.exts.inbox",
        "bot.exts.lobby",
        "bot.exts.members",
        "bot.exts.play",
        "bot.exts.rules",
        "bot.exts.settings",
    ]


async def test_commands_are_unique_and_within_discords_limits() -> None:
    store = await open_store("sqlite://:memory:")
    try:
        client = CaravanBot(Settings(), TableService(store))
        for name in find_extensions():
            await client.load_extension(name)
        commands = client.tree.get_commands()
        names = [c.name for c in commands]
        assert sorted(names) == [
            "admin", "away", "concede", "game", "history", "mygames", "newgame", "play",
            "rules", "settings", "stats", "undo",
        ]
        for command in commands:
            payload = command.to_dict(client.tree)
            assert 1 <= len(payload["name"]) <= 32 and 1 <= len(payload["description"]) <= 100
            options = list(payload.get("options", []))
            for option in options:
                options += option.get("options", [])  # a group's subcommands and theirs
                assert 1 <= len(option["description"]) <= 100
                assert len(option.get("choices", [])) <= 25
        await client.close()
    finally:
        await store.close()
