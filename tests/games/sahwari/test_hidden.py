"""Hidden information (spec 16.3): face-down caravans and spyglass peeks, in views, events,
provisional scores and the leader choice option."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

from games.core import Step, rng
from games.sahwari import GAME
from games.sahwari.engine.state import SahwariState
from games.sahwari.testing import (
    ORANGE,
    PINK,
    PURPLE,
    legal,
    play,
    position,
    with_caravan,
)


def owning(**kw: Any) -> SahwariState:
    st = position(caravans={ORANGE: ["c01"]}, **kw)
    return with_caravan(st, "c01", "B04")  # +3 and Spyglass


def test_spectators_and_opponents_see_face_down_caravans_by_colour_only() -> None:
    st = owning()
    for viewer in (None, PURPLE, PINK):
        view = GAME.view(st, viewer)
        caravan = view["players"][ORANGE]["caravans"][0]
        assert caravan == {"handle": "c01", "colour": "blue", "face_up": False, "used": False,
                           "face": None}
        assert "B04" not in json.dumps(view)


def test_the_owner_sees_its_own_face_down_caravan_on_its_panel() -> None:
    view = GAME.view(owning(), ORANGE)
    assert view["private"]["caravans"][0]["face"]["id"] == "B04"
    assert view["players"][ORANGE]["caravans"][0]["face"]["influence"] == 3


def test_provisional_scores_leave_out_caravans_the_viewer_has_not_seen() -> None:
    st = owning()
    own = GAME.provisional_scores(st, ORANGE)[ORANGE]
    assert GAME.provisional_scores(st, PURPLE)[ORANGE] == own - 3
    assert GAME.provisional_scores(st, None)[ORANGE] == own - 3
    view = GAME.view(st, PURPLE)["players"][ORANGE]
    assert view["score_complete"] is False and view["score"] == own - 3
    assert GAME.view(st, ORANGE)["players"][ORANGE]["score_complete"] is True


def test_a_peek_shows_the_peeker_and_nobody_else() -> None:
    st = owning(known=[("c01",), ("c01",), ()])
    assert GAME.view(st, PURPLE)["players"][ORANGE]["caravans"][0]["face"]["id"] == "B04"
    assert GAME.view(st, PINK)["players"][ORANGE]["caravans"][0]["face"] is None
    assert GAME.provisional_scores(st, PURPLE)[ORANGE] == (
        GAME.provisional_scores(st, ORANGE)[ORANGE]
    )
    spied = GAME.view(st, PURPLE)["private"]["spied"]
    assert spied == [{"handle": "c01", "colour": "blue", "where": "Orange",
                      "face": GAME.view(st, ORANGE)["private"]["caravans"][0]["face"]}]


def test_revealing_shows_the_face_to_everyone() -> None:
    st = position(step="w0", caravans={ORANGE: ["c01"]})
    st = with_caravan(st, "c01", "B02")
    step = GAME.step(st, "reveal c01")
    assert step.revealed
    assert any("B02" not in e.text and "+4" in e.text and e.audience is None
               for e in step.events)
    face = GAME.view(step.state, None)["players"][ORANGE]["caravans"][0]["face"]
    assert face is not None and face["id"] == "B02"


def test_the_leader_choice_option_deals_two_and_keeps_the_others_secret() -> None:
    options = GAME.validate_options({"leader_choice": "yes"}, 3)
    st = GAME.new_game(3, 4, options)
    d = GAME.decision(st)
    assert d is not None and d.kind == "choose_leader" and d.seat == st.first
    mine = st.dealt[st.first]
    assert list(d.actions) == [f"leader {k}" for k in mine]
    other = (st.first + 1) % 3
    assert set(st.dealt[other]) <= GAME.hidden_from(st, st.first)
    assert GAME.view(st, other)["decision"]["actions"] == []
    st, _ = play(st, d.actions[0])
    assert st.leader[d.seat] == mine[0]
    assert GAME.decision(st).seat == other  # type: ignore[union-attr]
    assert mine[1] in GAME.hidden_from(st, other)


def test_leader_choice_does_not_apply_to_four_players() -> None:
    assert "leader_choice" not in GAME.validate_options({"leader_choice": True}, 4)
    st = GAME.new_game(4, 1, GAME.validate_options({"leader_choice": True}, 4))
    assert all(st.leader)
    assert GAME.decision(st).kind != "choose_leader"  # type: ignore[union-attr]
    assert legal(st)


def test_no_viewer_can_tell_apart_the_leaders_it_was_not_shown() -> None:
    """The contract's indistinguishability check, through the leader choice and a few turns."""
    from tests.games import conformance

    for seed, players in ((11, 2), (12, 3)):
        st = GAME.new_game(players, seed, GAME.validate_options({"leader_choice": True}))
        picks, redeal = rng.seed_state(seed), rng.seed_state(seed + 1)
        for n in range(40):
            d = GAME.decision(st)
            assert d is not None
            picks, i = rng.below(picks, len(d.actions))
            problems, redeal = conformance.indistinguishable(
                GAME, st, players, d.actions[i], redeal, turn=n, worlds=2)
            assert problems == []
            st = GAME.apply(st, d.actions[i])


FACE_SHOWN = re.compile(r"\b(c\d\d) \(")  # how an event shows a caravan's face: "c07 (blue, +2)"


def random_games() -> Iterator[tuple[SahwariState, int, Step]]:
    """Every step of random playouts at each player count: (state before, seat, step)."""
    picks = rng.seed_state(21)
    for players, seed in ((2, 31), (3, 32), (4, 33), (3, 34)):
        st = GAME.new_game(players, seed, {"leader_choice": players < 4})
        while (d := GAME.decision(st)) is not None:
            picks, i = rng.below(picks, len(d.actions))
            step = GAME.step(st, d.actions[i])
            yield st, d.seat, step
            st = step.state


def test_caravan_faces_reach_only_those_who_may_see_them_in_events() -> None:
    """A public event shows a face only once it is face up for all; a private one only to a
    seat that has seen that caravan (its own, or one it spied)."""
    private_faces = 0
    for _, _, step in random_games():
        after = step.state
        for event in step.events:
            for handle in FACE_SHOWN.findall(event.text):
                if event.audience is None:
                    assert handle in after.faceup, event.text
                else:
                    private_faces += 1
                    assert all(handle in after.known[s] for s in event.audience), event.text
    assert private_faces > 0  # the playouts did look at caravans in private


def test_determinizing_keeps_what_the_seat_saw_and_redeals_what_it_did_not() -> None:
    redeal = rng.seed_state(3)
    changed = 0
    for n, (st, seat, _) in enumerate(random_games()):
        if n % 40:
            continue
        seen = set(st.faceup) | set(st.known[seat])
        observation = GAME.observe(st, seat)
        world, redeal = GAME.determinize(observation, redeal)
        for handle, cid in st.hid.items():
            if handle in seen:
                assert world.hid[handle] == cid  # what it saw stays as it saw it
        assert world.hcol == st.hcol and world.items == st.items  # the board stays
        assert sorted(world.deck) == sorted(st.deck)
        unseen = [h for h in st.hid if h not in seen]
        changed += sum(world.hid[h] != st.hid[h] for h in unseen)
        assert GAME.observe(world, seat).state.hid == observation.state.hid
    assert changed > 0  # the unseen faces were dealt again
