"""Buildings (spec section 8) and cards (section 9): costs, effects, timing, reshuffle."""

from __future__ import annotations

import pytest

from games.core import AmbiguousAction, IllegalAction, NotationError
from games.yspahan import GAME
from games.yspahan.engine.data import (
    BAZAAR,
    CARAVANSERAI,
    CRANE,
    ENCLOSURE,
    HAMMAM,
    SHOP_B,
    SHOPS,
)
from games.yspahan.testing import (
    BLUE,
    GREEN,
    RED,
    YELLOW,
    kind,
    legal,
    owner,
    play,
    position,
    texts,
)

TOWER = {1: (3, 0, 2), 2: (2, 0, 3), 3: (1, 0, 4), 6: (2, 0, 6)}


def build_step(**kw: object) -> object:
    """Blue at the build step after taking 2 gold."""
    st = position(tower=TOWER, **kw)  # type: ignore[arg-type]
    st, _ = play(st, "group 6", "gold")
    return st


def test_building_comes_after_the_action_and_is_optional() -> None:
    st = position(tower=TOWER, camels={BLUE: 2}, gold={BLUE: 0})
    assert not any(a.startswith("build") for a in legal(st))
    with pytest.raises(IllegalAction, match="only after your action"):
        GAME.parse(st, "build enclosure")
    st, _ = play(st, "group 6", "gold")
    assert kind(st) == "build"
    assert legal(st) == ["build enclosure", "build shop", "build hammam", "pass"]
    st, _ = play(st, "pass")
    assert st.acting == RED and st.built[BLUE] == []


def test_a_card_played_at_the_build_step_can_pay_for_a_building() -> None:
    st = position(tower=TOWER, hands={BLUE: ["C1a"]}, gold={BLUE: 0})
    st, _ = play(st, "group 6", "gold")
    assert kind(st) == "build" and legal(st) == ["pass", "play C1a"]
    st, _ = play(st, "play C1a")
    assert legal(st) == ["build enclosure", "build shop", "build hammam", "pass"]


def test_costs_are_paid_and_the_building_counts() -> None:
    st = build_step(camels={BLUE: 4}, gold={BLUE: 2})  # 4 gold after the action
    assert "build crane" in legal(st) and "build caravanserai" in legal(st)
    st, events = play(st, "build crane")
    assert st.camels[BLUE] == 0 and st.gold[BLUE] == 0 and st.built[BLUE] == [CRANE]
    assert "Blue built the Crane (B6) for 4 camels and 4 gold (+0 VP)." in texts(events)


def test_building_points_follow_the_order_built() -> None:
    st = build_step(camels={BLUE: 9}, gold={BLUE: 9}, built={BLUE: [ENCLOSURE, SHOP_B]})
    st, _ = play(st, "build hammam")
    assert st.pts[BLUE][0] == 5
    st = build_step(camels={BLUE: 9}, gold={BLUE: 9},
                    built={BLUE: [ENCLOSURE, SHOP_B, HAMMAM, BAZAAR, CRANE]})  # fmt: skip
    st, _ = play(st, "build caravanserai")
    assert st.pts[BLUE][0] == 10


def test_each_building_is_built_once() -> None:
    st = build_step(camels={BLUE: 9}, built={BLUE: [ENCLOSURE]})
    assert "build enclosure" not in legal(st)
    with pytest.raises(IllegalAction, match="already built the Enclosure"):
        GAME.parse(st, "build enclosure")


def test_a_building_you_cannot_pay_is_refused() -> None:
    st = build_step(camels={BLUE: 3}, gold={BLUE: 0})
    assert "build caravanserai" not in legal(st)
    with pytest.raises(IllegalAction, match=r"You need 3 gold; you have 2\."):
        GAME.parse(st, "build caravanserai")


def test_build_discount_cards_remove_camel_or_gold_cost() -> None:
    st = build_step(camels={BLUE: 0}, gold={BLUE: 2}, hands={BLUE: ["C3a", "C4a"]})
    # No camel and 4 gold: every building needs C3; with C4 too it costs nothing. One entry
    # per building and cards (spec 8.1, P7); C4 is never offered on the Enclosure (U17).
    assert legal(st) == [
        "build enclosure C3a", "build shop C3a", "build shop C3a C4a", "build hammam C3a",
        "build hammam C3a C4a", "build caravanserai C3a", "build caravanserai C3a C4a",
        "build bazaar C3a", "build bazaar C3a C4a", "build crane C3a", "build crane C3a C4a",
        "pass",
    ]
    assert GAME.describe(st, "build hammam C3a") == "Build the Hammam with C3a (2 gold)"
    with pytest.raises(AmbiguousAction, match=r"`build bazaar C3a`, `build bazaar C3a C4a`"):
        GAME.parse(st, "build bazaar")
    st, events = play(st, "build bazaar C3a")
    assert st.camels[BLUE] == 0 and st.gold[BLUE] == 0
    assert st.hands[BLUE] == ["C4a"] and "C3a" in st.discard
    assert "with C3a Build without camels" in " ".join(texts(events))


def test_build_without_gold_is_not_offered_for_the_enclosure() -> None:
    st = build_step(camels={BLUE: 2}, hands={BLUE: ["C4a"]})
    st, _ = play(st, "build enclosure")
    assert st.built[BLUE] == [ENCLOSURE] and st.hands[BLUE] == ["C4a"]  # no discount prompt


def test_caravanserai_draws_when_an_own_cube_enters_on_another_players_turn() -> None:
    st = position(tower={1: (1, 0, 1), 6: (1, 0, 6)}, shops={"SACK-C2": RED},
                  built={RED: [CARAVANSERAI]}, gold={BLUE: 0}, deck_top=("C8a",))  # fmt: skip
    st, events = play(st, "group 1", "supervisor", "go W1")
    assert st.hands[RED] == ["C8a"]
    assert "Red drew a card (Caravanserai)." in texts(events)
    private = [e for e in events if not e.public]
    assert [(e.text, e.audience) for e in private] == [
        ("Red drew C8a Camels for points (Caravanserai).", (RED,))
    ]
    assert all("C8a" not in line for line in st.log)


def test_bazaar_adds_two_points_per_completed_souk_at_week_end() -> None:
    st = position(acting=YELLOW, day=7, tower={1: (1, 0, 1)}, built={GREEN: [BAZAAR]},
                  shops={"VASE-A1": GREEN, "VASE-B1": GREEN, "VASE-B2": GREEN,
                         "CHEST-B1": GREEN})  # fmt: skip
    st, _ = play(st, "group 1", "camels")
    assert st.pts[GREEN][1] == 4 + 6 and st.pts[GREEN][2] == 2 * 2


# ---- cards ----------------------------------------------------------------------------------


def test_a_card_as_an_extra_die_adds_one_and_is_discarded() -> None:
    st = position(tower=TOWER, hands={BLUE: ["C3a", "C5a", "C5b"]})
    st, _ = play(st, "group 1")
    assert legal(st) == ["camels", "camels +C3a", "camels +C5a", "supervisor", "card"]
    st, events = play(st, "camels +C5a")
    assert st.camels[BLUE] == 4 and st.hands[BLUE] == ["C3a", "C5b"]
    assert st.discard == ["C5a"]
    assert "Blue discarded C5a Caravan shipment as an extra die." in texts(events)


def test_an_extra_die_adds_a_cube_to_place() -> None:
    st = position(tower=TOWER, hands={BLUE: ["C9a"]})
    st, _ = play(st, "group 3", "shops +C9a")
    assert st.left == 2


def test_only_one_card_per_action_counts_as_an_extra_die() -> None:
    st = position(tower=TOWER, hands={BLUE: ["C3a", "C5a"]})
    st, _ = play(st, "group 6")
    with pytest.raises(NotationError, match="Discard at most one card"):
        GAME.parse(st, "gold +C3a +C5a")


@pytest.mark.parametrize(
    ("card", "check"),
    [
        ("C1a", lambda st: st.camels[BLUE] == 3),
        ("C2a", lambda st: st.gold[BLUE] == 5),
        ("C5a", lambda st: st.caravan == [BLUE] and st.score(BLUE) == 2),
    ],
)
def test_cards_without_choices_take_effect_at_once(card: str, check: object) -> None:
    st = position(tower=TOWER, hands={BLUE: [card]})
    st, _ = play(st, f"play {card}")
    assert check(st)  # type: ignore[operator]
    assert st.discard == [card] and kind(st) == "choose_group"


def test_shop_delivery_places_a_cube_in_any_quarter_by_the_placement_rules() -> None:
    st = position(tower=TOWER, hands={BLUE: ["C6a"]}, shops={"VASE-C1": RED},
                  built={BLUE: [CRANE]})  # fmt: skip
    st, _ = play(st, "play C6a")
    # 43 open shops do not fit one decision: the quarter comes first.
    assert legal(st) == ["quarter sack", "quarter barrel", "quarter chest", "quarter vase"]
    st, _ = play(st, "quarter vase")
    assert legal(st) == ["cube VASE-A1", "cube VASE-B1", "cube VASE-B2", "back"]
    with pytest.raises(IllegalAction, match=r"Shop VASE-C2 is in Red's souk\."):
        GAME.parse(st, "cube VASE-C2")
    st, _ = play(st, "cube VASE-A1")
    assert owner(st, "VASE-A1") == BLUE and kind(st) == "choose_group"
    assert sum(1 for o in st.shops if o == BLUE) == 1  # the Crane adds nothing here


def test_shop_delivery_lists_the_shops_of_every_quarter_at_once() -> None:
    closed = {s: RED for s in SHOPS if s.startswith(("SACK", "BARREL"))}
    st = position(tower=TOWER, hands={BLUE: ["C6a"]}, shops={**closed, "VASE-C1": RED,
                                                            "CHEST-C1": BLUE})
    st, _ = play(st, "play C6a")
    assert kind(st) == "card_shop"
    # Blue must go on with its souk CHEST-C; Red's VASE-C is closed (spec 6.4, 9.4).
    assert legal(st) == ["cube CHEST-C2", "cube CHEST-C3", "cube CHEST-C4", "cube VASE-A1",
                         "cube VASE-B1", "cube VASE-B2"]
    st, _ = play(st, "cube VASE-B2")
    assert owner(st, "VASE-B2") == BLUE


def test_gold_for_points_and_camels_for_points() -> None:
    st = position(tower=TOWER, hands={BLUE: ["C7a", "C8a"]}, gold={BLUE: 12},
                  camels={BLUE: 6})  # fmt: skip
    st, _ = play(st, "play C7a")
    assert legal(st) == [f"amount {i}" for i in range(1, 11)]
    st, _ = play(st, "amount 10")
    assert st.gold[BLUE] == 2 and st.pts[BLUE][5] == 10
    st, _ = play(st, "play C8a")
    assert legal(st) == ["amount 1", "amount 2", "amount 3", "amount 4"]
    st, _ = play(st, "amount 3")
    assert st.camels[BLUE] == 3 and st.pts[BLUE][5] == 16


def test_exchange_converts_one_direction_one_for_one() -> None:
    st = position(tower=TOWER, hands={BLUE: ["C9a"]}, gold={BLUE: 3}, camels={BLUE: 1})
    st, _ = play(st, "play C9a")
    assert legal(st) == ["convert camels", "convert gold"]
    st, _ = play(st, "convert gold")
    assert legal(st) == ["amount 1", "amount 2", "amount 3"]
    st, _ = play(st, "amount 2")
    assert st.gold[BLUE] == 1 and st.camels[BLUE] == 3


def test_cards_are_played_only_at_the_card_windows() -> None:
    st = position(tower=TOWER, hands={BLUE: ["C1a", "C2a"]})
    assert "play C1a" in legal(st) and "play C2a" in legal(st)  # CW1, start of the turn
    st, _ = play(st, "group 3", "shops")
    assert kind(st) == "place_cube" and "play C1a" not in legal(st)
    with pytest.raises(IllegalAction, match="only at the start of your turn"):
        GAME.parse(st, "play C1a")
    st, _ = play(st, legal(st)[0])
    assert kind(st) == "build" and legal(st) == ["pass", "play C1a", "play C2a"]  # CW2
    st, _ = play(st, "play C1a", "build enclosure")
    assert kind(st) == "end_turn" and legal(st) == ["end", "play C2a"]  # CW3


def test_build_discount_cards_are_never_played_alone() -> None:
    st = position(tower=TOWER, hands={BLUE: ["C3a", "C4a"]})
    assert not any(a.startswith("play") for a in legal(st))
    with pytest.raises(IllegalAction, match="used only as part of a building"):
        GAME.parse(st, "play C3a")


def test_cards_are_never_played_on_another_players_turn() -> None:
    st = position(tower=TOWER, acting=RED, hands={BLUE: ["C1a"]})
    view = GAME.view(st, BLUE)
    assert view["decision"]["seat"] == RED and view["decision"]["actions"] == []
    assert "play C1a" not in legal(st)


def test_the_discard_pile_is_reshuffled_when_the_deck_runs_out() -> None:
    st = position(tower=TOWER, deck=[], discard=["C1a", "C4b"])
    st, events = play(st, "group 1", "card")
    assert "The discard pile was shuffled into a new deck." in texts(events)
    assert len(st.hands[BLUE]) == 1 and len(st.deck) == 1 and st.discard == []


def test_cards_in_other_hands_are_hidden_from_views() -> None:
    st = position(tower=TOWER, hands={BLUE: ["C1a"], RED: ["C2b", "C7a"]})
    assert GAME.hidden_from(st, BLUE) == frozenset({*st.deck, "C2b", "C7a"})
    blue = GAME.view(st, BLUE)
    assert [c["id"] for c in blue["players"][BLUE]["hand"]] == ["C1a"]
    assert blue["players"][RED]["hand"] is None and blue["players"][RED]["hand_count"] == 2
    spectator = GAME.view(st, None)
    assert all(p["hand"] is None for p in spectator["players"])
    assert "C2b" not in GAME.text(st, BLUE) and "C2b" in GAME.text(st, RED)


RICH_HAND = ["C1a", "C2a", "C3a", "C4a", "C5a", "C6a", "C7a", "C8a", "C9a"]


def test_a_hand_that_could_give_more_than_25_build_choices_chooses_the_building_first() -> None:
    # Every building with every card combination, and seven cards to play, would be 30
    # entries: the hand's size alone says so, so the building comes first, then its cards.
    st = build_step(camels={BLUE: 10}, gold={BLUE: 10}, hands={BLUE: RICH_HAND})
    actions = legal(st)
    assert len(actions) <= 25
    assert [a for a in actions if a.startswith("build")] == [
        "build enclosure", "build shop", "build hammam", "build caravanserai", "build bazaar",
        "build crane",
    ]
    st, _ = play(st, "build crane")
    assert kind(st) == "build_discount"
    assert legal(st) == ["discount none", "discount C3a", "discount C4a", "discount C3a C4a",
                         "back"]
    st, _ = play(st, "back")
    assert kind(st) == "build" and len(legal(st)) == len(actions)
    st, _ = play(st, "build crane", "discount C4a")
    assert st.gold[BLUE] == 12 and st.camels[BLUE] == 6 and "C4a" in st.discard


def test_two_players_with_a_rich_hand_also_choose_the_building_first() -> None:
    st = position(players=2, tower=TOWER, camels={BLUE: 10}, gold={BLUE: 10},
                  hands={BLUE: RICH_HAND})
    st, _ = play(st, "group 3")
    assert len(legal(st)) <= 25
    assert "build crane" in legal(st) and "build crane C3a" not in legal(st)
