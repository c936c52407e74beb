"""Retired spellings: the seed's "search for the removed spelling finds only decision records", as a check.

A spelling is searched as `rg -w` would (letters, digits and `_` are word characters, case matters) in
every Python and Markdown file of the root. An entry matching `anywhere` (a manifest entry's default)
counts every such word — code, strings, comments, prose and code blocks alike; one matching `code`
counts only those inside the code spans of guards/contexts.py, so a retired ordinary word (`forward`)
is found where code names it and not in a sentence. `--base REF` adds the variants that manifest
vocabularies lost since REF, read statically from `git show`, matching `code`: nobody reviewed them,
and a removal that leaves spellings behind in code then fails without anyone remembering to list it.
"""

from __future__ import annotations

import ast
import os
import posixpath
import subprocess
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from type_equiv.guards.contexts import code_spans, within
from type_equiv.model import messages
from type_equiv.model.errors import InputError
from type_equiv.model.findings import ParseError, RetiredSpelling
from type_equiv.model.session import FindingEvent
from type_equiv.read.classes import Symbols, WholeModules, row_module_paths
from type_equiv.read.definitions import PythonCode, parse_python
from type_equiv.read.globs import SKIPPED_DIRS, matches, skipped_dir
from type_equiv.read.log import NO_LOG, ReadLog
from type_equiv.read.manifest import Manifest, ManifestFile, SymbolRow
from type_equiv.read.names import Resolver
from type_equiv.read.text import read_source
from type_equiv.read.tree import SourceTree, is_test_name, modules_of
from type_equiv.read.vocabularies import Vocabulary, read_vocabulary
from type_equiv.store.safe import read_bounded

if TYPE_CHECKING:
    from type_equiv.read.reader import Reader

SCANNED_SUFFIXES = frozenset({".py", ".pyi", ".md", ".markdown"})


@dataclass(frozen=True)
class Retirement:
    """One spelling to search for, and why (from the manifest's `retired`, or from `--base`)."""

    spelling: str
    symbol: str | None
    allowed: tuple[str, ...]
    note: str | None
    base: str | None = None  # the REF it was removed since, for `--base` retirements
    declared: tuple[str, int] | None = None  # the manifest entry: (path, line)
    match: Literal["code", "anywhere"] = "anywhere"  # "code": only inside guards/contexts.py's spans


# ---------------------------------------------------------------------------------------- files


def project_files(root: Path, exclude: Sequence[str], suffixes: frozenset[str],
                  log: ReadLog = NO_LOG) -> list[str]:
    """Root-relative paths of the files to read: what git sees in a repository, else a walk.

    In a git repository these are tracked files plus untracked ones not ignored (what `rg` searches);
    outside one, every file. Either way `exclude`, skipped folders and symlinks leaving the root drop out.
    What decides the listing is noted in `log` (`_note_git_inputs`), so a warm check can replay it.
    """
    listed = _git_files(root)
    if listed is None:
        listed = _walked_files(root, log)
    else:
        _note_git_inputs(root, listed, log)
    resolved_root = root.resolve()
    venvs: dict[str, bool] = {}
    out = []
    for rel in sorted(set(listed)):
        parts = rel.split("/")
        if posixpath.splitext(rel)[1] not in suffixes or SKIPPED_DIRS.intersection(parts[:-1]):
            continue
        if matches(rel, exclude) or _in_venv(root, parts[:-1], venvs, log):
            continue
        path = root / rel
        if path.is_symlink():
            try:
                path.resolve().relative_to(resolved_root)
            except (ValueError, OSError, RuntimeError):
                continue
        if path.is_file():
            out.append(rel)
    return out


def _in_venv(root: Path, folders: list[str], seen: dict[str, bool], log: ReadLog) -> bool:
    """Whether a folder on the way is a virtual environment git does not ignore (`env/` with `pyvenv.cfg`)."""
    for depth in range(1, len(folders) + 1):
        folder = "/".join(folders[:depth])
        if folder not in seen:
            log.file(root / folder / "pyvenv.cfg")
            seen[folder] = (root / folder / "pyvenv.cfg").exists()
        if seen[folder]:
            return True
    return False


def _named_files(root: Path, named: Iterable[str], exclude: Sequence[str]) -> list[str]:
    """The named files project_files would list: scanned suffixes, not excluded, not in skipped folders."""
    return [
        rel for rel in sorted(named)
        if posixpath.splitext(rel)[1] in SCANNED_SUFFIXES and not matches(rel, exclude)
        and not SKIPPED_DIRS.intersection(rel.split("/")[:-1]) and (root / rel).is_file()
    ]


# A repository's own config is the project's input, and some keys make git run a command: an
# fsmonitor hook on every index read, a pager, an external diff, gpg for a shown signature. Command-line
# `-c` outranks every config file (and `include.path`), the system file is skipped, git never prompts
# and takes no optional locks (a read-only check must not rewrite the index).
GIT_SAFE = (
    "--no-pager", "-c", "core.fsmonitor=false", "-c", "core.pager=cat", "-c", "diff.external=",
    "-c", "log.showSignature=false", "-c", "core.hooksPath=/dev/null", "-c", "core.untrackedCache=false",
)
GIT_ENV = {"GIT_CONFIG_NOSYSTEM": "1", "GIT_TERMINAL_PROMPT": "0", "GIT_OPTIONAL_LOCKS": "0",
           "GIT_PAGER": "cat", "GIT_EXTERNAL_DIFF": ""}
GIT_TIMEOUT = 120  # seconds: a git that hangs (a lock, a network mount) must not hang the check


def run_git(root: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    """git in `root`, with no config key able to run a command; raises OSError (and a timeout as one)."""
    env = {**os.environ, **GIT_ENV}  # GIT_DIR, GIT_INDEX_FILE of a hook that runs us still count
    try:
        return subprocess.run(["git", *GIT_SAFE, "-C", str(root), *args], capture_output=True,
                              check=False, env=env, timeout=GIT_TIMEOUT, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired as exc:
        raise OSError(f"git {args[0]} did not finish within {GIT_TIMEOUT}s") from exc


def _git_files(root: Path) -> list[str] | None:
    try:
        done = run_git(root, "ls-files", "-z", "--cached", "--others", "--exclude-standard")
    except OSError:
        return None
    if done.returncode != 0:
        return None
    return [p for p in os.fsdecode(done.stdout).split("\0") if p]


def _note_git_inputs(root: Path, listed: Sequence[str], log: ReadLog) -> None:
    """What `git ls-files --cached --others --exclude-standard` answered from: the index, the
    ignore files (the repository's, each listed `.gitignore` and those above the root, the user's),
    and every folder holding a listed file (a file added or removed there moves its stamp)."""
    found = _git(root, "rev-parse", "--absolute-git-dir", "--show-toplevel")
    if found.returncode == 0:
        git_dir, _, top = os.fsdecode(found.stdout).strip().partition("\n")
        log.file(Path(git_dir) / "index")
        log.file(Path(git_dir) / "info" / "exclude")
        above = root.resolve()
        while top and above != Path(top).resolve() and above.parent != above:
            above = above.parent
            log.file(above / ".gitignore")
    config = Path(os.environ.get("XDG_CONFIG_HOME") or Path.home() / ".config") / "git"
    for user in (Path.home() / ".gitconfig", config / "config", config / "ignore"):
        log.file(user)
    folders = {""}
    for rel in listed:
        parts = rel.split("/")[:-1]
        folders.update("/".join(parts[:depth]) for depth in range(1, len(parts) + 1))
        if rel.rsplit("/", 1)[-1] == ".gitignore":
            log.file(root / rel)
    for folder in sorted(folders):
        log.folder(root / folder if folder else root)


def _walked_files(root: Path, log: ReadLog) -> list[str]:
    out: list[str] = []
    for folder, dirs, files in os.walk(root):
        log.folder(folder)
        dirs[:] = sorted(d for d in dirs if not skipped_dir(Path(folder, d)))
        rel_folder = Path(folder).relative_to(root).as_posix()
        prefix = "" if rel_folder == "." else rel_folder + "/"
        out.extend(prefix + name for name in files)
    return out


def read_text(path: Path) -> str | None:
    """Text to search: Python honours its encoding cookie; anything undecodable is read leniently."""
    try:
        if path.suffix in (".py", ".pyi"):
            try:
                return read_source(path)
            except (UnicodeDecodeError, SyntaxError, LookupError):
                pass
        return read_bounded(path).decode("utf-8-sig", errors="replace")
    except OSError:
        return None


# ------------------------------------------------------------------------------------- the stage


def check_retired(
    reader: Reader, manifest_path: Path, base: str | None, changed: frozenset[str] | None = None
) -> Iterator[FindingEvent]:
    """Every whole-word occurrence of a retired spelling outside its `allowed` paths is a finding.

    `changed` (the files a pre-commit run is handed) limits the scan to those files.
    """
    manifest = reader.manifest
    retirements = from_manifest(manifest)
    if base is not None:
        listed = {r.spelling for r in retirements}
        retirements += [r for r in from_base(reader, base) if r.spelling not in listed]
    if not retirements:
        return
    by_spelling = {r.spelling: r for r in retirements}
    reader.log.spelled(by_spelling)  # an `anywhere` one counts in comments too
    root = reader.root
    skip = _display(root, manifest_path)
    if changed is None:
        files = project_files(root, manifest.model.exclude, SCANNED_SUFFIXES, reader.log)
    else:
        files = _named_files(root, changed, manifest.model.exclude)
    shared = reader.files.scanned
    quick = [s.encode() for s in by_spelling] if all(s.isascii() for s in by_spelling) else None
    for rel in files:
        if rel == skip:
            continue
        text = _shared_text(shared, rel)
        if text is None:
            reader.log.searched(root / rel)  # for words only (read/log.py)
            text = _read_if_spelled(root / rel, quick)
        if text is None:
            continue
        hits = _in_context(rel, text, word_hits(by_spelling, text), by_spelling)
        for line, column, found in located(text, hits):
            retirement = by_spelling[found]
            if not matches(rel, retirement.allowed):
                yield FindingEvent(finding=_finding(retirement, rel, line, column))


def _in_context(rel: str, text: str, hits: list[tuple[int, str]],
                by_spelling: dict[str, Retirement]) -> list[tuple[int, str]]:
    """The hits that count: all of an `anywhere` retirement's, a `code` one's inside a code span. The
    file is split into spans only when a `code` spelling occurs in it; a file that cannot be split
    (`code_spans` is None) counts whole."""
    if all(by_spelling[s].match != "code" for _, s in hits):
        return hits
    spans = code_spans(rel, text)
    if spans is None:
        return hits
    return [(at, s) for at, s in hits
            if by_spelling[s].match != "code" or within(spans, at, at + len(s))]


def _shared_text(shared: dict[str, str | None], rel: str) -> str | None:
    """The producer scan's text of `rel` when it is exactly what `read_text` would return: the scan
    decodes UTF-8 first, `read_text` honours a PEP 263 cookie, and they agree when there is none."""
    text = shared.get(rel)
    if text is None or not rel.endswith((".py", ".pyi")) or "coding" in text[:400]:
        return None
    return text


def _read_if_spelled(path: Path, quick: list[bytes] | None) -> str | None:
    """`read_text`, skipped for a file whose bytes hold none of the (ASCII) spellings: every codec
    `read_text` can end up using keeps ASCII as it is, so such a file cannot spell one either."""
    if quick is None:
        return read_text(path)
    try:
        data = read_bounded(path)
    except OSError:
        return None
    if b"coding" not in data[:400] and not any(word in data for word in quick):
        return None
    return read_text(path)


def from_manifest(manifest: ManifestFile) -> list[Retirement]:
    return [
        Retirement(
            spelling=entry.spelling, symbol=entry.symbol, allowed=tuple(entry.allowed), note=entry.note,
            declared=(manifest.path, manifest.line_of(entry.spelling)), match=entry.match,
        )
        for entry in manifest.model.retired
    ]


def _word_char(ch: str) -> bool:
    return ch.isalnum() or ch == "_"  # exactly Python's (and rg's) Unicode `\w`


def occurrences(spellings: Iterable[str], text: str) -> Iterator[tuple[int, int, str]]:
    """(line, column, spelling) of each whole-word occurrence, in text order; 1-based, the column in
    characters. A word is bounded like `rg -w`: no word character right before or after it."""
    return located(text, word_hits(spellings, text))


def word_hits(spellings: Iterable[str], text: str) -> list[tuple[int, str]]:
    """(offset, spelling) of each whole-word occurrence, in text order.

    `str.find` per spelling rather than one alternation regex: a lookbehind at every position made
    the regex ten times slower on real trees.
    """
    hits: list[tuple[int, str]] = []
    for spelling in spellings:
        at = text.find(spelling)
        while at >= 0:
            end = at + len(spelling)
            if (at == 0 or not _word_char(text[at - 1])) and (end == len(text) or not _word_char(text[end])):
                hits.append((at, spelling))
                at = text.find(spelling, end)
            else:
                at = text.find(spelling, at + 1)
    hits.sort()
    return hits


def located(text: str, hits: Iterable[tuple[int, str]]) -> Iterator[tuple[int, int, str]]:
    """(line, column, spelling) of sorted (offset, spelling) hits: 1-based, the column in characters."""
    line, line_start, scanned = 1, 0, 0
    for start, spelling in hits:
        newlines = text.count("\n", scanned, start)
        if newlines:
            line += newlines
            line_start = text.rindex("\n", scanned, start) + 1
        scanned = start
        yield line, start - line_start + 1, spelling


def _finding(retirement: Retirement, path: str, line: int, column: int) -> RetiredSpelling:
    return messages.retired_spelling(
        retirement.spelling, (path, line, column), retirement.symbol, retirement.base, retirement.note,
        retirement.allowed, retirement.declared,
    )


def _display(root: Path, path: Path) -> str | None:
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except (ValueError, OSError, RuntimeError):
        return None


# ------------------------------------------------------------------------------------------ --base


def from_base(reader: Reader, ref: str) -> list[Retirement]:
    """Variants each manifest vocabulary had at REF and has no more, with spellings still alive kept out.

    Vocabularies are read by `vocabularies.read_vocabulary` on both sides — the working tree, and REF
    through `git show` — so a variant means the same here as in the producer check. The rows are the
    manifest's now and at REF (a row deleted with its vocabulary still retires its variants). A removed
    spelling some vocabulary still uses (a tag, key, member, class or field name — `usage` after a
    standalone `usage` event folded into a `usage` field) is not retired: any mention could be live.
    """
    root = reader.root
    _verify_ref(root, ref)
    model = reader.manifest.model
    then_model = _manifest_at(root, reader.manifest.path, ref)
    rows_now = {row.symbol: row for row in model.symbols}
    rows_then = {row.symbol: row for row in then_model.symbols} if then_model else {}
    now = _tree_symbols(reader)
    then = _GitTree(root, ref, then_model or model).defs
    removed: dict[str, str] = {}
    alive: set[str] = set()
    for symbol in dict.fromkeys([*rows_now, *rows_then]):
        current = _vocabulary(rows_now.get(symbol) or rows_then[symbol], now)
        alive |= _spellings(current, fields=True)
        old = _vocabulary(rows_then.get(symbol) or rows_now[symbol], then)
        for spelling in sorted(_spellings(old) - _spellings(current)):
            removed.setdefault(spelling, symbol)
    return [
        Retirement(spelling=s, symbol=symbol, allowed=(), note=None, base=ref, match="code")
        for s, symbol in sorted(removed.items()) if s not in alive
    ]


def _vocabulary(row: SymbolRow, defs: Symbols) -> Vocabulary | None:
    try:
        return read_vocabulary(row, defs)
    except InputError:  # a `form` the definition lacks: the producer check reports it
        return None


def _spellings(vocab: Vocabulary | None, fields: bool = False) -> set[str]:
    """A vocabulary's variants as spellings: tags, keys, literal values, enum members and their string
    values, and the classes a union or map is made of (with `fields`, their field names too)."""
    out: set[str] = set()
    for variant in vocab.variants if vocab is not None else ():
        if vocab is not None and vocab.form == "enum":
            out.add(variant.name)
        if isinstance(variant.tag, str):
            out.add(variant.tag)
        out.update(t for t in variant.tags_of_class if isinstance(t, str))
        if variant.cls is not None:
            out.add(variant.cls.name)
            if fields:
                out.update(f.name for f in variant.cls.fields)
    return {s for s in out if s.strip() and "\n" not in s}


def _manifest_at(root: Path, manifest: str, ref: str) -> Manifest | None:
    """The manifest as it was at REF, or None when it was absent or is not valid today."""
    shown = _git(root, "show", f"{ref}:./{manifest}")
    if shown.returncode != 0:
        return None
    try:
        return Manifest.model_validate_json(shown.stdout)
    except (ValueError, RecursionError):
        return None


def _tree_symbols(reader: Reader) -> Symbols:
    """Today's tree, with its definitions found as the producer check finds them."""
    model = reader.manifest.model
    tree = SourceTree.of(reader.root, model.source, model.tests, model.exclude, reader.log)
    modules = modules_of(tree.files())
    resolver = Resolver({
        name: (file.package, partial(_parsed, reader, file.path)) for name, file in modules.items()
    })
    paths = row_module_paths(reader.root, model.source, [r.symbol for r in model.symbols],
                             {name: file.path for name, file in modules.items()})
    return Symbols(reader, resolver, paths)


def _parsed(reader: Reader, path: Path) -> ast.Module | None:
    text = reader.files.text(path)
    try:
        return ast.parse(text) if isinstance(text, str) else None
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None


class _GitTree(WholeModules):
    """The project as it was at REF, for `vocabularies.Symbols`: modules read with `git show`.

    Module names come from the same rule as today's tree (`SourceTree.module_of`), with the source
    roots the manifest had at REF.
    """

    def __init__(self, root: Path, ref: str, model: Manifest) -> None:
        self.root, self.ref = root, ref
        self._codes: dict[Path, PythonCode | ParseError] = {}
        tree = SourceTree.of(root, model.source, model.tests, model.exclude)
        listed = _git(root, "ls-tree", "-r", "-z", "--name-only", ref, "--", ".")
        rels = [p for p in os.fsdecode(listed.stdout).split("\0") if p.endswith(".py")]
        modules: dict[str, tuple[str, bool]] = {}
        for rel in sorted(rels, key=lambda r: is_test_name(r.rsplit("/", 1)[-1])):
            module, package = tree.module_of(rel)
            if module:
                modules.setdefault(module, (rel, package))
        self.resolver = Resolver({
            name: (package, partial(self._tree, rel)) for name, (rel, package) in modules.items()
        })
        self.defs = Symbols(self, self.resolver, {n: root / rel for n, (rel, _) in modules.items()})

    def text(self, rel: str) -> str | None:
        shown = _git(self.root, "show", f"{self.ref}:./{rel}")
        return shown.stdout.decode("utf-8-sig", errors="replace") if shown.returncode == 0 else None

    def _tree(self, rel: str) -> ast.Module | None:
        text = self.text(rel)
        try:
            return ast.parse(text) if text is not None else None
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return None

    def module(self, path: Path) -> PythonCode | ParseError:
        """The module at REF, parsed once."""
        if path not in self._codes:
            rel = path.relative_to(self.root).as_posix()
            text = self.text(rel)
            self._codes[path] = (
                parse_python(text, f"{self.ref}:{rel}") if text is not None
                else messages.not_at_ref(rel, self.ref)
            )
        return self._codes[path]


def _git(root: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    try:
        return run_git(root, *args)
    except OSError as exc:
        raise InputError(f"--base needs git: {exc}") from None


def _verify_ref(root: Path, ref: str) -> None:
    if _git(root, "rev-parse", "--is-inside-work-tree").returncode != 0:
        raise InputError(f"--base {ref}: {root} is not inside a git repository")
    if ref.startswith("-") or _git(root, "rev-parse", "--verify", "--quiet", f"{ref}^{{commit}}").returncode:
        raise InputError(f"--base {ref}: not a commit of the git repository at {root}")


