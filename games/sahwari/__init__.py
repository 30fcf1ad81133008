"""Sahwari for 2 to 4 players: engine, pictures, /rules text and benchmark targets."""
