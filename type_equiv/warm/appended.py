"""An edit that only appends whole top-level statements to a file, judged without parsing the file.

The commonest code edit a pre-commit check sees on a large module is lines added at its end. When a
file in doubt begins with exactly the bytes the recorded run read (the recorded size and content
hash), those bytes *are* the recorded file: what the run saw of them holds, and only the appended
text is new. If that text is whole top-level statements (`split`, `Appended.statements`), a reader
that sees a module statement by statement sees the old statements as before plus the new ones, so:

- the skeleton digest (meaning.py) is unchanged when every new statement is one the skeleton blanks
  (inert, or binding only names no stage asked), each on lines of its own, and no comment a stage
  reads (a suppression, a `# type:`, a retired word) touches the new text (`same_skeleton`);
- what the producer scan saw is unchanged when the new statements spell nothing it asked and share no
  name with the old text (producers/scan/facts.py `unchanged_by`).

Both hold for the bench's `_type_equiv_bench_touch_N = N`, so the check replays after hashing the
file and parsing only the appended lines. Anything else falls back to the whole file's digests.
"""

from __future__ import annotations

import ast
import io
import re
import tokenize
from collections.abc import Collection, Iterable
from dataclasses import dataclass
from typing import Any

from type_equiv.read.text import split_lines
from type_equiv.store.cache import digest
from type_equiv.warm.meaning import Span, comments_pattern, inert, unasked

UTF8 = ("utf-8", "utf-8-sig")


@dataclass(frozen=True)
class Appended:
    """A file's recorded text (`old`, as decoded: a BOM dropped) and the text appended to it."""

    old: str
    added: str

    @property
    def statements(self) -> list[ast.stmt] | None:
        """The appended text's statements, when it is whole top-level statements each on lines of
        its own (the first at column 0; after each, nothing but blanks or a comment on its line);
        None when it is not, or does not parse alone, or holds a `\\r` (a line end `ast` and
        `split_lines` might count apart)."""
        if "\r" in self.added:
            return None
        try:
            tree = ast.parse(self.added)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            return None
        lines = split_lines(self.added)
        last = 0
        for stmt in tree.body:
            end = stmt.end_lineno or stmt.lineno
            if stmt.col_offset != 0 or stmt.lineno <= last or end > len(lines):
                return None
            rest = lines[end - 1].encode("utf-8", "surrogatepass")[stmt.end_col_offset or 0:].strip()
            if rest and not rest.startswith(b"#"):
                return None  # `;`, a continuation: the statement shares its line
            last = end
        return tree.body


def split(data: bytes, size: Any, known: str) -> Appended | None:
    """`data` as the recorded file (`size` bytes with content hash `known`, ending a line) and text
    appended to it, both UTF-8 (the encoding cookie, in the first two lines, read as before)."""
    if not isinstance(size, int) or not 0 < size < len(data) or data[size - 1:size] != b"\n":
        return None
    head = data[:size]
    if digest(head) != known:
        return None
    try:
        encoding = tokenize.detect_encoding(io.BytesIO(head).readline)[0]
        if encoding not in UTF8 or head.count(b"\n") < 2:  # a cookie line may yet be appended
            return None
        return Appended(head.decode(encoding), data[size:].decode("utf-8"))
    except (SyntaxError, UnicodeDecodeError, LookupError):
        return None


def same_skeleton(appended: Appended, stmts: list[ast.stmt], words: Iterable[str],
                  asked: Collection[str] | None) -> bool:
    """Whether the file's skeleton digest (meaning.skeleton_digest with these `words` and `asked`)
    is the recorded one: every appended statement is blanked there (inert, or binding only names
    nobody asked), so its lines tokenize as blank ones, and no comment line a stage reads touches the
    appended text (the search over the whole new text finds the old text's matches and none past it).
    The quoted spans lie in the old text, unchanged."""
    wanted = None if asked is None else frozenset(asked)
    if not all(inert(stmt) or (wanted is not None and unasked(stmt, wanted)) for stmt in stmts):
        return False
    return not _crosses(comments_pattern(words), appended.old + appended.added, len(appended.old),
                        list(words))


def _crosses(pattern: re.Pattern[str], text: str, start: int, words: list[str]) -> bool:
    """Whether a match of the comment search (meaning.comments_pattern: three directives, then the
    words) in `text` ends past `start`, where the old text ends a line. A word holds no line end, so
    only a directive can span the boundary, through its whitespace: it then starts where the old
    text, blanks stripped, ends in `type-equiv`, `#`, or `#`, blanks and `type` or `mypy`."""
    if any("\n" in word or "\r" in word for word in words):
        return any(match.end() > start for match in pattern.finditer(text))
    if pattern.search(text, start) is not None:
        return True
    head = text[:start].rstrip()
    cut = head[:-4].rstrip() if head.endswith(("type", "mypy")) else head
    for at in {len(head) - len("type-equiv"), len(head) - 1, len(cut) - 1}:
        match = pattern.match(text, at) if at >= 0 else None
        if match is not None and match.end() > start:
            return True
    return False


def spans_inside(spans: Iterable[Span], old: str) -> bool:
    """Whether every quoted span lies in the old text's lines (it was quoted there: a check that
    costs a count of line ends, never less than the tokenizer's count of lines)."""
    count = old.count("\n")
    return all(0 < first <= last <= count for first, last in spans)
