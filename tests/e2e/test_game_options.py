"""/newgame offers the chosen game's options, refuses a wrong one naming what is allowed, and
the lobby shows what was chosen."""

from __future__ import annotations

from tests.e2e.conftest import World
from tests.e2e.driver import ids_in, said


async def test_the_options_are_offered_for_the_chosen_game(world: World) -> None:
    offered = await world.alice.autocomplete(world.channel, "newgame", "options", "", game="toy")
    assert [c["value"] for c in offered] == ["toss_penalty=1", "toss_penalty=2"]
    assert "Points a toss costs the opponent" in offered[1]["name"]

    typed = await world.alice.autocomplete(
        world.channel, "newgame", "options", "toss_penalty=2", game="toy"
    )
    assert [c["value"] for c in typed] == ["toss_penalty=2"]

    yspahan = await world.alice.autocomplete(
        world.channel, "newgame", "options", "three", game="yspahan"
    )
    assert [c["value"] for c in yspahan] == [
        "three_player_ascending_last_day=no", "three_player_ascending_last_day=yes",
    ]
    none = await world.alice.autocomplete(world.channel, "newgame", "options", "", game="targi")
    assert none == []


async def test_a_chosen_option_is_shown_in_the_lobby_and_kept(world: World) -> None:
    opened = await world.alice.slash(
        world.channel, "newgame", game="toy", options="toss_penalty = 2"
    )
    lobby = opened.response
    assert lobby is not None
    table_id = int(ids_in(lobby)[0].split(":")[2])
    fields = {f.name: f.value for f in lobby.embeds[0].fields}
    assert fields["Options"] == "Points a toss costs the opponent: **2**"
    assert (await world.bot.service.info(table_id)).options == {"toss_penalty": 2}


async def test_a_wrong_option_is_refused_naming_the_allowed_values(world: World) -> None:
    wrong_value = await world.alice.slash(
        world.channel, "newgame", game="toy", options="toss_penalty=7"
    )
    assert said(wrong_value) == "`7` is not a value of option `toss_penalty`. Allowed: 1, 2."
    unknown = await world.alice.slash(world.channel, "newgame", game="toy", options="speed=3")
    assert said(unknown) == "Toy has no option `speed`. Options: toss_penalty."
    shapeless = await world.alice.slash(world.channel, "newgame", game="toy", options="fast")
    assert "key=value" in said(shapeless)
    assert await world.bot.service.tables() == []


async def test_an_option_for_three_players_is_named_with_its_player_count(world: World) -> None:
    opened = await world.alice.slash(
        world.channel, "newgame", game="yspahan", options="three_player_ascending_last_day=yes"
    )
    assert opened.response is not None
    fields = {f.name: f.value for f in opened.response.embeds[0].fields}
    assert fields["Options"] == (
        "3 players: ascending order on the last day: **yes** (with 3 players only)"
    )
