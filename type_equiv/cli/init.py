"""`type-equiv init`: a first configuration, read off the tree as it is.

It finds the docs in every format read/docs/ reads (what git sees, never virtual environments or
tool folders), the Python blocks in them (so exactly what `check` will call a paste), and which of the
names those blocks define at the top level are defined at the top level of a module under the guessed
source roots (`src/` layout, else flat). A row needs more than a shared name: cli/proposals.py says
which statements are pastes (definitions that look like the source's, outside history docs and
example folders) and why the others are left out. One row per proposed name, listing every doc that
pastes it. A `check` right after `init` on the unchanged tree therefore finds every paste: drift is
possible (the docs may already be stale), `paste-missing` and `source-missing` are not.
"""

from __future__ import annotations

import json
import os
import sys
from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import TYPE_CHECKING

import click

from type_equiv.cli.base import EXIT_CLEAN, EXIT_ERROR, cli, root_option
from type_equiv.model.options import DEFAULT_MANIFEST

if TYPE_CHECKING:
    import ast

    import libcst as cst

    from type_equiv.read.definitions import PythonCode
    from type_equiv.read.docs import CodeBlock, Paste

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
    kinds: dict[str, str] = field(default_factory=dict)  # symbol → class, enum, alias
    ambiguous: dict[str, list[str]] = field(default_factory=dict)  # symbol chosen → other modules
    # symbol → places of other blocks in its docs defining the name unlike the source (check compares
    # every block of a listed doc: a doc's before/after variant, a reader's own class of that name)
    variants: dict[str, list[str]] = field(default_factory=dict)
    formats: dict[str, int] = field(default_factory=dict)  # doc format → docs of it read
    unread: dict[str, int] = field(default_factory=dict)  # doc format no reader reads → docs found
    included: list[str] = field(default_factory=list)  # `doc:line: path` of each include of source
    left_out: dict[str, dict[str, list[str]]] = field(default_factory=dict)  # reason → name → places
    undefined: set[str] = field(default_factory=set)  # defined by docs only: their own examples
    history: list[str] = field(default_factory=list)  # history docs, never read for pastes

    def leave_out(self, reason: str, name: str, block: CodeBlock) -> None:
        places = self.left_out.setdefault(reason, {}).setdefault(name, [])
        places.append(_place(block))


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
    """Read every doc once: its Python blocks' bindings with `ast`; the source is then searched for
    the names that may be pasted definitions, and only blocks defining one the source defines too
    are parsed with libcst (most doc blocks define the reader's own names: libcst costs ten times
    what `ast` does)."""
    from type_equiv.cli.proposals import history_reason
    from type_equiv.guards.retired import project_files
    from type_equiv.read.docs import UNREAD, doc_suffixes, format_of
    from type_equiv.read.docs.base import Unreadable
    from type_equiv.store.safe import read_bounded

    source = guess_source(root)
    tests = [name for name in ("tests", "test") if (root / name).is_dir()]
    survey = Survey(source=source, tests=tests)
    defining: list[tuple[CodeBlock, list[Binding]]] = []
    for doc in project_files(root, (), doc_suffixes() | frozenset(UNREAD)):
        unread = UNREAD.get(PurePosixPath(doc).suffix.lower())
        if unread is not None:
            survey.unread[unread] = survey.unread.get(unread, 0) + 1
            continue
        if history_reason(doc) is not None:
            survey.history.append(doc)
            continue
        try:
            text = read_bounded(root / doc, root).decode("utf-8-sig")
        except (OSError, UnicodeDecodeError):  # check reports it once the doc is listed
            continue
        kind = format_of(doc)
        if kind.name == "Markdown" and not _may_hold_python(text):
            survey.formats[kind.name] = survey.formats.get(kind.name, 0) + 1
            continue
        try:
            blocks, includes = kind.contents(doc, text)
        except Unreadable:  # check reports it once the doc is listed
            continue
        survey.formats[kind.name] = survey.formats.get(kind.name, 0) + 1
        survey.included += [f"{doc}:{i.line}: {i.written}" + (f" ({i.pyobject})" if i.pyobject else "")
                            for i in includes]
        here = [(block, _bindings(block.code)) for block in blocks]
        if any(not block.lenient or found for block, found in here):
            survey.docs.append(doc)
        defining += [(block, found) for block, found in here if found]
    survey.blocks = len(defining)
    candidates = {name for _, found in defining for name, depth, typed in found if typed and not depth}
    defined = _definitions(root, source, tests, candidates)
    wanted: dict[str, list[Paste]] = defaultdict(list)
    for block, found in defining:
        if any(typed and not depth and name in defined for name, depth, typed in found):
            _read_pastes(survey, block, wanted)
        else:  # nothing the source defines: what libcst would say, told by `ast`
            _read_bindings(survey, block, found)
    for name, pastes in sorted(wanted.items()):
        _propose(survey, name, pastes, defined.get(name, {}))
    return survey


Binding = tuple[str, int, bool]  # a name a block binds, how deep under if/try, may it be a type


def _bindings(code: str) -> list[Binding]:
    """The names a block defines as read/definitions.py's `top_level_definitions` does (a class,
    an alias, an assignment to a name, at the top or under a top-level if/try), when `ast` sees a
    statement in it that may define a type; else none (a block of calls and examples)."""
    import ast

    try:
        tree = ast.parse(code)
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return []  # check reports where and why
    if not any(_may_be_type(stmt) for stmt in ast.walk(tree) if isinstance(stmt, ast.stmt)):
        return []
    return list(_walk(tree.body, 0))


def _walk(body: list[ast.stmt], depth: int) -> Iterator[Binding]:
    import ast

    for stmt in body:
        if isinstance(stmt, ast.ClassDef):
            yield stmt.name, depth, True
        elif type(stmt).__name__ == "TypeAlias":  # `type X = …` (ast.TypeAlias from Python 3.12)
            yield getattr(getattr(stmt, "name", None), "id", ""), depth, True
        elif isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.value:
            yield stmt.target.id, depth, _may_be_type(stmt)
        elif isinstance(stmt, ast.Assign) and len(stmt.targets) == 1 and isinstance(
                stmt.targets[0], ast.Name):
            yield stmt.targets[0].id, depth, _may_be_type(stmt)
        elif isinstance(stmt, ast.If):
            yield from _walk(stmt.body, depth + 1)
            yield from _walk(stmt.orelse, depth + 1)
        elif isinstance(stmt, ast.Try):
            yield from _walk(stmt.body, depth + 1)
            for handler in stmt.handlers:
                yield from _walk(handler.body, depth + 1)
            yield from _walk(stmt.orelse, depth + 1)


def _read_pastes(survey: Survey, block: CodeBlock, wanted: dict[str, list[Paste]]) -> None:
    """A block defining a name the source defines: parsed with libcst, as check reads a paste."""
    from type_equiv.model.findings import ParseError
    from type_equiv.read.definitions import parse_statements, top_level_definitions
    from type_equiv.read.docs.base import Paste

    parsed = parse_statements(block.code, block.doc, block.fence_line)
    if isinstance(parsed, ParseError):
        return
    for name, node in top_level_definitions(parsed.module):
        paste = Paste(name, block, parsed, node)
        reason = _not_a_paste(paste)
        if reason is None:
            wanted[name].append(paste)
        else:
            survey.leave_out(reason, name, paste.block)


def _read_bindings(survey: Survey, block: CodeBlock, found: list[Binding]) -> None:
    """A block defining nothing the source defines: its names are the docs' own, or left out."""
    from type_equiv.cli.proposals import Reasons

    for name, depth, typed in found:
        if depth:
            survey.leave_out(Reasons.NESTED, name, block)
        elif not typed:
            survey.leave_out(Reasons.VARIABLE, name, block)
        else:
            survey.undefined.add(name)


def _may_hold_python(text: str) -> bool:
    """A superset of the Markdown docs with a Python block: a line that opens a fence (```, ~~~ or
    MyST's :::, after any blockquote or list-item prefix) with `py` in its info string (every Python
    info string has it: python, pycon, ipython3). Most docs are then never given to the Markdown
    parser, which decides."""
    if "```" not in text and "~~~" not in text and ":::" not in text:
        return False
    for line in text.splitlines():
        bare = line.lstrip(" \t>-*+0123456789.)")
        if bare.startswith(("```", "~~~", ":::")) and "py" in bare.lower():
            return True
    return False


def _may_be_type(stmt: object) -> bool:
    """`ast`'s superset of read/kinds.py's definitions: a class, `type X = …`, or an assignment of
    a subscript, a `|`, a name, or a `TypeAliasType`/`NewType` call (never a dict, a string, a call)."""
    import ast

    if isinstance(stmt, ast.ClassDef) or type(stmt).__name__ == "TypeAlias":
        return True
    value = stmt.value if isinstance(stmt, ast.Assign | ast.AnnAssign) else None
    if isinstance(value, ast.Call):
        func = value.func
        called = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        return called in ("TypeAliasType", "NewType")
    return isinstance(value, ast.Subscript | ast.Name | ast.Attribute) or (
        isinstance(value, ast.BinOp) and isinstance(value.op, ast.BitOr))


def _not_a_paste(paste: Paste) -> str | None:
    """Why a doc block's statement cannot be a paste whatever the source says, or None."""
    from type_equiv.cli.proposals import Reasons, is_top_level
    from type_equiv.read.kinds import statement_kind

    if not is_top_level(paste.code.module, paste.node):
        return Reasons.NESTED
    if statement_kind(paste.node) == "variable":
        return Reasons.VARIABLE
    return None


def _propose(survey: Survey, name: str, pastes: list[Paste], modules: dict[str, Definition]) -> None:
    """The row for `name`: the modules whose definition each paste resembles, the one with the
    fewest differences chosen (a name defined in two modules is most likely the one pasted without
    drift); pastes resembling none are left out with the reason, or, in a doc the row lists (check
    reads every block there), named as variants beside the row."""
    from type_equiv.cli.proposals import Reasons, imports_module, resembles
    from type_equiv.read.kinds import statement_kind

    if not modules:
        survey.undefined.add(name)
        return
    taken: list[Paste] = []
    left: list[tuple[str, Paste]] = []
    fits: dict[str, list[Paste]] = defaultdict(list)
    for paste in pastes:
        alike = [m for m, (_, node) in modules.items() if resembles(paste.node, node)]
        own = [m for m in alike if not imports_module(paste.code.module, m, name)]
        if not own:
            left.append((Reasons.EXAMPLE if alike else Reasons.SHAPE, paste))
            continue
        taken.append(paste)
        for module in own:
            fits[module].append(paste)
    if not taken:
        for reason, paste in left:
            survey.leave_out(reason, name, paste.block)
        return
    chosen, *others = sorted(fits, key=lambda m: (
        -len(fits[m]), _drifts(name, fits[m][0], modules[m]) if len(fits) > 1 else 0, m.count("."), m,
    ))
    symbol = f"{chosen}.{name}"
    survey.rows[symbol] = sorted({p.block.doc for p in taken})
    survey.kinds[symbol] = statement_kind(modules[chosen][1])
    if others:
        survey.ambiguous[symbol] = others
    variants = [p for reason, p in left if p.block.doc in survey.rows[symbol]]
    for reason, paste in left:
        if paste.block.doc not in survey.rows[symbol]:
            survey.leave_out(reason, name, paste.block)
    variants += _drifted_beside_a_copy(name, taken, modules[chosen])
    if variants:
        survey.variants[symbol] = sorted({_place(p.block) for p in variants})


def _drifted_beside_a_copy(name: str, taken: list[Paste], real: Definition) -> list[Paste]:
    """In a doc with several blocks defining the name, those that differ from the source while
    another equals it: the doc shows the definition, then a changed copy (`remove what you do not
    need`). Only docs with two such blocks pay for the comparison."""
    by_doc: dict[str, list[Paste]] = defaultdict(list)
    for paste in taken:
        by_doc[paste.block.doc].append(paste)
    out: list[Paste] = []
    for found in by_doc.values():
        if len(found) < 2:
            continue
        drifts = [_drifts(name, paste, real) for paste in found]
        if 0 in drifts:
            out += [paste for paste, drift in zip(found, drifts, strict=True) if drift]
    return out


def _place(block: CodeBlock) -> str:
    """Where a block is, as its format says it: `doc:line`, or a notebook's `doc:cell 3:1`."""
    return f"{block.doc}:{block.where(block.first_line) or block.fence_line}"


def _drifts(name: str, paste: Paste, real: Definition) -> int:
    """How far a candidate definition is from the paste."""
    from type_equiv.drift.compare import compare
    from type_equiv.read.shapes import lower

    return len(list(compare(lower(paste.code, paste.node), lower(*real), name, None)))


def _definitions(
    root: Path, source: list[str], tests: list[str], names: set[str]
) -> dict[str, dict[str, Definition]]:
    """name → {dotted module: its definition} under the source roots, read as `check` reads
    definitions (read/definitions.py). A file is indexed with `ast` and only a statement defining a
    wanted name is parsed with libcst: files that never spell a wanted name are not parsed at all."""
    from type_equiv.cli.proposals import illustrative, may_nest, nested_enums
    from type_equiv.guards.retired import project_files
    from type_equiv.model.findings import ParseError
    from type_equiv.read.asts import RunMemo
    from type_equiv.read.definitions import (
        definition_in,
        find_definition,
        index_module,
        parse_python,
    )
    from type_equiv.read.tree import is_test_name

    out: dict[str, dict[str, Definition]] = defaultdict(dict)
    if not names:
        return out
    memo = RunMemo()  # this search's parses: a module's index and its nested enums share its tree
    for rel in project_files(root, [f"{t}/**" for t in tests], frozenset({".py"})):
        module = _module(rel, source)
        if module is None or is_test_name(PurePosixPath(rel).name) or illustrative(rel):
            continue
        try:
            text = (root / rel).read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        spelled = [name for name in names if _may_define(text, name)]
        nested = [name for name in names if may_nest(text, name)]
        if not spelled and not nested:
            continue
        index = index_module(text, memo)
        here = spelled if index is None else [n for n in spelled if index.first_candidate(n)]
        if not here and not nested:
            continue
        whole: PythonCode | ParseError | None = None
        lines = text.splitlines(keepends=True)
        parsed: dict[int, PythonCode | ParseError] = {}
        for name in here:
            found = definition_in(lines, index, rel, name, parsed) if index is not None else False
            if found is False:  # only the whole module can tell
                whole = parse_python(text, rel) if whole is None else whole
                node = None if isinstance(whole, ParseError) else find_definition(whole, name)
                found = None if node is None or isinstance(whole, ParseError) else (whole, node)
            if isinstance(found, tuple) and module not in out[name]:
                out[name][module] = found
        if index is not None:
            nested_enums(out, (module, rel), [n for n in nested if not out[n].get(module)], index,
                         lines, parsed, memo)
    return out


def _may_define(text: str, name: str) -> bool:
    """Whether `text` may define `name` at module level (a superset, by substring): a top-level
    statement starts at column 0, so a class, alias or assignment of it spells `class Name`, `type
    Name`, `Name =`, `Name=` or `Name:` after a line break, unless it sits in a top-level `if` or
    `try`. Most files that merely mention a name (Django's nested `class Meta`) are never parsed."""
    if name not in text:
        return False
    spellings = (f"class {name}", f"type {name}", f"{name} =", f"{name}=", f"{name}:")
    if any(text.startswith(s) or f"\n{s}" in text for s in spellings):
        return True
    nests = text.startswith(("if ", "try:")) or "\nif " in text or "\ntry:" in text
    return nests and any(s in text for s in spellings)


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


SKIP_FENCE = "python no-type-equiv"  # a fence read/docs/markdown.py skips
LINE_MAX = 200  # no line of init's report is longer: a long list is cut, with the count left out
PLACES_SHOWN = 3


def report(survey: Survey, written: Iterable[Path], root: Path) -> list[str]:
    """What init found, for a person: one line per row, the left-out names grouped by reason (only
    those spelled like definitions; the rest counted), places capped, no line over LINE_MAX."""
    from type_equiv.cli.proposals import Reasons, looks_like_definition

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
    if survey.history:
        lines.append(f"skipped {len(survey.history)} history doc(s) (blog posts, changelogs, release"
                     " notes, decision records): " + _capped(survey.history))
    if survey.rows:
        lines.append(f"{len(survey.rows)} row(s): review them, delete any that is not a paste of the"
                     " source's definition")
    for symbol, docs in sorted(survey.rows.items()):
        also = survey.ambiguous.get(symbol, [])
        note = f"; also defined in {_capped(also)}: edit the row if that one is meant" if also else ""
        lines.append(f"  {symbol}  {survey.kinds.get(symbol, '')}, {len(docs)} doc(s){note}")
        if symbol in survey.variants:
            lines.append(f"    also in its doc(s), unlike the source (check compares them too; mark the fence"
                         f" `{SKIP_FENCE}` if not a paste): {_capped(survey.variants[symbol])}")
    for reason in Reasons.order():
        found = survey.left_out.get(reason, {})
        shown = {n: places for n, places in found.items()
                 if looks_like_definition(n) or reason in (Reasons.SHAPE, Reasons.EXAMPLE)}
        if not shown:
            continue
        hidden = len(found) - len(shown)
        more = f" (+{hidden} lowercase or constant name(s))" if hidden else ""
        lines.append(f"left out, {reason}: {len(shown)} name(s){more}")
        lines.extend(f"  {name}: {_capped(sorted(set(places)), LINE_MAX - len(name) - 20)}"
                     for name, places in sorted(shown.items()))
    if survey.undefined:
        lines.append(f"{len(survey.undefined)} other name(s) the docs define are not defined under"
                     f" {', '.join(survey.source)} (the docs' own examples)")
    if survey.included:
        lines.append(f"included, nothing to check (the doc shows the source itself): {len(survey.included)}")
        lines.extend(f"  {place}" for place in survey.included[:PLACES_SHOWN])
        if len(survey.included) > PLACES_SHOWN:
            lines.append(f"  … +{len(survey.included) - PLACES_SHOWN} more")
    lines.append(f"wrote {names}: {len(survey.rows)} row(s)")
    lines.append("next: type-equiv check   (then `type-equiv baseline` to accept today's findings, or"
                 " `type-equiv sync` to fix drift)")
    return [_clip(line) for line in lines]


def _capped(items: list[str], room: int = LINE_MAX // 2) -> str:
    """`a, b, c … +297 more`: at most PLACES_SHOWN items, as many as fit in `room` characters,
    so the count of the rest is never cut off."""
    shown: list[str] = []
    for item in items[:PLACES_SHOWN]:
        if shown and len(", ".join([*shown, item])) > room:
            break
        shown.append(item if len(item) <= room else item[: room - 1] + "…")
    rest = len(items) - len(shown)
    return ", ".join(shown) + (f" … +{rest} more" if rest else "")


def _clip(line: str) -> str:
    return line if len(line) <= LINE_MAX else line[: LINE_MAX - 1] + "…"
