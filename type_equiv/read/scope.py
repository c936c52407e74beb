"""Which rows a run checks: all of them, the `--symbol` rows, or what named files can affect.

The file form is the pre-commit convention: the hook is handed the staged files, and most commits touch
nothing type-equiv reads, so those runs must cost nothing and say nothing. A changed doc or module
can only drift the rows that paste it or define in it; but any changed production Python file can
remove a *producer* of any vocabulary, so tree-wide checks still cover every row then.
"""

from __future__ import annotations

import dataclasses
import difflib
import posixpath
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from type_equiv.model.errors import InputError
from type_equiv.read.accepted import baseline_path
from type_equiv.read.globs import matches
from type_equiv.read.manifest import ManifestFile, SymbolRow


@dataclass(frozen=True)
class Scope:
    """What the stages of one run cover.

    `rows`: rows whose per-row checks run (pastes against definitions, fixtures, exemptions).
    `tree_rows`: rows whose tree-wide checks run (producers, scanning the whole tree); empty when the
    named files cannot change any producer. `changed`: the root-relative files named on the command
    line, or None when the run is not limited to files.
    """

    rows: tuple[SymbolRow, ...]
    tree_rows: tuple[SymbolRow, ...]
    changed: frozenset[str] | None = None


def select_scope(
    manifest: ManifestFile,
    manifest_path: Path,
    symbols: Sequence[str] = (),
    files: Sequence[str] | None = None,
) -> Scope:
    """The scope for `check [--symbol NAME]… [FILE]…`; raises InputError for an unknown symbol."""
    rows = named_rows(manifest, symbols) if symbols else tuple(manifest.model.symbols)
    if files is None:
        return Scope(rows=rows, tree_rows=rows)
    changed = frozenset(
        rel for rel in (_relative(manifest.root, Path(f)) for f in files) if rel is not None
    )
    if names_every_row(manifest_path, manifest.root, changed):
        return Scope(rows=rows, tree_rows=rows, changed=changed)
    python = [rel for rel in changed if _is_source_python(manifest, rel)]
    modules = {_module_name(manifest, rel) for rel in python}
    affected = tuple(
        row for row in rows
        if row.symbol.rsplit(".", 1)[0] in modules
        or any(_norm(doc) in changed for doc in row.docs)
        or any(matches(rel, _fixture_globs(row)) for rel in changed)
    )
    return Scope(rows=affected, tree_rows=rows if python else (), changed=changed)


def named_rows(manifest: ManifestFile, symbols: Sequence[str]) -> tuple[SymbolRow, ...]:
    """The rows named by `--symbol`, in manifest order; every name must be a manifest symbol."""
    known = {row.symbol for row in manifest.model.symbols}
    unknown = [name for name in symbols if name not in known]
    if unknown:
        lines = []
        for name in unknown:
            close = difflib.get_close_matches(name, sorted(known), n=3)
            hint = f" (did you mean {', '.join(close)}?)" if close else ""
            lines.append(f"--symbol {name}: not a symbol in {manifest.path}{hint}")
        raise InputError("\n".join(lines))
    wanted = set(symbols)
    return tuple(row for row in manifest.model.symbols if row.symbol in wanted)


def _relative(root: Path, path: Path) -> str | None:
    """Root-relative POSIX form of a command-line path (relative to the cwd); None outside the root."""
    try:
        return path.absolute().resolve().relative_to(root.resolve()).as_posix()
    except (ValueError, OSError, RuntimeError):
        return None


def _norm(rel: str) -> str:
    return posixpath.normpath(rel)


def names_every_row(manifest_path: Path, root: Path, changed: Iterable[str]) -> bool:
    """Whether the named files (root-relative) make a run check every row: the manifest, or the
    baseline beside it (an entry removed shows the finding it hid, wherever that is)."""
    names = {_relative(root, path) for path in (manifest_path, baseline_path(manifest_path))}
    return bool(names & set(changed))


def files_name_every_row(manifest_path: Path, root: Path, files: Sequence[str]) -> bool:
    """`names_every_row` for files as the command line names them (relative to the cwd)."""
    return names_every_row(manifest_path, root, (rel for f in files if (rel := _relative(root, Path(f)))))


def _source_root_of(manifest: ManifestFile, rel: str) -> str | None:
    for source in manifest.model.source:
        base = _norm(source)
        if base == "." or PurePosixPath(rel).is_relative_to(base):
            return base
    return None


def _is_source_python(manifest: ManifestFile, rel: str) -> bool:
    if not rel.endswith(".py") or _source_root_of(manifest, rel) is None:
        return False
    return not matches(rel, manifest.model.exclude)


def _module_name(manifest: ManifestFile, rel: str) -> str:
    """`src/pkg/session.py` under source root `src` → `pkg.session` (`__init__.py` names its package)."""
    base = _source_root_of(manifest, rel) or "."
    inner = PurePosixPath(rel) if base == "." else PurePosixPath(rel).relative_to(base)
    parts = list(inner.with_suffix("").parts)
    if parts and parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _fixture_globs(row: SymbolRow) -> list[str]:
    return [str(g) for g in row.fixtures]


def restrict(manifest: ManifestFile, rows: Sequence[SymbolRow]) -> ManifestFile:
    """The manifest as the stages of a scoped run see it: only `rows` (the same file otherwise)."""
    if len(rows) == len(manifest.model.symbols):
        return manifest
    return dataclasses.replace(manifest, model=manifest.model.model_copy(update={"symbols": list(rows)}))
