"""Sahwari: the public board (1600×1120) and the private panel, drawn from a view dict.

Everything here reads only the view returned by ``games.sahwari``'s ``view(state, seat)``:
``board`` draws what every seat sees (the map, the market, the Guild village and each clan
board), ``panel`` what one seat alone may see (its caravans' faces, what it has spied) and its
options; ``cards`` the recruit cards, clan rows and tracks; ``pieces`` reads the view.
"""

from games.sahwari.render.board import render_board
from games.sahwari.render.palette import PALETTE
from games.sahwari.render.panel import render_panel

__all__ = ["PALETTE", "render_board", "render_panel"]
