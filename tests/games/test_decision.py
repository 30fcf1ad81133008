"""A decision is a value, compiled or interpreted: decisions compare and hash by their fields,
print as they read, and survive pickling and copying (an agent's state crossing to another
process carries its cached decision)."""

from __future__ import annotations

import copy
import pickle

from games.core import spec
from games.core.contract import Decision


def test_decisions_are_equal_by_value() -> None:
    move = Decision(1, "move", "Blue, move.", ("move A1 N", "move A1 E"))
    assert move == Decision(1, "move", "Blue, move.", ("move A1 N", "move A1 E"))
    assert hash(move) == hash(Decision(1, "move", "Blue, move.", ("move A1 N", "move A1 E")))
    assert move != Decision(0, "move", "Blue, move.", ("move A1 N", "move A1 E"))
    assert move != Decision(1, "move", "Blue, move.", ("move A1 N",))
    assert move != (1, "move", "Blue, move.", ("move A1 N", "move A1 E"))
    assert repr(Decision(0, "take", "Take.", ("take 1",))) == (
        "Decision(seat=0, kind='take', prompt='Take.', actions=('take 1',))")


def test_decisions_survive_pickling_and_copying() -> None:
    game = spec("sahwari").engine
    state = game.new_game(3, 5)
    decision = game.decision(state)
    assert decision is not None
    for copied in (pickle.loads(pickle.dumps(decision)), copy.deepcopy(decision),
                   copy.copy(decision)):
        assert copied == decision and copied.actions == decision.actions
    again = pickle.loads(pickle.dumps(state))
    assert game.decision(again) == decision
