"""What the producer scan saw of one file, as a digest: an edit that keeps it cannot change any verdict.

A file's part in a run is decided by the scan's questions alone: the answer to each filter asked of it
(filters are asked in order and stop at the first miss, so equal answers mean the same files were
candidates), a probe's needles, its records under each spellings it was walked with, its top-level
bindings (what the resolver follows), and whether it decodes. The scanner hands the run's log the
questions (`Questions`) and, per file, the digest of its answers (`view`) with the keys asked; a warm
check in doubt about an edited file asks the same questions of its new text (`answers`) and compares
digests (warm/replay.py): equal, and every verdict of the recorded run holds.
"""

from __future__ import annotations

import ast
import hashlib
import json
import keyword
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from type_equiv.producers.records import DECLARED, TOKEN, Spellings
from type_equiv.producers.scan.needles import Needles, Tokens, text_of
from type_equiv.read.log import ReadLog
from type_equiv.read.walk import walk

if TYPE_CHECKING:
    from type_equiv.producers.scan.scan import TreeScanner
    from type_equiv.read.asts import RunMemo


@dataclass
class Questions:
    """Every question a run's scan asked, by the key its answers are stored under."""

    needles: dict[str, Needles] = field(default_factory=dict)  # a filter's key → the filter
    probes: dict[str, str] = field(default_factory=dict)  # a probe's key → its last filter's key
    spellings: dict[str, Spellings] = field(default_factory=dict)  # a walk's key → its spellings

    def to_data(self) -> dict[str, Any]:
        return {
            "needles": {k: [list(n.words), n.whole, n.code] for k, n in self.needles.items()},
            "probes": dict(self.probes),
            "spellings": {k: [sorted(s.names), sorted(s.values), sorted(s.tag_fields), s.declarations]
                          for k, s in self.spellings.items()},
        }

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Questions:
        """The inverse of `to_data`; raises ValueError, KeyError or TypeError on damaged data."""
        return cls(
            {str(k): Needles(tuple(map(str, w)), bool(whole), bool(code))
             for k, (w, whole, code) in data["needles"].items()},
            {str(k): str(v) for k, v in data["probes"].items()},
            {str(k): Spellings(frozenset(n), frozenset(v), frozenset(t), bool(d))
             for k, (n, v, t, d) in data["spellings"].items()},
        )


def keys_of(data: Mapping[str, Any]) -> list[list[str]]:
    """The keys of a file's stored answers: filters, walks, probes, and its declarations if asked."""
    return [sorted(data.get("h", {})), sorted(data.get("s", {})), sorted(data.get("w", {})),
            [DECLARED] if DECLARED in data else []]


def view(data: Mapping[str, Any]) -> str:
    """The digest of a file's answers, as the scan's cache entry holds them (`h` filter hits, `s`
    records by walk, `w` probe needles, `d` declarations, `b` bindings, `m` module and package, `n`
    undecodable). Records are named tuples when just walked and lists when loaded: both dump to the
    same JSON. Equal declarations answer every level of the carrier search alike."""
    hits, scans, words = data.get("h", {}), data.get("s", {}), data.get("w", {})
    declared = data.get(DECLARED)
    bound = _resolving(data.get("b"), data.get("m")) if scans or declared is not None else None
    parts = [bool(data.get("n")), sorted(hits.items()), [[k, scans[k]] for k in sorted(scans)],
             [[k, list(words[k])] for k in sorted(words)], bound]
    if declared is not None:
        parts.append(declared)
    text = json.dumps(parts, separators=(",", ":"), ensure_ascii=False)
    return hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


def _resolving(bound: Any, named: Any) -> Any:
    """What of a module's bindings can change a name's resolution elsewhere. The resolver
    (read/names.py, `Resolver._resolve`) answers a name the module binds to itself (a `def`, a class,
    `X = 1`: `module.X`) exactly as one it does not bind — the dotted name as written — unless a star
    import could have bound it instead: so without star imports only the names bound elsewhere count
    (imports, aliases), and a statement defining a new name changes no resolution. The stages that
    read a module's names as such (suggestions, unseen bases) read files the scan does not own alone."""
    if not (isinstance(bound, list) and len(bound) == 2 and isinstance(bound[0], dict)
            and isinstance(named, list) and named and isinstance(named[0], str)):
        return bound
    names, stars = bound
    if stars:
        return bound
    module = named[0]
    return [{name: to for name, to in names.items() if to != f"{module}.{name}"}, stars]


def answers(module: str, package: bool, data: bytes, path: Path, questions: Questions,
            keys: Sequence[Sequence[str]], memo: RunMemo) -> dict[str, Any]:
    """The same questions (`keys`: filters, walks, probes) asked of a file's bytes now, in the shape
    `view` digests, parsed and walked through the warm check's `memo` (read/asts.py). Raises
    KeyError when a key is not among `questions`."""
    from type_equiv.producers.walk.sites import declared_module, scan_module  # the walk: not for a replay

    text = text_of(data, path)
    if text is None:
        return {"n": True}
    tokens = Tokens(text, module)
    hits, walks, probes, *declared = keys
    out: dict[str, Any] = {"m": [module, package],
                           "h": {k: _found(questions.needles[k], text, tokens) for k in hits}}
    if declared and declared[0]:
        out[DECLARED], bindings = declared_module(module, package, text, memo)
        if bindings is not None:
            out["b"] = [bindings.names, bindings.stars]
    scans: dict[str, Any] = {}
    for key in walks:
        scans[key], bindings = scan_module(module, package, text, questions.spellings[key], memo)
        if bindings is not None:
            out["b"] = [bindings.names, bindings.stars]
    out["s"] = scans
    out["w"] = {k: questions.needles[questions.probes[k]].held(text, tokens) for k in probes}
    return out


_STAR = re.compile(r"\bimport\b[\s\\]*\*")  # a star import: names no text of the module spells
# what an appended statement may hold: no scope of its own (its parameters, targets), no binding
_UNSCOPED = (ast.Lambda, ast.NamedExpr, ast.ListComp, ast.SetComp, ast.DictComp, ast.GeneratorExp,
             ast.Yield, ast.YieldFrom, ast.Await)


def unchanged_by(old: str, added: str, stmts: Sequence[ast.stmt], questions: Questions,
                 keys: Sequence[Sequence[str]]) -> bool:
    """Whether appending `stmts` (the whole top-level statements of the text `added`) to a module of
    text `old` leaves every answer `answers` gave under `keys` as it was, without a walk.

    They do when the statements are expressions and assignments to plain names (no definition,
    import, scope or `:=`), and every word of `added` (its names, attributes, keywords, strings) is
    unknown to the old text and to every question (but a filter's or probe's substring the old
    text holds too, such as `=`): then no filter or probe answers otherwise, no walk records
    anything of them (a record needs a spelled name, value or tag field) nor anything new of the
    old statements (which read none of their names, while they read none of the old ones), and
    they bind only new names to the module itself, which a resolution elsewhere reads as unbound
    (`_resolving`) — unless a star import could bind them (refused). ASCII only: a name in another
    Unicode form is the same name to Python (NFKC)."""
    if not added.isascii() or _STAR.search(old):
        return False
    for stmt in stmts:
        if not isinstance(stmt, ast.Expr | ast.Assign) or (isinstance(stmt, ast.Assign) and not all(
                isinstance(node, ast.Name | ast.Tuple | ast.List | ast.Starred | ast.Store)
                for target in stmt.targets for node in walk(target))):
            return False
        if any(isinstance(node, _UNSCOPED) for node in walk(stmt)):
            return False
    words = set(TOKEN.findall(added))
    if any(word.startswith("__") for word in words):  # `__all__`, `__getattr__`: read whole
        return False
    hits, walks, probes, *_ = keys
    spelled: set[str] = set()
    for key in walks:
        spellings = questions.spellings[key]
        spelled.update(part for name in spellings.names for part in name.split("."))
        spelled.update(word for text in (*spellings.values, *spellings.tag_fields)
                       for word in TOKEN.findall(text))
    if not words.isdisjoint(spelled):
        return False
    # a filter's answer stays when the appended text holds none of its words or the old text holds
    # one it holds (True stays True); a probe's when each word the appended text holds, the old held.
    # A word holds no line end, so none spans the old text's last one.
    for needles, probe in [*((questions.needles[k], False) for k in hits),
                           *((questions.needles[questions.probes[k]], True) for k in probes)]:
        whole, _, others = needles.parts
        held = [word for word in others if word in added]
        if not words.isdisjoint(whole) or any("\n" in word for word in others):
            return False
        if held and not (all if probe else any)(word in old for word in held):
            return False
    # a word of the old text as a whole token (a substring test first: most new names are in no text)
    names = sorted(word for word in words
                   if not word[0].isdigit() and not keyword.iskeyword(word) and word in old)
    shared = re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, names)) + r")(?!\w)")
    return not names or shared.search(old) is None


def _found(needles: Needles, text: str, tokens: Tokens) -> bool:
    """`Needles.found_in` for one file: the same answer (a name is one of the file's tokens, or a
    word a substring), without compiling the trie regex a whole tree's search pays for once."""
    names, _, others = needles.parts
    if names and not names.isdisjoint(tokens.get()):
        return True
    return any(word in text for word in others)


def note(scanner: TreeScanner, log: ReadLog) -> None:
    """Hand the run's log every question the scanner asked and each cached file's view (after
    `scanner.save`, so an entry holds the answers of this run's questions only)."""
    if scanner.table is None:
        return
    questions = Questions()
    for filters, spellings, key in scanner.asked:
        questions.needles.update((n.key, n) for n in filters)
        if spellings is not None:
            questions.spellings[key] = spellings
        elif filters:
            questions.probes[key] = filters[-1].key
    log.questions(questions.to_data())
    for index, entry in scanner.valid.items():
        if entry is not None:
            file = scanner.files[index]
            log.facts(file.path, {"view": view(entry.data), "module": file.module,
                                  "package": file.package, "keys": keys_of(entry.data)})
