"""A decision stack for nested prompts, kept inside a game's immutable state.

A turn that asks several questions in a row (a card, then its half, then which action first,
then each action's own choices) is a stack of frames. The top frame is the question being
asked; answering it pops the frame and may push the questions it opens, so a sub-choice
always returns to the question that led to it. Each frame has a ``kind`` (the decision kind
it asks) and plain JSON ``data`` (what was chosen so far), so the stack serialises with the
state and reads like the prompt it drives.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, Final

BACK: Final = "back"  # the action that returns to the question before; agents never need it

# Frames and stacks are plain classes with Final fields rather than frozen dataclasses: mypyc
# (which compiles the engines setup.py lists, this module among them) makes them native
# classes whose fields cannot be assigned, and a frozen dataclass's pickling and per-field
# __setattr__ do not survive that. Equality, hashing and pickling are written out below, the
# same in either form.


class Frame:
    """One pending question: its decision kind and what it needs to know."""

    __slots__ = ("data", "kind")

    def __init__(self, kind: str, data: Mapping[str, Any] | None = None) -> None:
        self.kind: Final = kind
        self.data: Final[Mapping[str, Any]] = {} if data is None else data

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Frame):
            return NotImplemented
        return self.kind == other.kind and self.data == other.data

    def __hash__(self) -> int:
        return hash((self.kind, tuple(self.data.items())))

    def __repr__(self) -> str:
        return f"Frame(kind={self.kind!r}, data={self.data!r})"

    def __reduce__(self) -> tuple[type[Frame], tuple[str, Mapping[str, Any]]]:
        return Frame, (self.kind, self.data)

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def get(self, key: str, default: Any = None) -> Any:
        return self.data.get(key, default)

    def with_data(self, **changes: Any) -> Frame:
        return Frame(self.kind, {**self.data, **changes})

    def to_json(self) -> list[Any]:
        return [self.kind, dict(self.data)] if self.data else [self.kind]

    @staticmethod
    def from_json(data: list[Any]) -> Frame:
        return Frame(str(data[0]), dict(data[1]) if len(data) > 1 else {})


class Stack:
    """Frames, bottom first. Every operation returns a new stack."""

    __slots__ = ("frames",)

    def __init__(self, frames: tuple[Frame, ...] = ()) -> None:
        self.frames: Final = frames

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Stack):
            return NotImplemented
        return self.frames == other.frames

    def __hash__(self) -> int:
        return hash(self.frames)

    def __repr__(self) -> str:
        return f"Stack(frames={self.frames!r})"

    def __reduce__(self) -> tuple[type[Stack], tuple[tuple[Frame, ...]]]:
        return Stack, (self.frames,)

    @property
    def top(self) -> Frame | None:
        return self.frames[-1] if self.frames else None

    def push(self, *frames: Frame) -> Stack:
        """Push ``frames`` so that the first one given is asked first (ends on top)."""
        return Stack(self.frames + frames[::-1])

    def pop(self) -> Stack:
        if not self.frames:
            raise IndexError("pop from an empty decision stack")
        return Stack(self.frames[:-1])

    def replace_top(self, frame: Frame) -> Stack:
        """The stack with its top frame replaced (the same question, more answered)."""
        return self.pop().push(frame)

    def find(self, kind: str) -> Frame | None:
        """The nearest frame of ``kind`` from the top, if any (context of an outer question)."""
        for frame in reversed(self.frames):
            if frame.kind == kind:
                return frame
        return None

    def __bool__(self) -> bool:
        return bool(self.frames)

    def __len__(self) -> int:
        return len(self.frames)

    def __iter__(self) -> Iterator[Frame]:
        """Top first: the order in which the questions will be asked."""
        return reversed(self.frames)

    def to_json(self) -> list[Any]:
        return [f.to_json() for f in self.frames]

    @staticmethod
    def from_json(data: list[Any] | None) -> Stack:
        return Stack(tuple(Frame.from_json(f) for f in data or ()))
