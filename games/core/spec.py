"""A game package's one export: everything the bot, CLI, benchmarks and tests need of a game.

Each package under ``games/`` defines ``SPEC = GameSpec(...)``. The renderer is named by module
and imported on first use, so processes that only run engines (self-play, the conformance
suite) never load the drawing code.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from games.core.contract import Game, GameInfo

Topic = str | Callable[[Game[Any]], str]


@dataclass(frozen=True)
class BenchTargets:
    """What the benchmarks hold a game to."""

    decisions_per_second: int  # engine decisions per second on one core
    render_players: tuple[int, ...]  # player counts the render benchmark samples
    board_median_ms: float | None = None  # a board's render and encode, median CPU time
    board_max_bytes: int | None = None  # the largest board PNG


@dataclass(frozen=True)
class GameSpec:
    engine: Game[Any]
    # module with render_board(view, previous=None), render_panel(view) and PALETTE; optionally
    # render_extras(view, previous=None), the extra public pictures the board post links to
    renderer: str
    topics: Mapping[str, Topic] = field(default_factory=dict)  # /rules text by topic
    bench: BenchTargets | None = None
    # decision kinds that can offer more options than a panel's buttons hold, so are always a
    # menu; every other kind is always buttons. None: the bot decides by each decision's options.
    menu_kinds: frozenset[str] | None = None

    @property
    def name(self) -> str:
        return self.engine.name

    @property
    def title(self) -> str:
        return self.engine.title

    @property
    def info(self) -> GameInfo:
        return self.engine.info

    def render_module(self) -> Any:
        return importlib.import_module(self.renderer)

    def render_board(
        self, view: Mapping[str, Any], previous: Mapping[str, Any] | None = None
    ) -> Any:
        """The public board for ``view`` as a Pillow image, marking what changed since
        ``previous``, the public view the table's last board showed (None: mark nothing)."""
        return self.render_module().render_board(view, previous=previous)

    def render_panel(self, view: Mapping[str, Any]) -> Any:
        """The private panel of the seat ``view`` was made for, as a Pillow image."""
        return self.render_module().render_panel(view)

    def has_extras(self) -> bool:
        """Whether the renderer draws extra public pictures beside the board (a seat's own
        board, say)."""
        return callable(getattr(self.render_module(), "render_extras", None))

    def render_extras(
        self, view: Mapping[str, Any], previous: Mapping[str, Any] | None = None
    ) -> list[tuple[str, Any]]:
        """The extra public pictures for ``view`` as (name, Pillow image) pairs, in the order
        to show them, marking what changed since ``previous`` as ``render_board`` does; none
        when the renderer draws none."""
        if not self.has_extras():
            return []
        return list(self.render_module().render_extras(view, previous=previous))

    def encode_png(self, image: Any) -> bytes:
        """PNG bytes of ``image`` on this game's own palette."""
        return self.render_module().PALETTE.encode(image)

    def topic(self, name: str) -> str | None:
        found = self.topics.get(name)
        if found is None:
            return None
        return found if isinstance(found, str) else found(self.engine)
