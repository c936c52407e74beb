"""Build the benchmark corpus: a pinned install of real packages, a manifest, and exact pastes.

The pastes are copied from the installed source at run time (ast locates the top-level definition,
`ast.get_source_segment` copies it), so a clean corpus has no drift by construction and any drift
the tool reports is a tool bug. Nothing here imports the installed packages: the tree is only read.
"""

from __future__ import annotations

import ast
import hashlib
import json
import re
import shutil
import subprocess
import sys
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from markdown_it import MarkdownIt
from vocabularies import Vocabulary

MANIFEST = Path("manifest") / "type-equiv.manifest.json"
MARKER = ".bench-pins.json"

# Names that belong to typing, not to a vocabulary: never useful as search spellings.
_TYPING_NAMES = frozenset(
    {
        "Annotated", "Any", "ClassVar", "Discriminator", "Field", "Literal", "None", "Optional",
        "PropertyInfo", "Required", "NotRequired", "Tag", "TypeAlias", "TypeAliasType", "Union",
        "UnionDiscriminator", "UnionMetadata", "BeforeValidator", "TypedDict", "Enum", "str",
        "int", "typing", "typing_extensions", "pydantic", "partial",
    }
)  # fmt: skip


@dataclass(frozen=True)
class Install:
    """A pinned `pip install --target` tree and what it holds."""

    path: Path
    files: int
    lines: int
    per_package: dict[str, int]
    versions: dict[str, str]


@dataclass(frozen=True)
class Resolved:
    """A vocabulary found in the installed source, with the exact text its paste must hold."""

    vocabulary: Vocabulary
    path: Path
    relpath: str
    line: int
    kind: str
    text: str
    spellings: frozenset[str]


@dataclass
class PasteCheck:
    """Result of re-reading the generated docs and comparing each paste with the source."""

    exact: int = 0
    total: int = 0
    problems: list[str] = field(default_factory=list)


def pins_text(requirements: Path) -> str:
    """The pin lines only, so comment edits do not force a reinstall."""
    lines = [ln.split("#", 1)[0].strip() for ln in requirements.read_text().splitlines()]
    return "\n".join(sorted(ln for ln in lines if ln)) + "\n"


def _marker_ok(target: Path, pins: str, name: str = MARKER) -> bool:
    marker = target / name
    if not marker.is_file():
        return False
    try:
        data = json.loads(marker.read_text())
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and data.get("pins") == pins


def ensure_install(
    target: Path, requirements: Path, *, no_deps: bool = True, ignore_requires_python: bool = False,
    marker: str = MARKER,
) -> bool:
    """Install the pins into `target` unless its marker matches them; True when it installed.

    `--no-deps` keeps the tree fully determined by the pins (the corpus is read, never imported);
    `ignore_requires_python` installs pins whose `Requires-Python` excludes the running Python (a
    tree only read needs no interpreter of its own). The install goes to a sibling folder first so an
    interrupted run never leaves a half tree that a matching marker (file `marker`) would vouch for.
    """
    pins = pins_text(requirements)
    if _marker_ok(target, pins, marker):
        return False
    staging = target.with_name(target.name + ".partial")
    shutil.rmtree(staging, ignore_errors=True)
    cmd = [
        sys.executable,
        "-m",
        "pip",
        "install",
        "-qq",
        "--disable-pip-version-check",
        "--no-compile",
        "--target",
        str(staging),
        "-r",
        str(requirements),
    ]
    if no_deps:
        cmd.insert(4, "--no-deps")
    if ignore_requires_python:
        cmd.insert(-4, "--ignore-requires-python")
    print(f"[bench] installing {requirements.name} into {target} ...", file=sys.stderr)
    subprocess.run(cmd, check=True)
    digest = hashlib.sha256(pins.encode()).hexdigest()
    (staging / marker).write_text(json.dumps({"pins": pins, "sha256": digest}) + "\n")
    shutil.rmtree(target, ignore_errors=True)
    staging.rename(target)
    return True


def dist_versions(tree: Path) -> dict[str, str]:
    """Distribution name -> version, read from the *.dist-info folder names pip wrote."""
    out: dict[str, str] = {}
    for info in sorted(tree.glob("*.dist-info")):
        name, _, version = info.name.removesuffix(".dist-info").rpartition("-")
        out[name] = version
    return out


def count_lines(tree: Path) -> Install:
    """Count the .py files and their lines (newline count, like `wc -l`) under `tree`."""
    files = 0
    lines = 0
    per: Counter[str] = Counter()
    for path in tree.rglob("*.py"):
        if not path.is_file():
            continue
        data = path.read_bytes()
        n = data.count(b"\n") + (1 if data and not data.endswith(b"\n") else 0)
        files += 1
        lines += n
        per[path.relative_to(tree).parts[0]] += n
    return Install(tree, files, lines, dict(per.most_common()), dist_versions(tree))


def module_path(root: Path, dotted: str) -> tuple[Path | None, str]:
    """`pkg.mod.Name` -> (root/pkg/mod.py or root/pkg/mod/__init__.py, "Name")."""
    module, _, name = dotted.rpartition(".")
    base = root.joinpath(*module.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.is_file():
            return candidate, name
    return None, name


def defines(stmt: ast.stmt, name: str) -> bool:
    """Whether a top-level statement binds `name` (a class, an assignment, a `type` alias)."""
    if isinstance(stmt, ast.ClassDef):
        return stmt.name == name
    if isinstance(stmt, ast.Assign):
        return any(isinstance(t, ast.Name) and t.id == name for t in stmt.targets)
    if isinstance(stmt, ast.AnnAssign):
        return isinstance(stmt.target, ast.Name) and stmt.target.id == name
    type_alias = getattr(ast, "TypeAlias", None)  # `type X = ...`, Python 3.12+
    if type_alias is not None and isinstance(stmt, type_alias):
        target = getattr(stmt, "name", None)
        return isinstance(target, ast.Name) and target.id == name
    return False


def find_definition(module: ast.Module, name: str) -> ast.stmt | None:
    """The last top-level statement binding `name` (the binding that wins at import time)."""
    return _last_binding(module.body, name)


def find_nested(module: ast.Module, qualname: list[str]) -> ast.stmt | None:
    """The definition of a qualified name (`Member.Role`: the class `Role` in the body of the
    top-level class `Member`), each part the last binding of its name in its scope."""
    body = module.body
    for part in qualname[:-1]:
        outer = _last_binding(body, part)
        if not isinstance(outer, ast.ClassDef):
            return None
        body = outer.body
    return _last_binding(body, qualname[-1])


def _last_binding(body: list[ast.stmt], name: str) -> ast.stmt | None:
    found: ast.stmt | None = None
    for stmt in body:
        if defines(stmt, name):
            found = stmt
    return found


def definition_text(source: str, stmt: ast.stmt) -> str:
    """The statement's exact source text, decorators included (get_source_segment omits them);
    a nested definition's lines dedented, as it would be pasted on its own."""
    decorators: list[ast.expr] = getattr(stmt, "decorator_list", [])
    first = min([d.lineno for d in decorators] + [stmt.lineno])  # a decorator's line holds its '@'
    if stmt.col_offset and stmt.end_lineno is not None:  # nested: each line loses the indent
        lines = source.splitlines(keepends=True)[first - 1 : stmt.end_lineno]
        indent = lines[0][: len(lines[0]) - len(lines[0].lstrip())]
        return "".join(line.removeprefix(indent) for line in lines).rstrip("\n")
    segment = ast.get_source_segment(source, stmt)
    if segment is None:
        raise ValueError(f"no source positions for statement at line {stmt.lineno}")
    if decorators:
        lines = source.splitlines(keepends=True)
        segment = "".join(lines[first - 1 : stmt.lineno - 1]) + segment
    return segment


def _kind(stmt: ast.stmt) -> str:
    if isinstance(stmt, ast.ClassDef):
        return "class"
    return "alias"


def spellings(stmt: ast.stmt, symbol_name: str) -> frozenset[str]:
    """What a text search for this vocabulary would look for: its name, its members' names
    (variant classes, enum members) and the string tags written in the definition."""
    found: set[str] = {symbol_name}
    if isinstance(stmt, ast.ClassDef):
        for item in stmt.body:  # members and their values; docstrings are not spellings
            if isinstance(item, ast.Assign | ast.AnnAssign):
                targets = item.targets if isinstance(item, ast.Assign) else [item.target]
                found.update(t.id for t in targets if isinstance(t, ast.Name))
                if isinstance(item.value, ast.Constant) and isinstance(item.value.value, str):
                    found.add(item.value.value)
    else:
        for node in ast.walk(stmt):
            if isinstance(node, ast.Name) and node.id not in _TYPING_NAMES:
                found.add(node.id)
            elif isinstance(node, ast.Constant) and isinstance(node.value, str):
                found.add(node.value)
    found = {s for s in found if not s.startswith("_")}
    return frozenset(s for s in found if 2 <= len(s) <= 80 and "\n" not in s)


def resolve(source_root: Path, vocabularies: tuple[Vocabulary, ...]) -> list[Resolved]:
    """Locate every vocabulary's definition; warn about (and drop) those the pins no longer hold."""
    out: list[Resolved] = []
    parsed: dict[Path, tuple[str, ast.Module]] = {}
    for vocab in vocabularies:
        path, name = module_path(source_root, vocab.symbol)
        if path is None:
            print(f"[bench] warning: no module for {vocab.symbol}; row skipped", file=sys.stderr)
            continue
        if path not in parsed:
            text = path.read_text(encoding="utf-8")
            parsed[path] = (text, ast.parse(text, filename=str(path)))
        text, module = parsed[path]
        stmt = find_definition(module, name)
        if stmt is None:
            print(
                f"[bench] warning: {vocab.symbol} not defined at top level; row skipped",
                file=sys.stderr,
            )
            continue
        line = min([stmt.lineno, *(d.lineno for d in getattr(stmt, "decorator_list", []))])
        out.append(
            Resolved(
                vocab,
                path,
                path.relative_to(source_root).as_posix(),
                line,
                _kind(stmt),
                definition_text(text, stmt),
                spellings(stmt, name),
            )
        )
    return out


def fence_for(text: str) -> str:
    """A backtick fence longer than any backtick run inside the paste."""
    longest = run = 0
    for ch in text:
        run = run + 1 if ch == "`" else 0
        longest = max(longest, run)
    return "`" * max(3, longest + 1)


def render_docs(resolved: list[Resolved]) -> dict[str, str]:
    """Doc path -> Markdown: one section per vocabulary, its paste copied verbatim."""
    docs: dict[str, list[str]] = {}
    for item in resolved:
        parts = docs.setdefault(
            item.vocabulary.doc,
            [
                f"# Vocabularies: {Path(item.vocabulary.doc).stem}\n",
                "Generated by `bench/run.py` from the installed, pinned source at run time; "
                "every paste is the definition's exact text.\n",
            ],
        )
        fence = fence_for(item.text)
        parts.append(
            f"## `{item.vocabulary.symbol}`\n\n"
            f"{item.vocabulary.why}. Defined in `{item.relpath}` line {item.line}.\n\n"
            f"{fence}python\n{item.text}\n{fence}\n"
        )
    return {doc: "\n".join(parts) for doc, parts in docs.items()}


def manifest_for(resolved: list[Resolved], sources: list[str]) -> dict[str, object]:
    """Manifest version 1 with one row per resolved vocabulary."""
    rows: list[dict[str, object]] = []
    for item in resolved:
        row: dict[str, object] = {"symbol": item.vocabulary.symbol, "docs": [item.vocabulary.doc]}
        if item.vocabulary.form is not None:
            row["form"] = item.vocabulary.form
        if not item.vocabulary.producers:
            row["producers"] = False
        rows.append(row)
    return {"version": 1, "source": sources, "symbols": rows}


def write_if_changed(path: Path, text: str) -> None:
    """Keep mtimes stable across invocations so a warm cache stays warm between bench runs."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.is_file() and path.read_text(encoding="utf-8") == text:
        return
    path.write_text(text, encoding="utf-8")


def write_project(root: Path, sources: list[str], resolved: list[Resolved]) -> list[Path]:
    """Write the manifest and the docs of a project root; returns the doc paths."""
    manifest = manifest_for(resolved, sources)
    write_if_changed(root / MANIFEST, json.dumps(manifest, indent=2) + "\n")
    written: list[Path] = []
    for doc, text in render_docs(resolved).items():
        write_if_changed(root / doc, text)
        written.append(root / doc)
    return written


def check_pastes(root: Path, resolved: list[Resolved]) -> PasteCheck:
    """Re-read each doc with markdown-it and compare every paste with a fresh copy of the source.

    Independent of the generator's own strings: the fence content comes from the Markdown parser
    and the expected text from re-parsing the installed file.
    """
    result = PasteCheck()
    md = MarkdownIt("commonmark")
    for item in resolved:
        result.total += 1
        name = item.vocabulary.symbol.rpartition(".")[2]
        source = item.path.read_text(encoding="utf-8")
        stmt = find_definition(ast.parse(source), name)
        if stmt is None:
            result.problems.append(f"{item.vocabulary.symbol}: definition vanished")
            continue
        expected = definition_text(source, stmt)
        doc = root / item.vocabulary.doc
        blocks = [
            t.content
            for t in md.parse(doc.read_text(encoding="utf-8"))
            if t.type == "fence" and t.info.split()[:1] == ["python"]
        ]
        matches = [b for b in blocks if any(defines(s, name) for s in ast.parse(b).body)]
        if len(matches) != 1:
            result.problems.append(f"{item.vocabulary.symbol}: {len(matches)} pastes in {doc}")
        elif matches[0].removesuffix("\n") != expected:
            result.problems.append(f"{item.vocabulary.symbol}: paste differs from {item.path}")
        else:
            result.exact += 1
    return result


def ensure_copies(site: Path, dest_root: Path, names: list[str]) -> bool:
    """Copy the installed tree under each of `names` in `dest_root`; reuse copies whose marker
    matches the original's (a real copy, not links, so touching one root never touches another)."""
    marker = (site / MARKER).read_text()
    copied = False
    for name in names:
        dest = dest_root / name
        if (dest / MARKER).is_file() and (dest / MARKER).read_text() == marker:
            continue
        print(f"[bench] copying the corpus to {dest} ...", file=sys.stderr)
        staging = dest.with_name(name + ".partial")
        shutil.rmtree(staging, ignore_errors=True)
        shutil.copytree(site, staging, ignore=shutil.ignore_patterns(MARKER, "__pycache__"))
        (staging / MARKER).write_text(marker)
        shutil.rmtree(dest, ignore_errors=True)
        staging.rename(dest)
        copied = True
    return copied


def busiest(paths: Iterable[Path], pattern: re.Pattern[str]) -> Path:
    """The file with the most matches of `pattern`: where a statement appended is the commonest code edit."""
    best, most = None, -1
    for path in sorted(paths):
        count = len(pattern.findall(path.read_text(encoding="utf-8", errors="replace")))
        if count > most:
            best, most = path, count
    assert best is not None
    return best
