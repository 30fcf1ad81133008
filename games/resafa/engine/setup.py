"""A new game of Resafa (spec §4): the shared set-up, then each seat's, all from the seed."""

from __future__ import annotations

from games.core import rng as R
from games.resafa.engine.data import (
    BONUS_DECKS,
    BOX_UNUSED,
    CANAL_BONUS,
    CANAL_DISPLAY,
    CANAL_IDS,
    CITIES,
    COLOURS,
    GARDEN_SUPPLY,
    LEVEL1,
    LEVEL2,
    NEUTRAL,
    OFFER_SLOTS,
    RIVAL_CARDS,
    SACK,
    SEAT_COMPENSATION,
    SETUP_CARDS,
    SPECIAL_DECKS,
    START_CARD_IDS,
    START_CELLS,
    START_SUPPLY,
    TANK_IDS,
    WARE_INDEX,
    cell,
    gain,
    space,
)
from games.resafa.engine.state import State

HAND_START = 3


def new_state(players: int, seed: int) -> State:
    st = State.blank(players)
    rng = R.seed_state(seed)
    # Seats are numbered from the start player (spec §4.2), so seat 0 starts.
    st.start = st.current = 0
    for i in range(len(CITIES)):
        rng, st.tile_side[i] = R.below(rng, 2)
    # UNCERTAIN (§4.3): no other player-count change is known.
    if players <= 2:
        for boxes in st.boxes.values():
            boxes[2] = BOX_UNUSED
    deck1 = list(LEVEL1)
    rng = R.shuffle(rng, deck1)
    st.offer1 = [deck1.pop() for _ in range(OFFER_SLOTS)]
    st.deck1 = deck1
    deck2 = list(LEVEL2)
    rng = R.shuffle(rng, deck2)
    st.deck2 = deck2
    st.offer2 = [""] * OFFER_SLOTS
    st.small_left, st.large_left = GARDEN_SUPPLY["small"], GARDEN_SUPPLY["large"]
    sack = list(SACK)
    rng = R.shuffle(rng, sack)
    st.sack = sack
    for (colour, level), cards in SPECIAL_DECKS.items():
        deck = list(cards)
        rng = R.shuffle(rng, deck)
        st.special[f"{colour}{level}"] = deck
    for colour in COLOURS:
        deck = list(BONUS_DECKS[colour])
        rng = R.shuffle(rng, deck)
        st.bonus[colour] = [deck.pop() for _ in range(3)]
        st.bonus_deck[colour] = deck
    rng, pick = R.below(rng, len(SETUP_CARDS))
    st.setup = sorted(SETUP_CARDS)[pick]
    neutral, bonus_spaces = SETUP_CARDS[st.setup]
    for r, c in neutral:
        st.net[space(r, c)] = NEUTRAL
        st.cube[space(r, c)] = 1
    bonus_tiles = list(CANAL_BONUS)
    rng = R.shuffle(rng, bonus_tiles)
    for r, c in bonus_spaces:
        st.cbonus[space(r, c)] = bonus_tiles.pop()
    canals = list(CANAL_IDS)
    rng = R.shuffle(rng, canals)
    st.canal_display = [canals.pop() for _ in range(CANAL_DISPLAY)]
    st.canal_stack = canals
    st.tanks = list(TANK_IDS)
    for seat in range(players):
        p = st.players[seat]
        (c1, r1), (c2, r2) = START_CELLS
        p.ws[cell(c1, r1)] = "STA"
        p.ws[cell(c2, r2)] = "STB"
        own = list(START_CARD_IDS)
        rng = R.shuffle(rng, own)
        p.hand = sorted(own[:HAND_START])
        p.deck = own[HAND_START:]
        p.coins = START_SUPPLY["C"]
        p.ware[WARE_INDEX["S"]] = START_SUPPLY["S"]
        for item, n in gain(SEAT_COMPENSATION[seat]):
            if item == "C":
                p.coins += n
            else:
                p.vp += n
    if st.solo:
        rival = list(RIVAL_CARDS)
        rng = R.shuffle(rng, rival)
        st.rival_deck = rival
    st.rng = rng
    return st
