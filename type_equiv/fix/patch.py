"""The minimal patch of one paste: which doc lines change, and to what.

`Planner` walks a pasted class and its source class in step, member by member (libcst positions of
the paste's own text), and plans `Edit`s — replace a drifted member's lines, insert a missing one next
to its source neighbour, delete an extra one, rewrite a changed header — keeping comments, layout and
`...` elisions. A `|` union is patched arm by arm (`_arms`): extra arms out, missing ones in, the
rest kept in the paste's order with its comments. fix/edits.py maps the edits back to raw doc
lines, container prefixes included.
"""

from __future__ import annotations

import ast
import io
import tokenize
from collections.abc import Sequence
from dataclasses import dataclass

import libcst as cst

from type_equiv.fix.edits import Block, CannotPatch, Edit
from type_equiv.read.definitions import PythonCode
from type_equiv.read.docs import CodeBlock
from type_equiv.read.shapes import Member, Shape


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
        if pasted.kind == real.kind == "union":
            return [self._arms()]
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

    def _arms(self) -> Edit:
        """A union paste: delete the arms the source lacks, add the ones it lacks at the end, and keep
        every other arm where the paste has it (union order never counts), with its comments and
        layout. Only the `|` chain changes; metadata or type parameters that differ rewrite it whole."""
        if _header_key(self.pasted) != _header_key(self.real.shape):
            raise CannotPatch("the union's metadata differs")
        pcode, node = self.site.code, self.site.node
        top = _union_chain(node)
        arms, ops = _flatten(top)
        wanted = _source_arms(self.real)
        kept: set[str] = set()
        index = 0
        while index < len(arms):
            canon = _arm_text(pcode.text(arms[index]))
            if canon in wanted and canon not in kept:
                kept.add(canon)
                index += 1
                continue
            if len(arms) < 2:
                raise CannotPatch("no arm would be left")
            if index < len(arms) - 1:  # the next arm takes its place, and the layout before it
                del arms[index], ops[index]
            else:  # the last arm goes with the `|` before it, and whatever that `|` carried
                if _commented(ops[index - 1]):
                    raise CannotPatch("a comment sits between the last two arms")
                del arms[index], ops[index - 1]
        missing = [text for canon, text in wanted.items() if canon not in kept]
        if missing and not ops:
            raise CannotPatch("a one-arm paste")
        for text in missing:
            ops.append(_uncommented(ops[-1]))
            try:
                arms.append(cst.parse_expression(text))
            except (cst.ParserSyntaxError, cst.CSTValidationError) as exc:
                raise CannotPatch(f"the source's arm {text!r} does not parse alone") from exc
        chain: cst.BaseExpression = arms[0]
        for op, arm in zip(ops, arms[1:], strict=True):
            chain = cst.BinaryOperation(left=chain, operator=op, right=arm)
        chain = chain.with_changes(lpar=top.lpar, rpar=top.rpar)
        new = cst.ensure_type(node.deep_replace(top, chain), cst.SimpleStatementLine)
        text = pcode.module.code_for_node(new.with_changes(leading_lines=()))
        first, last = _start(pcode, node), pcode.end_line(node)
        return Edit(first - 1, last, tuple(text.rstrip("\r\n").split("\n")), self.block)

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


def _union_chain(node: cst.CSTNode) -> cst.BinaryOperation:
    """The `A | B | …` of an alias statement (`X = …`, `X: TypeAlias = …`, `type X = …`), inside an
    `Annotated[…, metadata]` when there is one."""
    small = node.body[0] if isinstance(node, cst.SimpleStatementLine) and node.body else None
    value = getattr(small, "value", None)
    if (isinstance(value, cst.Subscript) and value.slice
            and _dotted_tail(value.value) == "Annotated"
            and isinstance(value.slice[0].slice, cst.Index)):
        value = value.slice[0].slice.value
    if not (isinstance(value, cst.BinaryOperation) and isinstance(value.operator, cst.BitOr)):
        raise CannotPatch("not a `|` union")
    return value


def _dotted_tail(node: cst.BaseExpression) -> str | None:
    if isinstance(node, cst.Name):
        return node.value
    if isinstance(node, cst.Attribute):
        return node.attr.value
    return None


def _flatten(top: cst.BinaryOperation) -> tuple[list[cst.BaseExpression], list[cst.BitOr]]:
    """A left-nested `|` chain as its arms and the operators between them (a parenthesised inner
    chain is one arm)."""
    arms: list[cst.BaseExpression] = []
    ops: list[cst.BitOr] = []
    node: cst.BaseExpression = top
    while (isinstance(node, cst.BinaryOperation) and isinstance(node.operator, cst.BitOr)
           and (node is top or not node.lpar)):
        arms.append(node.right)
        ops.append(node.operator)
        node = node.left
    arms.append(node)
    arms.reverse()
    ops.reverse()
    return arms, ops


def _arm_text(text: str) -> str | None:
    """One arm's canonical text, as the shape of its union holds it (None: not one plain arm)."""
    from type_equiv.read.normalise import annotation, parse_expr

    try:
        canon = annotation(parse_expr(text))
    except (SyntaxError, ValueError, RecursionError):
        return None
    if isinstance(canon, ast.BinOp):
        return None
    return ast.unparse(canon)


def _source_arms(real: Real) -> dict[str, str]:
    """The source union's arms, canonical text -> the arm as written, in the source's order."""
    wanted = {m.text: m.shown for m in real.shape.members if m.role == "arm"}
    try:
        arms, _ = _flatten(_union_chain(real.node))
    except CannotPatch:
        return wanted
    ordered: dict[str, str] = {}
    for arm in arms:
        written = real.code.text(arm)
        canon = _arm_text(written)
        if canon in wanted and canon not in ordered:
            ordered[canon] = written if "\n" not in written else wanted[canon]
    return {**ordered, **{k: v for k, v in wanted.items() if k not in ordered}}


def _commented(op: cst.BitOr) -> bool:
    return any(isinstance(ws, cst.ParenthesizedWhitespace)
               and (ws.first_line.comment is not None or any(e.comment for e in ws.empty_lines))
               for ws in (op.whitespace_before, op.whitespace_after))


def _uncommented(op: cst.BitOr) -> cst.BitOr:
    """The layout of `op` (the same line breaks and indentation) without its comments."""
    def bare(ws: cst.BaseParenthesizableWhitespace) -> cst.BaseParenthesizableWhitespace:
        if isinstance(ws, cst.ParenthesizedWhitespace):
            return ws.with_changes(first_line=cst.TrailingWhitespace(newline=ws.first_line.newline),
                                   empty_lines=())
        return ws
    return cst.BitOr(whitespace_before=bare(op.whitespace_before),
                     whitespace_after=bare(op.whitespace_after))


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


