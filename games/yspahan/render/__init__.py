"""Yspahan: the public board (1600×1000) and the private decision panel, drawn from a view dict.

Everything here reads only the view returned by ``games.yspahan``'s ``view(state, seat)``:
``board`` draws what every seat sees, ``panel`` what the deciding seat may do, ``city`` the
map both rely on, ``pieces`` the cubes, pawns and seat colours they share.
"""

from games.yspahan.render.board import render_board
from games.yspahan.render.palette import PALETTE
from games.yspahan.render.panel import render_panel

__all__ = ["PALETTE", "render_board", "render_panel"]
