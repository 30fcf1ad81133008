"""No Sahwari text is ever shortened or drawn off its picture: boards (with the previous board's
view, as the bot draws them) and the deciding seat's panels over hundreds of positions of seeded
2-, 3- and 4-player games, every phase and every end screen included."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from PIL import ImageDraw

from games.core import discovery, rng
from games.sahwari import SPEC as SAHWARI
from renderers.kit.fit import watch_shortening

GAMES = ((2, 5, True), (3, 6, True), (4, 7, False), (4, 8, False))  # leader choice or not
EVERY = 16  # every Nth decision, plus the first of each kind and the end


def walk(players: int, seed: int, choice: bool) -> Iterator[tuple[Any, Any]]:
    """(state, decision) along a seeded random game, with leaders chosen or dealt."""
    game = discovery.get("sahwari")
    state = game.new_game(players, seed, {"leader_choice": choice})
    r = rng.seed_state(seed ^ 0x5EED)
    while (decision := game.decision(state)) is not None:
        yield state, decision
        r, i = rng.below(r, len(decision.actions))
        state = game.apply(state, decision.actions[i])
    yield state, None


def positions(players: int, seed: int, choice: bool) -> Iterator[tuple[Any, Any, Any]]:
    """(board view, the view at the start of the seat's previous turn, panel view or None)."""
    game = discovery.get("sahwari")
    seen: set[str] = set()
    deciding, before, this_turn = None, None, None
    for n, (state, decision) in enumerate(walk(players, seed, choice)):
        if decision is not None and decision.seat != deciding:
            deciding, before, this_turn = decision.seat, this_turn, game.view(state, None)
        first = decision is not None and decision.kind not in seen
        if not (first or decision is None or n % EVERY == 0):
            continue
        if decision is not None:
            seen.add(decision.kind)
        panel = None if decision is None else game.view(state, decision.seat)
        yield game.view(state, None), before, panel


class OffPicture(list[str]):
    """Texts drawn (partly) outside the picture they were drawn on."""


@pytest.fixture
def off_picture(monkeypatch: pytest.MonkeyPatch) -> OffPicture:
    found = OffPicture()
    real = ImageDraw.ImageDraw.text

    def checked(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kw: Any) -> None:
        real(self, xy, text, *args, **kw)
        if not isinstance(text, str) or not text.strip():
            return
        keys = ("font", "anchor")
        left, top, right, bottom = self.textbbox(xy, text, **{k: kw[k] for k in keys if k in kw})
        width, height = self.im.size
        if left < 0 or top < 0 or right > width or bottom > height:
            found.append(text)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", checked)
    return found


@pytest.mark.parametrize(("players", "seed", "choice"), GAMES)
def test_nothing_is_shortened_or_drawn_off_the_picture(
    players: int, seed: int, choice: bool, off_picture: OffPicture
) -> None:
    boards = panels = 0
    ended = False
    with watch_shortening() as cut:
        for board, before, panel in positions(players, seed, choice):
            SAHWARI.render_board(board, before)
            boards += 1
            ended = ended or board["outcome"] is not None
            if panel is not None:
                SAHWARI.render_panel(panel)
                panels += 1
    assert cut == []
    assert off_picture == []
    assert ended and boards >= 20 and panels >= 15
