"""The game-free drawing kit: fonts, colours, icons, text layout, caches and palettes.

Each game draws its own board and panel with it under ``games/<name>/render/``; nothing here
knows any game.
"""
