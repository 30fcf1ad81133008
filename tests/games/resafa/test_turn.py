"""A Resafa turn (spec §6), colour actions (§7) and the special-card tracks (§8)."""

from __future__ import annotations

from games.resafa import GAME
from games.resafa.testing import OCHRE, TEAL, kind, legal, play, position, refused, texts


def test_a_card_goes_into_the_leftmost_slot_with_the_chosen_half() -> None:
    st, events = play(position(hands={OCHRE: ["C1", "C4", "C6"]}), "play C4 low")
    p = st.players[OCHRE]
    assert p.played == ["C4:L"] and "C4" not in p.hand
    assert "Ochre plays C4, lower half: Trading, yellow." in texts(events)
    st, _ = play(st, "colour", "sack", "end")  # Teal's turn, then Ochre again
    st, _ = play(st, *_teal_passes(st))
    st, _ = play(st, "play C1 up")
    assert st.players[OCHRE].played == ["C4:L", "C1:U"]


def _teal_passes(st: object) -> list[str]:
    hand = [c for c in st.players[TEAL].hand if c.startswith("C")]  # type: ignore[attr-defined]
    return [f"play {hand[0]} up", "end"]


def test_main_and_colour_actions_in_either_order() -> None:
    st = position(hands={OCHRE: ["C1", "C4", "C6"]})
    st, _ = play(st, "play C6 low")  # Provisions, pink
    assert set(legal(st)) >= {"main", "colour", "end"}
    st, _ = play(st, "colour", "step P")
    assert st.players[OCHRE].track[3] == 1 and legal(st)[0] == "main"
    st, _ = play(st, "main", "step Y")
    assert st.players[OCHRE].track[0] == 1


def test_only_the_colour_action_when_the_main_action_cannot_be_done() -> None:
    st = position(hands={OCHRE: ["C1", "C4", "C6"]}, coins={OCHRE: 0}, ware={OCHRE: ""})
    st, _ = play(st, "play C1 up")  # Workshop needs 1 coin and 1 stone
    assert "main" not in legal(st) and "colour" in legal(st)
    assert "cannot be done now" in refused(st, "main")


def test_uncertain_a_possible_main_action_may_be_declined() -> None:
    """UNCERTAIN (spec §6.1): skipping a main action that could be done is allowed."""
    st, _ = play(position(hands={OCHRE: ["C1", "C4", "C6"]}), "play C1 up")
    assert "main" in legal(st)
    st, _ = play(st, "end")
    assert st.current == TEAL


def test_odd_rounds_draw_one_card_at_the_end_of_the_turn_and_even_rounds_do_not() -> None:
    st = position(hands={OCHRE: ["C1", "C4", "C6"]}, decks={OCHRE: ["C2", "C3", "C5"]})
    st, events = play(st, "play C1 up", "end")
    assert sorted(c for c in st.players[OCHRE].hand) == ["C4", "C5", "C6"]
    assert "Ochre draws an action card." in texts(events, TEAL)
    assert "You drew C5." in texts(events, OCHRE) and "You drew C5." not in texts(events, TEAL)
    st = position(round=2, hands={OCHRE: ["C1", "C4", "C6"]}, decks={OCHRE: []})
    st, _ = play(st, "play C1 up", "end")
    assert st.players[OCHRE].hand == ["C4", "C6"]


def test_the_hand_limit_discards_bonus_or_sack_cards_down_to_five() -> None:
    st = position(hands={OCHRE: ["C1", "C4", "C6", "BY01", "BW01", "SK01"]},
                  decks={OCHRE: ["C2"]})
    st, _ = play(st, "play C1 up", "end")  # draws C2: 3 action + 3 other = 6
    assert kind(st) == "hand_limit"
    assert legal(st) == ["discard BW01", "discard BY01", "discard SK01"]
    vp = st.players[OCHRE].vp
    st, _ = play(st, "discard SK01")
    assert st.players[OCHRE].vp == vp + 1 and st.sack[0] == "SK01"
    assert st.current == TEAL


def test_a_sixth_card_cannot_be_kept_at_the_end_of_a_turn() -> None:
    st = position(hands={OCHRE: ["C1", "C4", "C6", "BY01", "BW01", "BB04"]},
                  decks={OCHRE: ["C2"]})
    st, _ = play(st, "play C1 up", "end")
    reason = refused(st, "end")
    assert "hand limit is 5" in reason and "discard a bonus or sack card" in reason
    assert "action cards cannot be discarded" in refused(st, "discard C2")


def test_a_sack_card_may_be_discarded_for_one_vp_at_any_decision_point() -> None:
    st = position(hands={OCHRE: ["C1", "C4", "C6", "SK05"]})
    assert "drop SK05" in legal(st)
    st, events = play(st, "drop SK05")
    assert st.players[OCHRE].vp == 1 and st.sack[0] == "SK05"
    assert "Ochre discards a sack card for 1 VP." in texts(events)


def test_a_bonus_card_outside_a_decision_point_is_refused() -> None:
    # a "(during Trading)" card while no Trading action is in progress
    st = position(hands={OCHRE: ["C1", "C4", "C6", "BY03"]})
    assert "during a Trading action" in refused(st, "use BY03")
    # at the end-of-turn discard, no card is played any more
    st = position(hands={OCHRE: ["C1", "C4", "C6", "BY01", "BW01", "BB04"]},
                  decks={OCHRE: ["C2"]})
    st, _ = play(st, "play C1 up", "end")
    assert "decision point of your turn" in refused(st, "use BY01")
    # a card granting an action cannot start while another action is in progress
    st = position(hands={OCHRE: ["C1", "C4", "C6", "BB05"]})
    st, _ = play(st, "play C4 low", "main")
    assert "only between your actions" in refused(st, "use BB05")


def test_a_during_card_changes_the_step_still_ahead() -> None:
    st = position(hands={OCHRE: ["C1", "C4", "C6", "BY03"]}, coins={OCHRE: 0})
    st, _ = play(st, "play C4 low", "main")
    assert legal(st)[:1] == ["use BY03"] or "use BY03" in legal(st)
    st, _ = play(st, "use BY03")  # no tolls: every move is now free
    assert "go BE" in legal(st)
    st, _ = play(st, "go BE")
    assert st.players[OCHRE].coins == 0 and st.players[OCHRE].loc == "BE"


def test_the_colour_action_takes_a_face_up_bonus_card_of_its_colour() -> None:
    st = position(hands={OCHRE: ["C1", "C4", "C6"]},
                  bonus={"Y": ["BY01", "BY02", "BY03"], "W": ["BW01", "BW02", "BW03"]})
    st, _ = play(st, "play C4 low", "colour")  # yellow
    assert [a for a in legal(st) if a.startswith("bonus")] == [
        "bonus BY01", "bonus BY02", "bonus BY03"]
    st, _ = play(st, "bonus BY02")
    assert "BY02" in st.players[OCHRE].hand and st.bonus["Y"] == ["BY01", "BY03"]


def test_provisions_takes_any_colour_beside_its_own_colour_action() -> None:
    st = position(hands={OCHRE: ["C1", "C4", "C6"]},
                  bonus={"W": ["BW01", "BW02", "BW03"]})
    st, _ = play(st, "play C6 low", "main")  # Provisions (pink half)
    assert "bonus BW02" in legal(st) and "step B" in legal(st)
    st, _ = play(st, "bonus BW02", "colour", "step P")
    p = st.players[OCHRE]
    assert "BW02" in p.hand and p.track[3] == 1


def test_the_sack_card_drawn_is_private() -> None:
    st = position(hands={OCHRE: ["C1", "C4", "C6"]}, sack_top=("SK14",))
    st, events = play(st, "play C4 low", "colour", "sack")
    assert "SK14" in st.players[OCHRE].hand
    assert "You drew sack card SK14." in texts(events, OCHRE)
    assert all("SK14" not in t for t in texts(events, TEAL))
    assert GAME.view(st, TEAL)["players"][OCHRE]["hand"] is None
    assert GAME.view(st, TEAL)["players"][OCHRE]["hand_count"] == 3


# ---- special-card tracks (spec §8) ------------------------------------------------------------


def test_uncertain_a_track_has_nine_steps_with_levels_at_three_six_and_nine() -> None:
    """UNCERTAIN (spec §8.1): 9 steps; 3, 6 and 9 are the level spaces."""
    st = position(hands={OCHRE: ["C1", "C4", "C6"]}, tracks={OCHRE: "P2"})
    st, _ = play(st, "play C6 low", "colour", "step P")
    assert kind(st) == "special_card" and legal(st) == ["take", "search"]
    st = position(hands={OCHRE: ["C1", "C4", "C6"]}, tracks={OCHRE: "P9"})
    st, _ = play(st, "play C6 low", "colour")
    assert "step P" not in legal(st)


def test_the_face_up_special_card_gives_one_vp_and_one_coin() -> None:
    st = position(hands={OCHRE: ["C1", "C4", "C6"]}, tracks={OCHRE: "B2"}, coins={OCHRE: 3})
    top = st.special["B1"][-1]
    st, _ = play(st, "play C4 up", "colour", "step B", "take")
    p = st.players[OCHRE]
    assert top in p.specials and p.vp == 1 and p.coins == 4


def test_uncertain_the_next_card_of_the_same_level_is_turned_up() -> None:
    """UNCERTAIN (spec §8.2): "reveal the next-level top card" = the same level's next card."""
    st = position(hands={OCHRE: ["C1", "C4", "C6"]}, tracks={OCHRE: "B2"})
    second = st.special["B1"][-2]
    level2 = st.special["B2"][-1]
    st, events = play(st, "play C4 up", "colour", "step B", "take")
    assert st.special["B1"][-1] == second and st.special["B2"][-1] == level2
    assert f"{second} is turned face up." in texts(events)


def test_searching_takes_a_face_down_card_without_the_bonus_and_shows_it_to_no_one_else() -> None:
    st = position(hands={OCHRE: ["C1", "C4", "C6"]}, tracks={OCHRE: "B2"})
    top = st.special["B1"][-1]
    st, events = play(st, "play C4 up", "colour", "step B", "search")
    assert kind(st) == "search" and f"pick {top}" not in legal(st)
    seen = [t for t in texts(events, OCHRE) if t.startswith("You see")]
    assert seen and not [t for t in texts(events, TEAL) if t.startswith("You see")]
    choice = legal(st)[0].split()[1]
    st, _ = play(st, f"pick {choice}")
    p = st.players[OCHRE]
    assert choice in p.specials and p.vp == 0 and st.special["B1"][-1] == top


def test_level_two_is_reached_on_two_of_yellow_white_blue_and_level_three_on_one() -> None:
    st = position(hands={OCHRE: ["C1", "C4", "C6"]}, tracks={OCHRE: "Y6 W6 B5 P5"})
    st, _ = play(st, "play C4 up", "colour")  # blue
    assert "step B" not in legal(st)
    st = position(hands={OCHRE: ["C1", "C4", "C6"]}, tracks={OCHRE: "Y9 W6 B8 P8"})
    st, _ = play(st, "play C4 up", "colour")
    assert "step B" not in legal(st)
    st = position(hands={OCHRE: ["C1", "C4", "C6"]}, tracks={OCHRE: "Y9 W6 B6 P8"})
    st, _ = play(st, "play C6 low", "main")  # Provisions: any track
    assert "step P" in legal(st) and "step B" in legal(st)  # 6 -> 7 is not a level


def test_a_pink_card_pays_its_early_bonus_by_round() -> None:
    for rnd, coins, vp in ((1, 2, 3), (3, 1, 1), (5, 0, 0)):
        st = position(round=rnd, hands={OCHRE: ["C2", "C4", "C6"]}, tracks={OCHRE: "P2"},
                      coins={OCHRE: 0})
        st, _ = play(st, "play C6 low", "colour", "step P", "take")
        p = st.players[OCHRE]
        assert (p.coins, p.vp) == (coins + 1, vp + 1), rnd


def test_a_yellow_card_may_replace_a_starting_card_in_hand_at_once() -> None:
    st = position(hands={OCHRE: ["C1", "C4", "C6"]}, tracks={OCHRE: "Y2"})
    st, _ = play(st, "play C1 up", "colour", "step Y", "take")
    assert kind(st) == "yellow_swap" and legal(st) == ["swap C4", "swap C6", "keep"]
    card = st.stack.frames[-1]["card"]
    st, _ = play(st, "swap C6")
    p = st.players[OCHRE]
    assert card in p.hand and "C6" not in p.hand and p.removed == ["C6"]


def test_a_pending_yellow_card_replaces_a_starting_card_at_the_reset() -> None:
    st = position(round=2, hands={OCHRE: ["C1", "C4", "C6"]}, decks={OCHRE: []},
                  facedown={OCHRE: ["C2", "C3", "C5"]}, pending={OCHRE: ["SY1-1"]})
    while kind(st) != "yellow_reset":
        first = legal(st)[0]
        st, _ = play(st, "end" if first in ("main", "colour") else first)
    assert st.stack.frames[-1]["seat"] == OCHRE
    st, _ = play(st, "replace C2")
    p = st.players[OCHRE]
    assert "SY1-1" in p.hand and "C2" in p.removed
    assert len([c for c in p.hand if c.startswith(("C", "SY"))]) == 3


def test_a_yellow_half_with_any_action_and_any_colour_names_both() -> None:
    st = position(hands={OCHRE: ["C1", "SY2-1", "C6"]})
    st, _ = play(st, "play SY2-1 up")
    assert kind(st) == "name_action"
    st, _ = play(st, "action canal")
    assert kind(st) == "name_colour"
    st, _ = play(st, "colour B")
    fr = st.stack.frames[-1]
    assert (fr["act"], fr["col"]) == ("canal", "B") and kind(st) == "turn_action"


def test_a_turn_ends_by_itself_only_when_no_card_is_held_that_the_others_cannot_see() -> None:
    # an unplayable bonus card still gets the end-of-turn question, as a playable one would
    st = position(hands={OCHRE: ["C1", "C4", "C6", "BY03"]})
    st, _ = play(st, "play C6 low", "colour", "step P", "main", "step Y")
    assert kind(st) == "turn_action" and legal(st) == ["end"]
    st = position(hands={OCHRE: ["C1", "C4", "C6"]})
    st, _ = play(st, "play C6 low", "colour", "step P", "main", "step Y")
    assert st.current == TEAL


def test_out_of_order_moves_are_refused_with_what_to_do_instead() -> None:
    st = position(hands={OCHRE: ["C1", "C4", "C6"]})
    assert "Play an action card first" in refused(st, "main")
    assert refused(st, "play C2 up") == "C2 is not in your hand."
    st, _ = play(st, "play C6 low", "colour", "step P")
    assert refused(st, "colour") == "You have taken the colour action this turn."
    assert "played your card" in refused(st, "play C1 up")
