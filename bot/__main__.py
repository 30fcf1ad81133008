"""``python -m bot`` starts the bot with settings from the environment and ``.env``."""

from __future__ import annotations

import sys

from bot.runner import run

if __name__ == "__main__":
    sys.exit(run())
