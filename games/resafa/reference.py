"""Resafa's /rules reference, summarising the rules spec (values marked STAND-IN there are
stand-ins, not the published game's)."""

from __future__ import annotations

TOPICS = {
    "overview": (
        "Merchants of Resafa build workshops and the gardens between them, dig canals that "
        "score when it rains, and send a camel caravan to the trading cities. Six rounds of "
        "three cards each; most VP after the last Rain phase wins. Much of the card and tile "
        "data is a stand-in, marked as such on the board."
    ),
    "turn": (
        "Play an action card into your leftmost slot and choose its upper or lower half: take "
        "its main action and its colour action in either order (only the colour action if the "
        "main one cannot be done). In odd rounds draw a card at the end of the turn. Keep at "
        "most 5 action, bonus and sack cards; special cards do not count. Bonus, sack and "
        "white cards are played at any decision point of your own turn."
    ),
    "colours": (
        "A colour action takes a face-up bonus card of that colour, one step on that colour's "
        "special-card track, or a sack card. Steps 3, 6 and 9 give a special card: the "
        "face-up one with 1 VP and 1 coin, or one searched from the deck. Yellow, white and "
        "blue: level II on two tracks at most, level III on one. Yellow cards replace starting "
        "cards, white are one-shot, blue permanent, pink score at the end (plus coins and VP "
        "when taken early)."
    ),
    "workshops": (
        "Workshop: pay 1 coin and 1 stone, take a face-up tile (level II from round 3 with 2 "
        "merchant tokens, with its immediate reward), choose its side and orientation and "
        "place it corner to corner with one of yours. Production activates two different "
        "workshops, one room each, plus one per reversed workshop."
    ),
    "gardens": (
        "Garden: a small garden (1 stone) fills 1 unit, a large one (1 coin, 1 stone) 2 units "
        "of a 3-unit square next to your workshops. A complete square pays the green icons "
        "facing it and advances the garden track (steps and VP). Two squares and a trading "
        "base allow a water tank."
    ),
    "canals": (
        "Canal: pay a tile's cost and place it on any empty space; vertical neighbours must "
        "connect, horizontal ones need not. Take the space reward and any bonus tile; a "
        "neighbouring water cube flows onto the new tile and is active. After rounds 2, 4 "
        "and 6 it rains: each active cube's flow down its column scores the owners."
    ),
    "trading": (
        "Trading: move the caravan (1 coin per road segment; a round trip through Resafa "
        "costs 1), load one item type at Resafa up to capacity, then sell or buy one type at "
        "the destination (its golden bonus once, then the tile flips), and you may found a "
        "trading base there for 1 coin and 1 stone: its box gives a reward and a merchant "
        "token."
    ),
    "scoring": (
        "At the end: scarabs 2 VP, workshops their printed VP, each complete square 1, canals "
        "their printed VP, tanks 4, each amphora and spice 1, 1 VP per 3 coins, unused sack "
        "cards 1, and pink cards. Ties go to more coins, then more scarabs."
    ),
    "solo": (
        "Solo: after each of your turns the rival reveals a card: it removes the leftmost "
        "face-up bonus card of a colour, blocks a city's first box while both are free, and "
        "may remove a workshop from the offer. Your score gives your rank: 130+ Legendary "
        "merchant, 110+ Master merchant, 90+ Trader, else Apprentice."
    ),
}
