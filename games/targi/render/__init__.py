"""Targi's pictures: the public board and the private panel, drawn from a view dict only."""

from games.targi.render.board import render_board, render_panel
from games.targi.render.palette import PALETTE

__all__ = ["PALETTE", "render_board", "render_panel"]
