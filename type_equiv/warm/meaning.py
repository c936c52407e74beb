"""A Python file's meaning digest: what a check can see of it, so an edit that keeps it cannot
change the check's answer (an early cut-off of the warm replay, replay.py).

The stages read a source file through its tokens (`ast`, `tokenize`), except in known places where
raw text counts; the digest covers exactly those:

- the token stream without comments and blank-line tokens: each token's type, text and place (so a
  line inserted, which moves every later token, is a change). The places of NEWLINE, DEDENT and
  ENDMARKER are left out: they sit after a trailing comment or after the file's last comment line,
  and no parse reports them;
- the raw lines the run quoted (`ReadLog.quoted`): the statements libcst parsed for a definition,
  whose text a drift's `real`, the lock file and `sync` show;
- every raw line that could hold a comment a stage reads: a suppression (`type-equiv:`), mypy's
  `# type:` and `# mypy:` comments, and a retired spelling the guard counts anywhere (`words`).
  Lines are picked by a substring search over the whole text, so a string spelling one also counts:
  more is kept, never less.

A file that does not decode or tokenize has no digest (None): no cut-off. A file's skeleton digest
(`skeleton_digest`) is the same with its inert top-level statements (calls that bind nothing) left
out, and, given the names the run asked of the module, the definitions and assignments that bind
none of them: what the producer scan sees of them is judged apart (producers/scan/facts.py).
"""

from __future__ import annotations

import ast
import functools
import hashlib
import io
import re
import sys
import tokenize
from array import array
from bisect import bisect_right
from collections.abc import Collection, Iterable, Sequence
from itertools import accumulate, chain, compress
from operator import itemgetter

from type_equiv.read.asts import RunMemo
from type_equiv.read.literals import literal_alias_value
from type_equiv.read.narrower import name_union
from type_equiv.read.text import decode_source, split_lines

Span = tuple[int, int]  # first and last line, 1-based, inclusive
_DIRECTIVES = (r"type-equiv\s*:", r"#\s*type\s*:", r"#\s*mypy\s*:")  # `\s` may cross a line: kept whole
_PLACELESS = frozenset({tokenize.NEWLINE, tokenize.DEDENT, tokenize.ENDMARKER})
_SKIPPED = frozenset({tokenize.COMMENT, tokenize.NL})
# CPython 3.11's C tokenizer, as the parser runs it: comments and NL never leave it (a private
# module, used on the one version whose interface is known; every other takes `tokenize`)
FAST_TOKENIZER = sys.version_info[:2] == (3, 11)


def meaning_digest(data: bytes, spans: Iterable[Span], words: Iterable[str] = ()) -> str | None:
    """The digest of what a check can see of the Python source `data` (module docstring)."""
    try:
        text = decode_source(data)
        rows = _token_rows(text)
    except (SyntaxError, UnicodeDecodeError, LookupError, ValueError, tokenize.TokenError):
        return None
    return _digest("meaning/1", data, text, rows, spans, words)


def skeleton_digest(data: bytes, spans: Iterable[Span], words: Iterable[str] = (),
                    asked: Collection[str] | None = None, *, memo: RunMemo) -> str | None:
    """`meaning_digest` with the module's inert top-level statements left out (`inert`): with the
    producer scan's view of the file (producers/scan/facts.py), all a check sees of it. Every other stage
    reads a module through what it binds, defines and quotes, never through an expression statement,
    so one appended (a `print`, a call) keeps this digest while any binding, definition, import,
    moved line, quoted text or read comment changes it.

    With `asked`, the names the run asked of this module (read/log.py `ReadLog.names`; None when it
    read them whole), a statement that binds only names outside it is left out too (`unasked`): a
    `def` or `X = 1` nobody looked up resolves as an unbound name would, and what the scan saw of it
    is judged apart. The tree is the run's (`memo`): the facts comparison that follows walks it."""
    try:
        text = decode_source(data)
        tree = memo.parse_module(text)  # shared, so read only
        wanted = None if asked is None else frozenset(asked)
        left = [stmt for stmt in tree.body if inert(stmt) or (wanted is not None and unasked(stmt, wanted))]
        rows = _token_rows(_blanked(text, left))
    except (SyntaxError, UnicodeDecodeError, LookupError, ValueError, tokenize.TokenError,
            RecursionError, MemoryError):
        return None
    tag = "skeleton/1" if wanted is None else f"skeleton/2 {sorted(wanted)}"
    return _digest(tag, data, text, rows, spans, words)


def unasked(stmt: ast.stmt, asked: frozenset[str]) -> bool:
    """A top-level `def`, `class` or assignment of plain names to a value that is no name chain
    (an alias follows its target: the resolver reads it), none of whose names anyone asked: every
    name it may bind anywhere inside (targets, `:=`, nested definitions, `global`) counts, and a
    dunder (`__all__`, `__getattr__`) is always kept."""
    if isinstance(stmt, ast.Assign):
        if (not all(isinstance(target, ast.Name) for target in stmt.targets) or _chain(stmt.value)
                or literal_alias_value(stmt.value) or _union(stmt.value)):
            return False
    elif isinstance(stmt, ast.AnnAssign):
        if not isinstance(stmt.target, ast.Name) or (stmt.value is not None and (
                _chain(stmt.value) or literal_alias_value(stmt.value) or _union(stmt.value))):
            return False
    elif not isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
        return False
    todo: list[ast.AST] = [stmt]  # `ast.walk`, stopping at the first name that keeps the statement
    while todo:
        node = todo.pop()
        if isinstance(node, ast.Name):
            if not isinstance(node.ctx, ast.Load) and _kept(node.id, asked):
                return False
            continue  # a name's only child is its context
        if isinstance(node, ast.Global | ast.Nonlocal) and any(_kept(name, asked) for name in node.names):
            return False
        for field in _BINDING_FIELDS:  # def, class, parameter, import alias, except, match names
            value = getattr(node, field, None)
            if isinstance(value, str) and (_kept(value, asked) or _kept(value.split(".", 1)[0], asked)):
                return False
        for name in node._fields:  # `ast.iter_child_nodes`, without its generators
            value = getattr(node, name, None)
            if isinstance(value, list):
                todo.extend(child for child in value if isinstance(child, ast.AST))
            elif isinstance(value, ast.AST):
                todo.append(value)
    return True


def _kept(name: str, asked: frozenset[str]) -> bool:
    """A bound name that keeps its statement in the skeleton: one some stage asked, or a dunder."""
    return name in asked or name.startswith("__")


_BINDING_FIELDS = ("name", "asname", "arg", "rest")


def _union(node: ast.expr) -> bool:
    """`A | B`: a union of names, a literal alias's wider spelling (read/narrower.py)."""
    return isinstance(node, ast.BinOp | ast.Subscript) and bool(name_union(node))


def _chain(node: ast.expr) -> bool:
    """`a.b.c` or `a`: a name chain, what makes an assignment an alias (read/names.py)."""
    while isinstance(node, ast.Attribute):
        node = node.value
    return isinstance(node, ast.Name)


def _digest(tag: str, data: bytes, text: str, rows: list[Row], spans: Iterable[Span],
            words: Iterable[str]) -> str:
    """The digest of the token rows with the quoted lines and the read comment lines of `text`."""
    lines = split_lines(text)
    quoted = [(first, last, "".join(lines[first - 1:last])) for first, last in sorted(set(spans))]
    encoding = tokenize.detect_encoding(io.BytesIO(data).readline)[0]
    head = (tag, sys.version, encoding, quoted, _comment_lines(text, lines, words))
    hashed = hashlib.blake2b(repr(head).encode("utf-8", "surrogatepass"), digest_size=16)
    hashed.update(_packed(rows))
    return hashed.hexdigest()


def inert(stmt: ast.stmt) -> bool:
    """A top-level expression statement that binds nothing (no `:=`) and is no string (a docstring
    may be read): what it does happens at run time, where no stage but the producer scan looks."""
    return (isinstance(stmt, ast.Expr) and not isinstance(stmt.value, ast.Constant)
            and not any(isinstance(node, ast.NamedExpr) for node in ast.walk(stmt)))


def _blanked(text: str, stmts: Sequence[ast.stmt]) -> str:
    """`text` with each statement's characters made spaces: every other token keeps its place."""
    if not stmts:
        return text
    lines = split_lines(text)
    for stmt in stmts:
        first, last = stmt.lineno, stmt.end_lineno or stmt.lineno
        for number in range(first, last + 1):
            line = lines[number - 1]
            body = len(line.rstrip("\r\n"))
            start = _column(line, stmt.col_offset) if number == first else 0
            end = _column(line, stmt.end_col_offset or 0) if number == last else body
            lines[number - 1] = line[:start] + " " * (end - start) + line[end:]
    return "".join(lines)


def _column(line: str, offset: int) -> int:
    """The character column of `ast`'s UTF-8 byte offset into `line`."""
    return len(line.encode("utf-8", "surrogatepass")[:offset].decode("utf-8", "ignore"))


def comment_digest(data: bytes, words: Iterable[str]) -> str | None:
    """The digest of `data`'s comment lines alone (`_comment_lines`): with the producer scan's view
    (producers/scan/facts.py), all a check sees of a file only that scan and comment searches read."""
    try:
        text = decode_source(data)
    except (SyntaxError, UnicodeDecodeError, LookupError, ValueError):
        return None
    # most files hold no such line: one search answers them without splitting the text into lines
    found = comments_pattern(words).search(text) is not None
    head = ("comments/1", _comment_lines(text, split_lines(text), words) if found else [])
    return hashlib.blake2b(repr(head).encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


def _longest_first(words: Iterable[str]) -> tuple[str, ...]:
    """The words, each once, longest first: a match spans the longest word found at its place."""
    return tuple(sorted(set(words), key=lambda word: (-len(word), word)))


def comments_pattern(words: Iterable[str]) -> re.Pattern[str]:
    """The search for the lines that may hold a comment a stage reads (`_comment_lines`)."""
    return _comments_pattern(_longest_first(words))


@functools.lru_cache(maxsize=4)
def _comments_pattern(words: tuple[str, ...]) -> re.Pattern[str]:
    """`_comment_lines`'s search, compiled once per run (a side store digests thousands of files)."""
    return re.compile("|".join([*_DIRECTIVES, *(re.escape(word) for word in words)]))


Row = tuple[str, int, int, int, int, int]  # text, type, start line, end line, start column, end column


def _token_rows(text: str) -> list[Row]:
    """The tokens that are not comments or blank lines' NL: CPython 3.11's own tokenizer yields
    just those (as such rows, fast); on other versions the `tokenize` module, filtered."""
    if FAST_TOKENIZER:
        import _tokenize  # type: ignore[import-not-found]

        return list(map(itemgetter(0, 1, 2, 3, 4, 5), _tokenize.TokenizerIter(text)))
    # an INDENT's text is the whitespace itself, which the C tokenizer leaves out: its columns say
    # all a parse reports (a tab and a space are one column each)
    tokens = tokenize.generate_tokens(io.StringIO(text).readline)
    return [("" if t.type == tokenize.INDENT else t.string, t.type, t.start[0], t.end[0], t.start[1],
             t.end[1]) for t in tokens if t.type not in _SKIPPED]


def _packed(rows: list[Row]) -> bytes:
    """The rows as bytes, by columns (C loops: a file of 30,000 tokens in a few milliseconds). A
    NEWLINE, DEDENT or ENDMARKER keeps only its type: its place and text follow a trailing comment
    or the comment lines before it, and no parse reports them."""
    kinds = array("i", map(itemgetter(1), rows))
    placed = list(compress(rows, [kind not in _PLACELESS for kind in kinds]))
    places = array("i", chain.from_iterable(map(itemgetter(2, 3, 4, 5), placed)))
    texts = list(map(itemgetter(0), placed))
    joined = "".join(texts).encode("utf-8", "surrogatepass")
    return b"".join((kinds.tobytes(), places.tobytes(), array("i", map(len, texts)).tobytes(), joined))


def _comment_lines(text: str, lines: Sequence[str], words: Iterable[str]) -> list[tuple[int, str]]:
    """(number, text) of each line that may hold a comment some stage reads: every line a match
    of a directive or a word touches (one search over the whole text, then its lines)."""
    starts = list(accumulate(map(len, lines), initial=0))  # offset of each line in `text`
    numbers: set[int] = set()
    for found in comments_pattern(words).finditer(text):
        first = bisect_right(starts, found.start())
        numbers.update(range(first, max(first, bisect_right(starts, max(found.end() - 1, 0))) + 1))
    return [(number, lines[number - 1]) for number in sorted(numbers) if 0 < number <= len(lines)]
