"""Builds Sahwari's rules engine as a C extension with mypyc, or leaves it in pure Python.

mypyc (part of mypy) compiles the engine's own annotated modules: the same .py files run
either way, with the same behaviour, and compiled they make random playouts about twice as
fast. Without a C compiler or Python's headers the project installs in pure Python and says so.
Each build writes the sha256 of every compiled source beside the extensions
(games/_compiled.json), so that a test can refuse an extension built from other code than the
source beside it.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import sys
import sysconfig
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
# The modules a playout runs through; the Makefile's list of them is read from here.
COMPILED = (
    "games/core/decision.py",
    "games/core/stack.py",
    "games/sahwari/engine/data.py",
    "games/sahwari/engine/state.py",
    "games/sahwari/engine/queries.py",
    "games/sahwari/engine/moves.py",
    "games/sahwari/engine/rules.py",
    "games/sahwari/engine/game.py",
)
MANIFEST = ROOT / "games" / "_compiled.json"
# The code the compiled modules share, one extension named after the group. Inside the games
# package, so it is found wherever `games` is (a top-level one is found only from the checkout).
GROUP = "games.engines"
SHARED = "engines__mypyc"
PURE = "CARAVANSERAI_PURE_PYTHON"  # set to 1 to install without compiling


def why_not_compiled() -> str | None:
    if os.environ.get(PURE):
        return f"{PURE} is set"
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return (f"no C compiler ({compiler}); on Debian or Ubuntu: "
                "sudo apt-get install gcc python3-dev")
    headers = Path(sysconfig.get_paths()["include"]) / "Python.h"
    if not headers.exists():
        return (f"no Python headers ({headers}); on Debian or Ubuntu: "
                "sudo apt-get install python3-dev")
    return None


def remove_built() -> None:
    """The extensions of an earlier build, which would shadow the pure Python sources."""
    for path in COMPILED:
        for built in (ROOT / path).parent.glob(Path(path).stem + ".*.so"):
            built.unlink()
    for built in (ROOT / "games").glob(f"{SHARED}.*.so"):
        built.unlink()
    MANIFEST.unlink(missing_ok=True)


class BuildAndRecord(build_ext):
    """build_ext, then the sha256 of each compiled source (written only once the build
    succeeded, so that make retries a failed one)."""

    def run(self) -> None:
        super().run()
        if not self.extensions:
            return
        digests = {p: hashlib.sha256((ROOT / p).read_bytes()).hexdigest() for p in COMPILED}
        # beside the extensions: in the checkout when built in place, else in what is
        # installed (a wheel), whose sources are the ones compiled
        record = MANIFEST if self.inplace else Path(self.build_lib) / "games" / MANIFEST.name
        record.parent.mkdir(parents=True, exist_ok=True)
        record.write_text(json.dumps(digests, indent=1) + "\n")


def extensions() -> list:  # type: ignore[type-arg]
    reason = why_not_compiled()
    if reason is not None:
        print(f"caravanserai: the Sahwari engine stays pure Python (slower): {reason}.",
              file=sys.stderr)
        remove_built()
        return []
    from mypyc.build import mypycify

    # The project's [tool.mypy] settings name a plugin the build environment lacks; the
    # compiled modules need none of them.
    return mypycify(["--config-file=", *COMPILED], opt_level="3", group_name=GROUP)


setup(ext_modules=extensions(), cmdclass={"build_ext": BuildAndRecord})
