"""A cheap estimate of a Yspahan position for one seat, in victory points.

Points already scored count in full; gold, camels, cards and cubes count at rough exchange rates
read off the cards and the scoring rules, fading as the game nears its end, when they can no
longer be turned into points. Cards count by number only: which cards a seat holds is hidden
from the others, and an estimate of an opponent must not depend on it.
"""

from __future__ import annotations

from games.yspahan.engine.data import BAZAAR, CARAVAN_PER_ROW, NO, SOUK_SHOPS, SOUKS
from games.yspahan.engine.state import YspahanState

GOLD = 0.4  # "Gold for points" pays 1 VP per gold, but buildings and dice compete for it
CAMEL = 0.6  # "Camels for points" pays 2 VP per camel (4 at most); camels also save cubes
CARD = 1.0  # an average card: 3 camels, 3 gold, a free build or a Caravan cube
SOUK_HOPE = 0.5  # share of a souk's VP credited per fraction filled while it is incomplete
SOUK_DONE = 0.85  # share credited for a complete souk: the Supervisor can still empty shops
CARAVAN_HOPE = 0.7  # share of the Caravan's current worth credited per coming week-end scoring
BAZAAR_PER_WEEK = 2.0  # the Bazaar's +2 VP per completed souk, about one souk a week
BUILDING_PER_WEEK = 1.0  # any other building's effect, per week still to play
DAYS = 7


def evaluate(st: YspahanState, seat: int) -> float:
    value = float(st.score(seat))
    if st.phase == "finished":
        return value
    days_left = (3 - st.week) * DAYS + (DAYS - st.day + 1)  # including today
    fade = min(1.0, days_left / DAYS)  # resources need days to become points
    weeks_left = 4 - st.week  # week ends still to score, this one included
    value += fade * (GOLD * st.gold[seat] + CAMEL * st.camels[seat] + CARD * len(st.hands[seat]))
    value += _souks(st, seat)
    value += CARAVAN_HOPE * _caravan_worth(st, seat) * weeks_left
    weeks_to_play = days_left / DAYS
    for b in st.built[seat]:
        value += (BAZAAR_PER_WEEK if b == BAZAAR else BUILDING_PER_WEEK) * weeks_to_play
    return value


def _souks(st: YspahanState, seat: int) -> float:
    total = 0.0
    shops = st.shops
    for k, souk in enumerate(SOUKS):
        cells = SOUK_SHOPS[k]
        mine = sum(1 for i in cells if shops[i] == seat)
        if not mine or any(shops[i] not in (seat, NO) for i in cells):
            continue
        if mine == len(cells):
            total += SOUK_DONE * (souk.value + (2 if BAZAAR in st.built[seat] else 0))
        else:
            total += SOUK_HOPE * souk.value * mine / len(cells)
    return total


def _caravan_worth(st: YspahanState, seat: int) -> float:
    """What the Caravan would pay ``seat`` if it were scored now."""
    per_row = CARAVAN_PER_ROW[st.np]
    count = top = 0
    for i, owner in enumerate(st.caravan):
        if owner == seat:
            count += 1
            top = i // per_row + 1
    return float(count * top)
