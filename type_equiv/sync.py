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

import difflib
import errno
import io
import os
import stat
import tempfile
import tokenize
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import libcst as cst

from type_equiv.check import Sources, _real_shape
from type_equiv.compare import compare
from type_equiv.definitions import (
    PythonCode,
    find_definition,
    module_file,
    parse_python,
    top_level_definitions,
)
from type_equiv.errors import InputError
from type_equiv.findings import Finding, ParseError, PasteMissing
from type_equiv.lock import Entry, Lock, fingerprint, lock_path, parse_lock, updated
from type_equiv.manifest import SymbolRow, load_manifest
from type_equiv.pastes import CodeBlock, python_blocks
from type_equiv.shapes import Member, Shape, lower


class CannotPatch(Exception):
    """This strategy cannot rewrite this paste; the message says why (shown if no strategy can)."""


class Changed(Exception):
    """The file changed on disk between reading it and replacing it."""


# ---------------------------------------------------------------------------------------------------
# Files: raw lines, snapshots, atomic writes


def split_lines(text: str) -> tuple[list[str], list[str]]:
    """Lines and their endings, split exactly where CommonMark splits (`\\r\\n`, `\\r`, `\\n`)."""
    lines: list[str] = []
    eols: list[str] = []
    start = i = 0
    n = len(text)
    while i < n:
        c = text[i]
        if c == "\n" or c == "\r":
            eol = "\r\n" if c == "\r" and i + 1 < n and text[i + 1] == "\n" else c
            lines.append(text[start:i])
            eols.append(eol)
            i += len(eol)
            start = i
        else:
            i += 1
    if start < n:
        lines.append(text[start:])
        eols.append("")
    return lines, eols


@dataclass(frozen=True)
class Snapshot:
    """What a file held when it was read: its bytes and modification time, to detect a concurrent edit."""

    data: bytes
    mtime_ns: int
    mode: int

    @classmethod
    def take(cls, path: Path) -> Snapshot:
        with path.open("rb") as handle:
            info = os.fstat(handle.fileno())
            data = handle.read()
        return cls(data, info.st_mtime_ns, info.st_mode)

    def same_file(self, other: Snapshot) -> bool:
        return self.data == other.data and self.mtime_ns == other.mtime_ns


def write_atomic(path: Path, data: bytes, read: Snapshot | None) -> None:
    """Replace `path` with `data` via a temp file in the same directory (fsync, then os.replace).

    `read` is the snapshot taken when the content was read (None: the file did not exist); raises
    Changed, and leaves the file alone, when it no longer matches just before the replace.
    """
    target = path.resolve()
    if read is not None and (not read.mode & 0o222 or not os.access(target, os.W_OK)):
        raise PermissionError(errno.EACCES, "it is read-only")  # a rename would replace it regardless
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        if read is not None:
            os.chmod(tmp, stat.S_IMODE(read.mode))
        try:
            now: Snapshot | None = Snapshot.take(target)
        except FileNotFoundError:
            now = None
        if (now is None) != (read is None) or (now is not None and read is not None
                                               and not now.same_file(read)):
            raise Changed(f"{path} changed since it was read; not written")
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _fsync_dir(target.parent)


def _fsync_dir(directory: Path) -> None:
    try:
        fd = os.open(directory, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


@dataclass
class RawDoc:
    """A doc as bytes on disk: lines without endings, their endings, and the BOM if any."""

    shown: str
    path: Path
    snapshot: Snapshot
    bom: str
    lines: list[str]
    eols: list[str]

    @classmethod
    def read(cls, root: Path, shown: str) -> RawDoc:
        path = root / shown
        snapshot = Snapshot.take(path)
        text = snapshot.data.decode("utf-8")
        bom = "\ufeff" if text.startswith("\ufeff") else ""
        lines, eols = split_lines(text[len(bom):])
        return cls(shown, path, snapshot, bom, lines, eols)

    def text(self, lines: Sequence[str] | None = None, eols: Sequence[str] | None = None) -> str:
        """The doc without its BOM, as markdown-it reads it."""
        return "".join(a + b for a, b in zip(lines or self.lines, eols or self.eols, strict=True))

    def default_eol(self) -> str:
        return next((e for e in self.eols if e), "\n")


# ---------------------------------------------------------------------------------------------------
# Pastes in a raw doc, and the source definitions they copy


@dataclass(frozen=True)
class Site:
    """One paste of a name in a doc: the `index`-th statement defining `name`, in doc order."""

    name: str
    index: int
    block: CodeBlock
    code: PythonCode
    node: cst.CSTNode

    @property
    def key(self) -> tuple[str, int]:
        return self.name, self.index


def find_sites(shown: str, text: str) -> dict[str, list[Site]]:
    """Every top-level definition in the doc's Python blocks, by name (blocks that do not parse: none)."""
    sites: dict[str, list[Site]] = {}
    for block in python_blocks(shown, text):
        parsed = parse_python(block.code, shown, line_offset=block.fence_line)
        if not isinstance(parsed, PythonCode):
            continue
        for name, node in top_level_definitions(parsed.module):
            found = sites.setdefault(name, [])
            found.append(Site(name, len(found), block, parsed, node))
    return sites


@dataclass(frozen=True)
class Real:
    """A source definition: its shape, its node, and its file's lines (for copying text)."""

    shape: Shape
    code: PythonCode
    node: cst.CSTNode
    lines: list[str]
    in_string: frozenset[int]  # 1-based lines that begin inside a multi-line string: never re-indent

    def text(self, first: int, last: int) -> list[str]:
        return self.lines[first - 1 : last]


def string_lines(text: str) -> frozenset[int]:
    """Lines that start inside a multi-line string token, whose leading blanks are string content."""
    inside: set[int] = set()
    kinds = {tokenize.STRING} | {getattr(tokenize, n) for n in ("FSTRING_MIDDLE",) if hasattr(tokenize, n)}
    try:
        for token in tokenize.generate_tokens(io.StringIO(text).readline):
            if token.type in kinds and token.end[0] > token.start[0]:
                inside.update(range(token.start[0] + 1, token.end[0] + 1))
    except (tokenize.TokenError, SyntaxError, IndentationError):
        pass
    return frozenset(inside)


def load_real(sources: Sources, row: SymbolRow, findings: list[Finding]) -> Real | None:
    shape = _real_shape(sources, row, findings)
    if shape is None:
        return None
    module, name = row.symbol.rsplit(".", 1)
    path = module_file(sources.root, sources.manifest.model.source, module)
    assert path is not None
    code = sources.module(path)
    assert isinstance(code, PythonCode)
    node = find_definition(code, name)
    assert node is not None
    text = code.module.code
    return Real(shape, code, node, split_lines(text)[0], string_lines(text))


# ---------------------------------------------------------------------------------------------------
# Edits: line ranges of the doc and their new code lines


@dataclass(frozen=True)
class Edit:
    """Replace doc lines [start, stop) (0-based) with `lines` (code text: no container prefix, no EOL).

    `start == stop` inserts before `start`. `block` supplies the container prefix of the new lines.
    """

    start: int
    stop: int
    lines: tuple[str, ...]
    block: Block


@dataclass(frozen=True)
class Block:
    """A fenced block mapped onto the raw doc: code line k is raw line `first + k` = prefix + code."""

    first: int  # 0-based doc index of the first code line
    code: tuple[str, ...]
    prefixes: tuple[str, ...]

    @classmethod
    def map(cls, doc: RawDoc, block: CodeBlock) -> Block:
        code = block.code.split("\n")
        if code and code[-1] == "":
            code.pop()
        first = block.fence_line  # 1-based fence line == 0-based index of the first code line
        prefixes: list[str] = []
        for k, line in enumerate(code):
            raw = doc.lines[first + k] if first + k < len(doc.lines) else None
            if raw is None or not raw.endswith(line):
                raise CannotPatch(
                    f"line {first + k + 1} of the block does not map back to the doc"
                    " (a tab in the container indentation?); fix it by hand"
                )
            prefixes.append(raw[: len(raw) - len(line)])
        return cls(first, tuple(code), tuple(prefixes))

    def line(self, doc_line: int) -> str:
        """The code text of 1-based doc line `doc_line`."""
        return self.code[doc_line - 1 - self.first]

    def lines(self, first: int, last: int) -> list[str]:
        return [self.line(n) for n in range(first, last + 1)]

    def prefix_near(self, index: int) -> str:
        """The container prefix of the nearest non-blank code line at or before `index`, else after."""
        k = min(max(index - self.first, 0), len(self.code) - 1)
        order = list(range(k, -1, -1)) + list(range(k + 1, len(self.code)))
        for j in order:
            if self.code[j].strip():
                return self.prefixes[j]
        return self.prefixes[k] if self.prefixes else ""


def apply_edits(doc: RawDoc, edits: Sequence[Edit]) -> tuple[list[str], list[str]]:
    """The doc's lines and endings with `edits` applied (bottom up, so indices stay valid).

    New lines take the container prefix and line ending of the nearest code line; a doc that ends
    without a newline still does.
    """
    lines, eols = list(doc.lines), list(doc.eols)
    ordered = sorted(enumerate(edits), key=lambda p: (p[1].start, p[1].stop > p[1].start, p[0]),
                     reverse=True)
    floor = len(lines)
    for _, edit in ordered:
        if edit.stop > floor:
            raise CannotPatch("two rewrites overlap")
        floor = edit.start
        anchor = edit.start if edit.stop > edit.start else max(edit.start - 1, 0)
        prefix = edit.block.prefix_near(anchor)
        eol = (eols[anchor] if anchor < len(eols) else "") or doc.default_eol()
        new = [prefix + text if text else prefix.rstrip() for text in edit.lines]
        new_eols = [eol] * len(new)
        if new and edit.stop == len(lines) and eols and not eols[-1]:
            if edit.start == edit.stop:
                eols[-1] = eol  # inserting after the unterminated last line
            new_eols[-1] = ""
        lines[edit.start : edit.stop] = new
        eols[edit.start : edit.stop] = new_eols
    return lines, eols


# ---------------------------------------------------------------------------------------------------
# Planning: which lines of one paste change


def _indent(text: str) -> str:
    return text[: len(text) - len(text.lstrip(" \t"))]


def reindent(lines: Sequence[str], first: int, in_string: frozenset[int], old: str, new: str) -> list[str]:
    """Move source lines from indentation `old` to `new`; lines inside strings stay byte for byte."""
    out: list[str] = []
    for number, text in enumerate(lines, start=first):
        if number in in_string:
            out.append(text)
        elif not text.strip():
            out.append("")
        elif text.startswith(old):
            out.append(new + text[len(old):])
        else:
            out.append(text)
    return out


def _start(code: PythonCode, node: cst.CSTNode) -> int:
    """First line of a statement, decorators included (libcst positions start at `def`/`class`)."""
    decorators = getattr(node, "decorators", ())
    return code.line(decorators[0]) if decorators else code.line(node)


def _leading(node: cst.CSTNode) -> int:
    return len(getattr(node, "leading_lines", ()))


def _attached(node: cst.CSTNode) -> int:
    """The comment lines (and blank lines among them) just above a statement, which belong to it."""
    lines = list(getattr(node, "leading_lines", ()))
    first = next((i for i, line in enumerate(lines) if line.comment is not None), len(lines))
    return len(lines) - first


def _header_end(code: PythonCode, node: cst.ClassDef | cst.FunctionDef) -> int:
    """Last line of a compound statement's header (the line holding its `:`)."""
    body = node.body
    if not isinstance(body, cst.IndentedBlock) or not body.body:
        raise CannotPatch("the body is on the header line")
    first = body.body[0]
    return _start(code, first) - _leading(first) - 1


@dataclass(frozen=True)
class Stmt:
    node: cst.BaseStatement
    start: int  # 1-based doc/file line, decorators included
    block_start: int  # with the comment and blank lines that lead into it
    end: int
    members: tuple[Member, ...]


def _body(code: PythonCode, cls: cst.ClassDef, shape: Shape) -> list[Stmt]:
    if not isinstance(cls.body, cst.IndentedBlock):
        raise CannotPatch("the class body is on the class line")
    by_line: dict[int, list[Member]] = {}
    for member in shape.members:
        by_line.setdefault(member.line, []).append(member)
    out = []
    for node in cls.body.body:
        start = _start(code, node)
        members = tuple(by_line.get(code.line(node), ()))
        if len(members) > 1:
            raise CannotPatch("several members share one line")
        out.append(Stmt(node, start, start - _attached(node), code.end_line(node), members))
    return out


def _stub(body: cst.BaseSuite) -> bool:
    """A method body that only stands in for one (`...`, `pass`, a docstring): keep it, fix the signature."""
    smalls: list[cst.BaseSmallStatement] = []
    if isinstance(body, cst.SimpleStatementSuite):
        smalls = list(body.body)
    else:
        for stmt in body.body:
            if not isinstance(stmt, cst.SimpleStatementLine):
                return False
            smalls.extend(stmt.body)
    for small in smalls:
        if isinstance(small, cst.Pass):
            continue
        if isinstance(small, cst.Expr) and isinstance(
            small.value, cst.Ellipsis | cst.SimpleString | cst.ConcatenatedString
        ):
            continue
        return False
    return True


@dataclass
class Planner:
    """Plans the edits that make one paste equal to its source definition."""

    block: Block
    site: Site
    pasted: Shape
    real: Real
    form: str | None = None  # the manifest row's `form`: a "map" cannot be elided

    def whole(self) -> list[Edit]:
        """Replace the paste's whole statement with the source's, re-indented to the paste's column."""
        code, node, real = self.site.code, self.site.node, self.real
        first, last = _start(code, node), code.end_line(node)
        src_first, src_last = _start(real.code, real.node), real.code.end_line(real.node)
        text = real.text(src_first, src_last)
        new = reindent(text, src_first, real.in_string, _indent(text[0]), _indent(self.block.line(first)))
        return [Edit(first - 1, last, tuple(new), self.block)]

    def minimal(self) -> list[Edit]:
        """Member by member: replace drifted members, insert missing ones, delete extras, fix the header."""
        pnode, rnode, pasted, real = self.site.node, self.real.node, self.pasted, self.real.shape
        if not (isinstance(pnode, cst.ClassDef) and isinstance(rnode, cst.ClassDef)):
            raise CannotPatch("not a class")
        if pasted.kind != real.kind:
            raise CannotPatch("the kind differs")
        if not isinstance(pnode.body, cst.IndentedBlock) and pasted.elided and not pasted.members:
            return [self._header(pnode, rnode)]  # `class N(Base): ...`: only the header can drift
        pcode, rcode = self.site.code, self.real.code
        mine, theirs = _body(pcode, pnode, pasted), _body(rcode, rnode, real)
        edits: list[Edit] = []
        if _header_key(pasted) != _header_key(real):
            edits.append(self._header(pnode, rnode))
        body_indent = _indent(self.block.line(mine[0].start))
        shown = {s.members[0].name: s for s in mine if s.members}
        source = {s.members[0].name: s for s in theirs if s.members}
        # An enum's or a map's variants cannot be elided: complete them, and drop the `...`.
        variants = pasted.kind == "enum" or (self.form == "map" and pasted.kind == "typeddict")
        elided = pasted.elided and not variants
        for stmt in mine:
            extra = bool(stmt.members) and stmt.members[0].name not in source
            if extra or (pasted.elided and not elided and _is_ellipsis(stmt.node)):
                edits.append(Edit(stmt.start - 1, stmt.end, (), self.block))
        moved = self._moved(shown, source, elided)
        for name, stmt in shown.items():
            if name in source and name not in moved and stmt.members[0].text != source[name].members[0].text:
                edits.append(self._replace(stmt, source[name], body_indent, pnode))
        staying = [n for n in shown if n in source and n not in moved]
        wanted = [m.name for m in real.members
                  if m.name in moved or (m.name not in shown and m.required and not elided)]
        edits += self._insertions(wanted, staying, mine, shown, source, body_indent, moved)
        return edits

    def _header(self, pnode: cst.ClassDef, rnode: cst.ClassDef) -> Edit:
        pcode, real = self.site.code, self.real
        first = _start(pcode, pnode)
        src_first, src_last = _start(real.code, rnode), _header_end(real.code, rnode)
        text = real.text(src_first, src_last)
        indent = _indent(self.block.line(first))
        new = reindent(text, src_first, real.in_string, _indent(text[0]), indent)
        if isinstance(pnode.body, cst.IndentedBlock):
            return Edit(first - 1, _header_end(pcode, pnode), tuple(new), self.block)
        # The paste's one-line body (`: ...`) moves to a line of its own under the source's header.
        body = pcode.module.code_for_node(pnode.body).strip()
        assert isinstance(rnode.body, cst.IndentedBlock)  # _header_end checked it
        inner = _start(real.code, rnode.body.body[0])
        step = _indent(real.text(inner, inner)[0])[len(_indent(text[0])):] or "    "
        return Edit(first - 1, pcode.end_line(pnode), (*new, indent + step + body), self.block)

    def _moved(self, shown: dict[str, Stmt], source: dict[str, Stmt], elided: bool) -> set[str]:
        """Members out of source order where order counts: all but a longest in-order run move."""
        if not (self.pasted.ordered or self.real.shape.ordered or elided):
            return set()
        def counted(name: str) -> bool:
            return name in source and (elided or source[name].members[0].required)
        mine = [n for n in shown if counted(n)]
        rank = {n: i for i, n in enumerate(source)}
        keep = _longest_increasing([rank[n] for n in mine])
        return {n for i, n in enumerate(mine) if i not in keep}

    def _source_text(self, theirs: Stmt, indent: str) -> list[str]:
        real = self.real
        text = real.text(theirs.start, theirs.end)
        return reindent(text, theirs.start, real.in_string, _indent(text[0]), indent)

    def _replace(self, mine: Stmt, theirs: Stmt, indent: str, pnode: cst.ClassDef) -> Edit:
        pcode, rcode = self.site.code, self.real.code
        pn, rn = mine.node, theirs.node
        if (isinstance(pn, cst.FunctionDef) and isinstance(rn, cst.FunctionDef) and _stub(pn.body)
                and isinstance(rn.body, cst.IndentedBlock)):
            # The paste stands in for the body: take the source's signature, keep the paste's body.
            header = self.real.text(theirs.start, _header_end(rcode, rn))
            new = reindent(header, theirs.start, self.real.in_string, _indent(header[0]), indent)
            if isinstance(pn.body, cst.IndentedBlock):
                return Edit(mine.start - 1, _header_end(pcode, pn), tuple(new), self.block)
            step = indent[len(_indent(self.block.line(_start(pcode, pnode)))):] or "    "
            return Edit(mine.start - 1, mine.end, (*new, indent + step + "..."), self.block)
        if (isinstance(pn, cst.SimpleStatementLine) and isinstance(rn, cst.SimpleStatementLine)
                and mine.start == mine.end and theirs.start == theirs.end
                and pn.trailing_whitespace.comment is not None):
            # One line each: the source's statement, the paste's own trailing comment.
            bare = rn.with_changes(leading_lines=(), trailing_whitespace=cst.TrailingWhitespace())
            code = rcode.module.code_for_node(bare).rstrip("\r\n")
            tail = pcode.module.code_for_node(pn.trailing_whitespace).rstrip("\r\n")
            return Edit(mine.start - 1, mine.end, (indent + code + tail,), self.block)
        return Edit(mine.start - 1, mine.end, tuple(self._source_text(theirs, indent)), self.block)

    def _insertions(
        self, wanted: list[str], staying: list[str], mine: list[Stmt], shown: dict[str, Stmt],
        source: dict[str, Stmt], indent: str, moved: set[str],
    ) -> list[Edit]:
        """Each wanted member goes after its nearest source predecessor the paste keeps (else before
        its nearest kept successor, else at the end of the body); one edit per insertion point."""
        order = [m.name for m in self.real.shape.members]
        kept = set(staying)
        points: dict[int, list[str]] = {}
        for name in wanted:
            at = order.index(name)
            before = next((n for n in reversed(order[:at]) if n in kept), None)
            after = next((n for n in order[at + 1:] if n in kept), None)
            if before is not None:
                index = shown[before].end
            elif after is not None:
                index = shown[after].block_start - 1
            else:
                index = mine[-1].end
            points.setdefault(index, []).append(name)
        edits = []
        for index, names in points.items():
            lines: list[str] = []
            for name in names:
                mine_stmt = shown.get(name)
                if name in moved and mine_stmt is not None and (
                        mine_stmt.members[0].text == source[name].members[0].text):
                    lines += self.block.lines(mine_stmt.start, mine_stmt.end)
                else:
                    lines += self._source_text(source[name], indent)
            edits.append(Edit(index, index, tuple(lines), self.block))
        for name in moved:
            stmt = shown[name]
            edits.append(Edit(stmt.start - 1, stmt.end, (), self.block))
        return edits


def _is_ellipsis(node: cst.CSTNode) -> bool:
    return (isinstance(node, cst.SimpleStatementLine) and len(node.body) == 1
            and isinstance(node.body[0], cst.Expr) and isinstance(node.body[0].value, cst.Ellipsis))


def _header_key(shape: Shape) -> list[tuple[str, str]]:
    keywords = sorted(h for h in shape.header if h[0] == "keyword")
    return [h for h in shape.header if h[0] != "keyword"] + keywords


def _longest_increasing(values: list[int]) -> set[int]:
    """Indexes of one longest strictly increasing subsequence (patience sorting, O(n log n))."""
    import bisect

    tails: list[int] = []
    tail_index: list[int] = []
    parent: list[int] = [-1] * len(values)
    for i, value in enumerate(values):
        k = bisect.bisect_left(tails, value)
        if k == len(tails):
            tails.append(value)
            tail_index.append(i)
        else:
            tails[k] = value
            tail_index[k] = i
        parent[i] = tail_index[k - 1] if k else -1
    out: set[int] = set()
    i = tail_index[-1] if tail_index else -1
    while i != -1:
        out.add(i)
        i = parent[i]
    return out


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


def sync_doc(doc: RawDoc, targets: list[Target]) -> DocResult:
    """Plan, apply and verify the rewrite of one doc's drifted pastes (nothing is written here).

    Each drifted paste first gets a member-by-member patch; if that cannot be planned or would not
    verify, its whole statement is replaced; if even that fails, it is left alone and reported.
    """
    drifting = [t for t in targets if _drifts(t.site, t)]
    strategy = {t.site.key: "minimal" for t in drifting}
    reasons: dict[tuple[str, int], str] = {}
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
                reasons[key] = "the rewritten paste would still differ from the source"
            strategy[key] = "whole" if strategy[key] == "minimal" else "skip"
    result = DocResult(doc, doc.text(*final))
    after = find_sites(doc.shown, result.after)
    for target in targets:
        key, symbol = target.site.key, target.row.symbol
        result.pastes[symbol] = result.pastes.get(symbol, 0) + 1
        site = _site(after, key)
        if site is not None and not _drifts(site, target):
            pasted = lower(site.code, site.node)
            result.clean[(symbol, key[1])] = (fingerprint(target.real.shape), fingerprint(pasted))
            if target in drifting and symbol not in result.synced:
                result.synced.append(symbol)
        elif target in drifting:
            line = lower(target.site.code, target.site.node).line
            result.unfixed.append(Unfixed(doc.shown, line, symbol, reasons.get(key, "cannot rewrite")))
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


@dataclass
class SyncReport:
    docs: list[DocResult] = field(default_factory=list)
    notes: list[Finding] = field(default_factory=list)  # not drift: reported, never fixed here
    refused: list[str] = field(default_factory=list)  # docs changed while sync ran: not written
    lock_note: str | None = None

    @property
    def unfixed(self) -> list[Unfixed]:
        return [u for d in self.docs for u in d.unfixed]


def run_sync(options: SyncOptions) -> SyncReport:
    """Sync every selected row's pastes, then the lock; raises InputError when it cannot judge."""
    root = options.root
    manifest = load_manifest(root, options.manifest)
    rows = list(manifest.model.symbols)
    if options.symbols:
        known = {r.symbol for r in rows}
        unknown = [s for s in dict.fromkeys(options.symbols) if s not in known]
        if unknown:
            raise InputError(f"{manifest.path}: no manifest row for {', '.join(unknown)}")
        rows = [r for r in rows if r.symbol in options.symbols]
    sources = Sources(root, manifest)
    report = SyncReport()
    reals: dict[str, Real | None] = {}
    for row in rows:
        found: list[Finding] = []
        reals[row.symbol] = load_real(sources, row, found)
        report.notes += found
    by_doc: dict[str, list[SymbolRow]] = {}
    for row in rows:
        for doc in dict.fromkeys(row.docs):
            by_doc.setdefault(doc, []).append(row)
    for shown, doc_rows in by_doc.items():
        result = _sync_one(root, shown, doc_rows, reals, report)
        if result is None:
            continue
        report.docs.append(result)
        if result.changed and not options.diff:
            try:
                write_atomic(result.doc.path, result.data(), result.doc.snapshot)
            except Changed:
                report.refused.append(shown)
            except OSError as exc:  # read-only, disk full, file too large: the doc is as it was
                why = exc.strerror or str(exc)
                raise InputError(f"{shown}: cannot write: {why}; the doc is unchanged") from None
    if not options.diff:
        fresh = {k: v for r in report.docs if r.shown not in report.refused for k, v in _lock_entries(r)}
        keep = None if options.symbols else {(r.symbol, d) for r in manifest.model.symbols for d in r.docs}
        report.lock_note = _write_lock(options.manifest, fresh, keep)
    return report


def _sync_one(
    root: Path, shown: str, rows: list[SymbolRow], reals: dict[str, Real | None], report: SyncReport
) -> DocResult | None:
    try:
        doc = RawDoc.read(root, shown)
    except OSError as exc:
        report.notes.append(ParseError(path=shown, line=1, message=f"cannot read doc: {exc.strerror}"))
        return None
    except UnicodeDecodeError as exc:
        report.notes.append(ParseError(path=shown, line=1, message=f"doc is not UTF-8: {exc.reason}"))
        return None
    sites = find_sites(shown, doc.text())
    targets: list[Target] = []
    owner: set[tuple[str, int]] = set()
    for row in rows:
        name = row.symbol.rsplit(".", 1)[1]
        found = sites.get(name, [])
        if not found:
            report.notes.append(_broken_mention(shown, doc.text(), name, row.symbol) or PasteMissing(
                symbol=row.symbol, path=shown, line=1,
                message=f"{row.symbol}: {shown} has no ```python block defining `{name}`"
                " (sync never invents a paste: add one, then run sync)",
            ))
        real = reals[row.symbol]
        if real is None:
            continue
        for site in found:
            if site.key not in owner:  # two rows with one short name: the first row owns the paste
                owner.add(site.key)
                targets.append(Target(row, real, site))
    return sync_doc(doc, targets)


def _broken_mention(shown: str, text: str, name: str, symbol: str) -> ParseError | None:
    """A block that mentions the name but does not parse: that, not a missing paste, is the problem."""
    for block in python_blocks(shown, text):
        parsed = parse_python(block.code, shown, line_offset=block.fence_line)
        if isinstance(parsed, ParseError) and name in block.code:
            return parsed.model_copy(update={
                "symbol": symbol,
                "message": f"{symbol}: cannot sync: the block at line {block.fence_line} mentions `{name}`"
                f" but is {parsed.message}",
            })
    return None


def _lock_entries(result: DocResult) -> Iterator[tuple[tuple[str, str], Entry]]:
    """An entry for every symbol whose pastes in this doc are all clean now."""
    for symbol, count in result.pastes.items():
        clean = [result.clean.get((symbol, i)) for i in range(count)]
        fps = [c for c in clean if c is not None]
        if len(fps) == count:
            yield (symbol, result.shown), Entry(fps[0][0], tuple(paste for _, paste in fps))


def _write_lock(
    manifest: Path, fresh: dict[tuple[str, str], Entry], keep: set[tuple[str, str]] | None
) -> str | None:
    """Merge `fresh` into the lock and write it if that changes it; a problem comes back as a note."""
    path = lock_path(manifest)
    try:
        before: Snapshot | None = Snapshot.take(path)
    except FileNotFoundError:
        before = None
    except OSError as exc:
        return f"{path.name}: cannot read ({exc.strerror}); lock not updated"
    old = parse_lock(before.data.decode("utf-8", "replace")) if before else Lock()
    text = updated(old, fresh, keep).render()
    if before is not None and before.data == text.encode("utf-8"):
        return None
    if before is None and not fresh:
        return None
    try:
        write_atomic(path, text.encode("utf-8"), before)
    except Changed:
        return f"{path.name} changed while sync ran; lock not updated"
    except OSError as exc:
        return f"{path.name}: cannot write ({exc.strerror}); lock not updated"
    return None


# ---------------------------------------------------------------------------------------------------
# Output


def unified_diff(result: DocResult) -> str:
    """A `git apply`-able unified diff of one doc (root-relative paths under a/ and b/)."""
    a = _diff_lines(result.doc.bom + result.before)
    b = _diff_lines(result.doc.bom + result.after)
    out = []
    for line in difflib.unified_diff(a, b, f"a/{result.shown}", f"b/{result.shown}"):
        out.append(line if line.endswith(("\n", "\r")) else line + "\n\\ No newline at end of file\n")
    return "".join(out)


def _diff_lines(text: str) -> list[str]:
    lines, eols = split_lines(text)
    return [a + b for a, b in zip(lines, eols, strict=True)]


def report_lines(report: SyncReport, diff: bool) -> list[str]:
    """What sync did, one line per doc and per problem, `path:line:` first so editors jump."""
    out: list[str] = []
    verb = "would sync" if diff else "synced"
    for result in report.docs:
        if result.synced and result.shown not in report.refused:
            out.append(f"{result.shown}: {verb} {', '.join(result.synced)}")
        for u in result.unfixed:
            out.append(f"{u.doc}:{u.line}: cannot sync {u.symbol}: {u.reason}")
    for shown in report.refused:
        out.append(f"{shown}: changed while sync ran; not written (run sync again)")
    for note in report.notes:
        out.append(f"{note.path}:{note.line}: [{note.kind}] {note.message}")
    if report.lock_note:
        out.append(f"type-equiv sync: {report.lock_note}")
    done = [r for r in report.docs if r.changed and r.shown not in report.refused]
    pastes = sum(len(r.synced) for r in done)
    left = len(report.unfixed) + sum(len(r.synced) for r in report.docs if r.shown in report.refused)
    tail = f"; {left} drifted paste{'s' if left != 1 else ''} left" if left else ""
    if diff:
        out.append(f"type-equiv sync --diff: {pastes} symbol(s) would change in {len(done)} doc(s){tail}")
    else:
        out.append(f"type-equiv sync: {pastes} symbol(s) rewritten in {len(done)} doc(s){tail}")
    return out


def exit_code(report: SyncReport, diff: bool) -> int:
    """0: no drift left; 1: drift left (with --diff: whenever the patch is not empty)."""
    if report.unfixed or report.refused:
        return 1
    if diff and any(r.changed for r in report.docs):
        return 1
    return 0
