"""Step 1 of the producer check: one file's text → small site records. Pure, so it is cached.

`scan_module` parses one file with stdlib `ast` and walks it once (walker.py), recording every use of
a spelled name (a class, a vocabulary, an enum), every quoted tag or value where something could bind
it, the fields and parameters annotated with a spelled name, and the classes deriving from one.
Names resolve through the file's own imports only; joining across files is `join.py`'s work. The
records are plain tuples: they cross from worker processes and are stored in the cache as JSON.
"""

from __future__ import annotations

from pathlib import Path

from type_equiv.producers.declarations import SKELETONS, DeclarationWalker
from type_equiv.producers.records import FileScan, Spellings
from type_equiv.producers.syntax import Scope
from type_equiv.producers.walker import Walker
from type_equiv.read.asts import parse_whole
from type_equiv.read.names import Bindings, module_bindings
from type_equiv.read.text import read_source
from type_equiv.store.safe import read_bounded


def scan_text(module: str, package: bool, text: str, spellings: Spellings) -> FileScan:
    """Parse one file's text and return its site records (pure; the cacheable unit of work)."""
    return scan_module(module, package, text, spellings)[0]


def scan_module(module: str, package: bool, text: str, spellings: Spellings
                ) -> tuple[FileScan, Bindings | None]:
    """`scan_text`, plus the module's top-level bindings from the same parse: the resolver then never
    parses a scanned module again to follow a re-export (scanning.py hands them over)."""
    kept = SKELETONS.get(module, package, text) if spellings.declarations else None
    if kept is None:
        try:
            tree = parse_whole(text)
        except SyntaxError as exc:
            # worded here, not in model/messages: a warm replay walks files and must not import pydantic
            return FileScan(error=(exc.lineno or 1, f"not valid Python: {exc.msg}")), None
        except (ValueError, RecursionError, MemoryError) as exc:
            return FileScan(error=(1, f"cannot parse: {exc}")), None
        bindings = module_bindings(tree, module, package)
        # what a later level of the carrier search walks, without parsing the module again
        kept = SKELETONS.put(module, package, text, tree, bindings)
        if spellings.declarations and kept is not None:
            tree = kept[0]
    else:
        tree, bindings = kept
    own = Bindings(dict(bindings.names), list(bindings.stars))  # the walker adds nested imports
    walker = (DeclarationWalker if spellings.declarations else Walker)(module, package, spellings, own)
    try:
        walker.body(tree.body, Scope(owner=module))
    except RecursionError:
        return FileScan(error=(1, "too deeply nested to scan")), bindings
    return FileScan(tuple(walker.refs), tuple(walker.dicts), tuple(walker.lits),
                    tuple(walker.anns), tuple(walker.classes), readers=tuple(walker.readers)), bindings


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
