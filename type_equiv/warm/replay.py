"""Warm checks: when nothing a check read has changed, the last check's events are replayed.

A run notes everything its result depends on as it reads it (its `ReadLog`, read/log.py): the manifest,
docs, modules, the lock file, each file of the producer scan, each folder it listed (a file added
or removed changes its folder's stamp), and the module paths it looked for and did not find. When
the run ends cleanly its events are stored (cache store `run`), and the stamps of the paths under the
root apart (`stamps`). The next check with the same options stats those paths (freshness.py); if
every stamp is the same, it replays the events without importing the pipeline — a warm check costs
start-up and `stat` calls. With `type-equiv monitor` running (journal.py), the record also holds
the journal's position from before the run's first read, and the paths the journal cannot see
(`unvouched`, with their stamps): when the journal has seen no change since, only those are stat'ed,
and the stamps store is not even read.

A stamp that moved (`touch`, `git checkout` of the same bytes, an edit) is in doubt, not changed:
the file's content hash, kept per run in a side store (`digests`, read only then), decides. A match
replays, and the record takes the new stamp once it is old enough to trust. For a Python file whose
definitions the run read, the side store also keeps its meaning digest (meaning.py: its tokens, the
lines the run quoted, the comments a stage reads): an edit that keeps it (a comment, trailing
blanks) cannot change the answer, so it replays too, and the record takes the new content hash.
A file the producer scan read keeps what the scan saw of it (producers/scan/facts.py) and what the other
stages see: its comment lines when only the scan read it, else its skeleton (meaning.skeleton_digest:
all but its inert top-level statements). An edit that keeps both (a `print` appended to a row's own
module) replays as well. The run also notes which top-level names each stage asked of each module
(`ReadLog.names`: resolver lookups, definitions read by name, a paste's names looked up in its source)
and which modules' names a stage read whole (`ReadLog.listed`: a star import followed, a suggestion
listing, a table handed on, mypy's build); the skeleton of a module not listed also leaves out the
definitions and assignments that bind only names nobody asked, so a new `X = 1` or `def` appended to
a row's own module replays when the scan's view holds too.

A run that started mypy, imported project code (`--schema`, `schema`/`fixtures` rows) or listed
files with git (retired spellings) is replayed too: mypy's build graph, the modules an import loaded
(with the places a missing module would appear) and what decides git's listing (its index, the
ignore files, the folders of the listed files) are noted like any other read
(drift/judges/inputs.py, importing.py, guards/retired.py).

What is never replayed, because its inputs are not files of the tree or are not this process's:
`--base` (a ref moves without a file of the tree changing), file arguments (pre-commit), a run that
failed, a run whose mypy build or import failed, and a run that read a file changed in the last
`RACY_NS` (it may change again unseen by `stat`) without hashing the bytes it read (a doc, a folder's
listing). A Python file the run hashed as it read it keeps the record: its stamp is stored smudged,
so every later check compares its content until a stamp old enough to trust replaces it.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from type_equiv.read.log import NO_LOG, ReadLog
from type_equiv.store.cache import FORMAT, Cache, Stamp, digest, key_of
from type_equiv.warm import journal as monitor
from type_equiv.warm.freshness import Folders, Moved, journaled, moved, stable_bytes
from type_equiv.warm.inputs import Inputs, root_prefix
from type_equiv.warm.journal import Reply

if TYPE_CHECKING:
    import ast

    from type_equiv.model.options import CheckOptions
    from type_equiv.model.run import RunStats
    from type_equiv.model.session import SessionEvent
    from type_equiv.read.asts import RunMemo
    from type_equiv.warm.appended import Appended

STORE = "run"
STAMPS = "stamps"  # the stamps of a run's paths under the root, read only when the journal can't vouch
DIGESTS = "digests"  # meaning digests of a run's files (and shards' count), read when a stamp is in doubt
FACTS = "facts"  # per shard of `digests`: what the producer scan saw of each file only it read
SHARD_FILES = 256  # content hashes per `digests.N` store, about: a stamp in doubt loads one of them


def _replayable(options: CheckOptions) -> bool:
    return options.cache_dir is not None and options.files is None and options.base is None


def _key(options: CheckOptions) -> str:
    return key_of(FORMAT, str(options.root), str(options.manifest), list(options.symbols))


class Record:
    """A stored run: its events, its rendered output per view, and what it read.

    A view is (format, quiet, colour): replaying a view already rendered once writes its bytes back
    without importing pydantic or the renderers. Colour is never stored (it depends on the terminal).
    The payload holds `outside` and `unvouched` stamps; the stamps store holds `inside`, and is
    loaded (`stamps`) only when the monitor's journal cannot answer for the tree.
    """

    def __init__(self, options: CheckOptions, payload: dict[str, Any],
                 stamps: dict[str, Any] | None = None) -> None:
        self.options = options
        self.payload = payload
        self.stamps = stamps
        self.journal: Reply | None = None  # what the monitor answered when this record was opened

    @classmethod
    def open(cls, options: CheckOptions, memo: RunMemo) -> Record | None:
        """The last run with these options, if nothing it read has changed since (a file in doubt
        parsed through `memo`, the check's own: a run that follows takes the trees)."""
        if not _replayable(options):
            return None
        assert options.cache_dir is not None
        payload = Cache(options.cache_dir, options.root).load(STORE, _key(options))
        if not isinstance(payload, dict):
            return None
        record = cls(options, payload)
        try:
            if not record._unchanged(memo):
                return None
        except (KeyError, TypeError, ValueError, AttributeError):
            return None
        return record

    def _unchanged(self, memo: RunMemo) -> bool:
        """Whether every path the run read is as it was; stamps that moved on the same bytes are
        taken (once old enough to trust), and a journal's position now (when all was stat'ed)."""
        since = self.payload.get("monitor")
        journal = self.journal = monitor.ask(self.options.root, since if isinstance(since, str) else None)
        if journal is not None and journal.changed == []:
            inside: Folders = self.payload["unvouched"]  # the journal vouches for all the rest
        else:
            self.stamps = self._cache().load(STAMPS, self.stamps_key())
            if not isinstance(self.stamps, dict):
                return False
            inside = self.stamps["inside"]
            if journal is not None and journal.changed is not None:
                inside = journaled(inside, journal.changed, journal.unwatched)
        doubt = moved(root_prefix(self.options.root), inside, self.payload["outside"])
        taken = self._same_content(doubt, memo) if doubt else []
        if doubt is None or taken is None:
            return False
        for folder, name, _, stamp in taken:
            self._take(folder, name, stamp)
        if journal is not None and journal.changed is None and self.stamps is not None:
            # every path was stat'ed: the journal's position now is a safe start for the next check
            self.payload["monitor"] = journal.now
            self.payload["unvouched"] = journaled(self.stamps["inside"], [], journal.unwatched)
            self.save()
        elif taken:
            self.save()  # new stamps, old enough to trust, spare the next check the hashing
        return True

    def _same_content(self, doubt: list[Moved], memo: RunMemo) -> list[Moved] | None:
        """None unless every file in doubt still holds the bytes the recorded run read (by content
        hash), or bytes of the same meaning (meaning.py); else those whose new stamp is old enough
        to be trusted by `stat` alone. A file of the same meaning taken so has its new content hash
        kept too, so the next check replays by `stat` (and its size, so statements appended next are
        judged against its new bytes)."""
        store = self._cache().load(DIGESTS, self.stamps_key())
        count = store.get("shards") if isinstance(store, dict) else None
        if not isinstance(count, int) or count < 1:
            return None
        now = time.time_ns()
        keys = Inputs(self.options.root)
        taken, shards, renewed, views = [], dict[int, Any](), set[int](), dict[int, Any]()
        meanings = store.get("meaning")
        if isinstance(meanings, dict):  # a file no meaning digest can clear first: it may end it all
            doubt = sorted(doubt, key=lambda entry: keys.digest_key(entry[2]) in meanings)
        for entry in doubt:
            path, stamp = entry[2], entry[3]
            key = keys.digest_key(path)
            number = shard_of(key, count)
            if number not in shards:
                shards[number] = self._cache().load(f"{DIGESTS}.{number}", self.stamps_key())
            content = shards[number]
            known = content.get(key) if isinstance(content, dict) else None
            data = stable_bytes(path, stamp) if isinstance(known, str) else None
            if data is None:
                return None
            now_digest = digest(data)
            if now_digest != known and not self._same_answer(
                    data, store, key, path, str(known), views.setdefault(number, self._views(number)), memo):
                return None
            if not stamp.racy(now):
                taken.append(entry)
                if now_digest != known:
                    renewed.add(number)
                    _resized(views.get(number), key, len(data))
                content[key] = now_digest
        for number in renewed:
            self._cache().save(f"{DIGESTS}.{number}", self.stamps_key(), shards[number])
            if isinstance(views.get(number), dict):
                self._cache().save(f"{FACTS}.{number}", self.stamps_key(), views[number])
        return taken

    def _views(self, number: int) -> Any:
        return self._cache().load(f"{FACTS}.{number}", self.stamps_key())

    def _same_answer(self, data: bytes, store: dict[str, Any], key: str, path: str, known: str,
                     views: Any, memo: RunMemo) -> bool:
        """Whether `data`, no longer the recorded bytes of the file (content hash `known`), cannot
        change the answer: the same meaning digest, or what the producer scan and the other readers
        see of it is the same (`_same_facts`). Statements appended to the recorded bytes
        (appended.py) change its meaning digest, which is not computed then."""
        from type_equiv.warm import appended

        kept = views.get(key) if isinstance(views, dict) else None
        added = appended.split(data, kept.get("size"), known) if isinstance(kept, dict) else None
        stmts = added.statements if added is not None else None
        if not stmts and _same_meaning(data, store, key):
            return True
        if not isinstance(kept, dict):
            return False
        try:
            return self._same_facts(data, store, path, kept, added if stmts else None, stmts or [], memo)
        except (KeyError, TypeError, ValueError):
            return False

    def _same_facts(self, data: bytes, store: dict[str, Any], path: str, kept: dict[str, Any],
                    added: Appended | None, stmts: list[ast.stmt], memo: RunMemo) -> bool:
        """Whether the producer scan would see the same in `data` (producers/scan/facts.py), and every
        other reader too: the same comment lines (a file only the scan and comment searches read)
        or the same skeleton (one other stages read: meaning.skeleton_digest). With `added` (the
        recorded text and whole statements appended to it: appended.py) both are judged from the
        appended statements alone where they can be, without parsing or walking the file."""
        from type_equiv.warm.appended import same_skeleton, spans_inside
        from type_equiv.warm.meaning import comment_digest, skeleton_digest

        words = [str(word) for word in store.get("words", [])]
        if "skeleton" in kept:
            spans = [(int(first), int(last)) for first, last in kept["spans"]]
            asked = kept.get("asked")
            names = None if asked is None else [str(name) for name in asked]
            if not (added is not None and isinstance(kept["skeleton"], str) and spans_inside(spans, added.old)
                    and same_skeleton(added, stmts, words, names)):
                seen = skeleton_digest(data, spans, words, names, memo=memo)
                if seen is None or seen != kept["skeleton"]:
                    return False
        elif (seen := comment_digest(data, words)) is None or seen != kept["comments"]:
            return False
        from type_equiv.producers.scan import facts  # the scan's questions: only when a file is in doubt

        questions = facts.Questions.from_data(store["questions"])
        if added is not None and facts.unchanged_by(added.old, added.added, stmts, questions, kept["keys"]):
            return True
        now = facts.answers(str(kept["module"]), bool(kept["package"]), data, Path(path), questions,
                            kept["keys"], memo)
        return bool(facts.view(now) == kept["view"])

    def _take(self, folder: str | None, name: str, stamp: Stamp) -> None:
        """A moved stamp confirmed by content replaces the recorded one wherever it is kept."""
        homes = ([self.payload["outside"]] if folder is None else
                 [group[folder] for group in (self.payload["unvouched"],
                                              self.stamps["inside"] if self.stamps else {})
                  if folder in group])
        for names in homes:
            if name in names:
                names[name] = stamp.to_json()

    def _cache(self) -> Cache:
        assert self.options.cache_dir is not None
        return Cache(self.options.cache_dir, self.options.root)

    def stamps_key(self) -> str:
        return key_of(_key(self.options), self.payload.get("id"))

    def output(self, view: tuple[str, bool, bool]) -> tuple[str, str, int] | None:
        shown = self.payload.get("outputs", {}).get(_view(view))
        if not (isinstance(shown, list) and len(shown) == 3 and isinstance(shown[0], str)
                and isinstance(shown[1], str) and isinstance(shown[2], int)):
            return None
        return shown[0], shown[1], shown[2]

    def events(self) -> list[SessionEvent] | None:
        from pydantic import TypeAdapter

        from type_equiv.model.session import SessionEvent

        adapter: TypeAdapter[SessionEvent] = TypeAdapter(SessionEvent)
        try:
            return [adapter.validate_python(event) for event in self.payload["events"]]
        except (KeyError, TypeError, ValueError):  # pydantic's errors are ValueErrors
            return None

    def keep(self, view: tuple[str, bool, bool], out: str, err: str, code: int) -> None:
        """Store this view's rendered output with the record (a colour view never)."""
        if view[2]:
            return
        self.payload.setdefault("outputs", {})[_view(view)] = [out, err, code]
        self._cache().save(STORE, _key(self.options), self.payload)

    def save(self) -> None:
        """The payload, and the stamps store when this record holds it."""
        cache = self._cache()
        if self.stamps is not None:
            cache.save(STAMPS, self.stamps_key(), self.stamps)
        cache.save(STORE, _key(self.options), self.payload)


def _resized(views: Any, key: str, size: int) -> None:
    """A file whose new bytes were taken as the recorded ones (the same answer) is their size now:
    statements appended to those bytes next are judged alone against them (appended.py)."""
    kept = views.get(key) if isinstance(views, dict) else None
    if isinstance(kept, dict) and "size" in kept:
        kept["size"] = size


def _same_meaning(data: bytes, store: dict[str, Any], key: str) -> bool:
    """Whether `data` has the meaning digest the recorded run kept for `key` (False: none kept)."""
    from type_equiv.warm.meaning import meaning_digest

    kept, words = store.get("meaning", {}).get(key), store.get("words", [])
    if not (isinstance(kept, list) and len(kept) == 2 and isinstance(kept[0], str)
            and isinstance(kept[1], list) and isinstance(words, list)):
        return False
    spans = [(int(first), int(last)) for first, last in kept[1]]
    return meaning_digest(data, spans, [str(word) for word in words]) == kept[0]


def _view(view: tuple[str, bool, bool]) -> str:
    fmt, quiet, colour = view
    return f"{fmt}/{'quiet' if quiet else 'full'}/{'colour' if colour else 'plain'}"


class Recording:
    """A check whose reads are noted as it runs, stored for replay when it ends cleanly.

    `log` and `memo` are handed to the pipeline (pipeline.Run); `record` passes the session's events
    through and, at a clean end, stores them with what the run read, unless something it depended on
    was not a noted file (it ran mypy, imported project code, or a stage refused).
    """

    def __init__(self, options: CheckOptions, memo: RunMemo) -> None:
        self.options = options
        self.memo = memo  # the run's parses (pipeline.Run): the skeleton digests take its trees
        self.inputs = Inputs(options.root) if _replayable(options) else None
        self.stored: Record | None = None
        if self.inputs is not None:
            self.inputs.journal = monitor.ask(options.root, None)  # before any read: later changes seen
            self.inputs.file(options.manifest)

    @property
    def log(self) -> ReadLog:
        return self.inputs if self.inputs is not None else NO_LOG

    def record(self, events: Iterable[SessionEvent], stats: RunStats) -> Iterator[SessionEvent]:
        from type_equiv.model.session import Failed, SessionEnd

        kept: list[SessionEvent] = []
        for event in events:
            if self.inputs is not None:
                kept.append(event)
            yield event
        end = kept[-1] if kept else None
        if isinstance(end, SessionEnd) and not isinstance(end.reason, Failed):
            self._store(kept, stats)

    def _store(self, events: list[SessionEvent], stats: RunStats) -> None:
        inputs, options = self.inputs, self.options
        if inputs is not None:
            inputs.settle_racy()
        if inputs is None or inputs.refused:
            return
        assert options.cache_dir is not None
        run_id = os.urandom(8).hex()  # ties the side stores (stamps, content hashes) to this record
        inside, seen = inputs.folders(), inputs.journal
        payload: dict[str, Any] = {
            "id": run_id, "outside": inputs.others(),
            "monitor": seen.now if seen is not None else None,
            "unvouched": journaled(inside, [], seen.unwatched) if seen is not None else {},
            "events": [event.model_dump(mode="json") for event in events],
        }
        self.stored = Record(options, payload, {"inside": inside})
        save_side_store(Cache(options.cache_dir, options.root), self.stored.stamps_key(),
                        inputs.side_store(self.memo))
        self.stored.save()


def shard_of(key: str, count: int) -> int:
    """Which of `count` `digests.N` stores holds the content hash of the file with digest key `key`."""
    return int(key_of(key), 16) % count


def save_side_store(cache: Cache, key: str, side: dict[str, Any]) -> None:
    """`Inputs.side_store` as the stores a check in doubt reads: the meaning digests and words in
    `digests`, the content hashes spread by `shard_of` over one store per `SHARD_FILES` files (a
    small project writes one)."""
    count = max(1, -(-len(side["content"]) // SHARD_FILES))
    shards: list[dict[str, str]] = [{} for _ in range(count)]
    views: list[dict[str, Any]] = [{} for _ in range(count)]
    for path, dig in side["content"].items():
        shards[shard_of(path, count)][path] = dig
    for path, view in side.get("facts", {}).items():
        views[shard_of(path, count)][path] = view
    for number, part in enumerate(shards):
        cache.save(f"{DIGESTS}.{number}", key, part)
        cache.save(f"{FACTS}.{number}", key, views[number])
    cache.save(DIGESTS, key, {"meaning": side["meaning"], "words": side["words"], "shards": count,
                              "questions": side.get("questions", {})})
