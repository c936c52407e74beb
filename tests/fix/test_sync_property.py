"""`sync` is lossless and idempotent over generated documents (hypothesis, through the CLI)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import Project
from tests.fix.syncing import raw_lines, setup, sync
from type_equiv.drift.compare import compare
from type_equiv.read.definitions import PythonCode, find_definition, parse_python
from type_equiv.read.docs import read_doc
from type_equiv.read.shapes import lower

# --- property: lossless and idempotent over generated documents ---------------------------------

ANNOTATIONS = ["int", "str", "float", "bool", "bytes", "list[int]", "dict[str, int]", "int | None",
               "tuple[int, ...]"]
FIELDS = ["a", "b", "c", "d", "e"]
WORDS = st.text(alphabet="abcdefghij", min_size=1, max_size=7)
# (first line prefix, prefix of the block's other lines): top level, blockquote, list items, a quote in a list
CONTAINERS = [("", ""), ("> ", "> "), ("- ", "  "), ("1. ", "   "), ("- > ", "  > "), ("> > ", "> > ")]


@st.composite
def source_module(draw: st.DrawFn) -> tuple[str, list[tuple[str, str]], bool]:
    names = FIELDS[: draw(st.integers(1, len(FIELDS)))]
    fields = [(n, draw(st.sampled_from(ANNOTATIONS))) for n in names]
    ordered = draw(st.booleans())
    lines = ["from dataclasses import dataclass", "from pydantic import BaseModel", "", ""]
    lines += ["@dataclass", "class Model:"] if ordered else ["class Model(BaseModel):"]
    lines.append('    """A model."""')
    for name, ann in fields:
        if ann == "dict[str, int]" and draw(st.booleans()):
            lines += [f"    {name}: dict[", "        str,", "        int,", "    ]"]
        else:
            lines.append(f"    {name}: {ann}")
    lines += ["", "    def total(self, k: int = 1) -> int:", "        return k"]
    return "\n".join(lines) + "\n", fields, ordered


@st.composite
def paste_body(draw: st.DrawFn, fields: list[tuple[str, str]], ordered: bool) -> list[tuple[str, bool]]:
    """Body lines of a paste (without indentation), each flagged True when it is a statement."""
    shown: list[tuple[str, str]] = []
    for name, ann in fields:
        fate = draw(st.sampled_from(["keep", "keep", "retype", "omit"]))
        if fate == "keep":
            shown.append((name, ann))
        elif fate == "retype":
            shown.append((name, draw(st.sampled_from([a for a in ANNOTATIONS if a != ann]))))
    shown += [(f"zz{i}", "int") for i in range(draw(st.integers(0, 2)))]
    if draw(st.booleans()):
        shown = draw(st.permutations(shown))
    body: list[tuple[str, bool]] = []
    for name, ann in shown:
        if draw(st.integers(0, 4)) == 0:
            body.append(("# about " + name, False))
        if draw(st.integers(0, 5)) == 0:
            body.append(("", False))
        comment = draw(st.sampled_from(["", "", "  # note"]))
        body.append((f"{name}: {ann}{comment}", True))
    if draw(st.booleans()):
        body.insert(draw(st.integers(0, len(body))), ("...", True))
    method = draw(st.sampled_from(
        ["", "def total(self) -> int: ...", "def total(self, k: int = 1) -> int: ..."]))
    if method:
        body.append((method, True))
    if not any(stmt for _, stmt in body):
        body.append(("pass", True))
    if draw(st.integers(0, 4)) == 0:
        body.append(("# trailing comment", False))
    return body


@st.composite
def document(draw: st.DrawFn) -> dict[str, object]:
    source, fields, ordered = draw(source_module())
    eol_mode = draw(st.sampled_from(["\n", "\r\n", "mixed"]))
    lines: list[str] = []
    regions: list[tuple[int, int]] = []  # doc line indexes of each paste's statement, first and last
    comments: list[str] = []
    kept: list[str] = []
    for _ in range(draw(st.integers(1, 3))):
        for _ in range(draw(st.integers(0, 2))):  # prose, with trailing blanks
            words = draw(st.lists(WORDS, min_size=1, max_size=6))
            lines += [" ".join(words) + " " * draw(st.integers(0, 3)), ""]
        if draw(st.integers(0, 3)) == 0:  # an unrelated block
            lines += ["```text", "class Model: not python", "```", ""]
        first, rest = draw(st.sampled_from(CONTAINERS))
        fence = draw(st.sampled_from(["```python", "~~~py", "````python"]))
        close = fence.split("p")[0]
        indent = draw(st.sampled_from(["    ", "  ", "\t"]))
        header = "@dataclass\nclass Model:" if ordered else "class Model(BaseModel):"
        if draw(st.integers(0, 3)) == 0:  # a header drift too
            header = "class Model:  # no decorator" if ordered else "@final\nclass Model(Base):"
        code = header.split("\n")
        body = draw(paste_body(fields, ordered))
        code += [indent + text if text else "" for text, _ in body]
        last_stmt = max(i for i, (_, stmt) in enumerate(body) if stmt) + len(code) - len(body)
        lines.append(first + fence)
        start = len(lines)
        for k, text in enumerate(code):
            blank_tail = " " * draw(st.integers(0, 2)) if text and draw(st.integers(0, 3)) == 0 else ""
            lines.append((rest + text).rstrip() if not text else rest + text + blank_tail)
            if k <= last_stmt and text.strip().startswith("#"):
                comments.append(lines[-1])
            if text.strip() == "...":
                kept.append(lines[-1])
        regions.append((start, start + last_stmt))
        lines += [rest + close if rest.strip() else first.replace("- ", "  ").replace("1. ", "   ") + close]
        lines.append("")
    lines += [" ".join(draw(st.lists(WORDS, min_size=1, max_size=4)))]
    eols = [eol_mode if eol_mode != "mixed" else draw(st.sampled_from(["\n", "\r\n"])) for _ in lines]
    if draw(st.booleans()):
        eols[-1] = ""
    bom = "\ufeff" if draw(st.integers(0, 5)) == 0 else ""
    doc = bom + "".join(a + b for a, b in zip(lines, eols, strict=True))
    return {"source": source, "doc": doc.encode("utf-8"), "regions": regions, "comments": comments,
            "kept": kept}


def _doc_lines(data: bytes) -> list[str]:
    text = data.decode("utf-8")
    return raw_lines(text.removeprefix("\ufeff").encode("utf-8"))


def _first_line(code: PythonCode, node: object) -> int:
    decorators = getattr(node, "decorators", ())
    return code.line(decorators[0] if decorators else node)  # type: ignore[arg-type]


def _no_drift(root: Path, source: str) -> None:
    parsed = parse_python(source, "src/pkg/models.py")
    assert isinstance(parsed, PythonCode)
    node = find_definition(parsed, "Model")
    assert node is not None
    real = lower(parsed, node)
    doc = read_doc(root, "docs/doc.md")  # check's own reader, not sync's
    assert doc.pastes["Model"]
    for paste in doc.pastes["Model"]:
        assert list(compare(lower(paste.code, paste.node), real, "pkg.models.Model")) == []


def sync_is_lossless(workdir: Path, case: dict[str, object]) -> None:
    root = workdir / "project"
    shutil.rmtree(root, ignore_errors=True)
    project = Project(root)
    source, before = str(case["source"]), bytes(case["doc"])  # type: ignore[call-overload]
    path = setup(project, "", source=source, symbols=("Model",))
    path.write_bytes(before)
    run = sync(project)
    assert run.exit_code == 0, run.stdout + run.stderr
    after = path.read_bytes()
    assert after.startswith(b"\xef\xbb\xbf") == before.startswith(b"\xef\xbb\xbf")
    _no_drift(root, source)
    old, new = _doc_lines(before), _doc_lines(after)
    # Every line outside the pastes' statements is byte for byte where it was, in order.
    doc = read_doc(root, "docs/doc.md")
    starts = sorted(_first_line(p.code, p.node) - 1 for p in doc.pastes["Model"])  # 0-based, new doc
    regions: list[tuple[int, int]] = case["regions"]  # type: ignore[assignment]
    assert len(starts) == len(regions)
    assert new[: regions[0][0]] == old[: regions[0][0]] and starts[0] == regions[0][0]
    for (_, end), (start, _), new_start in zip(regions, regions[1:], starts[1:], strict=False):
        gap = old[end + 1 : start]
        assert new[new_start - len(gap) : new_start] == gap
    tail = old[regions[-1][1] + 1 :]
    assert new[len(new) - len(tail) :] == tail
    changed = new[regions[0][0] : len(new) - len(tail)]
    assert all(line.endswith(("\n", "\r\n")) for line in changed)
    # Inside them, the paste's own comment lines and elisions stay.
    texts = {line.rstrip("\r\n") for line in new}
    for line in case["comments"] + case["kept"]:  # type: ignore[operator]
        assert line in texts, line
    # And a second sync changes nothing.
    again = sync(project)
    assert again.exit_code == 0
    assert path.read_bytes() == after


PROPERTY = {
    "deadline": None,
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                              HealthCheck.data_too_large],
}


@pytest.fixture(scope="module")
def workdir(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("sync-property")


@pytest.mark.slow  # 60 generated docs, each synced twice through the CLI; `pytest -m fuzz` runs 10,000
@settings(max_examples=60, **PROPERTY)  # type: ignore[arg-type]
@given(case=document())
def test_sync_is_lossless_and_idempotent(workdir: Path, case: dict[str, object]) -> None:
    sync_is_lossless(workdir, case)


@pytest.mark.fuzz
@settings(max_examples=10_000, database=None, **PROPERTY)  # type: ignore[arg-type]
@given(case=document())
def test_sync_is_lossless_and_idempotent_long(
    workdir: Path, case: dict[str, object], request: pytest.FixtureRequest
) -> None:
    if "fuzz" not in (request.config.getoption("-m") or ""):
        pytest.skip("the long run: pytest -m fuzz")
    sync_is_lossless(workdir, case)
