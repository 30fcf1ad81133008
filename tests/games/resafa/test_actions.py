"""The six main actions of Resafa (spec §9) and the bad inputs each one refuses."""

from __future__ import annotations

from games.resafa import GAME
from games.resafa.testing import (
    OCHRE,
    TEAL,
    box_holder,
    cell_of,
    kind,
    legal,
    play,
    position,
    refused,
    space_of,
    texts,
    ware_of,
)

HAND = {OCHRE: ["C1", "C2", "C4", "C5", "C3", "C6"]}  # every starting card, for any half
OFFER = ["W1-01", "W1-04", "W1-10"]

# ---- workshop construction (spec §9.1) -----------------------------------------------------------


def workshop(**kw: object) -> object:
    st = position(hands=HAND, offer1=OFFER, **kw)  # type: ignore[arg-type]
    st, _ = play(st, "play C1 up", "main")
    return st


def test_a_workshop_costs_a_coin_and_a_stone_and_refills_its_offer_slot() -> None:
    st = workshop(coins={OCHRE: 3}, ware={OCHRE: "2S"})
    assert legal(st)[:3] == ["tile W1-01", "tile W1-04", "tile W1-10"]
    nxt = st.deck1[-1]
    st, _ = play(st, "tile W1-04")
    p = st.players[OCHRE]
    assert p.coins == 2 and ware_of(st, OCHRE)["S"] == 1
    assert st.offer1 == ["W1-01", nxt, "W1-10"]


def test_a_workshop_goes_corner_to_corner_with_one_of_yours() -> None:
    st, _ = play(workshop(), "tile W1-04", "front", "rot 0")
    assert sorted(a.split()[1] for a in legal(st) if a.startswith("cell")) == [
        "c3", "c5", "d6", "e3", "f4", "f6"]
    st, events = play(st, "cell f4")
    assert st.players[OCHRE].ws[cell_of("f4")] == "W1-04"
    assert "Ochre builds W1-04 at f4, front up." in texts(events)


def test_a_workshop_edge_to_edge_is_refused_with_the_reason() -> None:
    st, _ = play(workshop(), "tile W1-04", "front", "rot 0")
    reason = refused(st, "cell d3")  # d3 touches d4 edge to edge
    assert "garden square" in reason and "corner to corner" in reason
    assert "does not touch any of your workshops" in refused(st, "cell a1")
    assert "already holds a workshop" in refused(st, "cell e5")


def test_orientation_turns_the_icons_and_the_back_side_has_none() -> None:
    st, _ = play(workshop(), "tile W1-01", "front", "rot 90", "cell c3")  # E icon faces S
    area = GAME.view(st, OCHRE)["players"][OCHRE]["area"]
    w = next(w for w in area["workshops"] if w["name"] == "c3")
    assert w["rotation"] == 90 and [i["edge"] for i in w["icons"]] == ["S"]
    assert w["icons"][0]["faces"] == cell_of("c4")
    st, _ = play(workshop(), "tile W1-01", "back")  # no orientation is asked
    assert kind(st) == "workshop_cell"


def test_level_two_workshops_need_round_three_and_two_merchant_tokens() -> None:
    st = workshop(round=3, tokens={OCHRE: ["square"]})
    level2 = st.offer2[0]
    assert f"tile {level2}" not in legal(st)
    assert "2 merchant tokens" in refused(st, f"tile {level2}")
    st = workshop(round=3, tokens={OCHRE: ["square", "scarab"]}, offer2=["W2-03", "", ""])
    st, events = play(st, "tile W2-03")  # immediate reward 3 coins, before the side
    assert kind(st) == "workshop_side"
    assert "Ochre gains 3 coins (W2-03 immediate reward)." in texts(events)


def test_level_two_workshops_are_revealed_at_the_start_of_round_three() -> None:
    st = position(round=2, hands={OCHRE: ["C1", "C2", "C4"], TEAL: ["C1", "C2", "C4"]},
                  decks={OCHRE: [], TEAL: []}, facedown={OCHRE: ["C3", "C5", "C6"]})
    assert st.offer2 == ["", "", ""]
    while st.round == 2:
        first = legal(st)[0]
        st, _ = play(st, "end" if first in ("main", "colour") else first)
    assert all(st.offer2) and len(st.deck2) == 9


# ---- garden construction (spec §9.2) -------------------------------------------------------------


def garden(**kw: object) -> object:
    st = position(hands=HAND, **kw)  # type: ignore[arg-type]
    st, _ = play(st, "play C2 up", "main")
    return st


def test_a_small_garden_costs_a_stone_and_a_large_one_a_coin_and_a_stone() -> None:
    st = garden(coins={OCHRE: 3}, ware={OCHRE: "2S"})
    assert legal(st)[:2] == ["small", "large"]
    after, _ = play(st, "large")
    assert after.players[OCHRE].coins == 2 and ware_of(after, OCHRE)["S"] == 1
    after, _ = play(st, "small")
    assert after.players[OCHRE].coins == 3 and ware_of(after, OCHRE)["S"] == 1
    assert kind(after) == "garden_square"
    assert sorted(a.split()[1] for a in legal(after)) == [
        "c4", "d3", "d5", "e4", "e6", "f5"]


def test_a_large_and_a_small_garden_complete_a_square_and_pay_the_icons_facing_it() -> None:
    st = garden(gardens={OCHRE: {"e4": "large"}}, coins={OCHRE: 3}, vp={OCHRE: 0})
    st, events = play(st, "small", "square e4")
    p = st.players[OCHRE]
    assert p.squares == 1 and p.coins == 4 and p.vp == 1  # STA's E icon, STB's N icon
    assert "Ochre completes the garden square e4." in texts(events)
    assert kind(st) == "track_step"  # the garden track's first reward: a step (any)


def test_three_small_gardens_complete_a_square_and_two_large_ones_never_share_one() -> None:
    st = garden(gardens={OCHRE: {"e4": "small+small"}})
    st, _ = play(st, "small", "square e4")
    assert st.players[OCHRE].squares == 1
    st = garden(gardens={OCHRE: {"e4": "large"}})
    st, _ = play(st, "large")
    assert "square e4" not in legal(st)
    assert "3 units, a large garden takes 2" in refused(st, "square e4")


def test_uncertain_icons_pay_when_the_square_is_completed_not_when_touched() -> None:
    """UNCERTAIN (spec §9.2): an icon pays when its square is completed."""
    st = garden(coins={OCHRE: 3}, vp={OCHRE: 0})
    st, _ = play(st, "small", "square e4")
    p = st.players[OCHRE]
    assert p.coins == 3 and p.vp == 0 and p.icons == []


def test_a_later_workshop_next_to_a_complete_square_earns_nothing() -> None:
    st = position(hands=HAND, offer1=OFFER, gardens={OCHRE: {"e4": "large+small"}},
                  vp={OCHRE: 0})
    st, _ = play(st, "play C1 up", "main", "tile W1-04", "front", "rot 90", "cell e3")
    p = st.players[OCHRE]  # W1-04's icon (1 VP) now faces the complete square e4
    assert p.vp == 0 and p.ws[cell_of("e3")] == "W1-04"


def test_uncertain_the_garden_track_steps_go_on_any_track() -> None:
    """UNCERTAIN (spec §15.10): the garden track's steps may go on any colour."""
    st = garden(gardens={OCHRE: {"e4": "large"}})
    st, _ = play(st, "small", "square e4")
    assert legal(st)[:4] == ["step Y", "step W", "step B", "step P"]


def test_the_fifth_square_gives_five_vp_and_no_step() -> None:
    st = garden(gardens={OCHRE: {"e4": "large"}}, squares={OCHRE: 4}, vp={OCHRE: 0})
    st, _ = play(st, "small", "square e4")
    p = st.players[OCHRE]
    assert p.squares == 5 and p.vp == 1 + 5 and kind(st) != "track_step"


# ---- production (spec §9.3) -------------------------------------------------------------------


def test_production_activates_two_different_workshops_one_room_each() -> None:
    st = position(hands=HAND, coins={OCHRE: 3}, ware={OCHRE: ""})
    st, _ = play(st, "play C1 low", "main")
    assert legal(st)[:3] == ["activate d4", "activate e5", "stop"]
    st, _ = play(st, "activate d4", "room 2")  # STA: 2 coins
    assert legal(st)[:2] == ["activate e5", "stop"]
    st, _ = play(st, "activate e5", "room 1")  # STB: 1 marble
    p = st.players[OCHRE]
    assert p.coins == 5 and ware_of(st, OCHRE)["M"] == 1 and kind(st) == "turn_action"


def test_a_reversed_workshop_with_the_extra_production_symbol_adds_an_activation() -> None:
    st = position(hands=HAND, workshops={OCHRE: {"c3": ("W1-01", "back")}})
    st, _ = play(st, "play C1 low", "main", "activate d4", "room 1", "activate e5", "room 1")
    assert legal(st)[:2] == ["activate c3", "stop"]


def test_activate_one_room_may_repeat_a_workshop_already_activated() -> None:
    st = position(hands={OCHRE: [*HAND[OCHRE], "BW09"]}, coins={OCHRE: 0})
    st, _ = play(st, "play C1 low", "main", "activate d4", "room 2", "activate e5", "room 1",
                 "use BW09")
    assert "activate d4" in legal(st)
    st, _ = play(st, "activate d4", "room 2")
    assert st.players[OCHRE].coins == 4


def test_a_conversion_room_needs_its_input() -> None:
    st = position(hands=HAND, workshops={OCHRE: {"c3": "W1-11"}}, ware={OCHRE: ""})
    st, _ = play(st, "play C1 low", "main", "activate c3")
    assert legal(st) == ["room 2"]  # room 1 converts a marble there is none of


# ---- canal construction (spec §9.4) ---------------------------------------------------------


def canal(**kw: object) -> object:
    st = position(hands=HAND, clear_network=True,  # type: ignore[arg-type]
                  canal_display=["CN01", "CN11", "CN15", "CN19"], **kw)
    st, _ = play(st, "play C5 low", "main")
    return st


def test_a_canal_costs_its_printed_price_and_gives_its_space_reward() -> None:
    st = canal(coins={OCHRE: 3}, vp={OCHRE: 0})
    assert "tile CN19" in legal(st)  # 3 coins
    st, _ = play(st, "tile CN01", "space 23")  # 1 coin; space 23 gives 2 coins
    p = st.players[OCHRE]
    assert p.coins == 3 - 1 + 2 and st.net[space_of("23")] == "CN01"
    assert st.owner[space_of("23")] == OCHRE and "CN01" not in st.canal_display


def test_paying_with_coins_the_seat_does_not_have_is_refused() -> None:
    st = canal(coins={OCHRE: 2})
    assert "tile CN19" not in legal(st)
    assert "CN19 costs 3 coins, and you do not have it" in refused(st, "tile CN19")


def test_a_canal_that_breaks_the_vertical_connection_rule_is_refused() -> None:
    st = canal(canals={"22": ("CN15", -1), "14": ("CN01", -1)})  # a basin: no bottom opening
    st, _ = play(st, "tile CN01")
    assert "space 32" not in legal(st)
    assert "Vertically adjacent tiles must connect" in refused(st, "space 32")
    st = canal(canals={"14": ("CN01", -1)})
    st, _ = play(st, "tile CN11")  # a head tile: closed top, under a through tile
    assert "Vertically adjacent tiles must connect" in refused(st, "space 24")
    assert "space 15" in legal(st)  # beside it horizontally: no constraint


def test_uncertain_two_closed_edges_may_not_face_each_other() -> None:
    """UNCERTAIN (spec §9.4): vertical neighbours must both be open where they meet."""
    st = canal(canals={"22": ("CN15", -1)})  # basin: closed bottom
    st, _ = play(st, "tile CN11")  # head: closed top
    assert "space 32" not in legal(st)


def test_a_new_tile_next_to_a_water_cube_draws_it_in_and_makes_it_active() -> None:
    st = canal(canals={"11": ("N", -1)}, cubes={"11": "inactive"})
    st, events = play(st, "tile CN01", "space 21")
    assert st.cube[space_of("11")] == 0 and st.cube[space_of("21")] == 2
    assert "The water cube on 11 flows to 21 and is active." in texts(events)


def test_a_canal_bonus_tile_is_used_or_discarded() -> None:
    st = canal(cbonus={"23": "CB8"}, vp={OCHRE: 0})
    st, _ = play(st, "tile CN01", "space 23")
    assert kind(st) == "canal_bonus" and legal(st)[:2] == ["use", "discard"]
    after, _ = play(st, "use")
    assert after.players[OCHRE].vp == 3
    after, _ = play(st, "discard")
    assert after.players[OCHRE].vp == 0 and after.cbonus[space_of("23")] == ""


def test_a_tank_without_its_prerequisites_is_refused() -> None:
    st = canal(coins={OCHRE: 5}, ware={OCHRE: "3S"})
    assert "tile TK1" not in legal(st)
    reason = refused(st, "tile TK1")
    assert "2 complete garden squares and a trading base" in reason
    assert "0 squares and 0 bases" in reason
    st = canal(coins={OCHRE: 5}, ware={OCHRE: "3S"}, squares={OCHRE: 2}, bases={OCHRE: ["SU"]})
    st, _ = play(st, "tile TK1")
    assert all(a.split()[1][0] == "4" for a in legal(st) if a.startswith("space"))


# ---- trading (spec §9.5) -----------------------------------------------------------------------


def trade(**kw: object) -> object:
    st = position(hands=HAND, sides="AAAAAA", **kw)  # type: ignore[arg-type]
    st, _ = play(st, "play C2 low", "main")
    return st


def test_each_road_segment_costs_a_coin() -> None:
    st = trade(coins={OCHRE: 3})
    assert "go PA" in legal(st) and "go BA" in legal(st) and "go BE" not in legal(st)
    st, _ = play(st, "go PA")
    assert st.players[OCHRE].coins == 1 and st.players[OCHRE].loc == "PA"


def test_a_round_trip_through_resafa_costs_one_coin() -> None:
    st = trade(coins={OCHRE: 1}, caravan={OCHRE: ("SU", 1, "")})
    assert "via SU" in legal(st)
    st, _ = play(st, "via SU")
    assert st.players[OCHRE].coins == 0 and st.players[OCHRE].loc == "SU"


def test_uncertain_a_route_via_resafa_pays_the_resafa_segment_once() -> None:
    """UNCERTAIN (spec §9.5): SU -> Resafa -> PA pays SU-Gate, Gate-Resafa once, Gate-PA."""
    st = trade(coins={OCHRE: 3}, caravan={OCHRE: ("SU", 1, "")})
    st, _ = play(st, "via PA")
    assert st.players[OCHRE].coins == 0


def test_loading_takes_one_type_up_to_the_caravan_capacity() -> None:
    st = trade(ware={OCHRE: "3S+1Sp"}, coins={OCHRE: 3})
    st, _ = play(st, "go PA")
    assert kind(st) == "load" and legal(st)[:2] == ["load S", "load Sp"]
    st, _ = play(st, "load S")
    assert legal(st) == ["take 1", "take 2"]  # 1 camel: 2 items
    assert "holds at most 2 items" in refused(st, "take 3")


def test_loading_a_second_goods_type_is_refused() -> None:
    st = trade(ware={OCHRE: "2S+1Sp"}, caravan={OCHRE: ("R", 2, "1M")}, coins={OCHRE: 3})
    st, _ = play(st, "go PA")
    assert "load S" not in legal(st)
    assert "one type at a time and holds 1 M" in refused(st, "load S")


def test_a_sale_pays_per_item_and_its_golden_bonus_once_then_the_tile_flips() -> None:
    st = trade(caravan={OCHRE: ("R", 2, "2Sp")}, coins={OCHRE: 2}, vp={OCHRE: 0})
    st, _ = play(st, "go PA", "none")  # nothing unloaded
    assert kind(st) == "trade" and legal(st)[:2] == ["sell 1", "sell 2"]
    st, events = play(st, "sell 2")
    p = st.players[OCHRE]
    assert p.coins == 8 and p.vp == 3 and p.cargo_n == 0  # 4 coins each, +3 VP once
    assert st.tile_side[2] == 1
    assert "The Palmyra trading tile flips to side B." in texts(events)


def test_bought_items_ride_on_the_caravan_and_neither_trade_keeps_the_tile() -> None:
    st = trade(coins={OCHRE: 6}, ware={OCHRE: ""})
    st, _ = play(st, "go PA")  # 2 coins; Palmyra A sells amphorae for 2 each
    assert legal(st)[:2] == ["buy 1", "buy 2"]
    after, _ = play(st, "buy 2")
    p = after.players[OCHRE]
    assert p.cargo == "A" and p.cargo_n == 2 and p.coins == 0 and ware_of(after, OCHRE)["A"] == 0
    after, _ = play(st, "none")
    assert after.tile_side[2] == 0


def test_buying_one_type_onto_another_is_refused() -> None:
    st = trade(coins={OCHRE: 6}, caravan={OCHRE: ("R", 2, "1M")}, ware={OCHRE: ""})
    st, _ = play(st, "go PA", "none")
    assert "buy 1" not in legal(st)
    assert "carries one type at a time" in refused(st, "buy 1")


def test_buying_more_than_the_caravan_holds_is_refused() -> None:
    st = trade(coins={OCHRE: 9}, ware={OCHRE: ""})
    st, _ = play(st, "go PA")  # 1 camel: 2 items, though 7 coins would pay for 3
    assert "buy 2" in legal(st) and "buy 3" not in legal(st)
    assert "at most what fits on the caravan (2 items)" in refused(st, "buy 3")


def test_a_trading_base_pays_its_box_and_places_its_token_without_a_trade() -> None:
    st = trade(coins={OCHRE: 4}, ware={OCHRE: "1S"}, vp={OCHRE: 0})
    st, _ = play(st, "go PA", "none", "none")  # no load, no trade
    assert kind(st) == "trading_base" and legal(st) == ["box 1", "box 2", "none"]
    st, _ = play(st, "box 1")  # scarab + 2 VP; the scarab fills row space 1 (+1 coin)
    p = st.players[OCHRE]
    assert box_holder(st, "PA", 1) == OCHRE and p.bases == ["PA"]
    assert p.row[0] == "scarab" and p.vp == 2 and p.coins == 4 - 2 - 1 + 1


def test_a_square_token_skips_the_scarab_only_spaces() -> None:
    st = trade(coins={OCHRE: 4}, ware={OCHRE: "1S"}, tokens={OCHRE: ["scarab", "square"]})
    st, _ = play(st, "go PA", "none", "none", "box 2")  # a square
    assert st.players[OCHRE].row[:4] == ["scarab", "square", "", "square"]


def test_a_crowded_area_asks_the_row_before_the_square() -> None:
    spread = ["a3", "a7", "c1", "c5", "c7", "d2", "d6", "e7", "f4", "g1", "h6", "h8"]
    st = position(hands=HAND, workshops={OCHRE: dict.fromkeys(spread, "W1-02")})
    st, _ = play(st, "play C2 up", "main", "small")
    rows = legal(st)
    assert rows and all(a.startswith("row ") for a in rows)
    st, _ = play(st, rows[0])
    assert legal(st) and all(a.startswith("square ") for a in legal(st))


def test_a_during_card_is_offered_only_while_its_step_is_ahead() -> None:
    st = position(hands={OCHRE: [*HAND[OCHRE], "BY03"]}, coins={OCHRE: 5}, sides="AAAAAA")
    st, _ = play(st, "play C2 low", "main")
    assert "use BY03" in legal(st)
    st, _ = play(st, "go PA")  # the toll is paid: no toll is left to waive
    assert "use BY03" not in legal(st)


def test_a_main_action_given_up_at_its_first_step_pays_no_perk() -> None:
    # SY1-4 lower: Trading (white), +1 C after the trade; SK15 could make a move affordable
    st = position(hands={OCHRE: ["SY1-4", "C1", "C4", "SK15"]}, coins={OCHRE: 0},
                  caravan={OCHRE: ("BE", 1, "")})
    st, _ = play(st, "play SY1-4 low", "main")
    assert legal(st)[0] == "none" and "use SK15" in legal(st)
    st, events = play(st, "none")
    assert st.players[OCHRE].coins == 0 and "Ochre gives up the main action." in texts(events)


def test_options_name_what_they_point_at_on_the_board() -> None:
    st, _ = play(workshop(), "tile W1-04", "back")
    option = next(o for o in GAME.options(st) if o.notation == "cell f4")
    assert option.targets == {"seat": OCHRE, "cell": "f4"}  # as the board names it
    st = trade(coins={OCHRE: 3})
    option = next(o for o in GAME.options(st) if o.notation == "go PA")
    assert option.targets == {"node": "PA", "via_resafa": False, "cost": {"coin": 2}}
