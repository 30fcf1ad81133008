"""Root test configuration: the repository is importable and library chatter stays quiet."""

from __future__ import annotations

import logging
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

for noisy in ("discord", "aiosqlite", "asyncio", "PIL", "simcord"):
    logging.getLogger(noisy).setLevel(logging.WARNING)

