"""Optional abilities in the windows (spec 6.4, 8, 9, 11): attacks, storage abilities with
lock tokens, spending recruit pawns, filling artifact spaces."""

from __future__ import annotations

from typing import Any

import pytest

from games.core import IllegalAction
from games.sahwari import GAME
from games.sahwari.engine.data import ACTIVE, GUILD_POS, LOCKED
from games.sahwari.engine.state import SahwariState, put
from games.sahwari.testing import (
    ORANGE,
    PURPLE,
    at,
    camel_at,
    kind,
    legal,
    play,
    position,
)

# Merchant (Orange) sheet: Ochre|Indigo. R01 Ochre|Ochre fits on the left: L1|CLAN.
# Diplomat (Purple) sheet: Indigo|Crimson. R05 Indigo|Indigo fits on the left: L1|CLAN.


def window(**kw: Any) -> SahwariState:
    return position(step="w0", **kw)


# ---- attacks ---------------------------------------------------------------------------------


def test_an_attack_without_a_strategy_token_is_refused_with_the_reason() -> None:
    st = window(camels={"P1a": "B2", "P2a": "B3"}, pawns={ORANGE: 1})
    assert "attack" not in legal(st)
    with pytest.raises(IllegalAction, match="needs a strategy token"):
        GAME.parse(st, "attack")
    with pytest.raises(IllegalAction, match="needs a strategy token"):
        GAME.parse(st, "attack B2 camel P2a")


def test_attacking_a_camel_discards_a_stored_cube_to_the_guild_and_pushes_it() -> None:
    st = window(camels={"P1a": "B2", "P2a": "B3"}, strategy={ORANGE: 1},
                storage={PURPLE: 2}, clear=True, tiles={"B3": "desert", "A3": "desert"})
    st, _ = play(st, "attack")
    assert "attack B2 camel P2a" in legal(st)
    st, _ = play(st, "attack B2 camel P2a")
    assert st.store[PURPLE] == 1 and st.strat[ORANGE] == 0
    assert at(st, "C3").count("A") == 1  # the cube went to the Guild tile's artifact space
    assert kind(st) == "push"
    assert "push B2" not in legal(st)  # occupied, and not a common tile
    st, _ = play(st, "push A3")
    assert camel_at(st, "P2a") == "A3"


def test_with_empty_storage_the_attacker_locks_a_placed_artifact() -> None:
    st = window(camels={"P1a": "B2", "P2a": "B3"}, strategy={ORANGE: 1},
                rows={PURPLE: ["R05", "CLAN"]}, active={PURPLE: ["L1|CLAN"]})
    st, _ = play(st, "attack", "attack B2 camel P2a")  # one placed cube: locked at once
    assert st.junc[PURPLE] == (LOCKED,)
    assert at(st, "C3").count("A") == 1
    assert GAME.view(st, None)["players"][PURPLE]["breakdown"]["artifacts"] == 0


def test_a_guild_camel_can_be_attacked_and_is_only_pushed() -> None:
    st = window(camels={"P1a": "B2", "G1": "B3", "G2": "E5"}, strategy={ORANGE: 1},
                storage={PURPLE: 2})
    st, _ = play(st, "attack", "attack B2 camel G1")
    assert st.store[PURPLE] == 2
    assert kind(st) == "push"


def test_an_attack_may_start_from_a_guild_camels_tile() -> None:
    st = window(camels={"P1a": "A1", "G1": "D3", "G2": "E5", "P2a": "D4"},
                strategy={ORANGE: 1})
    st, _ = play(st, "attack")
    assert "attack D3 camel P2a" in legal(st)


def test_attacking_a_caravan_removes_it_unseen() -> None:
    st = window(camels={"P1a": "B2"}, strategy={ORANGE: 1}, clear=True,
                tiles={"B2": ("resource", "c03"), "B3": ("resource", "c04 A")})
    st, _ = play(st, "attack")
    assert {"attack B2 caravan c03", "attack B2 caravan c04"} <= set(legal(st))
    step = GAME.step(st, "attack B2 caravan c04")
    assert "c04" in step.state.gone and "c04" not in at(step.state, "B3")
    assert "c04" not in step.state.known[ORANGE]
    assert not step.revealed


def test_back_returns_from_the_attack_choice_and_keeps_the_token() -> None:
    st = window(camels={"P1a": "B2", "P2a": "B3"}, strategy={ORANGE: 1})
    st, _ = play(st, "attack", "back")
    assert "attack" in legal(st)
    assert kind(st) == "abilities" and st.strat[ORANGE] == 1


# ---- storage abilities ---------------------------------------------------------------------


def test_a_covered_storage_ability_is_used_with_a_lock_token() -> None:
    st = window(storage={ORANGE: 4})
    assert {"lock 2", "lock 3", "lock 4"} <= set(legal(st))
    assert "lock 5" not in legal(st)  # not covered
    st, _ = play(st, "lock 4")  # crossed swords: a strategy token
    assert st.strat[ORANGE] == 1 and st.locks[ORANGE] == 1 and st.slock[ORANGE] == (4,)


def test_a_storage_ability_used_twice_is_refused_with_the_reason() -> None:
    st = window(storage={ORANGE: 4}, slock={ORANGE: [4]})
    assert "lock 4" not in legal(st)
    with pytest.raises(IllegalAction, match="has been used already"):
        GAME.parse(st, "lock 4")


def test_two_lock_tokens_mean_two_storage_abilities_per_game() -> None:
    st = window(storage={ORANGE: 6}, slock={ORANGE: [4, 6]})
    assert not any(a.startswith("lock") for a in legal(st))
    with pytest.raises(IllegalAction, match="no lock token left"):
        GAME.parse(st, "lock 2")


def test_a_lock_token_does_not_hide_the_printed_value() -> None:
    st = window(storage={ORANGE: 2}, slock={ORANGE: [2]})
    assert GAME.view(st, None)["players"][ORANGE]["storage"]["score"] == 2


# ---- recruit track --------------------------------------------------------------------------


def test_spending_a_pawn_sends_it_to_the_guild_tile_and_offers_the_menu() -> None:
    st = window(pawns={ORANGE: 2}, rows={ORANGE: ["R01", "CLAN"]})
    st, _ = play(st, "spend")
    assert legal(st) == ["spend tornado", "spend spyglass", "spend refresh", "spend forge",
                         "back"]
    st, _ = play(st, "spend forge")
    assert st.pawns[ORANGE] == 1 and at(st, "C3").count("P") == 1
    assert st.junc[ORANGE] == (ACTIVE,)  # the only empty space was forged at once


def test_a_pawn_spent_with_the_guild_full_leaves_the_game() -> None:
    st = window(pawns={ORANGE: 1})
    st.items = put(st.items, GUILD_POS, ("P", "P", "P", "P"))
    st, events = play(st, "spend", "spend tornado")
    assert at(st, "C3").count("P") == 4
    assert any("leaves the game" in e.text for e in events)


# ---- filling a space -----------------------------------------------------------------------


def test_a_stored_cube_fills_an_artifact_space_and_triggers_its_effects() -> None:
    # R02 Ochre|Ochre with Spyglass on its right edge, next to the Merchant's Ochre left edge.
    st = window(storage={ORANGE: 3}, rows={ORANGE: ["R02", "CLAN"]})
    assert "fill L1|CLAN" in legal(st)
    st, _ = play(st, "fill L1|CLAN")
    assert st.store[ORANGE] == 2 and st.junc[ORANGE] == (ACTIVE,)
    assert kind(st) == "spyglass"


def test_the_attacker_chooses_which_placed_artifact_is_locked() -> None:
    # Diplomat (Purple) Indigo|Crimson: R05 fits on the left, R07 (Crimson) on the right.
    st = window(camels={"P1a": "B2", "P2a": "B3"}, strategy={ORANGE: 1},
                rows={PURPLE: ["R05", "CLAN", "R07"]},
                active={PURPLE: ["L1|CLAN", "CLAN|R1"]})
    st, _ = play(st, "attack", "attack B2 camel P2a")
    assert kind(st) == "lock_space"
    assert legal(st) == ["seal L1|CLAN", "seal CLAN|R1"]
    st, _ = play(st, "seal CLAN|R1")
    assert st.junc[PURPLE] == (ACTIVE, LOCKED)
