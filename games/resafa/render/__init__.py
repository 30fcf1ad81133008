"""Resafa: the public board (1600×1340), each seat's workshop area (1000×740) and the private
panel, drawn from a view dict (``games.resafa``'s ``view(state, seat)``) and nothing else.

``render_extras`` gives every seat's workshop area: the bot offers them from each board post,
and a seat's own area is also the lower part of its private panel.
"""

from games.resafa.render.area import render_area, render_areas
from games.resafa.render.board import render_board
from games.resafa.render.palette import PALETTE
from games.resafa.render.panel import render_panel

render_extras = render_areas

__all__ = ["PALETTE", "render_area", "render_areas", "render_board", "render_extras",
           "render_panel"]
