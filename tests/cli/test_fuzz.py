"""Fuzzing the whole check with hypothesis: generated Markdown docs with code blocks, Python modules of
class and alias definitions, and manifests, written to a real tree and checked by the real CLI.

The property: `type-equiv check` never raises and never reports an internal error; it exits 0, 1 or
2; a JSON report parses, every finding is located (a path and a line >= 1), and exit 1 means an error
finding. Inputs start near valid (a paste of the real definition) and are then damaged — another
annotation, a deleted or inserted character, NUL bytes, tabs, CRLF, a BOM, invalid UTF-8, unclosed
fences, manifests with wrong types and keys — so both the comparison and the error paths get reached.

The default suite runs `QUICK` examples; `pytest -m fuzz` runs `LONG` (>= 10,000). Only the static
check runs: no `--schema` and no fixtures, so no generated module is ever imported.

A second fuzzer (`hostile_tree`, at the end) puts the hostile file system at the paths the tool reads
and writes: links out of the root, dangling links, `/dev/zero`, FIFOs, a folder for a file and a file
for a folder, a full disk; `FS_QUICK` examples by default, `FS_LONG` with `-m fuzz`.
"""

from __future__ import annotations

import json
import os
import resource
import shutil
import signal
import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from tests.cli import test_hostile as hostile
from tests.cli import test_hostile_fs as hostile_fs
from type_equiv.cli import cli

QUICK = 200
LONG = 10_000
SYMBOL_NAMES = ["A", "B", "Tag"]
FIELD_NAMES = ["x", "y", "name", "kind", "type", "value", "class_", "Ä"]
ATOMS = [
    "int", "str", "None", "bool", "float", "bytes", "A", "B", "Tag", "Any", "object", "T", "...",
    "'A'", '"int | None"', "typing.List[int]", "pkg.m.A", "Union[()]", "Annotated[()]", "Literal[()]",
    "list", "dict", "type[A]", "Callable[[int], str]", "Callable[..., Any]",
]
HEADS = ["list", "List", "dict", "Dict", "tuple", "Tuple", "set", "Optional", "Union", "Annotated",
         "Final", "ClassVar", "Required", "NotRequired", "ReadOnly", "Sequence", "Mapping", "type",
         "typing.Optional", "t.Union"]
LITERALS = ["0", "1", "-1", "0x10", "'a'", '"b"', "'a' 'b'", "True", "None", "b'x'", "1.5", "'\\n'",
            "'é'", "Color.RED", "...", "()"]
BASES = ["BaseModel", "TypedDict", "Enum", "str, Enum", "IntEnum", "StrEnum", "NamedTuple",
         "Generic[T]", "A", "object", "Protocol", "*bases", "typing.TypedDict"]
CLASS_KEYWORDS = ["total=False", "frozen=True", "metaclass=ABCMeta", "**kw"]
DECORATORS = ["@dataclass", "@dataclass(frozen=True, kw_only=True)", "@final", "@attrs.define",
              "@dataclasses.dataclass", "@some.decorator(1, x=2)"]
NASTY = ["(", ")", "[", "]", ":", "=", "|", ",", "\t", "\x00", '"""', "'", "\\", "\r", "\n",
         "é", "\ufeff", "\u2028", "#", "```", "~~~", " ", "    ", "\x0c", "\U0001d538"]
INFOS = ["python", "py", "python3", "Python", "PY", "text", "", "python no-type-equiv", "{.python}",
         "python title=x.py", "pycon", "python\tx", "`python"]


# --- Python --------------------------------------------------------------------------------------

def type_expr() -> st.SearchStrategy[str]:
    def extend(inner: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
        return st.one_of(
            st.tuples(st.sampled_from(HEADS), st.lists(inner, max_size=3)).map(
                lambda t: f"{t[0]}[{', '.join(t[1])}]"),
            st.tuples(inner, inner).map(lambda t: f"{t[0]} | {t[1]}"),
            st.lists(st.sampled_from(LITERALS), max_size=4).map(lambda v: f"Literal[{', '.join(v)}]"),
            inner.map(repr),  # a forward reference, quoted
            inner.map(lambda s: f"({s})"),
        )

    return st.recursive(st.sampled_from(ATOMS), extend, max_leaves=8)


TYPE = type_expr()


@st.composite
def member(draw: st.DrawFn) -> str:
    name = draw(st.sampled_from(FIELD_NAMES))
    kind = draw(st.integers(0, 11))
    if kind <= 4:
        return f"{name}: {draw(TYPE)}"
    if kind <= 6:
        return f"{name}: {draw(TYPE)} = {draw(st.sampled_from(LITERALS))}"
    if kind == 7:
        return f"{name.upper()} = {draw(st.sampled_from(LITERALS))}"  # an enum member
    if kind == 8:
        return f"def {name}(self, a: {draw(TYPE)}) -> {draw(TYPE)}: ..."
    if kind == 9:
        return draw(st.sampled_from(['"""A docstring."""', "...", "pass", "model_config = ConfigDict()",
                                     "# a comment", "x, y = 1, 2", "a = b = 3", "x: int; y: str"]))
    if kind == 10:
        return f"class Inner:\n        {name}: {draw(TYPE)}"
    return f"if TYPE_CHECKING:\n        {name}: {draw(TYPE)}"


@st.composite
def class_def(draw: st.DrawFn, name: str) -> str:
    decorators = draw(st.lists(st.sampled_from(DECORATORS), max_size=2))
    bases = draw(st.lists(st.sampled_from(BASES), max_size=2))
    bases += draw(st.lists(st.sampled_from(CLASS_KEYWORDS), max_size=1))
    members = draw(st.lists(member(), max_size=6))
    head = "".join(d + "\n" for d in decorators) + f"class {name}"
    parens = bool(bases) or draw(st.booleans())
    head += f"({', '.join(bases)})" if parens else ""
    if not members:
        return head + ": ..."
    return head + ":\n" + "".join(f"    {m}\n" for m in members).rstrip("\n")


@st.composite
def alias_def(draw: st.DrawFn, name: str) -> str:
    value = draw(TYPE)
    form = draw(st.integers(0, 5))
    if form == 0:
        return f"{name} = {value}"
    if form == 1:
        return f"{name}: TypeAlias = {value}"
    if form == 2:
        return f"type {name}[T] = {value}" if draw(st.booleans()) else f"type {name} = {value}"
    if form == 3:
        keys = draw(st.lists(st.tuples(st.sampled_from([*FIELD_NAMES, "a-b", "1"]), TYPE), max_size=4))
        body = ", ".join(f"{k!r}: {v}" for k, v in keys)
        total = draw(st.sampled_from(["", ", total=False", ", total=True", ", x"]))
        return f"{name} = TypedDict({name!r}, {{{body}}}{total})"
    if form == 4:
        values = draw(st.lists(st.sampled_from(LITERALS), max_size=5))
        return f"{name} = Literal[{', '.join(values)}]"
    return f"{name} = Annotated[{value}, Field(discriminator='type')]"


def definition(name: str) -> st.SearchStrategy[str]:
    return st.one_of(class_def(name), alias_def(name))


def mutate(text: str) -> st.SearchStrategy[str]:
    """Damage text: insert a nasty piece or delete a slice somewhere (or leave it)."""

    @st.composite
    def damaged(draw: st.DrawFn) -> str:
        out = text
        for _ in range(draw(st.integers(0, 2))):
            at = draw(st.integers(0, len(out)))
            if draw(st.booleans()):
                out = out[:at] + draw(st.sampled_from(NASTY)) + out[at:]
            else:
                out = out[:at] + out[at + draw(st.integers(1, 5)):]
        return out

    return st.one_of(st.just(text), damaged())


@st.composite
def tweak(draw: st.DrawFn, text: str) -> str:
    """A paste that drifted a little: one type or value spelled differently, or a member line gone."""
    if draw(st.booleans()):
        lines = text.split("\n")
        if len(lines) > 1:
            del lines[draw(st.integers(1, len(lines) - 1))]
        return "\n".join(lines)
    old = draw(st.sampled_from([*ATOMS[:12], *LITERALS[:6]]))
    return text.replace(old, draw(st.sampled_from([*ATOMS, *LITERALS])), 1)


@st.composite
def module(draw: st.DrawFn, defs: dict[str, str]) -> str:
    """A source module: imports, the definitions (some twice, some conditional), maybe damaged."""
    parts = ["from __future__ import annotations",
             "from typing import *", "from pydantic import BaseModel, ConfigDict, Field"]
    for name, text in defs.items():
        style = draw(st.integers(0, 5))
        if style == 0:
            parts.append("if TYPE_CHECKING:\n" + _indent(text))
        elif style == 1:
            parts.append("try:\n    from fast import " + name + "\nexcept ImportError:\n" + _indent(text))
        elif style == 2:
            parts.append(text)
            parts.append(draw(definition(name)))  # defined twice: the first wins
        else:
            parts.append(text)
    code = "\n\n\n".join(parts) + "\n"
    return draw(mutate(code)) if draw(st.integers(0, 5)) == 0 else code


def _indent(text: str) -> str:
    return "".join("    " + line + "\n" if line else "\n" for line in text.split("\n"))


# --- Markdown ------------------------------------------------------------------------------------

SNIPPETS = ["Some prose.", "# Heading", "- item", "> quote", "1. step", "    indented code", "\t", "",
            "<div>", "</div>", "<!-- comment", "```", "~~~", "```python", "`inline`", "a\x00b", "é ü",
            "\r", "***", "| a | b |", "[link]: /x", "\\", "* * *", "    ```"]
PROSE = st.lists(st.sampled_from(SNIPPETS), max_size=4).map("\n".join)


@st.composite
def fenced(draw: st.DrawFn, code: str) -> str:
    char = draw(st.sampled_from(["`", "~"]))
    fence = char * draw(st.integers(3, 5))
    info = draw(st.sampled_from(INFOS)) if draw(st.integers(0, 3)) == 0 else "python"
    body = code if code.endswith("\n") or not code else code + "\n"
    block = f"{fence}{info}\n{body}"
    if draw(st.integers(0, 7)):  # mostly closed; sometimes runs to the end of the doc
        block += fence + draw(st.sampled_from(["", char, " "])) + "\n"
    container = draw(st.sampled_from(["", "", "", "> ", "- ", "1. ", "  ", "    "]))
    if container:
        pad = " " * len(container) if container[0] in "-1" else container
        lines = block.split("\n")
        block = "\n".join([container + lines[0]] + [pad + line if line else line for line in lines[1:]])
    return block


@st.composite
def markdown(draw: st.DrawFn, pastes: list[str]) -> bytes:
    """A doc: prose and fenced blocks (the pastes, plus other code), then maybe damaged bytes."""
    pieces: list[str] = []
    for code in pastes:
        pieces.append(draw(PROSE))
        pieces.append(draw(fenced(draw(mutate(code)) if draw(st.integers(0, 7)) == 0 else code)))
    for _ in range(draw(st.integers(0, 3))):
        pieces.append(draw(st.one_of(PROSE, fenced(draw(PROSE)), fenced("class Other:\n    x: int\n"))))
    order = draw(st.permutations(pieces))
    text = "\n\n".join(order) + draw(st.sampled_from(["\n", "", "\n\n"]))
    if draw(st.integers(0, 5)) == 0:
        text = text.replace("\n", draw(st.sampled_from(["\r\n", "\r"])))
    data = text.encode("utf-8", "surrogatepass")
    damage = draw(st.integers(0, 9))
    if damage == 0:
        data = b"\xef\xbb\xbf" + data
    elif damage == 1:
        at = draw(st.integers(0, len(data)))
        data = data[:at] + draw(st.sampled_from([b"\xff", b"\xc3", b"\xed\xa0\x80", b"\x00"])) + data[at:]
    return data


# --- manifests -----------------------------------------------------------------------------------

JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.floats(allow_nan=True) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=6,
)
BAD_DOCS = ["docs/missing.md", "docs", "../a.md", "/etc/hosts", "docs\\a.md", "", "docs/a.md/"]


@st.composite
def manifest(draw: st.DrawFn, docs_of: dict[str, list[str]]) -> Any:
    """Mostly valid rows naming the docs that hold each paste; one run in eight is damaged somewhere."""
    damaged = draw(st.integers(0, 7)) == 0
    rows: list[Any] = []
    for name, docs in docs_of.items():
        symbol = f"pkg.m.{name}"
        if draw(st.integers(0, 9)) == 0:  # a source-missing row
            symbol = draw(st.sampled_from([f"pkg.gone.{name}", f"pkg.m.{name}.x", "pkg.m", f"pkg.{name}"]))
        row: dict[str, Any] = {"symbol": symbol, "docs": docs}
        choices: list[tuple[str, list[Any]]] = [
            ("producers", [False, True]), ("fields", [True, False]),
            ("form", ["union", "map", "literal", "enum", "shape"]),
            ("exempt", [{"x": "why"}, {"X": "why", "a": "b"}, {}])]
        for key, values in choices:
            if draw(st.integers(0, 9 if key == "form" else 3)) == 0:
                row[key] = draw(st.sampled_from(values))
        rows.append(row)
    data: dict[str, Any] = {"version": 1, "source": draw(st.sampled_from([["."], ["."], ["src", "."]])),
                            "symbols": rows}
    if draw(st.integers(0, 3)) == 0:
        data["tests"] = draw(st.sampled_from([["tests"], ["tests/**"], ["pkg/m.py"], []]))
    if not damaged:
        return data
    how = draw(st.integers(0, 4))
    if how == 0 and rows:  # a bad doc path
        draw(st.sampled_from(rows))["docs"].append(draw(st.sampled_from(BAD_DOCS)))
    elif how == 1:  # a wrong value or an unknown key somewhere
        target = draw(st.sampled_from([data, *rows]))
        target[draw(st.sampled_from([*target, "unknown"]))] = draw(JSON)
    elif how == 2:
        data["source"] = draw(st.sampled_from([[".."], [], ["/usr"], ["pkg/m.py"], "."]))
    elif how == 3 and rows:
        rows.append(dict(rows[0]))  # a duplicate symbol
    else:
        return draw(JSON)
    return data


# --- the property --------------------------------------------------------------------------------

@st.composite
def project(draw: st.DrawFn) -> tuple[dict[str, bytes], str]:
    names = draw(st.lists(st.sampled_from(SYMBOL_NAMES), min_size=1, max_size=3, unique=True))
    defs = {name: draw(definition(name)) for name in names}
    # Pastes: mostly the real definition (so comparison runs), sometimes another one of the same name;
    # each in doc a, doc b or both.
    where = {name: draw(st.sampled_from([["docs/a.md"], ["docs/b.md"], ["docs/a.md", "docs/b.md"]]))
             for name in names}
    in_doc: dict[str, list[str]] = {"docs/a.md": [], "docs/b.md": []}
    for name, text in defs.items():
        for doc in where[name]:
            choice = draw(st.integers(0, 5))
            pasted = text if choice < 3 else draw(tweak(text)) if choice < 5 else draw(definition(name))
            in_doc[doc].append(pasted)
    files = {
        "pkg/__init__.py": b"",
        "pkg/m.py": draw(module(defs)).encode("utf-8", "surrogatepass"),
        "docs/a.md": draw(markdown(in_doc["docs/a.md"])),
        "docs/b.md": draw(markdown(in_doc["docs/b.md"])),
    }
    data = draw(manifest(where))
    raw = json.dumps(data) if draw(st.integers(0, 19)) else draw(mutate(json.dumps(data)))
    files["manifest/type-equiv.manifest.json"] = raw.encode("utf-8", "surrogatepass")
    return files, draw(st.sampled_from(["json", "json", "text", "jsonl", "github", "sarif"]))


@pytest.fixture(scope="module")
def workdir() -> Iterator[Path]:
    """One folder for the whole run: each example's tree, and mypy's cache (warm after the first)."""
    path = Path(tempfile.mkdtemp(prefix="type-equiv-fuzz-"))
    yield path
    shutil.rmtree(path, ignore_errors=True)


def check_never_crashes(workdir: Path, files: dict[str, bytes], fmt: str) -> None:
    root = workdir / "project"
    shutil.rmtree(root, ignore_errors=True)
    for rel, data in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(data)
    args = ["--debug", "check", "--root", str(root), "--format", fmt]
    if any(p.name == "cache_dir" for p in cli.commands["check"].params):  # mypy's cache stays warm
        args += ["--cache-dir", str(workdir / "cache")]
    result = CliRunner().invoke(cli, args, catch_exceptions=True)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    assert result.exit_code in (0, 1, 2), (result.exit_code, result.stderr)
    assert "internal error" not in result.stderr and "Traceback" not in result.stderr, result.stderr
    event(f"exit {result.exit_code}")  # `--hypothesis-show-statistics` shows how deep the run got
    if result.exit_code == 2:
        assert result.stderr.startswith("type-equiv: "), result.stderr
    elif fmt == "json":
        report = json.loads(result.stdout)
        for finding in report["findings"]:
            assert finding["path"] and finding["line"] >= 1, finding
        for kind in sorted({f["kind"] for f in report["findings"]}):
            event(f"finding {kind}")
        if report["summary"].get("mypy_runs"):
            event("mypy ran")
        assert (result.exit_code == 1) == (report["summary"]["errors"] > 0), report["summary"]


COMMON = {
    "deadline": None,
    "suppress_health_check": [HealthCheck.too_slow, HealthCheck.data_too_large,
                              HealthCheck.function_scoped_fixture, HealthCheck.large_base_example],
}


@pytest.mark.slow  # 200 generated projects, each checked; `pytest -m fuzz` runs 10,000
@settings(max_examples=QUICK, **COMMON)  # type: ignore[arg-type]
@given(case=project())
def test_check_never_crashes(workdir: Path, case: tuple[dict[str, bytes], str]) -> None:
    check_never_crashes(workdir, *case)


@pytest.mark.fuzz
@settings(max_examples=LONG, database=None, **COMMON)  # type: ignore[arg-type]
@given(case=project())
def test_check_never_crashes_long(workdir: Path, case: tuple[dict[str, bytes], str]) -> None:
    check_never_crashes(workdir, *case)


# --- the hostile file system: links, special files and unwritable caches at the paths the tool uses --
#
# Each example is a small valid project (clean, or with one drift) and one to three hazards, each put
# for real at a path the tool reads or writes: the lock, a doc, a source file, the source and test
# roots, the cache folder, a store in it (after a first check made them), its `.gitignore`. A hazard is
# a symlink out of the root (to a file holding the real bytes, or to an empty folder), a dangling
# symlink, a link to `/dev/zero`, a FIFO, a folder where a file is expected or a file where a folder is;
# sometimes every write fails (RLIMIT_FSIZE, as on a full disk). `check` or `sync` runs in its own
# process with a timeout and a memory cap. The property: it finishes, exits 0, 1 or 2 without a
# traceback, writes nothing outside the root (the linked-to file keeps its bytes, the linked-to folder
# stays empty, a dangling link's target is never created), and a fault of the cache alone never
# changes the findings of `check` (they equal those of `--no-cache` on the same tree without it).

FS_QUICK = 6
FS_LONG = 500
FILE_TARGETS = ["manifest/type-equiv.lock", "docs/d.md", "pkg/m.py", ".type-equiv-cache/.gitignore",
                "cache store"]
FOLDER_TARGETS = [".type-equiv-cache", "pkg", "tests"]
FILE_HAZARDS = ["link out", "dangling link", "dev zero", "fifo", "folder"]
FOLDER_HAZARDS = ["link out", "dangling link", "dev zero", "fifo", "file"]
CACHE_ONLY = (".type-equiv-cache", ".type-equiv-cache/.gitignore", "cache store")
BASELINES: dict[bool, Any] = {}  # drifted or not -> the run of `check --no-cache` without hazards


@st.composite
def hostile_tree(draw: st.DrawFn) -> tuple[bool, list[tuple[str, str]], bool, str]:
    drifted = draw(st.booleans())
    targets = draw(st.lists(st.sampled_from(FILE_TARGETS + FOLDER_TARGETS), min_size=1, max_size=3,
                            unique=True))
    def below(path: str, folder: str) -> bool:
        return (".type-equiv-cache/" if path == "cache store" else path).startswith(folder + "/")

    # what is below a folder made a hazard is that hazard's business (laid there, it would go through it)
    targets = [t for t in targets if not any(below(t, u) for u in targets if u in FOLDER_TARGETS)]
    hazards = [(t, draw(st.sampled_from(FOLDER_HAZARDS if t in FOLDER_TARGETS else FILE_HAZARDS)))
               for t in targets]
    full_disk = draw(st.integers(0, 4)) == 0
    return drifted, hazards, full_disk, draw(st.sampled_from(["check", "check", "sync"]))


def _lay(root: Path, outside: Path, rel: str, hazard: str, index: int) -> Callable[[], None]:
    """Put `hazard` at `rel`; the returned check says nothing outside the root was touched."""
    path = root / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    real = path.read_bytes() if path.is_file() and not path.is_symlink() else None
    if path.is_symlink() or path.is_file():
        path.unlink()
    elif path.is_dir():
        shutil.rmtree(path)
    mark = outside / f"target-{index}"
    a_file = real is not None or ("." in path.name and path.name != ".type-equiv-cache")
    if hazard == "link out" and a_file:
        mark.write_bytes(real or b"outside\n")
        path.symlink_to(mark)
        kept = mark.read_bytes()
        return lambda: _same(mark.read_bytes(), kept, rel)
    if hazard == "link out":  # a folder
        mark.mkdir()
        path.symlink_to(mark, target_is_directory=True)
        return lambda: _same(sorted(p.name for p in mark.iterdir()), [], rel)
    if hazard == "dangling link":
        path.symlink_to(mark)
        return lambda: _same(mark.exists() or mark.is_symlink(), False, rel)
    if hazard == "dev zero":
        path.symlink_to("/dev/zero")
    elif hazard == "fifo":
        os.mkfifo(path)
    elif hazard == "folder":
        path.mkdir()
    else:  # a file where a folder is expected
        path.write_bytes(b"not a folder\n")
    return lambda: None


def _same(got: object, want: object, rel: str) -> None:
    assert got == want, f"written outside the root through {rel}: {got!r} != {want!r}"


def _findings(stdout: str) -> list[Any]:
    report = json.loads(stdout)
    return sorted(json.dumps(f, sort_keys=True) for f in report["findings"])


def hostile_fs_never_breaks(workdir: Path, case: tuple[bool, list[tuple[str, str]], bool, str]) -> None:
    drifted, hazards, full_disk, command = case
    event(f"{command}{' full disk' if full_disk else ''}")
    root, outside = workdir / "fs" / "project", workdir / "fs" / "outside"
    shutil.rmtree(workdir / "fs", ignore_errors=True)
    root.mkdir(parents=True)
    outside.mkdir()
    hostile.build(root, hostile.project(doc=hostile_fs.DRIFTED if drifted else hostile.DOC,
                        **{"tests/test_m.py": "from pkg.m import A\n\n\ndef test_a() -> None:\n"
                                              "    assert A(x=1)\n"}))
    run = hostile_fs.cli
    if drifted not in BASELINES:  # the verdict on the tree without a hazard (the same each time)
        BASELINES[drifted] = run(root, "check", "--format", "json", "--no-cache")
    baseline = BASELINES[drifted]
    assert baseline.returncode == (1 if drifted else 0), baseline.stderr
    if any(rel == "cache store" for rel, _ in hazards):
        assert run(root, "check", "--format", "json").returncode == baseline.returncode  # makes them
    checks: list[Callable[[], None]] = []
    for rel, hazard in hazards:
        event(f"{rel}: {hazard}")
        stores = sorted(p for p in (root / ".type-equiv-cache").glob("*.json")) if rel == "cache store" \
            else [root / rel]
        for store in stores[:2]:
            checks.append(_lay(root, outside, str(store.relative_to(root)), hazard, len(checks)))

    def limits() -> None:
        hostile_fs.memory_cap()
        if full_disk:
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, (10, 10))

    args = ("check", "--format", "json") if command == "check" else ("sync", "--force")
    got = run(root, *args, timeout=90, limit=limits)
    hostile_fs.no_crash(got)
    event(f"exit {got.returncode}")
    for check in checks:
        check()
    if command == "check" and all(rel in CACHE_ONLY for rel, _ in hazards):
        assert got.returncode == baseline.returncode, (hazards, got.stdout, got.stderr)
        assert _findings(got.stdout) == _findings(baseline.stdout), hazards


@pytest.mark.slow  # each example runs the CLI in processes of its own; `pytest -m fuzz` runs 500
@settings(max_examples=FS_QUICK, **COMMON)  # type: ignore[arg-type]
@given(case=hostile_tree())
def test_a_hostile_file_system_never_breaks_a_run(
        workdir: Path, case: tuple[bool, list[tuple[str, str]], bool, str]) -> None:
    hostile_fs_never_breaks(workdir, case)


@pytest.mark.fuzz
@settings(max_examples=FS_LONG, database=None, **COMMON)  # type: ignore[arg-type]
@given(case=hostile_tree())
def test_a_hostile_file_system_never_breaks_a_run_long(
        workdir: Path, case: tuple[bool, list[tuple[str, str]], bool, str]) -> None:
    hostile_fs_never_breaks(workdir, case)
