"""What makes a file a candidate of the producer scan: needles (substrings, or names as whole tokens)
found in its text, and its tokens, collected once; and its text as the scan decodes it. Pure text
work, shared by the scan (scan.py) and the warm check's comparison of one file (facts.py)."""

from __future__ import annotations

import ast
import functools
import io
import re
import sys
import tokenize
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from type_equiv.producers.records import TOKEN
from type_equiv.producers.syntax.unnamed import spelled_within
from type_equiv.store.cache import key_of

FEW_WORDS = 24  # up to this many needles are searched one by one, more by one regex


@functools.lru_cache(maxsize=64)
def needle_pattern(words: tuple[str, ...]) -> re.Pattern[str]:
    """One regex matching wherever any of `words` occurs, written as a trie (`Text(?:Part|Chunk)`):
    `re` then tries one branch per distinct next character instead of one per word."""
    trie: dict[str, Any] = {}
    for word in words:
        node = trie
        for ch in word:
            node = node.setdefault(ch, {})
        node[""] = {}

    def emit(node: dict[str, Any]) -> str:
        alts = [re.escape(ch) + emit(child) for ch, child in sorted(node.items()) if ch]
        if not alts:
            return ""
        body = alts[0] if len(alts) == 1 else "(?:" + "|".join(alts) + ")"
        return f"(?:{body})?" if "" in node else body

    return re.compile(emit(trie) if words else "(?!)")


@dataclass(frozen=True)
class Needles:
    """A filter: a file passes when at least one of `words` occurs in its text, as a substring.

    With `whole`, a word of word characters only (a name) counts only as one of the file's tokens
    (`Tokens`), as Python spells a name: a carrier round asks this of files it parsed already, since
    a name none of a file's tokens changes none of its records, so such a file is not parsed again.
    """

    words: tuple[str, ...]
    whole: bool = False
    code: bool = False  # `held`: only names the file's code spells, not its comments (`code_words`)

    @classmethod
    def of(cls, words: Iterable[str], whole: bool = False, code: bool = False) -> Needles:
        return cls(tuple(sorted(set(words))), whole, code)

    @functools.cached_property
    def key(self) -> str:
        kind = "code" if self.code else "tokens" if self.whole else "needles"
        return key_of(kind, self.words)

    @functools.cached_property
    def parts(self) -> tuple[frozenset[str], tuple[str, ...], tuple[str, ...]]:
        """(the words matched as whole tokens, as a set and in order; the words matched as substrings)."""
        names = tuple(w for w in self.words if self.whole and TOKEN.fullmatch(w))
        return frozenset(names), names, tuple(w for w in self.words if w not in names)

    def found_in(self, text: str, tokens: Tokens) -> bool:
        names, ordered, others = self.parts
        if names and tokens.may_spell(ordered) and not names.isdisjoint(tokens.get()):
            return True
        return bool(others) and _any_in(others, text)

    def held(self, text: str, tokens: Tokens) -> tuple[str, ...]:
        """The words that occur in `text`, each as `found_in` tests it."""
        names, _, _ = self.parts
        found = tokens.get() if names else frozenset()
        held = tuple(w for w in self.words if (w in found if w in names else w in text))
        return _in_code(held, text) if self.code and held else held


def _in_code(words: tuple[str, ...], text: str) -> tuple[str, ...]:
    """Those of `words` the module's code spells: a name only a comment or a bare string holds runs
    nothing, and one spelled only in functions the module never names is marked with them
    (syntax/unnamed.py `spelled_within`). A file Python cannot parse keeps every word, the cautious
    answer."""
    try:
        return spelled_within(ast.parse(text), text, frozenset(words))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return words


def _any_in(words: tuple[str, ...], text: str) -> bool:
    """Whether one of `words` is a substring of `text`: a few by `in`, many by one trie regex."""
    if len(words) <= FEW_WORDS:
        return any(w in text for w in words)
    return needle_pattern(words).search(text) is not None


class Tokens:
    """A file's tokens — every maximal run of word characters, and the parts of its module name (what
    a relative import resolves against) — the names it can spell; collected once, when a `whole`
    filter's words first occur in it as substrings, so later filters over it are set lookups."""

    def __init__(self, text: str, module: str = "") -> None:
        self.text = text
        self.module = module
        self.known: frozenset[str] | None = None

    def may_spell(self, words: tuple[str, ...]) -> bool:
        """Whether one of `words` can be a token: known ones looked up, else a substring test."""
        return self.known is not None or _any_in(words, self.text) or any(w in self.module for w in words)

    def get(self) -> frozenset[str]:
        if self.known is None:
            found = set(TOKEN.findall(self.text))
            found.update(self.module.split("."))
            self.known = frozenset(map(sys.intern, found))
        return self.known


def text_of(data: bytes, path: Path) -> str | None:
    """A Python file's text exactly as `sites.read_text` reads it: UTF-8 first (a BOM dropped),
    else its PEP 263 cookie; None when neither decodes."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        try:
            encoding, _ = tokenize.detect_encoding(io.BytesIO(data).readline)
            return data.decode(encoding)
        except (UnicodeDecodeError, SyntaxError, LookupError):
            return None
    return text[1:] if text.startswith("\ufeff") else text
