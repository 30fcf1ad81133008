"""Every white, blue and pink special card and the bonus and sack cards (spec §15.3-15.7)."""

from __future__ import annotations

from typing import Any

import pytest

from games.resafa import GAME
from games.resafa.engine.data import BONUS, SACK, SPECIAL_IDS, WARE_INDEX, gain
from games.resafa.engine.state import State
from games.resafa.engine.views import card_json
from games.resafa.testing import (
    OCHRE,
    TEAL,
    kind,
    legal,
    play,
    position,
    space_of,
    texts,
    ware_of,
)

HAND = ["C1", "C2", "C3", "C4", "C5", "C6"]


def with_card(card: str, **kw: Any) -> State:
    """Ochre's turn with every starting card and ``card`` (in hand, or as a special card)."""
    special = card.startswith(("SW", "SB", "SP"))
    hands = HAND if special else [*HAND, card]
    specials = [card] if special else []
    kw.setdefault("sides", "AAAAAA")
    return position(hands={OCHRE: hands}, specials={OCHRE: specials}, **kw)


def holdings(st: State) -> dict[str, int]:
    p = st.players[OCHRE]
    return {"C": p.coins, "VP": p.vp, "Cam": p.camels, **ware_of(st, OCHRE)}


FLAT = sorted(
    [(c, e.split(":", 1)[1]) for c, (e, _) in {**BONUS, **SACK}.items()
     if e.startswith("gain:") and "step" not in e and "sack" not in e]
    + [("SW1-1", "3C"), ("SW1-2", "2S"), ("SW3-3", "6C"), ("SW2-4", "1Cam+3C")]
)


@pytest.mark.parametrize(("card", "what"), FLAT, ids=[c for c, _ in FLAT])
def test_a_flat_gain_card_gives_what_it_says(card: str, what: str) -> None:
    st = with_card(card, coins={OCHRE: 0}, vp={OCHRE: 0}, ware={OCHRE: ""})
    before = holdings(st)
    st, _ = play(st, f"use {card}")
    if kind(st) == "gain_part":  # several gains: the player may take only some (spec §6.3)
        st, _ = play(st, "part all")
    after = holdings(st)
    for item, n in gain(what):
        assert after[item] - before[item] == n, (card, item)
    assert card not in st.players[OCHRE].hand and card not in st.players[OCHRE].specials


def test_a_card_of_several_gains_may_be_used_in_part() -> None:
    # BY08: "Gain 1 A and 1 C". Ochre takes the coin only; the amphora is given up.
    st = with_card("BY08", coins={OCHRE: 0}, ware={OCHRE: ""})
    st, _ = play(st, "use BY08")
    assert kind(st) == "gain_part" and legal(st) == ["part all", "part 1", "part 2"]
    assert GAME.describe(st, "part 2") == "Only 1 coin (give up 1 amphora)"
    st, events = play(st, "part 2")
    assert holdings(st)["C"] == 1 and holdings(st)["A"] == 0
    assert "Ochre gives up 1 amphora of BY08." in texts(events)
    assert "BY08" not in st.players[OCHRE].hand
    assert kind(st) == "play_card"  # back where the card was played


def test_a_part_given_up_is_lost_not_kept_for_later_in_the_turn() -> None:
    # Spec §6.3: "Nothing unused carries over"; a free action resolves completely before the
    # interrupted step goes on. The amphora given up is not offered again in the turn.
    st = with_card("BY08", coins={OCHRE: 0}, ware={OCHRE: ""})
    st, _ = play(st, "use BY08", "part 2", "play C1 up")
    assert not any("BY08" in a for a in legal(st))
    assert holdings(st)["A"] == 0


def test_a_card_of_one_gain_asks_nothing_more() -> None:
    st, _ = play(with_card("BW02", ware={OCHRE: ""}), "use BW02")
    assert kind(st) == "play_card" and ware_of(st, OCHRE)["S"] == 2


def test_a_used_sack_card_goes_under_the_sack_deck_and_a_bonus_card_leaves_the_game() -> None:
    st, _ = play(with_card("SK01"), "use SK01")
    assert st.sack[0] == "SK01"
    st, _ = play(with_card("BY01"), "use BY01")
    assert "BY01" not in st.sack and all("BY01" not in d for d in st.bonus_deck.values())


# ---- white cards: one-shot (spec §15.3) ----------------------------------------------------------


def test_sw1_3_is_a_production_with_exactly_one_activation() -> None:
    st, _ = play(with_card("SW1-3", workshops={OCHRE: {"c3": ("W1-01", "back")}}), "use SW1-3")
    assert kind(st) == "production" and st.stack.frames[-1]["left"] == 1
    assert "SW1-3" in st.players[OCHRE].used


def test_sw1_4_places_a_small_garden_at_no_cost() -> None:
    st, _ = play(with_card("SW1-4", ware={OCHRE: ""}), "use SW1-4", "square e4")
    assert st.players[OCHRE].units(3 * 8 + 4) == 1 and ware_of(st, OCHRE)["S"] == 0


def test_sw1_5_is_a_trading_action_with_two_toll_free_segments() -> None:
    st, _ = play(with_card("SW1-5", coins={OCHRE: 0}), "use SW1-5")
    assert "go PA" in legal(st) and "go BA" not in legal(st)


def test_sw1_6_gives_two_goods_of_one_type() -> None:
    st, _ = play(with_card("SW1-6", ware={OCHRE: ""}), "use SW1-6")
    assert legal(st)[:3] == ["goods M", "goods Sp", "goods A"]
    st, _ = play(st, "goods Sp")
    assert ware_of(st, OCHRE)["Sp"] == 2


def test_sw2_1_takes_any_one_main_action() -> None:
    st, _ = play(with_card("SW2-1"), "use SW2-1")
    assert kind(st) == "any_action" and "action canal" in legal(st)
    st, _ = play(st, "action production")
    assert kind(st) == "production"


def test_sw2_2_is_a_workshop_at_no_cost() -> None:
    st = with_card("SW2-2", coins={OCHRE: 0}, ware={OCHRE: ""}, offer1=["W1-01", "", ""])
    st, _ = play(st, "use SW2-2", "tile W1-01", "back", "cell c3")
    assert st.players[OCHRE].ws[2 * 8 + 2] == "W1-01"


def test_sw2_3_is_a_canal_paying_up_to_two_less() -> None:
    st = with_card("SW2-3", coins={OCHRE: 0}, ware={OCHRE: "1S"},
                   canal_display=["CN09", "CN19", "CN20", "CN10"], clear_network=True)
    st, _ = play(st, "use SW2-3")
    assert "tile CN09" in legal(st) and "tile CN19" not in legal(st)  # 2C+1S: pays 1 S


def test_sw2_3_lets_the_player_split_the_reduction_between_coins_and_stone() -> None:
    st = with_card("SW2-3", coins={OCHRE: 3}, ware={OCHRE: "2S"},
                   canal_display=["CN09", "CN19", "CN20", "CN10"], clear_network=True)
    st, _ = play(st, "use SW2-3", "tile CN09")  # 2C + 1S
    assert kind(st) == "canal_split" and legal(st)[:3] == ["split 1", "split 2", "split 3"]
    assert GAME.describe(st, "split 1") == "Pay 1 stone"
    st, _ = play(st, "split 3")  # the whole reduction on stone: pays 2 coins
    assert st.players[OCHRE].coins == 1 and ware_of(st, OCHRE)["S"] == 2


def test_sw2_5_gives_two_steps_on_one_track() -> None:
    st, _ = play(with_card("SW2-5"), "use SW2-5", "step W")
    assert legal(st)[:1] == ["step W"] and "step Y" not in legal(st)
    st, _ = play(st, "step W")
    assert st.players[OCHRE].track[1] == 2


def test_sw3_1_takes_two_different_main_actions() -> None:
    st, _ = play(with_card("SW3-1"), "use SW3-1", "action provisions", "step Y")
    assert kind(st) == "any_action" and "action provisions" not in legal(st)


def test_sw3_2_is_a_production_with_three_activations() -> None:
    st, _ = play(with_card("SW3-2"), "use SW3-2")
    assert st.stack.frames[-1]["left"] == 3


def test_sw3_4_places_a_large_garden_at_no_cost_and_gives_three_vp() -> None:
    st, _ = play(with_card("SW3-4", vp={OCHRE: 0}, coins={OCHRE: 0}), "use SW3-4", "square e4")
    p = st.players[OCHRE]
    assert p.vp == 3 and p.large[3 * 8 + 4] == 1


# ---- blue cards: permanent (spec §15.4) ------------------------------------------------------


def test_sb1_1_workshops_cost_no_coin() -> None:
    st = with_card("SB1-1", coins={OCHRE: 0}, ware={OCHRE: "1S"})
    st, _ = play(st, "play C1 up", "main", "tile " + st.offer1[0])
    assert ware_of(st, OCHRE)["S"] == 0


@pytest.mark.parametrize(("card", "coins", "vp"), [("SB1-2", 1, 0), ("SB3-1", 0, 2)])
def test_sb1_2_and_sb3_1_pay_for_each_complete_square(card: str, coins: int, vp: int) -> None:
    st = with_card(card, gardens={OCHRE: {"e4": "large"}}, coins={OCHRE: 3}, vp={OCHRE: 0})
    st, _ = play(st, "play C2 up", "main", "small", "square e4")
    p = st.players[OCHRE]
    assert p.coins == 3 + 1 + coins and p.vp == 1 + vp  # icons 1 C and 1 VP


def test_sb1_3_adds_two_to_the_caravan_capacity() -> None:
    st, _ = play(with_card("SB1-3", ware={OCHRE: "6S"}), "play C2 low", "main", "go PA",
                 "load S")
    assert legal(st)[-1] == "take 4"


def test_sb1_4_makes_the_first_segment_toll_free() -> None:
    st, _ = play(with_card("SB1-4", coins={OCHRE: 5}), "play C2 low", "main", "go PA")
    assert st.players[OCHRE].coins == 4


def test_sb1_5_gives_a_vp_for_each_canal_placed() -> None:
    st = with_card("SB1-5", clear_network=True, vp={OCHRE: 0}, coins={OCHRE: 3},
                   canal_display=["CN01", "CN02", "CN03", "CN04"])
    st, _ = play(st, "play C5 low", "main", "tile CN01", "space 32")
    assert st.players[OCHRE].vp == 1 + 2  # SB1-5 and space 32's 2 VP


def test_sb1_6_gives_a_coin_with_each_bonus_card_taken() -> None:
    st = with_card("SB1-6", coins={OCHRE: 0}, bonus={"Y": ["BY01", "BY02", "BY03"]})
    st, _ = play(st, "play C4 low", "colour", "bonus BY02")
    assert st.players[OCHRE].coins == 1


def test_sb2_1_adds_an_activation() -> None:
    st, _ = play(with_card("SB2-1", workshops={OCHRE: {"c3": "W1-01"}}), "play C1 low", "main")
    assert st.stack.frames[-1]["left"] == 3


@pytest.mark.parametrize(("card", "coins", "vp"), [("SB2-2", 9, 3), ("SB3-2", 8, 5)])
def test_sb2_2_and_sb3_2_pay_for_a_sale(card: str, coins: int, vp: int) -> None:
    st = with_card(card, caravan={OCHRE: ("R", 1, "2Sp")}, coins={OCHRE: 2}, vp={OCHRE: 0})
    st, _ = play(st, "play C2 low", "main", "go PA", "none", "sell 2")
    p = st.players[OCHRE]
    assert (p.coins, p.vp) == (coins, vp)


def test_sb2_3_canals_cost_a_coin_less() -> None:
    st = with_card("SB2-3", coins={OCHRE: 0}, canal_display=["CN01", "CN07", "CN03", "CN04"])
    st, _ = play(st, "play C5 low", "main")
    assert "tile CN01" in legal(st) and "tile CN07" not in legal(st)


def test_sb2_4_a_base_costs_one_coin_and_no_stone() -> None:
    st = with_card("SB2-4", coins={OCHRE: 3}, ware={OCHRE: ""})
    st, _ = play(st, "play C2 low", "main", "go PA", "box 2")  # no trade is possible
    p = st.players[OCHRE]  # 3 - 2 toll - 1 base + 2 (box) + 1 (row space 1)
    assert p.bases == ["PA"] and p.coins == 3 and ware_of(st, OCHRE)["S"] == 0


def test_sb2_5_and_sb3_4_score_in_the_rain() -> None:
    for card, vp in (("SB2-5", 1 + 1), ("SB3-4", 1 + 3)):  # the tank gets no water
        st = position(players=2, current=TEAL, start=OCHRE, turns=5, round=2,
                      hands={TEAL: ["C1"]}, decks={TEAL: []}, specials={OCHRE: [card]},
                      clear_network=True, vp={OCHRE: 0},
                      canals={"31": ("CN01", OCHRE), "45": ("TK1", OCHRE)},
                      cubes={"31": "active"})
        st, _ = play(st, "play C1 up", "end")
        assert st.players[OCHRE].vp == vp, card


def test_sb3_3_lets_one_room_produce_twice() -> None:
    st = with_card("SB3-3", coins={OCHRE: 0})
    st, _ = play(st, "play C1 low", "main", "activate d4")
    assert "room 2 twice" in legal(st)
    st, _ = play(st, "room 2 twice", "activate e5")
    assert not [a for a in legal(st) if a.endswith("twice")]
    assert st.players[OCHRE].coins == 4


# ---- pink cards: end-game scoring (spec §15.5) ---------------------------------------------------

PINK_CASE = dict(
    squares={OCHRE: 2}, bases={OCHRE: ["PA", "SU"]}, clear_network=True,
    canals={"21": ("CN01", OCHRE), "41": ("TK1", OCHRE)}, ware={OCHRE: "2M+1Sp+2A"},
    camels={OCHRE: 3}, workshops={OCHRE: {"c3": "W1-01", "f6": "W2-01"}},
    tokens={OCHRE: ["scarab", "square", "scarab"]}, coins={OCHRE: 7},
    tracks={OCHRE: "Y6 W6 B3 P9"},
)
PINK_VP = {
    "SP1-1": 2, "SP1-2": 4, "SP1-3": 2, "SP1-4": 2, "SP1-5": 4, "SP1-6": 4, "SP2-1": 3,
    "SP2-2": 6, "SP2-3": 2, "SP2-4": 2, "SP2-5": 5, "SP3-1": 6, "SP3-2": 4, "SP3-3": 8,
    "SP3-4": 9,
}


@pytest.mark.parametrize("card", sorted(PINK_VP))
def test_a_pink_card_scores_at_the_end(card: str) -> None:
    st = position(players=2, current=TEAL, start=OCHRE, turns=5, round=6,
                  hands={TEAL: ["C1"]}, decks={TEAL: []}, specials={OCHRE: [card]},
                  **PINK_CASE)  # type: ignore[arg-type]
    st, _ = play(st, "play C1 up", "end")
    out = GAME.outcome(st)
    assert out is not None and out.breakdown[OCHRE]["pink cards"] == PINK_VP[card]


# ---- bonus and sack cards that are not flat gains (spec §15.6, §15.7) ---------------------------


def test_by03_pays_no_tolls_and_by04_adds_a_coin_per_item_sold() -> None:
    st = with_card("BY04", caravan={OCHRE: ("R", 1, "2Sp")}, coins={OCHRE: 2})
    st, _ = play(st, "play C2 low", "main", "use BY04", "go PA", "none", "sell 2")
    assert st.players[OCHRE].coins == 0 + 8 + 2


def test_by09_sells_then_buys_and_flips_the_tile_once() -> None:
    st = with_card("BY09", caravan={OCHRE: ("R", 1, "2Sp")}, coins={OCHRE: 2})
    st, _ = play(st, "play C2 low", "main", "use BY09", "go PA", "none", "sell 2")
    assert st.tile_side[2] == 0 and legal(st)[:2] == ["buy 1", "buy 2"]
    st, _ = play(st, "buy 2")
    assert st.players[OCHRE].cargo == "A" and st.tile_side[2] == 1


def test_by10_founds_a_base_where_the_caravan_stands_for_one_coin() -> None:
    st = with_card("BY10", caravan={OCHRE: ("EM", 1, "")}, coins={OCHRE: 1}, ware={OCHRE: ""})
    st, _ = play(st, "use BY10", "box 1")
    assert st.players[OCHRE].bases == ["EM"]


def test_by12_swaps_goods_up_to_twice() -> None:
    st = with_card("BY12", ware={OCHRE: "2M"})
    st, _ = play(st, "use BY12", "swap M A", "swap M Sp")
    assert ware_of(st, OCHRE) == {"S": 0, "M": 0, "Sp": 1, "A": 1}


def test_bw03_and_bw11_make_a_workshop_free_of_coin_and_stone() -> None:
    st = position(hands={OCHRE: [*HAND, "BW03", "BW11"]}, coins={OCHRE: 0}, ware={OCHRE: ""})
    st, _ = play(st, "play C1 up", "main", "use BW03", "use BW11")
    assert legal(st)[0].startswith("tile ")


def test_bw06_places_an_extra_small_garden_for_a_stone() -> None:
    st = with_card("BW06", ware={OCHRE: "3S"})
    st, _ = play(st, "play C2 up", "main", "use BW06", "square e4", "small", "square e4")
    assert st.players[OCHRE].small[3 * 8 + 4] == 2 and ware_of(st, OCHRE)["S"] == 1


def test_bw12_and_bp02_depend_on_workshops_and_squares() -> None:
    st, _ = play(with_card("BW12", vp={OCHRE: 0}), "use BW12")
    assert st.players[OCHRE].vp == 1
    st, _ = play(with_card("BP02", vp={OCHRE: 0}, squares={OCHRE: 2}), "use BP02")
    assert st.players[OCHRE].vp == 3


def test_bb01_bb02_lower_a_canal_and_bb10_doubles_its_space_reward() -> None:
    st = position(hands={OCHRE: [*HAND, "BB01", "BB10"]}, coins={OCHRE: 0}, vp={OCHRE: 0},
                  canal_display=["CN01", "CN02", "CN03", "CN04"], clear_network=True)
    st, _ = play(st, "play C5 low", "main", "use BB01", "use BB10", "tile CN01", "space 32")
    assert st.players[OCHRE].vp == 4


def test_bb05_is_an_extra_canal_action() -> None:
    st, _ = play(with_card("BB05"), "use BB05")
    assert kind(st) == "canal_tile"


def test_bb06_moves_a_cube_to_a_neighbouring_tile_and_makes_it_active() -> None:
    st = with_card("BB06", clear_network=True, canals={"11": ("N", -1), "12": ("CN01", TEAL)},
                   cubes={"11": "inactive"})
    st, _ = play(st, "use BB06", "cube 11 12")
    assert st.cube[space_of("12")] == 2 and st.cube[space_of("11")] == 0


def test_bb08_and_bp05_count_active_cubes_and_bases() -> None:
    st = with_card("BB08", vp={OCHRE: 0}, clear_network=True,
                   canals={"11": ("N", -1), "12": ("N", -1)},
                   cubes={"11": "active", "12": "active"})
    st, _ = play(st, "use BB08")
    assert st.players[OCHRE].vp == 2
    st, _ = play(with_card("BP05", vp={OCHRE: 0}, bases={OCHRE: ["PA"]}), "use BP05")
    assert st.players[OCHRE].vp == 1


def test_bb09_steps_on_the_blue_track() -> None:
    st, _ = play(with_card("BB09"), "use BB09")
    assert legal(st)[:2] == ["step B", "skip"]


def test_bw09_activates_one_room_and_bw08_adds_an_activation() -> None:
    st, _ = play(with_card("BW08"), "play C1 low", "main", "use BW08")
    assert st.stack.frames[-1]["left"] == 3


def test_bp11_a_large_garden_costs_no_coin() -> None:
    st = with_card("BP11", coins={OCHRE: 0}, ware={OCHRE: "1S"})
    st, _ = play(st, "play C2 up", "main")
    assert legal(st)[0] == "small" and "use BP11" in legal(st)
    st, _ = play(st, "use BP11", "large")
    assert st.players[OCHRE].coins == 0 and ware_of(st, OCHRE)["S"] == 0


def test_sk15_makes_one_segment_toll_free_and_sk17_lowers_a_workshop() -> None:
    st, _ = play(with_card("SK15", coins={OCHRE: 1}), "play C2 low", "main", "use SK15",
                 "go PA")
    assert st.players[OCHRE].coins == 0
    st = with_card("SK17", coins={OCHRE: 0}, ware={OCHRE: "1S"})
    st, _ = play(st, "play C1 up", "main", "use SK17")
    assert legal(st)[0].startswith("tile ")


def test_a_sack_card_is_kept_used_or_discarded_and_counts_at_the_end() -> None:
    st = with_card("SK01")
    assert {"use SK01", "drop SK01"} <= set(legal(st))
    assert WARE_INDEX["S"] == 0


def test_an_activation_card_adds_nothing_to_a_production_with_a_stated_count() -> None:
    st = position(hands={OCHRE: [*HAND, "BW08"]}, specials={OCHRE: ["SW1-3"]})
    st, _ = play(st, "use SW1-3")
    assert "use BW08" not in legal(st)


# ---- card text (spec §15) ------------------------------------------------------------------------


@pytest.mark.parametrize(("card", "clause"), [
    ("BY09", "each offer's golden bonus once; flip the tile once, after both"),
    ("BY12", "stone cannot be swapped"),
    ("BW09", "it may be one already activated this turn"),
    ("BB06", "orthogonally adjacent space that holds a tile (canal, tank or neutral) and no cube"),
    ("SB3-3", "a conversion room needs its input paid twice"),
    ("SB3-4", "even if it receives no water"),
    ("SP1-5", "starting ones included"),
    ("SY2-2", "you may place a second garden tile, paying for it"),
])
def test_a_card_shows_its_whole_effect(card: str, clause: str) -> None:
    st = with_card("BY01")
    assert clause in card_json(card, OCHRE)["text"]
    assert "…" not in card_json(card, OCHRE)["text"]
    assert GAME.view(st, OCHRE)["players"][OCHRE]["hand"]  # the view is built from card_json


def test_every_card_has_its_text_and_a_short_one_for_menus() -> None:
    for card in (*BONUS, *SACK, *SPECIAL_IDS):
        shown = card_json(card, OCHRE)
        assert shown["text"] and "…" not in shown["text"]
        assert shown["short"] and len(shown["short"]) <= len(shown["text"])
