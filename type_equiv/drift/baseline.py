"""The lock file: per paste, fingerprints of both sides as they were when the paste was last synced.

A drift finding alone says *that* a paste and its source differ, not *which one moved*. The lock
remembers, for every (symbol, doc), the canonical shape of the source definition and of each paste at
the last `type-equiv sync` (which writes an entry only when the paste is clean), so `check` can say:
the source changed since then (fix the doc: run sync), or the paste was edited while the source did
not change (fix the paste, or the source). The lock is advisory: no file, no entry, a garbled line or a
merge conflict all mean "unknown", never a finding, and `check` never writes it.

Format (docs/sync.md): a `# type-equiv lock 1` line, then one line per (symbol, doc) sorted by symbol
and doc, `<symbol> <source fp> <paste fp>[,<paste fp>…] <doc>`, with a blank line between entries.
One line per entry, a stable order and the blank lines keep it merge-friendly: git's merge conflicts on
edits to *adjacent* lines, so without the blank line two branches syncing neighbouring symbols would
conflict; with it they merge cleanly.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from type_equiv.model import messages
from type_equiv.model.findings import Drift, Side
from type_equiv.read.shapes import Shape
from type_equiv.store.safe import read_bounded

LOCK_NAME = "type-equiv.lock"
FORMAT = 1
FORMAT_LINE = f"# type-equiv lock {FORMAT}"
HEADER = (
    f"{FORMAT_LINE}: written by `type-equiv sync`; see docs/sync.md. One line per (symbol, doc),\n"
    "# sorted, a blank line between entries (so git merges edits of neighbouring entries cleanly):\n"
    "# <symbol> <source fingerprint> <paste fingerprint>[,<paste fingerprint>...] <doc>\n"
)
FP_LEN = 16
LOCK_LIMIT = 64 * 1024 * 1024  # ~600,000 entries: a lock larger than that is not one sync wrote



def lock_path(manifest: Path) -> Path:
    """The lock lives beside the manifest, so it moves (and is committed) with it."""
    return manifest.parent / LOCK_NAME


def fingerprint(shape: Shape) -> str:
    """A short hash of everything the comparison looks at, nothing it ignores.

    Layout, comments, locations and (for shapes whose member order carries no meaning) member order
    are left out, so reformatting a paste or moving its source does not make either side "changed".
    """
    header: dict[str, list[str]] = {}
    for label, text in shape.header:
        header.setdefault(label, []).append(text)
    if "keyword" in header:
        header["keyword"].sort()
    members = [[m.role, m.name, m.text] for m in shape.members]
    if not (shape.ordered or shape.elided):
        members.sort()
    data = [shape.kind, shape.name, header, members, shape.ordered, shape.elided]
    blob = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()[:FP_LEN]


@dataclass(frozen=True)
class Entry:
    """One (symbol, doc): the source's fingerprint and one fingerprint per paste, in doc order."""

    source: str
    pastes: tuple[str, ...]


@dataclass
class Lock:
    """The parsed lock; `entries` is keyed by (symbol, doc)."""

    entries: dict[tuple[str, str], Entry] = field(default_factory=dict)

    def side(
        self, symbol: str, doc: str, index: int, count: int, real: Shape, pasted: Shape
    ) -> Side | None:
        """Which side changed since the last sync, for the `index`-th of `count` pastes; None: unknown."""
        entry = self.entries.get((symbol, doc))
        if entry is None or len(entry.pastes) != count:
            return None
        source_moved = fingerprint(real) != entry.source
        paste_moved = fingerprint(pasted) != entry.pastes[index]
        if source_moved and paste_moved:
            return "both"
        if source_moved:
            return "source"
        return "paste" if paste_moved else None

    def render(self) -> str:
        lines = [HEADER]
        for (symbol, doc), entry in sorted(self.entries.items()):
            lines.append(f"\n{symbol} {entry.source} {','.join(entry.pastes)} {doc}\n")
        return "".join(lines)


def _is_fp(text: str) -> bool:
    return len(text) == FP_LEN and all(c in "0123456789abcdef" for c in text)


def parse_lock(text: str) -> Lock:
    """Parse leniently: unknown format → empty; bad lines, and keys a merge left twice, are dropped."""
    lines = text.splitlines()
    if not any(line.split(":", 1)[0].strip() == FORMAT_LINE for line in lines):
        return Lock()
    entries: dict[tuple[str, str], Entry] = {}
    conflicted: set[tuple[str, str]] = set()
    for line in lines:
        if not line.strip() or line.startswith("#"):
            continue
        parts = line.split(" ", 3)
        if len(parts) != 4:
            continue
        symbol, source, pastes, doc = parts
        fps = tuple(pastes.split(","))
        if not (symbol and doc and _is_fp(source) and all(_is_fp(p) for p in fps)):
            continue
        key, entry = (symbol, doc), Entry(source, fps)
        if entries.get(key, entry) != entry:
            conflicted.add(key)
        entries[key] = entry
    for key in conflicted:
        del entries[key]
    return Lock(entries)


def read_lock(path: Path, root: Path | None = None) -> Lock:
    """The lock at `path`, or an empty one when it is absent or unreadable (never raises).

    Read as every file is (store/safe.py): a lock linked out of the root, to `/dev/zero` or a FIFO is
    "unknown", never read to the end nor waited on.
    """
    try:
        return parse_lock(read_bounded(path, root, LOCK_LIMIT).decode("utf-8"))
    except (OSError, UnicodeDecodeError):
        return Lock()


def with_side(drifts: Iterable[Drift], side: Side | None) -> Iterator[Drift]:
    """Stamp each drift of one paste with the side that moved, and say so in its message."""
    for drift in drifts:
        if side is None:
            yield drift
        else:
            yield messages.side_moved(drift, side)


def updated(
    lock: Lock, fresh: Mapping[tuple[str, str], Entry], keep: Iterable[tuple[str, str]] | None = None
) -> Lock:
    """`lock` with `fresh` entries; with `keep`, other entries survive only when their key is in it."""
    entries = dict(lock.entries)
    if keep is not None:
        kept = set(keep)
        entries = {k: v for k, v in entries.items() if k in kept}
    entries.update(fresh)
    return Lock(entries)
