"""Structured options: what each choice points at, for every decision kind, within 25."""

from __future__ import annotations

import json

from games.core import MAX_OPTIONS, rng
from games.targi import GAME
from games.targi.testing import BLUE, actions_phase, play, position, res


def targets(st: object) -> dict[str, dict]:
    return {o.notation: dict(o.targets) for o in GAME.options(st)}


def test_placement_and_the_action_menu_point_at_border_cards_and_cells() -> None:
    st = position(round=2)
    assert targets(st)["place 5"] == {"border": 5}
    st = actions_phase(BLUE, figures={BLUE: [5]}, markers={BLUE: ["C22"]}, cells={"C22": "GSS"})
    assert targets(st) == {
        "use 5": {"border": 5}, "use C22": {"cell": "C22", "card": "GSS"},
        "skip 5": {"border": 5}, "skip C22": {"cell": "C22", "card": "GSS"}, "end": {},
    }  # fmt: skip


def test_a_tribe_card_play_names_the_card_its_costs_the_discount_and_the_row() -> None:
    # TE6 costs 1D + (2P / 1G); TE9 in the display gives the discount.
    st = actions_phase(
        BLUE, figures={BLUE: [2]}, markers={BLUE: ["C12"]}, cells={"C12": "TE6", "C23": "WE1"},
        display={BLUE: [["TE9"]]}, resources={BLUE: res(d=1, p=2, g=1)},
    )  # fmt: skip
    st, _ = play(st, "use C12")
    assert targets(st)["play"] == {"card": "TE6"} and targets(st)["leave"] == {"card": "TE6"}
    st, _ = play(st, "play")
    assert targets(st) == {
        "alt 1": {"card": "TE6", "cost": {"dates": 1, "pepper": 2}},
        "alt 2": {"card": "TE6", "cost": {"dates": 1, "gold": 1}},
    }
    st, _ = play(st, "alt 1")
    assert targets(st)["omit P"] == {"card": "TE6", "omit": "pepper", "cost": {"dates": 1,
                                                                            "pepper": 1}}
    assert targets(st)["omit none"] == {"card": "TE6", "cost": {"dates": 1, "pepper": 2}}
    st, _ = play(st, "omit D")
    assert targets(st)["row 2"] == {"card": "TE6", "row": 2, "cost": {"pepper": 2}}
    st, _ = play(st, "row 2")
    assert targets(st)["take DS"] == {"gain": {"dates": 1, "salt": 1}}


def test_exchanges_name_what_is_given_and_gained() -> None:
    st = actions_phase(
        BLUE, figures={BLUE: [5, 10, 9]}, markers={BLUE: ["C13"]}, display={BLUE: [["OA8"]]},
        resources={BLUE: res(s=4, g=2)},
    )  # fmt: skip
    st, _ = play(st, "use 5")
    assert targets(st)["trade SSS>G"] == {"give": {"salt": 3}, "gain": {"gold": 1}}
    assert targets(st)["done"] == {}
    st, _ = play(st, "done", "use 10")
    assert targets(st)["silver GG"] == {"give": {"gold": 2}, "gain": {"vp": 4 + 1}}  # OA8: +1
    st, _ = play(st, "silver none", "use 9")
    assert targets(st)["fata C13>C22"] == {"marker": "C13", "to": "C22"}


def test_every_option_of_random_games_is_plain_json_and_never_more_than_25() -> None:
    kinds = set()
    for seed in range(12):
        st, gen = GAME.new_game(2, seed), rng.seed_state(seed)
        while (d := GAME.decision(st)) is not None:
            options = GAME.options(st)
            assert len(options) <= MAX_OPTIONS
            for option in options:
                assert json.loads(json.dumps(option.targets)) == option.targets
                assert option.targets or option.notation in ("end", "done", "silver none",
                                                             "fata none")
            kinds.add(d.kind)
            keen = [a for a in d.actions if a.split()[0] in ("use", "play", "choose", "row")]
            gen, pick = rng.below(gen, len(keen or d.actions))
            st = GAME.apply(st, (keen or list(d.actions))[pick])
    assert len(kinds) >= 12


def test_revealed_cards_and_raid_payments_are_named() -> None:
    st = actions_phase(
        BLUE, figures={BLUE: [2]}, display={BLUE: [["CA8"]]},
        asking=("reveal_choice", {"deck": "goods", "cards": ["GAU1", "GX2"]}),
    )  # fmt: skip
    assert targets(st) == {"choose GAU1": {"card": "GAU1"}, "choose GX2": {"card": "GX2"}}
    st, _ = play(st, "choose GX2")
    assert st.goods_discard[-1] == "GAU1" and targets(st)["take P"] == {"gain": {"pepper": 1}}
    st = position(round=9, phase="raid", raid=3, raid_queue=[BLUE],
                  raid_opts={BLUE: ("pay DSP", "pay vp")})
    assert targets(st) == {"pay DSP": {"give": {"dates": 1, "salt": 1, "pepper": 1}},
                           "pay vp": {"give": {"vp": 2}}}
