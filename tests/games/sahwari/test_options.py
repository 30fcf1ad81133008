"""What a player choosing sees of each option: its words, what it points at on the board, and
which step of the turn the question belongs to."""

from __future__ import annotations

import json
from typing import Any

from games.core import rng as R
from games.sahwari import GAME
from games.sahwari.engine.data import LEADER_BY_KEY, LEADERS, POS_INDEX
from games.sahwari.engine.state import SahwariState
from games.sahwari.testing import ORANGE, PURPLE, kind, play, position, with_caravan

P1A = 2  # camel index of Orange's camel with three players (G1, G2, P1a, P2a, P3a)
OPTION_TEXT_LIMIT = 100  # what a Discord menu line holds


def collecting(tile: str, items: str, **kw: Any) -> SahwariState:
    camels = {"P1a": tile, **kw.pop("camels", {})}
    return position(step="collect", clear=True, camels=camels,
                    tiles={tile: ("resource", items)}, moves=1, moved=P1A,
                    mend=POS_INDEX[tile], mdir="E", **kw)


def targets(st: SahwariState) -> dict[str, Any]:
    return {o.notation: dict(o.targets) for o in GAME.options(st)}


def turn(st: SahwariState) -> dict[str, Any]:
    d = GAME.decision(st)
    return dict(GAME.view(st, None if d is None else d.seat)["turn"])


# ---- the clan-leader choice ----------------------------------------------------------------


def test_each_dealt_leader_is_offered_with_its_name_and_its_whole_ability() -> None:
    st = GAME.new_game(2, 3, {"leader_choice": True})
    assert kind(st) == "choose_leader"
    options = GAME.options(st)
    assert len(options) == 2
    for option in options:
        leader = LEADER_BY_KEY[option.notation.split()[1]]
        assert leader.name in option.label
        assert leader.text in option.label
        assert option.targets == {"leader": leader.key}


def test_every_leader_label_fits_a_menu_line() -> None:
    st = GAME.new_game(2, 3, {"leader_choice": True})
    for leader in LEADERS:
        label = GAME.describe(st, f"leader {leader.key}")
        assert len(label) <= OPTION_TEXT_LIMIT, label


# ---- the step the view names ---------------------------------------------------------------


def test_placing_the_recruit_card_of_a_collected_pawn_is_named_as_collecting() -> None:
    st = collecting("B2", "P")
    assert turn(st)["phase"] == "collect"
    st, _ = play(st, "take pawn")
    assert kind(st) == "recruit_card"
    now = turn(st)
    assert now["phase"] == "collect"
    assert now["step_label"] == "Collect: place the recruit card"


def test_a_collected_caravan_is_named_use_or_keep_and_its_effects_still_collecting() -> None:
    st = collecting("B2", "c01")
    st = with_caravan(st, "c01", "Y11")  # a yellow caravan whose action gains a recruit card
    st, _ = play(st, "take c01")
    assert kind(st) == "use_caravan"
    assert turn(st)["step_label"] == "Caravan: use or keep"
    assert turn(st)["phase"] == "collect"
    st, _ = play(st, "use")
    assert kind(st) == "recruit_card"
    assert turn(st)["phase"] == "collect"


def test_after_collecting_the_window_is_named_abilities_again() -> None:
    st = collecting("B2", "P", caravans={ORANGE: ["c02"]}, market=())
    st, _ = play(st, "take pawn")
    assert kind(st) == "abilities"
    assert turn(st)["phase"] == "abilities"
    assert turn(st)["step_label"] == "Abilities after collecting"


def test_a_recruit_card_from_a_storage_ability_is_not_named_as_collecting() -> None:
    st = position(step="w2", storage={ORANGE: 5})
    st, _ = play(st, "lock 5")
    assert kind(st) == "recruit_card"
    assert turn(st)["phase"] == "abilities"
    assert turn(st)["step_label"] == "Recruit card: take one and place it"


def test_the_main_steps_are_named() -> None:
    st = position(step="move", camels={"P1a": "C3"})
    assert turn(st)["step_label"] == "Move: move a camel"
    st = position(step="guild", camels={"G1": "C3", "G2": "C3"})
    assert kind(st) == "guild_camel"
    assert turn(st)["phase"] == "guild camel"
    assert turn(st)["step_label"] == "Guild camel: move one"


# ---- what options point at -----------------------------------------------------------------


def test_a_move_points_at_its_camel_its_tile_and_where_it_may_stop() -> None:
    st = position(step="move", camels={"P1a": "C3"}, clear=True,
                  tiles={"B3": ("resource", "A"), "C4": "desert", "C5": ("resource", "A")})
    found = targets(st)
    assert found["move C3 N"] == {"camel": "P1a", "tile": "C3", "direction": "N",
                                  "tiles": ["B3"]}
    assert found["move C3 E"]["tiles"] == ["C5"]


def test_collect_options_point_at_the_tile_and_the_item() -> None:
    st = collecting("B2", "A P c01")
    found = targets(st)
    assert found["take cube"] == {"tile": "B2", "item": "cube"}
    assert found["take pawn"] == {"tile": "B2", "item": "pawn"}
    assert found["take c01"] == {"tile": "B2", "item": "caravan", "caravan": "c01"}


def test_recruit_card_options_point_at_the_market_card_and_the_end() -> None:
    st = collecting("B2", "P", market=("R01", "R02", "R03", "R04"))
    st, _ = play(st, "take pawn")
    assert targets(st)["card R03 left"] == {"card": "R03", "end": "left"}


def test_a_cube_points_at_storage_or_the_artifact_space() -> None:
    st = collecting("B2", "A", rows={ORANGE: ["R01", "CLAN"]})
    st, _ = play(st, "take cube")
    found = targets(st)
    assert found["cube storage"] == {"storage": 1}
    assert found["cube L1|CLAN"] == {"seat": ORANGE, "space": "L1|CLAN"}


def test_a_caravan_choice_points_at_the_caravan() -> None:
    st = collecting("B2", "c01")
    st, _ = play(st, "take c01")
    assert targets(st) == {"use": {"caravan": "c01"}, "keep": {"caravan": "c01"}}


def test_a_spyglass_points_at_a_tile_or_a_seat() -> None:
    st = position(step="w2", storage={ORANGE: 2}, caravans={PURPLE: ["c05"]})
    st, _ = play(st, "lock 2")
    found = targets(st)
    assert found["spy Purple"] == {"seat": PURPLE}
    tiles = [t for a, t in found.items() if "tile" in t]
    assert tiles and all(a == f"spy {t['tile']}" for a, t in found.items() if "tile" in t)


def test_guild_camel_options_point_at_the_camel_and_its_stops() -> None:
    st = position(step="guild", camels={"G1": "C3", "G2": "C3"})
    found = targets(st)
    some = next(iter(found.values()))
    assert some["camel"] in ("G1", "G2") and some["tile"] == "C3" and some["tiles"]


def test_every_option_that_names_a_board_thing_has_targets_and_they_are_plain_json() -> None:
    """Random playouts of every player count: any option naming a tile, a camel, a caravan, a
    card or a space says so in its targets; only `done`, `stay`, `back` and the menus that open
    a question point at nothing."""
    bare = {"done", "stay", "back", "attack", "spend", "reveal", "fill", "spy tile",
            "spy player", "cube left", "cube right", "cube more", "forge left", "forge right",
            "forge more", "fill left", "fill right", "fill more", "spend forge"}
    rng = R.seed_state(5)
    seen: set[str] = set()
    for players, seed in ((2, 1), (3, 2), (4, 3), (2, 4), (3, 5)):
        st = GAME.new_game(players, seed, {"leader_choice": players < 4})
        while (d := GAME.decision(st)) is not None:
            for option in GAME.options(st):
                json.dumps(option.targets)
                if option.notation not in bare:
                    assert option.targets, (d.kind, option.notation)
                    seen.add(d.kind)
            rng, i = R.below(rng, len(d.actions))
            st = GAME.apply(st, d.actions[i])
    assert {"move", "guild_camel", "collect", "recruit_card", "use_caravan",
            "abilities", "choose_leader"} <= seen


def test_targets_tell_the_deciding_seat_nothing_hidden() -> None:
    rng = R.seed_state(9)
    st = GAME.new_game(3, 11)
    steps = 0
    while (d := GAME.decision(st)) is not None and steps < 600:
        hidden = GAME.hidden_from(st, d.seat)
        for option in GAME.options(st):
            text = json.dumps(option.targets)
            assert not any(h in text for h in hidden), (option.notation, text)
        rng, i = R.below(rng, len(d.actions))
        st = GAME.apply(st, d.actions[i])
        steps += 1
