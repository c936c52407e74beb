"""The hostile corpus: every malformed input has one tested, clear outcome.

Each case is a real project tree in a temporary folder and the real CLI run on it. The outcome is
either a located finding (exit 1: kind and `path:line`) or exit 2 with a message naming the file and
JSON pointer — never a traceback, never a hang. Cases that could block (FIFOs, huge inputs) run in a
subprocess with a timeout, so a regression fails the test instead of freezing the suite.

Tests run as root here, and `chmod 000` does not stop root: the unreadable-file cases use a FIFO
(opening one blocks until a writer comes), a directory where a file is expected, a symlink loop, and
`chmod 000` under `setpriv`, which drops CAP_DAC_OVERRIDE/CAP_DAC_READ_SEARCH so permission bits
apply to root too (skipped when neither non-root nor `setpriv` is available).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import textwrap
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from tests.conftest import REPO
from type_equiv.cli import cli

MANIFEST = "manifest/type-equiv.manifest.json"
SYMBOL = "pkg.m.A"
SRC = """\
from pydantic import BaseModel


class A(BaseModel):
    x: int
    name: str = "a"
"""
CODE = """\
class A(BaseModel):
    x: int
    name: str = "a"
"""
# fence on line 5, `class A` on line 6, `x: int` on line 7
DOC = f"# Doc\n\nSome prose.\n\n```python\n{CODE}```\n"
ROW = {"symbol": SYMBOL, "docs": ["docs/d.md"], "producers": False}
GOOD = {"version": 1, "symbols": [ROW]}

Content = str | bytes
Setup = Callable[[Path], None]


@dataclass(frozen=True)
class Outcome:
    """What a run produced: exit code, findings as (kind, "path:line", message), stderr."""

    exit_code: int
    findings: list[tuple[str, str, str]]
    stdout: str
    stderr: str


def check_no_crash(exit_code: int, stdout: str, stderr: str) -> None:
    assert exit_code in (0, 1, 2), (exit_code, stderr)
    assert "Traceback" not in stderr and "Traceback" not in stdout, stderr
    assert "internal error" not in stderr, stderr


def _outcome(exit_code: int, stdout: str, stderr: str) -> Outcome:
    check_no_crash(exit_code, stdout, stderr)
    findings: list[tuple[str, str, str]] = []
    if exit_code in (0, 1):
        findings = [
            (f["kind"], f"{f['path']}:{f['line']}", f["message"])
            for f in json.loads(stdout)["findings"]
        ]
    return Outcome(exit_code, findings, stdout, stderr)


def run_in_process(root: Path, *args: str) -> Outcome:
    """The CLI in this process (fast); any exception but SystemExit is a crash."""
    result = CliRunner().invoke(
        cli, ["check", "--root", str(root), "--format", "json", *args], catch_exceptions=True
    )
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        info = result.exc_info
        detail = "".join(traceback.format_exception(*info)) if info else repr(result.exception)
        pytest.fail(f"crashed: {detail}")
    return _outcome(result.exit_code, result.stdout, result.stderr)


def run_subprocess(
    root: Path, *args: str, timeout: float = 60, prefix: tuple[str, ...] = (),
    env: dict[str, str] | None = None,
) -> Outcome:
    """The CLI as its own process (`python -m type_equiv`), killed after `timeout` seconds: a hang fails."""
    command = [*prefix, sys.executable, "-m", "type_equiv", "check", "--root", str(root),
               "--format", "json", *args]
    try:
        proc = subprocess.run(
            command, capture_output=True, text=True, timeout=timeout, cwd=REPO,
            env={**os.environ, **(env or {})},
        )
    except subprocess.TimeoutExpired:
        pytest.fail(f"hang: {command} did not finish within {timeout}s")
    return _outcome(proc.returncode, proc.stdout, proc.stderr)


def build(root: Path, files: dict[str, Content], manifest: Any = GOOD, setup: Setup | None = None) -> None:
    """Write a project tree: files (text or bytes, written as given), the manifest, then `setup`."""
    for rel, content in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, bytes):
            path.write_bytes(content)
        else:
            path.write_bytes(content.encode("utf-8"))
    if manifest is not None:
        path = root / MANIFEST
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(manifest, bytes):
            path.write_bytes(manifest)
        elif isinstance(manifest, str):
            path.write_text(manifest, encoding="utf-8")
        else:
            path.write_text(json.dumps(manifest, indent=2), encoding="utf-8")
    if setup is not None:
        setup(root)


def rows(*rows: dict[str, Any], **keys: Any) -> dict[str, Any]:
    return {"version": 1, **keys, "symbols": list(rows)}


def row(**keys: Any) -> dict[str, Any]:
    return {**ROW, **keys}


def code_doc(code: str, *, before: str = "# Doc\n\nSome prose.\n\n", fence: str = "```python") -> str:
    """A doc with one block of `code`; with the default prose the fence is on line 5."""
    return f"{before}{fence}\n{textwrap.dedent(code)}```\n"


def project(src: Content = SRC, doc: Content = DOC, **more: Content) -> dict[str, Content]:
    return {"pkg/__init__.py": "", "pkg/m.py": src, "docs/d.md": doc, **more}


def _replace_with_a_file(root: Path) -> None:
    shutil.rmtree(root)
    root.write_text("x")


@dataclass(frozen=True)
class Case:
    """One hostile input and its exact outcome.

    exit 0: no findings. exit 1: `findings` lists every finding as (kind, "path:line"), and
    `fragment` is in the first one's message. exit 2: `fragment` is in stderr, stdout is empty.
    """

    id: str
    files: dict[str, Content]
    exit: int
    fragment: str = ""
    findings: list[tuple[str, str]] = field(default_factory=list)
    manifest: Any = field(default_factory=lambda: GOOD)
    setup: Setup | None = None


def assert_outcome(case: Case, got: Outcome) -> None:
    assert got.exit_code == case.exit, (case.id, got)
    if case.exit == 2:
        assert got.stdout == "", case.id
        assert case.fragment in got.stderr, (case.id, got.stderr)
        assert got.stderr.startswith("type-equiv: "), got.stderr
        return
    assert [(k, where) for k, where, _ in got.findings] == case.findings, (case.id, got.findings)
    if case.findings:
        assert case.fragment in got.findings[0][2], (case.id, got.findings[0][2])


def snapshot(root: Path) -> dict[str, bytes]:
    """Every regular file under root (symlinks and FIFOs not followed), by relative path; the cache
    folder aside, since it is the tool's own (sync runs check first, which fills it as check does)."""
    return {
        p.relative_to(root).as_posix(): p.read_bytes()
        for p in sorted(root.rglob("*"))
        if p.is_file() and not p.is_symlink()
        and not p.relative_to(root).as_posix().startswith(".type-equiv-cache/")
    }


# --- manifests -----------------------------------------------------------------------------------

M = MANIFEST
MANIFEST_CASES = [
    Case("not JSON", project(), 2, f"{M}:1:2: not JSON: Expecting property name", manifest="{nope"),
    Case("empty file", project(), 2, f"{M}:1:1: not JSON: Expecting value", manifest=""),
    Case("only whitespace", project(), 2, f"{M}:3:1: not JSON: Expecting value", manifest="\n\n"),
    Case("a list", project(), 2, f"{M}: /: [] is not of type 'object'", manifest="[]"),
    Case("a string", project(), 2, f"{M}: /: 'x' is not of type 'object'", manifest='"x"'),
    Case("null", project(), 2, f"{M}: /: None is not of type 'object'", manifest="null"),
    Case("version a string", project(), 2, f"{M}: /version: '1' is not of type 'integer'",
         manifest={**GOOD, "version": "1"}),
    Case("version 2", project(), 2, f"{M}: /version: 1 was expected", manifest={**GOOD, "version": 2}),
    Case("no version", project(), 2, f"{M}: /: 'version' is a required property",
         manifest={"symbols": [ROW]}),
    Case("symbols an object", project(), 2, f"{M}: /symbols: {{'a': 1}} is not of type 'array'",
         manifest={"version": 1, "symbols": {"a": 1}}),
    Case("docs a string", project(), 2, f"{M}: /symbols/0/docs: 'docs/d.md' is not of type 'array'",
         manifest=rows(row(docs="docs/d.md"))),
    Case("docs empty", project(), 2, f"{M}: /symbols/0/docs: [] should be non-empty",
         manifest=rows(row(docs=[]))),
    Case("source a string", project(), 2, f"{M}: /source: 'src' is not of type 'array'",
         manifest={**GOOD, "source": "src"}),
    Case("producers a string", project(), 2, f"{M}: /symbols/0/producers: 'no' is not of type 'boolean'",
         manifest=rows(row(producers="no"))),
    Case("unknown top-level key", project(), 2,
         f"{M}: /: Additional properties are not allowed ('symbol' was unexpected)",
         manifest={**GOOD, "symbol": []}),
    Case("unknown row key", project(), 2,
         f"{M}: /symbols/0: Additional properties are not allowed ('doc' was unexpected)",
         manifest=rows(row(doc="x"))),
    Case("row without docs", project(), 2, f"{M}: /symbols/0: 'docs' is a required property",
         manifest=rows({"symbol": SYMBOL})),
    Case("duplicate symbols", project(), 2,
         f"{M}: /symbols/1/symbol: duplicate symbol 'pkg.m.A' (first at /symbols/0)",
         manifest=rows(ROW, ROW)),
    Case("duplicate JSON keys", project(), 2, f"{M}: duplicate key 'symbols' in one object",
         manifest='{"version": 1, "symbols": [], "symbols": []}'),
    Case("symbol without a module part", project(), 2, f"{M}: /symbols/0/symbol: 'A' is not a dotted name",
         manifest=rows(row(symbol="A"))),
    Case("symbol with an empty part", project(), 2, f"{M}: /symbols/0/symbol: 'pkg..A' is not a dotted name",
         manifest=rows(row(symbol="pkg..A"))),
    Case("symbol with a trailing newline", project(), 2, f"{M}: /symbols/0/symbol:",
         manifest=rows(row(symbol="pkg.m.A\n"))),
    Case("missing doc", project(), 2, f"{M}: /symbols/0/docs/0: doc 'docs/nope.md' not found",
         manifest=rows(row(docs=["docs/nope.md"]))),
    Case("doc path with ..", project(), 2, f"{M}: /symbols/0/docs/0: '../d.md': leaves the project root",
         manifest=rows(row(docs=["../d.md"]))),
    Case("doc path with .. inside", project(), 2, "'docs/../../d.md': leaves the project root",
         manifest=rows(row(docs=["docs/../../d.md"]))),
    Case("doc path absolute", project(), 2,
         f"{M}: /symbols/0/docs/0: '/etc/passwd': absolute path; paths are relative to the project root",
         manifest=rows(row(docs=["/etc/passwd"]))),
    Case("doc path with a drive letter", project(), 2, "'C:/d.md': absolute path",
         manifest=rows(row(docs=["C:/d.md"]))),
    Case("doc path with backslashes", project(), 2, "'docs\\\\d.md': use '/' as the separator",
         manifest=rows(row(docs=["docs\\d.md"]))),
    Case("doc path with a NUL byte", project(), 2, "'docs/d.md\\x00': NUL byte in path",
         manifest=rows(row(docs=["docs/d.md\x00"]))),
    Case("doc path too long", project(), 2, "cannot be read: File name too long",
         manifest=rows(row(docs=["d" * 5000 + ".md"]))),
    Case("doc path a lone surrogate", project(), 2,
         f"{M}: /symbols/0/docs/0: Input should be a valid string",
         manifest='{"version": 1, "symbols": [{"symbol": "pkg.m.A", "docs": ["\\ud800.md"]}]}'),
    Case("source path with ..", project(), 2, f"{M}: /source/0: '..': leaves the project root",
         manifest={**GOOD, "source": [".."]}),
    Case("source path absolute", project(), 2, f"{M}: /source/0: '/usr/lib': absolute path",
         manifest={**GOOD, "source": ["/usr/lib"]}),
    Case("exclude path with ..", project(), 2, f"{M}: /exclude/0: '../**': leaves the project root",
         manifest={**GOOD, "exclude": ["../**"]}),
    Case("a 5000-digit number", project(), 2, f"{M}: not usable JSON: Exceeds the limit",
         manifest='{"version": 1' + "0" * 5000 + ', "symbols": []}'),
    Case("arrays nested 100,000 deep", project(), 2, f"{M}: not usable JSON: maximum recursion depth",
         manifest="[" * 100_000 + "]" * 100_000),
    Case("NaN", project(), 2, f"{M}: /version: nan is not of type 'integer'",
         manifest='{"version": NaN, "symbols": []}'),
    Case("invalid UTF-8", project(), 2, f"{M}: cannot read manifest: 'utf-8' codec can't decode byte 0xff",
         manifest=b'{"version": 1, "symbols": []}\xff'),
    Case("a BOM is fine", project(), 0, manifest=b"\xef\xbb\xbf" + json.dumps(GOOD).encode()),
    Case("CRLF is fine", project(), 0, manifest=json.dumps(GOOD, indent=2).replace("\n", "\r\n")),
    Case("no symbols is fine", project(), 0, manifest={"version": 1, "symbols": []}),
    Case("missing", project(), 2, f"{M}: manifest not found (use --manifest FILE)", manifest=None),
    Case("a directory", project(**{f"{M}/x": ""}), 2, f"{M}: manifest is a directory, not a file",
         manifest=None),
]


# --- the file system ---------------------------------------------------------------------------

def symlink(rel: str, target: str | Callable[[Path], Path]) -> Setup:
    """Make `rel` a symlink to `target` (a path, or a function of the root for targets outside it)."""

    def setup(root: Path) -> None:
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists() or path.is_symlink():
            path.unlink()
        path.symlink_to(target(root) if callable(target) else target)

    return setup


def outside(name: str, text: str) -> Callable[[Path], Path]:
    """A file next to the root, outside it, holding `text`."""

    def make(root: Path) -> Path:
        folder = root.parent / f"{root.name}-outside"
        folder.mkdir(exist_ok=True)
        (folder / name).write_text(text, encoding="utf-8")
        return folder / name

    return make


SECRET = "class A(BaseModel):\n    x: int  # SECRET-TOKEN-1234\n"
FILE_SYSTEM_CASES = [
    Case("doc symlinked out of the root", project(), 2,
         f"{M}: /symbols/0/docs/0: 'docs/d.md': resolves outside the project root (symlink?)",
         setup=symlink("docs/d.md", outside("d.md", DOC))),
    Case("source module symlinked out of the root", project(), 1,
         "cannot read: resolves outside the project root (symlink?); not read",
         [("parse-error", "pkg/m.py:1")], setup=symlink("pkg/m.py", outside("m.py", SECRET))),
    Case("source root symlinked out of the root", {"docs/d.md": DOC}, 1,
         "resolves outside the project root", [("parse-error", "src/pkg/m.py:1")],
         manifest={**GOOD, "source": ["src"]},
         setup=symlink("src/pkg/m.py", outside("m.py", SECRET))),
    Case("doc symlink loop", project(), 2, "'docs/d.md': cannot resolve (symlink loop?)",
         setup=symlink("docs/d.md", "d.md")),
    Case("doc dangling symlink", project(), 2, "doc 'docs/d.md' not found",
         setup=symlink("docs/d.md", "nowhere.md")),
    Case("source module symlink loop", project(), 1, "module `pkg.m` not found under the source roots",
         [("source-missing", f"{M}:5")], setup=symlink("pkg/m.py", "m.py")),
    Case("manifest symlink loop", project(), 2, "manifest cannot be read: Too many levels of symbolic links",
         setup=symlink(M, "type-equiv.manifest.json")),
    Case("doc is a directory", {"pkg/m.py": SRC, "docs/d.md/x.md": DOC}, 2,
         f"{M}: /symbols/0/docs/0: doc 'docs/d.md' is a directory, not a file"),
    Case("source module is a directory", {"pkg/m.py/x.py": SRC, "docs/d.md": DOC}, 1,
         "module `pkg.m` not found", [("source-missing", f"{M}:5")]),
    Case("root is missing", {}, 2, f"{M}: manifest not found", manifest=None,
         setup=lambda root: shutil.rmtree(root)),
    Case("root is a file", {}, 2, "manifest cannot be read: Not a directory", manifest=None,
         setup=lambda root: _replace_with_a_file(root)),
]

# --- docs ----------------------------------------------------------------------------------------

BIG_LINE = "x" * 5_000_000
DOC_CASES = [
    Case("unclosed fence runs to the end of the doc", project(doc=DOC.removesuffix("```\n")), 0),
    Case("unclosed fence swallowing prose", project(doc=DOC.removesuffix("```\n") + "\nMore prose.\n"),
         1, "not valid Python", [("parse-error", "docs/d.md:10")]),
    Case("a fence never opened", project(doc="```\n" + DOC), 1, "has no ```python block defining `A`",
         [("paste-missing", "docs/d.md:1")]),
    Case("NUL byte in a paste", project(doc=DOC.replace("x: int", "x: int\x00")), 1,
         "not valid Python: invalid character '\ufffd' (U+FFFD)", [("parse-error", "docs/d.md:7")]),
    Case("NUL byte in prose", project(doc="Some\x00prose.\n\n" + DOC), 0),
    Case("invalid UTF-8", project(doc=b"# Doc\n\nbad \xff byte\n\n" + CODE.encode()), 1,
         "doc is not UTF-8: invalid start byte", [("parse-error", "docs/d.md:3")]),
    Case("Latin-1 text", project(doc=("# Café\n\n" + DOC).encode("latin-1")), 1, "doc is not UTF-8",
         [("parse-error", "docs/d.md:1")]),
    Case("a BOM", project(doc=b"\xef\xbb\xbf" + DOC.encode()), 0),
    Case("CRLF line ends", project(doc=DOC.replace("\n", "\r\n")), 0),
    Case("CR line ends", project(doc=DOC.replace("\n", "\r")), 0),
    Case("CRLF drift keeps its line", project(doc=DOC.replace("x: int", "x: str").replace("\n", "\r\n")),
         1, "field `x` differs", [("drift", "docs/d.md:7")]),
    Case("a 5 MB line of prose", project(doc=BIG_LINE + "\n\n" + DOC), 0),
    Case("a 5 MB line in a paste", project(
        src=SRC + f'\nB = "{BIG_LINE}"\n', doc=DOC + f'\n```python\nB = "{BIG_LINE}"\n```\n'), 0,
        manifest=rows(ROW, row(symbol="pkg.m.B"))),
    Case("5,000 code blocks", project(doc="".join(
        f"```python\nclass C{i}:\n    x: int\n```\n\n" for i in range(5000)) + DOC), 0),
    Case("a paste in two blocks, one drifted", project(doc=DOC + "\n" + DOC.replace("x: int", "x: str")),
         1, "field `x` differs", [("drift", "docs/d.md:17")]),
    Case("a Python 2 paste", project(doc=code_doc("print 'hi'\n" + CODE)), 1,
         "mentions `A` but is not valid Python: Missing parentheses in call to 'print'",
         [("parse-error", "docs/d.md:6")]),
    Case("a paste with a syntax error", project(doc=code_doc(CODE.replace("x: int", "x: int ="))), 1,
         "not valid Python: invalid syntax", [("parse-error", "docs/d.md:7")]),
    Case("a paste with mixed tabs and spaces", project(doc=code_doc(CODE.replace('    name', '\tname'))), 1,
         "inconsistent use of tabs and spaces", [("parse-error", "docs/d.md:8")]),
    Case("a paste marked no-type-equiv", project(doc=code_doc(CODE, fence="```python no-type-equiv")), 1,
         "no ```python block defining `A`", [("paste-missing", "docs/d.md:1")]),
    Case("Union[()] and Annotated[()] in a paste", project(
        src=SRC + "U = Union[int, str]\n", doc=DOC + "\n```python\nU = Union[()] | Annotated[()]\n```\n"),
        1, "member `int` is in the source but not in the paste", [("drift", "docs/d.md:12")] * 3,
        manifest=rows(ROW, row(symbol="pkg.m.U"))),
]


# --- Python source -------------------------------------------------------------------------------

TWICE = SRC + "\n\nclass A(BaseModel):\n    y: int\n"
TYPE_CHECKING = """\
from typing import TYPE_CHECKING
from pydantic import BaseModel

if TYPE_CHECKING:
    class A(BaseModel):
        x: int
        name: str = "a"
else:
    A = dict
"""
TRY_IMPORT = """\
from pydantic import BaseModel

try:
    from fast import A
except ImportError:
    class A(BaseModel):
        x: int
        name: str = "a"
"""
STARRED = "class S(*bases, metaclass=M, **kw):\n    x: int\n"  # found by the fuzzer: **kw crashed
MAP_OF_NOTHING = "M = TypedDict('M', {'x': Annotated[()]})\n"  # and this
ANNOTATED_NOTHING = "U = Annotated['Annotated[()]', Field(discriminator='type')]\n"  # the fuzzer, too
PYTHON_CASES = [
    Case("a syntax error", project(src=SRC.replace("x: int", "x: int =")), 1,
         "not valid Python: invalid syntax", [("parse-error", "pkg/m.py:5")]),
    Case("Python 2 code", project(src="print 'hi'\n" + SRC), 1, "Missing parentheses in call to 'print'",
         [("parse-error", "pkg/m.py:1")]),
    # Python 3.14 reads this spelling as `except (Exception, e):` (PEP 758), and so does the producer
    # scan on older Pythons (read/asts.py lowers it); `A` itself is fine: no finding
    Case("Python 2 except clause", project(src=SRC + "try:\n    pass\nexcept Exception, e:\n    pass\n"), 0),
    Case("mixed tabs and spaces", project(src=SRC.replace('    name', '\tname')), 1,
         "inconsistent use of tabs and spaces", [("parse-error", "pkg/m.py:6")]),
    Case("a NUL byte", project(src=SRC.replace("x: int", "x: int\x00")), 1,
         "not valid Python: a NUL byte (column 11)", [("parse-error", "pkg/m.py:5")]),
    Case("an encoding cookie", project(
        src=("# -*- coding: latin-1 -*-\n" + SRC.replace('"a"', '"é"')).encode("latin-1"),
        doc=DOC.replace('"a"', '"é"')), 0),
    Case("an unknown encoding cookie", project(src="# -*- coding: bogus -*-\n" + SRC), 1,
         "cannot read: unknown encoding: bogus", [("parse-error", "pkg/m.py:1")]),
    Case("a BOM and a Latin-1 cookie", project(src=b"\xef\xbb\xbf# coding: latin-1\n" + SRC.encode()), 1,
         "cannot read: encoding problem: utf-8", [("parse-error", "pkg/m.py:1")]),
    Case("invalid UTF-8 without a cookie", project(src=b"# \xff\n" + SRC.encode()), 1,
         "cannot read: invalid or missing encoding declaration", [("parse-error", "pkg/m.py:1")]),
    Case("a BOM", project(src=b"\xef\xbb\xbf" + SRC.encode()), 0),
    Case("CRLF line ends", project(src=SRC.replace("\n", "\r\n")), 0),
    Case("1,000 nested parentheses", project(src=SRC + "X = " + "(" * 1000 + "1" + ")" * 1000 + "\n"), 0),
    Case("nested too deep for the parser's recursion", project(
        src=SRC.replace("x: int", "x: " + "List[" * 150 + "int" + "]" * 150)), 1,
        "cannot parse: nested too deeply", [("parse-error", "pkg/m.py:1")]),
    # libcst recurses once per operator: a union of a few hundred `|` arms is as deep as it goes
    # (5,000 arms take libcst's parser a minute to reject: quadratic; see the README)
    Case("a 400-arm union", project(src=SRC + "U = " + " | ".join(f"T{i}" for i in range(400)) + "\n"), 1,
         "nested too deeply", [("parse-error", "pkg/m.py:1")]),
    Case("defined twice: the first wins", project(src=TWICE), 0),
    Case("defined twice: a paste of the second drifts from the first",
         project(src=TWICE, doc=code_doc("class A(BaseModel):\n    y: int\n")), 1,
         "field `x` is in the source but not in the paste",
         [("drift", "docs/d.md:6"), ("drift", "docs/d.md:6"), ("drift", "docs/d.md:7")]),
    Case("defined under if TYPE_CHECKING", project(src=TYPE_CHECKING), 0),
    Case("defined in try/except ImportError", project(src=TRY_IMPORT), 0),
    # a star import is a re-export: followed to where `A` is defined, as the producer check does
    Case("only star-imported", project(src="from pkg.other import *\n", **{"pkg/other.py": SRC}), 0),
    Case("an import cycle", project(
        src="from pkg.n import B\n" + SRC, **{"pkg/n.py": "from pkg.m import A\nB = A\n"}), 0),
    Case("the module name too long for the file system", project(), 1, "not found under the source roots",
         [("source-missing", f"{M}:5")], manifest=rows(row(symbol="p" * 5000 + ".A"))),
    Case("a class with *bases and **kw", project(src=SRC + STARRED, doc=DOC + code_doc(STARRED, before="")),
         0, manifest=rows(ROW, row(symbol="pkg.m.S"))),
    Case("a paste without the class's **kw", project(
        src=SRC + STARRED, doc=DOC + code_doc(STARRED.replace(", **kw", ""), before="")),
        1, "keywords differ", [("drift", "docs/d.md:11")], manifest=rows(ROW, row(symbol="pkg.m.S"))),
    Case("Annotated[()] in an alias the producer check reads", project(
        src=SRC + ANNOTATED_NOTHING, doc=DOC + code_doc(ANNOTATED_NOTHING, before="")),
        0, manifest=rows(ROW, row(symbol="pkg.m.U", producers=True))),
    Case("Annotated[()] as a TypedDict value the producer check reads", project(
        src=SRC + MAP_OF_NOTHING, doc=DOC + code_doc(MAP_OF_NOTHING, before="")),
        0, manifest=rows(ROW, row(symbol="pkg.m.M", producers=True))),
    # Python binds identifiers NFKC-normalised: `class \ufb01` (the "fi" ligature) defines `fi`
    Case("a compatibility character in a class name", project(
        src=SRC.replace("class A", "class \ufb01"), doc=DOC.replace("class A", "class fi")), 0,
        manifest=rows(row(symbol="pkg.m.fi"))),
    Case("a compatibility character in the paste's class name", project(
        src=SRC.replace("class A", "class fi"), doc=DOC.replace("class A", "class \ufb01")), 0,
        manifest=rows(row(symbol="pkg.m.fi"))),
    Case("Union[()] and Annotated[()] in the source", project(
        src=SRC + "U = Union[()]\nV = Annotated[()]\n",
        doc=DOC + "\n```python\nU = Union[()]\nV = Annotated[()]\n```\n"), 0,
        manifest=rows(ROW, row(symbol="pkg.m.U"), row(symbol="pkg.m.V"))),
]

ALL_CASES = [
    replace(case, id=f"{group}: {case.id}")
    for group, cases in [("manifest", MANIFEST_CASES), ("file system", FILE_SYSTEM_CASES),
                         ("doc", DOC_CASES), ("python", PYTHON_CASES)]
    for case in cases
]


@pytest.mark.parametrize("case", ALL_CASES, ids=[c.id for c in ALL_CASES])
def test_hostile_input(tmp_path: Path, case: Case) -> None:
    root = tmp_path / "project"
    root.mkdir()
    build(root, case.files, case.manifest, case.setup)
    assert_outcome(case, run_in_process(root))


def test_case_ids_are_unique() -> None:
    ids = [c.id for c in ALL_CASES]
    assert len(ids) == len(set(ids))


def test_symlinked_secret_never_shows(tmp_path: Path) -> None:
    """A hostile repo symlinking a module to a secret file must not get its text into CI logs."""
    root = tmp_path / "project"
    root.mkdir()
    build(root, project(doc=code_doc("class A(BaseModel):\n    x: str\n")),
          setup=symlink("pkg/m.py", outside("m.py", SECRET)))
    for fmt in ("json", "text", "jsonl"):
        result = CliRunner().invoke(cli, ["check", "--root", str(root), "--format", fmt])
        assert result.exit_code == 1
        assert "SECRET-TOKEN" not in result.stdout + result.stderr
