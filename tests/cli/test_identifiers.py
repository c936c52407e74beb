"""Symbols follow Python's identifier rules (issue #32): `str.isidentifier` per dotted part, in the
manifest's JSON Schema, the model, the CLI and `init` alike, so `pkg.m.Ärger` works end to end."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.conftest import Project, paste
from type_equiv.model.errors import InputError
from type_equiv.read.manifest import is_symbol_name, manifest_json_schema, validate_manifest

MODELS = """
from enum import Enum
from typing import Literal

Ärger = Literal["groß", "klein"]

class Größe(Enum):
    S = "s"

def make() -> Ärger:
    return "groß" if Größe.S else "klein"
"""


def _cli(root: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "type_equiv", *args], cwd=root, capture_output=True,
                          text=True, timeout=120)


@pytest.mark.slow  # every command as its own process (~7 s)
def test_a_non_ascii_identifier_works_end_to_end(project: Project) -> None:
    """`init` proposes the row, and each command it and `check` lead to accepts it."""
    project.write("pkg/__init__.py", "")
    project.write("pkg/m.py", MODELS)
    pastes = paste('Ärger = Literal["groß", "klein"]') + paste("class Größe(Enum):\n    S = 'x'")
    project.write("docs/d.md", pastes)
    subprocess.run(["git", "init", "-q", str(project.root)], check=True)
    init = _cli(project.root, "init")
    assert init.returncode == 0, init.stderr
    rows = json.loads((project.root / "manifest/type-equiv.manifest.json").read_text(encoding="utf-8"))
    assert {row["symbol"] for row in rows["symbols"]} == {"pkg.m.Ärger", "pkg.m.Größe"}
    drifted = _cli(project.root, "check", "--format", "json")
    assert drifted.returncode == 1, drifted.stderr
    assert [f["symbol"] for f in json.loads(drifted.stdout)["findings"]] == ["pkg.m.Größe"]
    assert _cli(project.root, "check", "--symbol", "pkg.m.Ärger").returncode == 0
    assert _cli(project.root, "producers", "pkg.m.Ärger").returncode == 0
    synced = _cli(project.root, "sync", "--symbol", "pkg.m.Größe")
    assert synced.returncode == 0, synced.stderr
    assert 'S = "s"' in (project.root / "docs/d.md").read_text(encoding="utf-8")
    assert _cli(project.root, "check").returncode == 0


BAD = ["pkg.m.A-b", "pkg.1m.A", "pkg.m.x²", "pkg..A", "pkg", "pkg.m.A ", "pkg.m.\xa0"]


@pytest.mark.parametrize("bad", BAD)
def test_a_name_python_refuses_is_a_located_message(project: Project, bad: str) -> None:
    project.write("pkg/m.py", "A = 1\n")
    project.write("docs/d.md", paste("A = 1"))
    project.manifest([{"symbol": "pkg.m.A", "docs": ["docs/d.md"]}, {"symbol": bad, "docs": ["docs/d.md"]}])
    got = project.check()
    assert got.exit_code == 2
    assert got.stderr == ("type-equiv: manifest/type-equiv.manifest.json: /symbols/1/symbol:"
                          f" {bad!r} is not a dotted name of Python identifiers (module.Name)\n")


def _schema_accepts(name: str, root: Path) -> bool:
    try:
        validate_manifest(root, {"version": 1, "symbols": [], "retired": [{"spelling": "x", "symbol": name}]},
                          lambda parts: "m")
    except InputError:
        return False
    return True


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(min_size=1, max_size=4), min_size=1, max_size=3).map(".".join))
def test_the_schema_and_the_model_say_what_isidentifier_says(name: str) -> None:
    assert _schema_accepts(name, Path("/nonexistent")) == is_symbol_name(name)


def test_the_schema_pattern_is_exact_on_ascii() -> None:
    """Editors check the pattern alone (formats are annotations): it must never refuse a legal name,
    and on ASCII it is the whole rule."""
    import re

    [pattern] = {manifest_json_schema()["$defs"]["SymbolRow"]["properties"]["symbol"]["pattern"]}
    for name in ["pkg.m.Ärger", "_a._b9", "pkg.m.Größe", "a.\U0001d518"]:
        assert re.fullmatch(pattern, name), name
    for a in map(chr, range(128)):
        for b in map(chr, range(128)):
            name = f"p.{a}{b}"
            assert bool(re.fullmatch(pattern, name)) == is_symbol_name(name), name
