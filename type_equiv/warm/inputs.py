"""What one run read (`Inputs`, the run's `ReadLog`): each path with the stamp it had just before the
read, the content hashes of the bytes read, and what the side stores keep of the files a stamp may
later put in doubt (warm/replay.py reads them back: meaning digests, the producer scan's views)."""

from __future__ import annotations

import os
import posixpath
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from type_equiv.store.cache import Stamp, digest
from type_equiv.store.memory import collector_paused
from type_equiv.warm.freshness import Folders, stable_bytes, stable_digest
from type_equiv.warm.journal import Reply

if TYPE_CHECKING:
    from type_equiv.read.asts import RunMemo
    from type_equiv.warm.meaning import Span


class Inputs:
    """What one run read, as stamps taken just before each read: paths under the root are kept
    relative to it (`inside`), others absolute (`outside`). The run's `ReadLog`."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.prefix = root_prefix(root)
        self.inside: dict[str, Stamp | None] = {}
        self.outside: dict[str, Stamp | None] = {}
        self.digests: dict[str, str] = {}  # by slot key: the content hash under the noted stamp
        self.refused: str | None = None
        self.racy: set[str] = set()  # digest keys of the files read moments after they changed
        self.journal: Reply | None = None  # the monitor's answer before the first read (monitor.py)
        self.quotes: dict[str, list[Span]] = {}  # by slot key: the lines whose raw text may show
        self.opaques: set[str] = set()  # real paths read in a way no meaning digest covers
        self.words: set[str] = set()  # comments spelling one of these count (retired spellings)
        self.defining: set[str] = set()  # slot keys of the files holding a row's definition
        self.touched: set[str] = set()  # slot keys read by more than the producer scan and searches
        self.asked: dict[str, Any] = {}  # the producer scan's questions (producers/scan/facts.py)
        self.views: dict[str, dict[str, Any]] = {}  # by slot key: what the producer scan saw
        # by real path (mypy names a file by its resolved path, the tree by the root's spelling):
        self.looked: dict[str, set[str]] = {}  # the top-level names stages asked of each module
        self.listing: set[str] = set()  # the modules whose names a stage read whole
        self._real: dict[str, str] = {}  # each path as given → its real path

    def _slot(self, path: Path | str) -> tuple[dict[str, Stamp | None], str]:
        """`inside` holds only plain root-relative paths, as a monitor's journal names them; one
        spelled with `.`, `..` or `//` is kept absolute in `outside`, which is always stat'ed."""
        text = os.fspath(path)
        if text.startswith(self.prefix):
            rel = text[len(self.prefix):]
            if not ("//" in rel or "/." in "/" + rel) or posixpath.normpath(rel) == rel:
                return self.inside, rel
        return self.outside, text

    def file(self, path: Path | str) -> None:
        self._note(path, None, known=False)
        self.touched.add(self.digest_key(path))

    def searched(self, path: Path | str) -> None:
        self._note(path, None, known=False)

    def folder(self, path: Path | str) -> None:
        self._note(path, None, known=False)  # a folder's stamp moves when an entry comes or goes

    def stamped(self, path: Path | str, stamp: Stamp | None) -> None:
        self._note(path, stamp, known=True)

    def _note(self, path: Path | str, stamp: Stamp | None, known: bool) -> None:
        slot, key = self._slot(path)
        if key in slot:
            return
        if not known:
            stamp = Stamp.of(path)
        slot[key] = stamp
        if stamp is not None and stamp.racy(time.time_ns()):
            self.racy.add(self._marked(slot, key))

    def digest(self, path: Path | str, stamp: Stamp | None, dig: str) -> None:
        """`path` held content `dig` under `stamp`; kept only if that is the stamp this run noted."""
        slot, key = self._slot(path)
        if stamp is not None and dig and slot.get(key) == stamp:
            self.digests[self._marked(slot, key)] = dig

    def digest_key(self, path: Path | str) -> str:
        """Root-relative for paths under the root (the side store stays small), else `!` + path."""
        return self._marked(*self._slot(path))

    def _marked(self, slot: dict[str, Stamp | None], key: str) -> str:
        return key if slot is self.inside else "!" + key

    def refuse(self, why: str) -> None:
        self.refused = self.refused or why

    def quoted(self, path: Path | str, first: int, last: int) -> None:
        self.quotes.setdefault(self.digest_key(path), []).append((first, last))

    def opaque(self, path: Path | str) -> None:
        self.opaques.add(os.path.realpath(path))

    def spelled(self, words: Iterable[str]) -> None:
        self.words.update(words)

    def defines(self, path: Path | str) -> None:
        self.defining.add(self.digest_key(path))

    def names(self, path: Path | str, names: Iterable[str]) -> None:
        self.looked.setdefault(self.real(path), set()).update(names)

    def listed(self, path: Path | str) -> None:
        self.listing.add(self.real(path))

    def real(self, path: Path | str) -> str:
        text = os.fspath(path)
        found = self._real.get(text)
        if found is None:
            found = self._real[text] = os.path.realpath(text)
        return found

    def questions(self, table: dict[str, Any]) -> None:
        for part, entries in table.items():
            self.asked.setdefault(part, {}).update(entries)

    def facts(self, path: Path | str, record: dict[str, Any]) -> None:
        self.views[self.digest_key(path)] = record

    def side_store(self, memo: RunMemo) -> dict[str, Any]:
        """The `digests` store: each file's content hash, the meaning digest (with the quoted
        spans it covers) of each file holding a row's definition, and the words it kept. Those
        files only: each digest tokenizes its whole file, and the modules of variant classes and
        bases the run also quoted number 128 on the bench's tree, against its 11 row modules. `memo`:
        the run's parses (read/asts.py), whose trees the skeleton digests take."""
        with collector_paused():  # token rows by the 100,000 over a run's heap (store/memory.py)
            return self._side_store(memo)

    def _side_store(self, memo: RunMemo) -> dict[str, Any]:
        from type_equiv.warm.meaning import meaning_digest  # not for a replay's start-up

        content = self.all_digests()
        words = sorted(self.words)
        meaning: dict[str, Any] = {}
        facts: dict[str, Any] = {}
        for key, path, stamp in sorted(self._noted()):
            view = self.views.get(key)
            spans = self.quotes.get(key) if key in self.defining else None
            if (view is None and not spans) or stamp is None or key not in content:
                continue
            if self.opaques and os.path.realpath(path) in self.opaques:
                continue
            data = stable_bytes(path, stamp)  # read once for both digests
            if data is None or digest(data) != content[key]:
                continue
            if view is not None:  # the size: statements appended to these bytes are judged alone
                facts[key] = {**view, **self._unseen(key, path, data, words, memo), "size": len(data)}
            if spans:
                kept = sorted(set(spans))
                found = meaning_digest(data, kept, words)
                if found is not None:
                    meaning[key] = [found, kept]
        return {"content": content, "meaning": meaning, "words": words, "facts": facts,
                "questions": self.asked}

    def _unseen(self, key: str, path: str, data: bytes, words: list[str], memo: RunMemo
                ) -> dict[str, Any]:
        """What, beside the producer scan's view, a check sees of a file the scan read: of one only
        the scan and comment searches read, its comment lines; of one other stages read too (a
        row's module, a quoted or followed one), its skeleton (meaning.skeleton_digest) over the
        lines they quoted: all of it but its inert top-level statements and, unless a stage read
        its names whole (`listed`), the definitions binding only names no stage asked of it."""
        from type_equiv.warm.meaning import comment_digest, skeleton_digest

        if key not in self.touched and key not in self.quotes and key not in self.defining:
            return {"comments": comment_digest(data, words)}
        spans = sorted(set(self.quotes.get(key, [])))
        real = self.real(path)
        asked = None if real in self.listing else sorted(self.looked.get(real, ()))
        seen = skeleton_digest(data, spans, words, asked, memo=memo)
        return {"skeleton": seen, "spans": spans, "asked": asked}

    def all_digests(self) -> dict[str, str]:
        """Each noted regular file's content hash: as read by the run, else read now while its stamp
        still is the noted one (before and after the read: a file changing meanwhile gets none)."""
        out: dict[str, str] = {}
        for key, path, stamp in self._noted():
            known = self.digests.get(key)
            if known is not None:
                out[key] = known
            elif stamp is not None and (dig := stable_digest(path, stamp)) is not None:
                out[key] = dig
        return out

    def _noted(self) -> Iterator[tuple[str, str, Stamp | None]]:
        """(digest key, path, noted stamp) of every path noted, under the root and outside it."""
        for prefix, mark, slot in ((self.prefix, "", self.inside), ("", "!", self.outside)):
            for key, stamp in slot.items():
                yield mark + key, prefix + key, stamp

    def settle_racy(self) -> None:
        """A file changed moments before it was read may change again without its stamp moving
        (file system clocks tick coarsely), so its stamp proves nothing. The run is still kept when
        the content hash of the very bytes it read is known: that file's stamp is stored smudged
        (`_kept`), the next check always finds it in doubt and compares content, as git does with a
        racily clean index entry. A path read without its hash (a doc, a folder's listing) refuses
        the record."""
        for key in sorted(self.racy):
            if key not in self.digests:
                self.refuse(f"{key.removeprefix('!')} changed moments ago")
                return

    def _kept(self, key: str, stamp: Stamp | None) -> list[int] | None:
        """A stamp as the record keeps it: a racy file's smudged (a size no file has), so `stat`
        never vouches for it (`settle_racy`)."""
        if stamp is None:
            return None
        return [-1, *stamp.to_json()[1:]] if key in self.racy else stamp.to_json()

    def folders(self) -> Folders:
        """Paths under the root grouped by folder (`{"pkg/sub": {"mod.py": stamp}}`): a warm check
        loads this, so it is kept small."""
        inside: Folders = {}
        for key, stamp in sorted(self.inside.items()):
            folder, _, name = key.rpartition("/")
            inside.setdefault(folder, {})[name] = self._kept(key, stamp)
        return inside

    def others(self) -> dict[str, Any]:
        """Paths outside the root (or spelled oddly), absolute: always stat'ed."""
        return {key: self._kept("!" + key, stamp) for key, stamp in self.outside.items()}


def root_prefix(root: Path) -> str:
    return str(root).rstrip(os.sep) + os.sep
