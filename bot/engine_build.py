"""Which game modules run compiled, and whether each was built from the source beside it.

setup.py compiles the engine modules it lists with mypyc into extensions that sit beside their
.py files, and Python imports an extension before its source: an extension built from older
source would run old rules. Each build records the sha256 of every source it compiled
(MANIFEST), so a loaded extension can be checked against the source beside it.
"""

from __future__ import annotations

import hashlib
import json
import sys
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType

import games

MANIFEST = Path(games.__file__).with_name("_compiled.json")
ROOT = Path(games.__file__).resolve().parent.parent


def compiled(modules: Iterable[ModuleType] | None = None) -> list[str]:
    """Names of the loaded ``games`` modules (or of ``modules``) that run as extensions."""
    if modules is None:
        modules = [m for name, m in sys.modules.items() if name.startswith("games.")]
    return sorted(
        m.__name__ for m in modules
        # the code the compiled modules share (setup.py's GROUP) has no source of its own
        if str(getattr(m, "__file__", "")).endswith(".so") and not m.__name__.endswith("__mypyc")
    )


def stale(
    modules: Iterable[ModuleType] | None = None, manifest: Path = MANIFEST, root: Path = ROOT
) -> list[str]:
    """The sources whose loaded extension was not built from them as they are now."""
    names = compiled(modules)
    try:
        built = json.loads(manifest.read_text())
    except (OSError, ValueError):
        built = {}
    out = []
    for name in names:
        source = name.replace(".", "/") + ".py"
        digest = hashlib.sha256((root / source).read_bytes()).hexdigest()
        if built.get(source) != digest:
            out.append(source)
    return out

