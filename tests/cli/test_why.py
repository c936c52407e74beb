"""`type-equiv producers SYMBOL --why VARIANT` (docs/producers.md): the evidence for one verdict — the
producing sites, or every door and round trip considered and why each counts or not."""

from __future__ import annotations

import json
import textwrap

from tests.conftest import Project
from tests.producers.test_producers import vocab_tree

KIND = ("from enum import Enum\n\nclass Kind(str, Enum):\n"
        "    ALPHA = 'alpha'\n    BETA = 'beta'\n    GAMMA = 'gamma'\n")
LOG = textwrap.dedent("""
    from pydantic import BaseModel, TypeAdapter
    from pkg.kinds import Kind

    class Entry(BaseModel):
        kind: Kind

    _LOG = TypeAdapter(Entry)

    def save(entry: Entry) -> bytes:
        return _LOG.dump_json(entry)

    def load(line: bytes) -> Entry:
        return _LOG.validate_json(line)

    def fetch(client, url: str) -> Entry:
        return client.get(url, cast_to=Entry)

    first = Entry(kind=Kind.ALPHA)
""")


def tree(project: Project) -> None:
    vocab_tree(project, {"src/pkg/__init__.py": "", "src/pkg/kinds.py": KIND, "src/pkg/log.py": LOG,
                         "tests/test_k.py": "from pkg.kinds import Kind\n\nKind.GAMMA\n"},
               [{"symbol": "pkg.kinds.Kind"}])


def why(project: Project, variant: str, *fmt: str) -> tuple[int, str]:
    run = project.run("producers", "--root", str(project.root), *fmt, "--why", variant, "pkg.kinds.Kind")
    return run.exit_code, run.stdout + run.stderr


def test_why_names_the_producers_of_a_produced_variant(project: Project) -> None:
    tree(project)
    code, out = why(project, "ALPHA")
    assert code == 0
    assert out.splitlines()[:3] == ["pkg.kinds.Kind `ALPHA`: produced", "  produced by:",
                                    "      src/pkg/log.py:18  member"]


def test_why_lists_every_door_and_round_trip_considered(project: Project) -> None:
    tree(project)
    code, out = why(project, "BETA", "--format", "json")
    assert code == 0
    shown = json.loads(out)
    assert shown["verdict"] == "wire"
    assert [(d["line"], d["form"]) for d in shown["doors"]] == [(16, "decode (via Entry)")]
    assert [(t["line"], t["form"], t["written_at"]) for t in shown["round_trips"]] == [
        (13, "decode (via Entry)", ["src/pkg/log.py:10"])]
    code, out = why(project, "GAMMA")
    assert code == 0 and "test-only tests/test_k.py:3" in out and "round trips" in out


def test_why_an_unknown_variant_is_refused(project: Project) -> None:
    tree(project)
    code, out = why(project, "DELTA")
    assert code == 2 and "no variant 'DELTA'" in out and "ALPHA, BETA, GAMMA" in out


def test_why_says_what_the_check_reports(project: Project) -> None:
    """`--why` reads the check's own `no-producer` finding: a wire variant the manifest makes an
    error (`"wire": "error"`) is an error there too, and the finding's message is shown."""
    vocab_tree(project, {"src/pkg/__init__.py": "", "src/pkg/kinds.py": KIND, "src/pkg/log.py": LOG,
                         "tests/test_k.py": "from pkg.kinds import Kind\n\nKind.GAMMA\n"},
               [{"symbol": "pkg.kinds.Kind", "wire": "error"}])
    code, out = why(project, "BETA", "--format", "json")
    shown = json.loads(out)
    assert code == 0 and shown["verdict"] == "error"
    assert [d["line"] for d in shown["doors"]] == [16]
    assert "its values arrive from outside (src/pkg/log.py:16 decode → Entry.kind → Kind)" in shown["message"]
    code, out = why(project, "BETA")
    assert out.splitlines()[0] == "pkg.kinds.Kind `BETA`: error"
    assert out.splitlines()[1].startswith("  check says: pkg.kinds.Kind: member `BETA` has no producer")


def test_why_an_open_vocabularys_variant_is_info(project: Project) -> None:
    vocab_tree(project, {"src/pkg/__init__.py": "",
                         "src/pkg/kinds.py": "from typing import Literal\n\nKind = Literal['a', 'b'] | str\n",
                         "src/pkg/make.py": "from pkg.kinds import Kind\n\nFIRST: Kind = 'a'\n"},
               [{"symbol": "pkg.kinds.Kind"}])
    code, out = why(project, "b", "--format", "json")
    assert code == 0 and json.loads(out)["verdict"] == "info"
