"""`type-equiv init`: a first configuration, read off the tree as it is.

It finds the docs in every format read/docs/ reads (what git sees, never virtual environments or
tool folders), the Python blocks in them (so exactly what `check` will call a paste), and which of the
names those blocks define at the top level are defined at the top level of a module under the guessed
source roots (`src/` layout, else flat). One row per matched name, listing every doc that pastes it.
A `check` right after `init` on the unchanged tree therefore finds every paste: drift is possible
(the docs may already be stale), `paste-missing` and `source-missing` are not.
"""

from __future__ import annotations

import json
import os
import sys
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

import click

from type_equiv.cli.base import EXIT_CLEAN, EXIT_ERROR, cli, root_option
from type_equiv.model.options import DEFAULT_MANIFEST

if TYPE_CHECKING:
    import libcst as cst

    from type_equiv.read.definitions import PythonCode
    from type_equiv.read.docs import Paste

    Definition = tuple[PythonCode, cst.CSTNode]

SCHEMA_REF = "./type-equiv.manifest.schema.json"  # init writes the schema beside the manifest


@dataclass
class Survey:
    """What init found: the rows to write, and what it could not match (with where it saw it)."""

    source: list[str]
    tests: list[str]
    docs: list[str] = field(default_factory=list)
    blocks: int = 0
    rows: dict[str, list[str]] = field(default_factory=dict)  # symbol → docs
    unmatched: dict[str, list[str]] = field(default_factory=dict)  # name → `doc:line` places
    ambiguous: dict[str, list[str]] = field(default_factory=dict)  # symbol chosen → other modules
    formats: dict[str, int] = field(default_factory=dict)  # doc format → docs of it read
    unread: dict[str, int] = field(default_factory=dict)  # doc format no reader reads → docs found
    included: list[str] = field(default_factory=list)  # `doc:line: path` of each include of source


@cli.command("init")
@root_option
@click.option("--pyproject", is_flag=True,
              help="Write a [tool.type-equiv] table into pyproject.toml (the rest of the file is kept)"
              f" instead of {DEFAULT_MANIFEST}.")
@click.option("--force", is_flag=True, help="Replace an existing configuration.")
def init(root: str | None, pyproject: bool, force: bool) -> None:
    """Write a first manifest: one row per Python definition the docs paste that the source defines.

    Prints what it found, the pasted names it could not match to a source definition, and the
    command to run next. Refuses to replace an existing configuration unless --force.
    """
    from type_equiv.read.config import PYPROJECT, has_table

    base = Path(root).absolute() if root is not None else Path.cwd()
    manifest = base / DEFAULT_MANIFEST
    existing = [str(p.relative_to(base)) for p in (manifest,) if os.path.lexists(p)]  # a dangling link too
    if has_table(base / PYPROJECT):
        existing.append(f"{PYPROJECT} [tool.type-equiv]")
    if existing and not force:
        click.echo(f"type-equiv init: {' and '.join(existing)} already exist(s); use --force to replace"
                   " the configuration", err=True)
        sys.exit(EXIT_ERROR)
    survey = survey_tree(base)
    try:
        written = (write_pyproject(base, base / PYPROJECT, survey) if pyproject
                   else write_manifest(base, manifest, survey))
    except OSError as exc:  # store/safe.py refused a link out of the root, or the disk said no
        name = Path(str(exc.filename or "configuration"))
        shown = name.relative_to(base) if name.is_relative_to(base) else name
        click.echo(f"type-equiv init: {shown}: {exc.strerror or exc}; nothing written", err=True)
        sys.exit(EXIT_ERROR)
    for line in report(survey, written, base):
        click.echo(line)
    sys.exit(EXIT_CLEAN)


def guess_source(root: Path) -> list[str]:
    """`src/` when it holds Python (the src layout), else the root itself (a flat layout)."""
    src = root / "src"
    if src.is_dir() and any(src.rglob("*.py")):
        return ["src"]
    return ["."]


def survey_tree(root: Path) -> Survey:
    from type_equiv.guards.retired import project_files
    from type_equiv.read.docs import UNREAD, doc_suffixes, format_of, read_doc

    source = guess_source(root)
    tests = [name for name in ("tests", "test") if (root / name).is_dir()]
    survey = Survey(source=source, tests=tests)
    wanted: dict[str, list[Paste]] = defaultdict(list)
    for doc in project_files(root, (), doc_suffixes() | frozenset(UNREAD)):
        unread = UNREAD.get(PurePosixPath(doc).suffix.lower())
        if unread is not None:
            survey.unread[unread] = survey.unread.get(unread, 0) + 1
            continue
        read = read_doc(root, doc)
        if read.unreadable is not None:
            continue
        kind = format_of(doc).name
        survey.formats[kind] = survey.formats.get(kind, 0) + 1
        survey.included += [f"{doc}:{i.line}: {i.written}" + (f" ({i.pyobject})" if i.pyobject else "")
                            for i in read.includes]
        if read.pastes or read.broken:
            survey.docs.append(doc)
        survey.blocks += len({id(p.block) for found in read.pastes.values() for p in found})
        for name, found in read.pastes.items():
            wanted[name].extend(found)
    defined = _definitions(root, source, tests, set(wanted))
    for name, pastes in sorted(wanted.items()):
        modules = defined.get(name, {})
        if not modules:
            survey.unmatched[name] = sorted({_place(p) for p in pastes})
            continue
        chosen, *others = sorted(modules, key=lambda m: (
            _drifts(name, pastes[0], modules[m]) if len(modules) > 1 else 0, m.count("."), m,
        ))
        symbol = f"{chosen}.{name}"
        survey.rows[symbol] = sorted({p.block.doc for p in pastes})
        if others:
            survey.ambiguous[symbol] = others
    return survey


def _place(paste: Paste) -> str:
    """Where a paste is, as its format says it: `doc:line`, or a notebook's `doc:cell 3:1`."""
    block = paste.block
    return f"{block.doc}:{block.where(block.first_line) or block.fence_line}"


def _drifts(name: str, paste: Paste, real: Definition) -> int:
    """How far a candidate definition is from the paste: a name defined in two modules is most likely
    the one the doc pastes without drift."""
    from type_equiv.drift.compare import compare
    from type_equiv.read.shapes import lower

    return len(list(compare(lower(paste.code, paste.node), lower(*real), name, None)))


def _definitions(
    root: Path, source: list[str], tests: list[str], names: set[str]
) -> dict[str, dict[str, Definition]]:
    """name → {dotted module: its definition} under the source roots, read as `check` reads
    definitions (read/definitions.py); files that never spell a wanted name are not parsed."""
    from type_equiv.guards.retired import project_files
    from type_equiv.model.findings import ParseError
    from type_equiv.read.definitions import parse_python, top_level_definitions
    from type_equiv.read.tree import is_test_name

    out: dict[str, dict[str, Definition]] = defaultdict(dict)
    if not names:
        return out
    for rel in project_files(root, [f"{t}/**" for t in tests], frozenset({".py"})):
        module = _module(rel, source)
        if module is None or is_test_name(PurePosixPath(rel).name):
            continue
        try:
            text = (root / rel).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        if not any(name in text for name in names):
            continue
        parsed = parse_python(text, rel)
        if isinstance(parsed, ParseError):
            continue
        for name, node in top_level_definitions(parsed.module):
            if name in names and module not in out[name]:  # the first definition in file order wins
                out[name][module] = (parsed, node)
    return out


def _module(rel: str, source: list[str]) -> str | None:
    """`src/pkg/m.py` → `pkg.m` under a source root; None outside them or for a name Python cannot
    import (`my-scripts/x.py`)."""
    path = PurePosixPath(rel)
    for base in source:
        if base != "." and not path.is_relative_to(base):
            continue
        inner = path if base == "." else path.relative_to(base)
        parts = list(inner.with_suffix("").parts)
        if parts and parts[-1] == "__init__":
            parts.pop()
        if parts and all(part.isidentifier() for part in parts):
            return ".".join(parts)
    return None


def _rows(survey: Survey) -> list[dict[str, object]]:
    return [{"symbol": symbol, "docs": docs} for symbol, docs in sorted(survey.rows.items())]


def write_manifest(root: Path, path: Path, survey: Survey) -> list[Path]:
    """The JSON manifest, one row per line (diffs stay small), and the schema its `$schema` names."""
    from type_equiv.cli.manifest_schema import SCHEMA_NAME, shipped_schema

    head = {"$schema": SCHEMA_REF, "version": 1, "source": survey.source, "tests": survey.tests}
    lines = [f"  {json.dumps(k)}: {json.dumps(v)}," for k, v in head.items()]
    rows = [f"    {json.dumps(row)}" for row in _rows(survey)]
    body = "[\n" + ",\n".join(rows) + "\n  ]" if rows else "[]"
    schema = path.parent / SCHEMA_NAME
    return _write_all(root, {
        path: "{\n" + "\n".join(lines) + f'\n  "symbols": {body}\n}}\n', schema: shipped_schema(),
    })


def _write_all(root: Path, files: dict[Path, str]) -> list[Path]:
    """Every file through the one safe writer (store/safe.py), none unless all may be written."""
    import errno

    from type_equiv.store.safe import UnsafeFile, write_inside, write_problem

    for path in files:
        problem = write_problem(root, path)
        if problem is not None:
            raise UnsafeFile(errno.EPERM, problem, str(path))
    for path, text in files.items():
        write_inside(root, path, text.encode("utf-8"))
    return list(files)


def write_pyproject(root: Path, path: Path, survey: Survey) -> list[Path]:
    """The `[tool.type-equiv]` table, written with tomlkit so every other byte of the file stays."""
    import tomlkit

    from type_equiv.store.safe import read_bounded

    try:
        exists = os.path.lexists(path)
        document = tomlkit.parse(read_bounded(path, root).decode("utf-8")) if exists else tomlkit.document()
    except (OSError, UnicodeDecodeError, tomlkit.exceptions.ParseError) as exc:
        click.echo(f"type-equiv init: {path.name}: cannot read it as TOML: {exc}", err=True)
        sys.exit(EXIT_ERROR)
    tool = document.get("tool")
    if tool is None:
        tool = tomlkit.table(is_super_table=True)
        document.append("tool", tool)
    table = tomlkit.table()
    table.add("source", survey.source)
    table.add("tests", survey.tests)
    rows = tomlkit.aot()
    for row in _rows(survey):
        item = tomlkit.table()
        for key, value in row.items():
            item.add(key, value)
        rows.append(item)
    table.add("symbols", rows)
    if "type-equiv" in tool:
        del tool["type-equiv"]
    tool.add("type-equiv", table)
    return _write_all(root, {path: tomlkit.dumps(document)})


def report(survey: Survey, written: Iterable[Path], root: Path) -> list[str]:
    names = ", ".join(str(p.relative_to(root)) for p in written)
    lines = [
        f"type-equiv init: {len(survey.docs)} doc(s) with Python blocks, {survey.blocks} block(s)"
        f" defining names; source roots {', '.join(survey.source)}"
        + (f", tests {', '.join(survey.tests)}" if survey.tests else ""),
    ]
    if survey.formats:
        lines.append("  docs read: " + ", ".join(f"{n} {kind}" for kind, n in sorted(survey.formats.items())))
    if survey.unread:
        lines.append("  not read (no reader for the format): " + ", ".join(
            f"{n} {kind}" for kind, n in sorted(survey.unread.items())))
    for symbol, docs in sorted(survey.rows.items()):
        lines.append(f"  {symbol}: {', '.join(docs)}")
        if symbol in survey.ambiguous:
            lines.append(f"    (also defined in {', '.join(survey.ambiguous[symbol])}: edit the row if"
                         " that one is meant)")
    if survey.unmatched:
        lines.append(f"not matched to a top-level definition under {', '.join(survey.source)}"
                     " (left out; add rows by hand if they should be checked):")
        lines.extend(f"  {name}: {', '.join(places)}" for name, places in sorted(survey.unmatched.items()))
    if survey.included:
        lines.append("included, nothing to check (the doc shows the source itself):")
        lines.extend(f"  {place}" for place in survey.included)
    lines.append(f"wrote {names}: {len(survey.rows)} row(s)")
    lines.append("next: type-equiv check   (then type-equiv sync to fix any drift it reports)")
    return lines
