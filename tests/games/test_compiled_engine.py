"""The engine that runs is the one in the sources: an extension built from other source than
the .py beside it is refused, and the form under test is the one asked for."""

from __future__ import annotations

import ast
import hashlib
import json
import os
from pathlib import Path
from types import ModuleType

import pytest

from bot import engine_build as compiled

ROOT = Path(__file__).resolve().parents[2]


def built_sources() -> tuple[str, ...]:
    """setup.py's COMPILED: the sources it compiles."""
    for node in ast.parse((ROOT / "setup.py").read_text()).body:
        if isinstance(node, ast.Assign) and getattr(node.targets[0], "id", "") == "COMPILED":
            return tuple(ast.literal_eval(node.value))
    raise AssertionError("setup.py names no COMPILED sources")


def test_every_loaded_extension_was_built_from_its_source_as_it_is_now() -> None:
    import games.sahwari.engine.game  # noqa: F401

    assert compiled.stale() == [], "the compiled engine is out of date: run `make build`"


def extension(root: Path, name: str) -> ModuleType:
    module = ModuleType(name)
    module.__file__ = str(root / (name.replace(".", "/") + ".cpython-311-x86_64-linux-gnu.so"))
    return module


def test_an_extension_is_refused_once_its_source_changes(tmp_path: Path) -> None:
    source = tmp_path / "games" / "rules.py"
    source.parent.mkdir()
    source.write_text("LIMIT = 1\n")
    manifest = tmp_path / "_compiled.json"
    digest = hashlib.sha256(source.read_bytes()).hexdigest()
    manifest.write_text(json.dumps({"games/rules.py": digest}))
    module = extension(tmp_path, "games.rules")
    assert compiled.stale([module], manifest, tmp_path) == []

    source.write_text("LIMIT = 2\n")
    assert compiled.stale([module], manifest, tmp_path) == ["games/rules.py"]


def test_an_extension_without_a_record_of_its_build_is_refused(tmp_path: Path) -> None:
    source = tmp_path / "games" / "rules.py"
    source.parent.mkdir()
    source.write_text("LIMIT = 1\n")
    module = extension(tmp_path, "games.rules")
    assert compiled.stale([module], tmp_path / "missing.json", tmp_path) == ["games/rules.py"]


def test_pure_python_modules_are_never_stale(tmp_path: Path) -> None:
    module = ModuleType("games.rules")
    module.__file__ = str(tmp_path / "games" / "rules.py")
    assert compiled.stale([module], tmp_path / "missing.json", tmp_path) == []


@pytest.mark.skipif(not os.environ.get("CARAVANSERAI_ENGINE"), reason="no engine form asked for")
def test_the_engine_runs_in_the_form_asked_for() -> None:
    """CARAVANSERAI_ENGINE=compiled (CI) or =pure: a run that should be compiled fails when
    the build silently fell back to pure Python, and the other way round."""
    import games.sahwari.engine.game  # noqa: F401

    wanted = os.environ["CARAVANSERAI_ENGINE"]
    expected = sorted(s.removesuffix(".py").replace("/", ".") for s in built_sources())
    assert compiled.compiled() == (expected if wanted == "compiled" else [])
