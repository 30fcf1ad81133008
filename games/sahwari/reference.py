"""Sahwari's /rules reference, summarising the rules spec."""

from __future__ import annotations

TOPICS = {
    "overview": (
        "Clans ride camels over a 5×5 map of desert tiles around the Guild tile (C3), taking "
        "artifact cubes, recruit pawns and caravans. Recruit cards are attached at either end "
        "of your clan row; where touching edges share a colour an artifact space opens, and a "
        "cube on it fires both effects beside it. Most influence at the end wins."
    ),
    "turn": (
        "1. Move one camel in a straight line (N/E/S/W) to the next tile with resources; "
        "opponents' and guild camels block except on the Guild tile and oases. Off-map camels "
        "first enter on the Guild tile or an oasis. 2. Take one item there: a cube (storage "
        "or an artifact space), a pawn (recruit track + a market card), or a caravan (use now "
        "or keep face down). 3. Move a guild camel (it may stop on free desert). Before, "
        "between and after these steps you may reveal caravans, attack with a strategy token, "
        "spend a recruit pawn, use a storage ability (lock token, once each) or move a stored "
        "cube to an artifact space. 5. Empty tiles flip to desert or oasis; the market refills."
    ),
    "icons": (
        "Blue/red circle: ± influence at the end. Meeple: take a market card. x4: refresh the "
        "market. Spyglass: look at the caravans on a tile or an opponent's. Chest: a cube "
        "from the supply. Bird: take an item next to a guild camel. Bowl: take a caravan from "
        "anywhere on the map. Tornado: move any camel to an empty tile. Crossed swords: a "
        "strategy token, spent to attack from your or a guild camel's tile: a neighbouring "
        "camel's owner loses a stored cube (or has a placed cube locked) and the camel is "
        "pushed, or a caravan next to you is removed unseen."
    ),
    "ending": (
        "When only 6 tiles (the Guild tile included) still show resources, the round is "
        "finished so everyone has had as many turns, then the game ends. STAND-IN safeguards "
        "also end a stalled game or one that reaches 60 turns per player."
    ),
    "scoring": (
        "All caravans are turned up: blue/red circles count. Add the leftmost visible value "
        "of your storage and recruit tracks, the influence beside every activated (not "
        "locked) artifact space, your clan leader's bonus and clan abilities of recruit "
        "cards activated on both sides. Ties: most recruit cards plus artifacts; if still "
        "tied, everyone loses."
    ),
    "leaders": (
        "Merchant: 1 per pair of cubes. Diplomat: 1 per recruit card. Bandit: 1 per cube + "
        "caravan pair. Spy: 1 per activated spyglass. Dealer: 1 per activated attack space + "
        "stored cube pair. Explorer: up to two moves a turn, never straight back. Leaders are "
        "dealt, or (option leader_choice, 2–3 players) chosen from two."
    ),
    "notation": (
        "`move B2 N` (then `stop C2` if several stops), `enter C3`, `take cube|pawn|c07`, "
        "`cube storage` or `cube L1|CLAN`, `card R17 left`, `use`/`keep`, `guild G1 E`, "
        "`reveal c07`, `attack`, `spend`, `lock 3`, `fill R1|R2`, `done`. Caravans are named by "
        "their handle (c01–c24), artifact spaces by the pieces they join."
    ),
    "stand-in": (
        "Most component data is STAND-IN (made up where the published game gives none): tile "
        "contents, caravan lists, the 36 recruit cards, track values, the spending menu, the "
        "Guild tile spaces and the cube supply."
    ),
}
