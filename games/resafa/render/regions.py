"""Where each part of the Resafa board sits (1600×1340)."""

from __future__ import annotations

WIDTH, HEIGHT = 1600, 1340
HEADER_H = 60
MAP_BOX = (12, 70, 712, 566)
WATER_BOX = (722, 70, 1162, 566)
SEATS_BOX = (1172, 70, 1588, 566)
TRACKS_BOX = (12, 576, 800, 1328)
OFFERS_BOX = (810, 576, 1588, 1328)
Box = tuple[int, int, int, int]
