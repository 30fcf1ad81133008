"""The `Decision` every game's ``decision`` returns (re-exported by games.core.contract).

Built on nearly every move of every playout, so it lives apart from the rest of the contract:
setup.py compiles this module with the engines, and mypyc makes a plain class with Final
fields a native class, built without running any Python code (a frozen dataclass's __init__
runs as Python and sets each field through ``object.__setattr__``). Equality, hashing, repr
and pickling are written out below, as a frozen dataclass has them, the same in either form.
"""

from __future__ import annotations

from typing import Final


class Decision:
    """Who must decide now, and between what. Always a single seat, possibly not the active one.

    ``prompt`` is public: every member may read it, so it never depends on what other seats
    cannot see (a hidden hand, a deck's order). ``actions`` go to the deciding seat only.
    """

    __slots__ = ("actions", "kind", "prompt", "seat")

    def __init__(self, seat: int, kind: str, prompt: str, actions: tuple[str, ...]) -> None:
        self.seat: Final = seat
        self.kind: Final = kind  # stable identifier, e.g. "place_figure", "raid_payment"
        self.prompt: Final = prompt  # one sentence addressed to the deciding seat
        self.actions: Final = actions  # every legal option, canonical notation, display order

    def _fields(self) -> tuple[int, str, str, tuple[str, ...]]:
        return (self.seat, self.kind, self.prompt, self.actions)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Decision):
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return (f"Decision(seat={self.seat!r}, kind={self.kind!r}, prompt={self.prompt!r}, "
                f"actions={self.actions!r})")

    def __reduce__(self) -> tuple[type[Decision], tuple[int, str, str, tuple[str, ...]]]:
        return Decision, self._fields()
