"""The decision stack behaves the same compiled or interpreted: frames compare and hash by
value, stacks survive pickling and copying (a state crossing to another process), and every
operation leaves the stack it started from as it was."""

from __future__ import annotations

import copy
import pickle

from games.core.stack import Frame, Stack


def test_frames_and_stacks_are_equal_by_value() -> None:
    assert Frame("cube", {"side": "left"}) == Frame("cube", {"side": "left"})
    assert Frame("cube") != Frame("card")
    assert Stack((Frame("card"),)) == Stack((Frame("card"),))
    assert hash(Stack((Frame("card"),))) == hash(Stack((Frame("card"),)))
    assert Frame("card") != "card"


def test_stacks_survive_pickling_and_copying() -> None:
    stack = Stack().push(Frame("icons", {"list": ["A", "B"]}), Frame("card"))
    for copied in (pickle.loads(pickle.dumps(stack)), copy.deepcopy(stack), copy.copy(stack)):
        assert copied == stack and copied.top == Frame("icons", {"list": ["A", "B"]})


def test_operations_leave_the_stack_they_started_from_alone() -> None:
    stack = Stack().push(Frame("card"))
    pushed = stack.push(Frame("cube"))
    assert (len(stack), len(pushed.pop()), pushed.top) == (1, 1, Frame("cube"))
    assert Stack.from_json(pushed.to_json()) == pushed
