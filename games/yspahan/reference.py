"""Yspahan's /rules reference, summarising the rules spec."""

from __future__ import annotations

TOPICS = {
    "overview": (
        "Merchants in Yspahan collect camels and gold, place goods cubes in the shops of the "
        "city's souks, send goods to the Caravan and build on their own board. The game "
        "lasts 3 weeks of 7 days; most victory points after the third week wins."
    ),
    "turn": (
        "Each day the first player may buy yellow dice and rolls; the dice are sorted onto "
        "the Tower by value. In turn, players take one group of dice and either take camels "
        "or gold, place cubes in the matching quarter, move the Supervisor (goods next to "
        "where it stops go to the Caravan), or take a card. A building may be bought too. "
        "With two players the first player has two actions a day."
    ),
    "scoring": (
        "Complete souks score their printed value at the end of each week; the Caravan "
        "scores as it fills and at the end of the game; some buildings and cards give "
        "points too."
    ),
    "ending": "After the third week's seventh day and its scoring, the game is over.",
}
