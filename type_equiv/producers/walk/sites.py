"""Step 1 of the producer check: one file's text → small site records. Pure, so it is cached.

`scan_module` parses one file with stdlib `ast` and walks it once (walker.py), recording every use of
a spelled name (a class, a vocabulary, an enum), every quoted tag or value where something could bind
it, the fields and parameters annotated with a spelled name, and the classes deriving from one.
Names resolve through the file's own imports only; joining across files is `join.py`'s work. The
records are plain tuples: they cross from worker processes and are stored in the cache as JSON.
`declared_module` walks a file's declarations once, before any spellings (declarations.py): the
facts every level of the carrier search is answered from. Every tree comes from the run's memo
(read/asts.py `RunMemo`), handed down by whoever runs the walks; what the walks keep beside its trees
(`WalkMemo`) is the run's too.
"""

from __future__ import annotations

import ast
import hashlib
import weakref
from collections import OrderedDict
from pathlib import Path

from type_equiv.producers.doors.doors import may_register
from type_equiv.producers.records import FileScan, Spellings
from type_equiv.producers.syntax.named import aliased
from type_equiv.producers.syntax.syntax import Scope
from type_equiv.producers.uses.memo import Answers, TreeMemo
from type_equiv.producers.walk.declarations import (
    SKELETON_CHARS,
    DeclarationWalker,
    Declared,
    FactsWalker,
    Skeletons,
)
from type_equiv.producers.walk.walker import Walker
from type_equiv.read.asts import RunMemo
from type_equiv.read.names import Bindings, module_bindings
from type_equiv.read.text import read_source
from type_equiv.store.safe import read_bounded

DEEP = (1, "too deeply nested to scan")
ANSWER_CHARS = 8_000_000  # the source characters whose answers a process's walks keep: ~1 byte each


class WalkMemo:
    """What one run's walks keep beside its trees (one per `RunMemo`: `memo.own(WalkMemo)`)."""

    def __init__(self) -> None:
        # per tree: its face onto the answers that need no spellings (memo.py), shared by every walk
        # of the tree under any spellings while the tree lives …
        self.trees: weakref.WeakKeyDictionary[ast.Module, TreeMemo] = weakref.WeakKeyDictionary()
        # … and per module text, the answers themselves, for the walks of a text parsed again (the
        # scan rounds, the facts comparison's walk per recorded spellings): they hold no node
        self.answers: OrderedDict[tuple[str, bool, bytes], tuple[int, Answers]] = OrderedDict()
        self.chars = 0
        self.skeletons = Skeletons(SKELETON_CHARS)  # what a carrier level walks (declarations.py)

    def tree_memo(self, tree: ast.Module, module: str, package: bool, text: str) -> TreeMemo:
        """The memo of a whole tree parsed from `text`: its text's answers, kept for the last
        `ANSWER_CHARS` characters of text walked."""
        found = self.trees.get(tree)
        if found is not None:
            return found
        digest = hashlib.blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).digest()
        key = (module, package, digest)
        kept = self.answers.pop(key, None)
        if kept is None:
            kept = (len(text), Answers())
            self.chars += len(text)
        self.answers[key] = kept
        while self.chars > ANSWER_CHARS and len(self.answers) > 1:
            _, (chars, _) = self.answers.popitem(last=False)
            self.chars -= chars
        found = self.trees[tree] = TreeMemo(kept[1])
        return found


def scan_text(module: str, package: bool, text: str, spellings: Spellings, memo: RunMemo) -> FileScan:
    """Parse one file's text and return its site records (pure; the cacheable unit of work)."""
    return scan_module(module, package, text, spellings, memo)[0]


def scan_module(module: str, package: bool, text: str, spellings: Spellings, memo: RunMemo
                ) -> tuple[FileScan, Bindings | None]:
    """`scan_text`, plus the module's top-level bindings from the same parse: the resolver then never
    parses a scanned module again to follow a re-export (scanning.py hands them over)."""
    parsed = _parsed(module, package, text, spellings.declarations, memo)
    if isinstance(parsed, FileScan):
        return parsed, None
    tree, bindings = parsed
    own = Bindings(dict(bindings.names), list(bindings.stars))  # the walker adds nested imports
    walker = (DeclarationWalker if spellings.declarations else Walker)(module, package, spellings, own)
    walker.registrations = may_register(text)
    walks = memo.own(WalkMemo)
    # a skeleton (declarations) is its own tree, kept by declarations.py, its nodes partly made in code
    walker.memo = (walks.trees.setdefault(tree, TreeMemo()) if spellings.declarations
                   else walks.tree_memo(tree, module, package, text))
    try:
        walker.body(tree.body, Scope(owner=module))
    except RecursionError:
        return FileScan(error=DEEP), bindings
    walker.anns.extend(aliased(tree, module, walker.anns))  # `get = get_app_setting` in a class body
    # a whole tree with a site in it: whether the function holding a site runs can matter
    held = not spellings.declarations and (walker.refs or walker.dicts or walker.lits)
    return FileScan(tuple(walker.refs), tuple(walker.dicts), tuple(walker.lits),
                    tuple(walker.anns), tuple(walker.classes), readers=tuple(walker.readers),
                    params=walker.memo.param_sites(tree, module),
                    unnamed=walker.memo.unnamed_functions(tree, text) if held else ()), bindings


def declared_module(module: str, package: bool, text: str, memo: RunMemo
                    ) -> tuple[Declared, Bindings | None]:
    """A module's declarations before any spellings (declarations.py `Declared`), from its skeleton:
    one walk answers every level of the carrier search."""
    parsed = _parsed(module, package, text, True, memo)
    if isinstance(parsed, FileScan):
        return Declared(error=parsed.error), None
    tree, bindings = parsed
    walker = FactsWalker(module, package, Bindings(dict(bindings.names), list(bindings.stars)))
    try:
        walker.body(tree.body, Scope(owner=module))
    except RecursionError:
        return Declared(error=DEEP), bindings
    return walker.declared(), bindings


def _parsed(module: str, package: bool, text: str, declarations: bool, memo: RunMemo
            ) -> tuple[ast.Module, Bindings] | FileScan:
    """The module's tree (its skeleton for a walk of declarations) and top-level bindings, or a
    `FileScan` saying why it cannot be walked."""
    skeletons = memo.own(WalkMemo).skeletons
    kept = skeletons.get(module, package, text) if declarations else None
    if kept is not None:
        return kept
    try:
        tree = memo.parse_whole(text)
    except SyntaxError as exc:
        # worded here, not in model/messages: a warm replay walks files and must not import pydantic
        return FileScan(error=(exc.lineno or 1, f"not valid Python: {exc.msg}"))
    except (ValueError, RecursionError, MemoryError) as exc:
        return FileScan(error=(1, f"cannot parse: {exc}"))
    bindings = module_bindings(tree, module, package)
    # what a later level of the carrier search walks, without parsing the module again
    kept = skeletons.put(module, package, text, tree, bindings)
    return kept if declarations and kept is not None else (tree, bindings)


def read_text(path: Path) -> str | None:
    """A file's text (UTF-8 fast path, then PEP 263 / BOM), or None when unreadable."""
    try:
        data = read_bounded(path)
    except OSError:
        return None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        try:
            return read_source(path)
        except (OSError, UnicodeDecodeError, SyntaxError, LookupError):
            return None
    return text[1:] if text.startswith("\ufeff") else text
