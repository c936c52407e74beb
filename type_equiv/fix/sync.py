"""`type-equiv sync`: rewrite drifted pastes to match the source, as a minimal patch of doc lines.

Why lines of the raw doc, not Markdown or Python re-rendering: a doc is the author's text. markdown-it
normalises newlines and strips container prefixes (`> `, list indentation), so the doc is split here on
its own line endings and every code line of a block is mapped back to its raw line (container prefix
+ code). Only the lines of drifted members are replaced, missing members are inserted next to their
source neighbours, extra ones deleted, and a changed class header rewrites the header lines; every
other byte stays (comments, layout, `...` elisions, CRLF, trailing blanks, other blocks). A paste that
cannot be patched member by member (an alias, a kind change) gets its whole statement replaced.

Every rewrite is verified before it is written: the patched doc is parsed again and each paste compared
with its source; a patch that would leave drift, or break another paste, is never written. Writes are
atomic and refused when the doc changed since it was read. A missing paste is reported, never invented.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from type_equiv.drift.baseline import Entry, Lock, fingerprint, lock_path, parse_lock, read_lock, updated
from type_equiv.drift.compare import compare
from type_equiv.fix.docfile import Changed, RawDoc, Snapshot, split_lines, write_atomic
from type_equiv.fix.edits import Block, CannotPatch, Edit, apply_edits
from type_equiv.fix.patch import Planner, Real, Site, string_lines
from type_equiv.model import messages
from type_equiv.model.errors import InputError
from type_equiv.model.findings import Finding, ParseError
from type_equiv.model.options import CheckOptions
from type_equiv.pipeline import Run, attribute_pastes, checked_drift, real_shape, where_defined
from type_equiv.read.definitions import (
    PythonCode,
    class_definitions,
    find_definition,
    module_file,
    parse_python,
    top_level_definitions,
)
from type_equiv.read.docs import Paste, python_blocks
from type_equiv.read.kinds import statement_kind
from type_equiv.read.manifest import SymbolRow, load_manifest
from type_equiv.read.reader import Project, Reader
from type_equiv.read.shapes import lower
from type_equiv.store.cache import Cache, cache_folder
from type_equiv.store.safe import OUTSIDE, folder_locked, inside, regular_problem

# ---------------------------------------------------------------------------------------------------
# Pastes in a raw doc, and the source definitions they copy


def find_sites(shown: str, text: str) -> dict[str, list[Site]]:
    """Every top-level definition in the doc's Python blocks, by name (blocks that do not parse: none),
    and every class or alias nested in a pasted class, by its dotted name in the block
    (`Member.Role`): the paste of a nested row when no block pastes `class Role` itself."""
    sites: dict[str, list[Site]] = {}
    for block in python_blocks(shown, text):
        parsed = parse_python(block.code, shown, line_offset=block.fence_line)
        if not isinstance(parsed, PythonCode):
            continue
        todo = list(top_level_definitions(parsed.module))
        while todo:
            name, node = todo.pop(0)
            found = sites.setdefault(name, [])
            found.append(Site(name, len(found), block, parsed, node))
            todo += [(f"{name}.{inner}", child) for inner, child in class_definitions(node)]
    return sites


def load_real(reader: Reader, row: SymbolRow, findings: list[Finding]) -> Real | None:
    shape = real_shape(reader, row, findings)
    if shape is None:
        return None
    module, name = reader.symbols().split(where_defined(reader, row.symbol) or row.symbol)  # a re-export
    path = module_file(reader.root, reader.manifest.model.source, module)
    assert path is not None
    code = reader.module(path)
    assert isinstance(code, PythonCode)
    node = find_definition(code, name)
    assert node is not None
    text = code.module.code
    return Real(shape, code, node, split_lines(text)[0], string_lines(text))


# ---------------------------------------------------------------------------------------------------
# One doc: plan every drifted paste, verify, escalate, give up


@dataclass(frozen=True)
class Target:
    """A paste to keep equal to a source definition."""

    row: SymbolRow
    real: Real
    site: Site


@dataclass
class Unfixed:
    doc: str
    line: int
    symbol: str
    reason: str


@dataclass
class DocResult:
    """What sync made of one doc: its new text (not yet written), what changed, what could not."""

    doc: RawDoc
    after: str
    synced: list[str] = field(default_factory=list)  # symbols whose pastes were rewritten
    unfixed: list[Unfixed] = field(default_factory=list)
    pastes: dict[str, int] = field(default_factory=dict)  # symbol → how many pastes it has here
    clean: dict[tuple[str, int], tuple[str, str]] = field(default_factory=dict)  # → (source, paste fp)
    withheld: str | None = None  # the doc as sync would write it with the pastes it refused to rewrite

    @property
    def shown(self) -> str:
        return self.doc.shown

    @property
    def before(self) -> str:
        return self.doc.text()

    @property
    def changed(self) -> bool:
        return self.before != self.after

    def data(self) -> bytes:
        return (self.doc.bom + self.after).encode("utf-8")


def _drifts(site: Site, target: Target) -> bool:
    pasted = lower(site.code, site.node)
    return any(True for _ in compare(pasted, target.real.shape, target.row.symbol, target.row.form))


def _site(sites: dict[str, list[Site]], key: tuple[str, int]) -> Site | None:
    found = sites.get(key[0], [])
    return found[key[1]] if key[1] < len(found) else None


def sync_doc(doc: RawDoc, targets: list[Target], only: set[tuple[str, int]] | None = None) -> DocResult:
    """Plan, apply and verify the rewrite of one doc's drifted pastes (nothing is written here).

    Each drifted paste first gets a member-by-member patch; if that cannot be planned or would not
    verify, its whole statement is replaced; if even that fails, it is left alone and reported.
    `only` (site keys) rewrites just those pastes, still verified against every target: the language
    server's "sync this paste".
    """
    drifting = [t for t in targets if (only is None or t.site.key in only) and _drifts(t.site, t)]
    reasons: dict[tuple[str, int], str] = {}
    for target in list(drifting):  # a variable (an instance, a call's result) is never a paste
        doc_kind, real_kind = statement_kind(target.site.node), statement_kind(target.real.node)
        if "variable" in (doc_kind, real_kind):
            drifting.remove(target)
            reasons[target.site.key] = messages.sync_kind_differs(doc_kind, real_kind)
    strategy = {t.site.key: "minimal" for t in drifting}
    final = (doc.lines, doc.eols)
    for _ in range(2 * len(drifting) + 1):
        edits: list[Edit] = []
        planned: dict[tuple[str, int], Target] = {}
        for target in drifting:
            key = target.site.key
            while strategy[key] != "skip":
                try:
                    edits += _plan(doc, target, strategy[key])
                    planned[key] = target
                    break
                except CannotPatch as exc:
                    reasons[key] = str(exc)
                    strategy[key] = "whole" if strategy[key] == "minimal" else "skip"
        try:
            lines, eols = apply_edits(doc, edits)
        except CannotPatch as exc:  # not expected: each paste owns its lines
            for key in planned:
                reasons[key], strategy[key] = str(exc), "skip"
            continue
        failed = _verify(doc, lines, eols, targets, planned)
        if not failed:
            final = (lines, eols)
            break
        for key in failed:
            if strategy[key] == "whole":
                reasons[key] = messages.SYNC_STILL_DIFFERS
            strategy[key] = "whole" if strategy[key] == "minimal" else "skip"
    result = DocResult(doc, doc.text(*final))
    after = find_sites(doc.shown, result.after)
    for target in targets:
        key, symbol = target.site.key, target.row.symbol
        index = result.pastes.get(symbol, 0)  # among the row's own pastes, as check's lock reads it
        result.pastes[symbol] = index + 1
        site = _site(after, key)
        if site is not None and not _drifts(site, target):
            pasted = lower(site.code, site.node)
            result.clean[(symbol, index)] = (fingerprint(target.real.shape), fingerprint(pasted))
            if target in drifting and symbol not in result.synced:
                result.synced.append(symbol)
        elif target in drifting or key in reasons:
            line = lower(target.site.code, target.site.node).line
            why = reasons.get(key, messages.SYNC_CANNOT_REWRITE)
            result.unfixed.append(Unfixed(doc.shown, line, symbol, why))
    return result


def _plan(doc: RawDoc, target: Target, strategy: str) -> list[Edit]:
    block = Block.map(doc, target.site.block)
    pasted = lower(target.site.code, target.site.node)
    planner = Planner(block, target.site, pasted, target.real, target.row.form)
    return planner.minimal() if strategy == "minimal" else planner.whole()


def _verify(
    doc: RawDoc, lines: list[str], eols: list[str], targets: list[Target],
    planned: dict[tuple[str, int], Target],
) -> set[tuple[str, int]]:
    """Planned pastes that still drift, and planned pastes sharing a block with a paste they broke."""
    sites = find_sites(doc.shown, doc.text(lines, eols))
    failed: set[tuple[str, int]] = set()
    broken_blocks: set[int] = set()
    for target in targets:
        key = target.site.key
        site = _site(sites, key)
        bad = site is None or _drifts(site, target)
        if bad and key in planned:
            failed.add(key)
        elif bad and not _drifts(target.site, target):
            broken_blocks.add(target.site.block.fence_line)  # was clean, broken by a neighbour's patch
    for key, target in planned.items():
        if target.site.block.fence_line in broken_blocks:
            failed.add(key)
    return failed


# ---------------------------------------------------------------------------------------------------
# The run


@dataclass(frozen=True)
class SyncOptions:
    root: Path
    manifest: Path
    symbols: tuple[str, ...] = ()  # --symbol NAME…: only these rows
    diff: bool = False  # --diff: print the patch, write nothing
    force: bool = False  # --force: rewrite pastes of rows never synced before too


@dataclass
class SyncReport:
    docs: list[DocResult] = field(default_factory=list)
    notes: list[Finding] = field(default_factory=list)  # not drift: reported, never fixed here
    refused: list[str] = field(default_factory=list)  # docs changed while sync ran: not written
    failed: list[str] = field(default_factory=list)  # docs that could not be written: why, one line each
    lock_note: str | None = None
    lock_failed: bool = False  # the lock could not be written (not merely changed meanwhile)

    def written(self, result: DocResult) -> bool:
        """Whether `result`'s rewrite is on disk (or, with --diff, would be)."""
        return result.shown not in self.refused and not any(
            f.startswith(f"{result.shown}: ") for f in self.failed)

    @property
    def unfixed(self) -> list[Unfixed]:
        return [u for d in self.docs for u in d.unfixed]


def run_sync(options: SyncOptions) -> SyncReport:
    """Sync every selected row's pastes, then the lock; raises InputError when it cannot judge.

    Concurrent syncs of one root take turns (an advisory lock on the lock's folder, held from reading
    the manifest to writing the lock), so none loses another's lock rows or doc edits."""
    with folder_locked(lock_path(options.manifest).parent):
        return _run_sync(options)


def _run_sync(options: SyncOptions) -> SyncReport:
    root = options.root
    manifest = load_manifest(root, options.manifest)
    rows = list(manifest.model.symbols)
    if options.symbols:
        known = {r.symbol for r in rows}
        unknown = [s for s in dict.fromkeys(options.symbols) if s not in known]
        if unknown:
            raise InputError(f"{manifest.path}: no manifest row for {', '.join(unknown)}")
        rows = [r for r in rows if r.symbol in options.symbols]
    # one reader for the check and the rewrite: sources, docs and shapes are read once
    cache = cache_folder(root, root / ".type-equiv-cache")
    project = Project.open(manifest, Cache(cache, root))
    report = SyncReport()
    # a row named by --symbol, or synced before (its lock entry), is the user's to rewrite; any other
    # is shown as a diff and refused: nothing is written that the user did not mean
    lock = read_lock(lock_path(options.manifest), root)
    trusted = options.force or options.diff or bool(options.symbols)
    approved = None if trusted else set(lock.entries)
    judged = judged_drift(project, options, rows, cache)
    reals: dict[str, Real | None] = {}
    for row in rows:
        found: list[Finding] = []
        reals[row.symbol] = load_real(project, row, found)
        report.notes += found
    by_doc: dict[str, list[SymbolRow]] = {}
    for row in rows:
        for doc in dict.fromkeys(row.docs):
            by_doc.setdefault(doc, []).append(row)
    for shown, doc_rows in by_doc.items():
        peers = _peers(manifest.model.symbols, shown, doc_rows)
        for peer in peers:  # only paired with, never synced: what its lookup found is not reported
            if peer.symbol not in reals:
                reals[peer.symbol] = load_real(project, peer, [])
        result = _sync_one(root, shown, doc_rows, reals, report, peers, approved, judged)
        if result is None:
            continue
        report.docs.append(result)
        if result.changed and not options.diff:
            try:
                write_atomic(result.doc.path, result.data(), result.doc.snapshot, root)
            except Changed:
                report.refused.append(shown)
            except OSError as exc:  # read-only, disk full, file too large: the doc is as it was
                # the other docs are still synced and reported: one bad doc must not hide the rest
                why = exc.strerror or str(exc)
                report.failed.append(f"{shown}: cannot write: {why}; the doc is unchanged")
    if not options.diff:
        fresh = {k: v for r in report.docs if report.written(r) for k, v in _lock_entries(r)}
        keep = None if options.symbols else {(r.symbol, d) for r in manifest.model.symbols for d in r.docs}
        report.lock_note, report.lock_failed = _write_lock(root, options.manifest, fresh, keep)
    return report


def judged_drift(project: Project, options: SyncOptions, rows: Sequence[SymbolRow],
                 cache: Path | None) -> dict[tuple[str, str], list[int]]:
    """(symbol, doc) → the lines of the drift findings `check` reports for `rows`. Sync rewrites only
    those pastes: a spelling the syntax level reads apart but the types judge clears (`List[X]`
    against `list[X]`) is no drift, and its paste stays as the author wrote it. Only check's drift
    stage runs (pipeline.checked_drift), on sync's own reader: the producer scan, retired spellings
    and fixtures cannot change what sync rewrites."""
    check = CheckOptions(root=options.root, manifest=options.manifest, symbols=options.symbols,
                         cache_dir=cache)
    out: dict[tuple[str, str], list[int]] = {}
    for finding in checked_drift(project, Run(check, memo=project.memo), rows):
        if finding.kind == "drift" and finding.symbol is not None:
            out.setdefault((finding.symbol, finding.path), []).append(finding.line)
    project.save_cache()  # what the judges learnt serves the next check
    return out


def _peers(every: Sequence[SymbolRow], shown: str, rows: list[SymbolRow]) -> list[SymbolRow]:
    """The rows `--symbol` left out that list doc `shown` under a name one of `rows` has: the
    pairing of that name's pastes is the whole manifest's, as in check."""
    names = {row.symbol.rsplit(".", 1)[1] for row in rows}
    synced = {row.symbol for row in rows}
    return [row for row in every if shown in row.docs and row.symbol not in synced
            and row.symbol.rsplit(".", 1)[1] in names]


def _sync_one(
    root: Path, shown: str, rows: list[SymbolRow], reals: dict[str, Real | None], report: SyncReport,
    peers: Sequence[SymbolRow] = (), approved: set[tuple[str, str]] | None = None,
    judged: dict[tuple[str, str], list[int]] | None = None,
) -> DocResult | None:
    try:
        doc = RawDoc.read(root, shown)
    except OSError as exc:
        report.notes.append(messages.doc_unreadable(shown, exc.strerror))
        return None
    except UnicodeDecodeError as exc:
        report.notes.append(messages.doc_not_utf8(shown, 1, exc.reason))
        return None
    targets = find_targets(shown, doc.text(), rows, reals, report.notes, peers)
    drifted = {t.site.key for t in targets if judged is None or any(
        t.site.block.fence_line <= line <= t.site.block.end_line
        for line in judged.get((t.row.symbol, shown), ()))}
    if approved is None:
        return sync_doc(doc, targets, drifted)
    refused = {t.site.key for t in targets if (t.row.symbol, shown) not in approved} & drifted
    result = sync_doc(doc, targets, drifted - refused)
    if refused:
        _withhold(result, sync_doc(doc, targets, refused), targets)
    return result


def _withhold(result: DocResult, would: DocResult, targets: list[Target]) -> None:
    """Record what sync would have done to pastes of rows never synced: the text (shown as a diff,
    never written) and, per paste, a refusal; why a paste could not be rewritten anyway stays."""
    result.unfixed += would.unfixed
    if not would.synced:
        return
    result.withheld = would.after
    for symbol in would.synced:
        target = next(t for t in targets if t.row.symbol == symbol)
        line = lower(target.site.code, target.site.node).line
        result.unfixed.append(Unfixed(result.shown, line, symbol, messages.sync_never_synced(symbol)))


def find_targets(
    shown: str, text: str, rows: list[SymbolRow], reals: dict[str, Real | None], notes: list[Finding],
    peers: Sequence[SymbolRow] = (),
) -> list[Target]:
    """The pastes of `rows` in one doc's text, each with its real definition; a row with no paste
    adds why to `notes`. Where several rows of one name list the doc (`rows`, and `peers`: rows not
    synced now, whose reals are in `reals` too), its pastes are paired as check pairs them
    (pipeline.attribute_pastes: an info-string marker, then the fewest differences), so each paste
    is rewritten from the definition check compares it with."""
    sites = find_sites(shown, text)
    owned = _paired(sites, {row.symbol: row for row in [*rows, *peers]}.values(), reals)
    targets: list[Target] = []
    for row in rows:
        name = row.symbol.rsplit(".", 1)[1]
        found = owned.get(row.symbol, []) or _nested_sites(sites, row.symbol)
        if not found:
            notes.append(_broken_mention(shown, text, name, row.symbol)
                         or messages.no_paste(row.symbol, shown, name, None, by_sync=True))
        real = reals[row.symbol]
        if real is None:
            continue
        targets += [Target(row, real, site) for site in found]
    return targets


def _nested_sites(sites: dict[str, list[Site]], symbol: str) -> list[Site]:
    """A nested class's pastes inside pastes of its outer class (`Member.Role` in a pasted `class
    Member`), as check finds them (Doc.pastes_of) when no block pastes `class Role` itself."""
    parts = symbol.split(".")
    return next((sites[inner] for start in range(len(parts) - 1)
                 if (inner := ".".join(parts[start:])) in sites), [])


def _paired(sites: dict[str, list[Site]], rows: Iterable[SymbolRow],
            reals: dict[str, Real | None]) -> dict[str, list[Site]]:
    """Each row's pastes: every paste of its name, or, when other rows share the name, those the
    pairing gives it."""
    by_name: dict[str, list[SymbolRow]] = {}
    for row in rows:
        by_name.setdefault(row.symbol.rsplit(".", 1)[1], []).append(row)
    out: dict[str, list[Site]] = {}
    for name, same in by_name.items():
        found = sites.get(name, [])
        if len(same) < 2 or not found:
            out.update((row.symbol, found) for row in same)
            continue
        pastes = [Paste(site.name, site.block, site.code, site.node) for site in found]
        site_of = {id(paste): site for paste, site in zip(pastes, found, strict=True)}
        shapes = {row.symbol: (real.shape if (real := reals.get(row.symbol)) else None) for row in same}
        for symbol, mine in attribute_pastes(pastes, same, shapes).items():
            out[symbol] = [site_of[id(paste)] for paste in mine]
    return out


def _broken_mention(shown: str, text: str, name: str, symbol: str) -> ParseError | None:
    """A block that mentions the name but does not parse: that, not a missing paste, is the problem."""
    for block in python_blocks(shown, text):
        parsed = parse_python(block.code, shown, line_offset=block.fence_line)
        if isinstance(parsed, ParseError) and name in block.code and not block.lenient:
            return messages.broken_paste(parsed, symbol, block.fence_line, name, by_sync=True)
    return None


def _lock_entries(result: DocResult) -> Iterator[tuple[tuple[str, str], Entry]]:
    """An entry for every symbol whose pastes in this doc are all clean now."""
    for symbol, count in result.pastes.items():
        clean = [result.clean.get((symbol, i)) for i in range(count)]
        fps = [c for c in clean if c is not None]
        if len(fps) == count:
            yield (symbol, result.shown), Entry(fps[0][0], tuple(paste for _, paste in fps))


def _write_lock(
    root: Path, manifest: Path, fresh: dict[tuple[str, str], Entry], keep: set[tuple[str, str]] | None
) -> tuple[str | None, bool]:
    """Merge `fresh` into the lock and write it if that changes it: (a note on a problem, whether
    it is a failure). The lock is checked as docs are: a regular file inside the root, or absent."""
    path = lock_path(manifest)
    shown = path.relative_to(root).as_posix() if path.is_relative_to(root) else str(path)
    problem = regular_problem(path) or (None if inside(root, path) else OUTSIDE)
    if problem is not None:
        return f"{shown}: {problem}; lock not updated", True
    try:
        before: Snapshot | None = Snapshot.take(path)
    except FileNotFoundError:
        before = None
    except OSError as exc:
        return f"{shown}: cannot read ({exc.strerror or exc}); lock not updated", True
    old = parse_lock(before.data.decode("utf-8", "replace")) if before else Lock()
    text = updated(old, fresh, keep).render()
    if before is not None and before.data == text.encode("utf-8"):
        return None, False
    if before is None and not fresh:
        return None, False
    try:
        write_atomic(path, text.encode("utf-8"), before, root)
    except Changed:
        return f"{shown} changed while sync ran; lock not updated", False
    except OSError as exc:
        return f"{shown}: cannot write ({exc.strerror or exc}); lock not updated", True
    return None, False
