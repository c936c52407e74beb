"""Stage 2b: find a symbol's real definition in the source, statically (libcst; never imports).

Also home to the parsing helper shared with pastes, so both sides are read the same way.
"""

from __future__ import annotations

import ast
import unicodedata
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import libcst as cst
from libcst.metadata import CodePosition, CodeRange, MetadataWrapper, PositionProvider

from type_equiv.model import messages
from type_equiv.model.findings import ParseError
from type_equiv.read.asts import RunMemo
from type_equiv.read.kinds import statement_kind
from type_equiv.read.text import split_lines

DefinitionNode = cst.ClassDef | cst.SimpleStatementLine | cst.TypeAlias


@dataclass(frozen=True)
class PythonCode:
    """A parsed piece of Python: a source module or a paste's code block.

    `line_offset` maps the code's own 1-based lines to the lines of the file that holds it (a doc).
    """

    path: str
    module: cst.Module
    positions: dict[cst.CSTNode, CodeRange]
    line_offset: int = 0

    def line(self, node: cst.CSTNode) -> int:
        return self.positions[node].start.line + self.line_offset

    def end_line(self, node: cst.CSTNode) -> int:
        return self.positions[node].end.line + self.line_offset

    def text(self, node: cst.CSTNode) -> str:
        """The node's code as it is read (a paste read in its source's names may respell it)."""
        return self.module.code_for_node(node)

    def read(self, text: str) -> str:
        """Code made from this code's nodes, as it is read (see `text`)."""
        return text

    def written(self, node: cst.CSTNode) -> str:
        """The node's code exactly as written, for messages."""
        return self.module.code_for_node(node)


def parse_python(code: str, path: str, line_offset: int = 0) -> PythonCode | ParseError:
    """Parse with libcst, or return a located parse-error finding (never raises on bad code)."""
    try:
        module = cst.parse_module(code)
        wrapper = MetadataWrapper(module, unsafe_skip_copy=True)
        positions = dict(wrapper.resolve(PositionProvider))
    except cst.ParserSyntaxError as exc:
        line, column, message = _locate(code, exc)
        return messages.not_valid_python(path, line + line_offset, message, column)
    except cst.CSTValidationError as exc:  # parsed, but not Python: `"a" b"c"` mixes str and bytes
        return messages.not_valid_python(path, _invalid_line(code) + line_offset, str(exc).rstrip("."))
    except RecursionError:  # libcst recurses once per nesting level
        return messages.cannot_parse(path, 1 + line_offset, "nested too deeply")
    except (MemoryError, ValueError) as exc:
        return messages.cannot_parse(path, 1 + line_offset, str(exc))
    return PythonCode(path=path, module=module, positions=positions, line_offset=line_offset)


def _invalid_line(code: str) -> int:
    """Where stdlib `ast` says code libcst built but refused to validate is invalid (else line 1)."""
    try:
        ast.parse(code)
    except SyntaxError as exc:
        return exc.lineno or 1
    except (ValueError, RecursionError, MemoryError):
        pass
    return 1


class _Positions(dict[cst.CSTNode, CodeRange]):
    """Positions of a parsed definition: the statements `shapes.lower` asks about come from stdlib
    `ast` (the same lines libcst computes, at a fraction of the cost); any other node makes libcst's
    PositionProvider run once over the whole piece, so every answer is libcst's own."""

    def __init__(self, module: cst.Module, known: dict[cst.CSTNode, CodeRange]) -> None:
        super().__init__(known)
        self.module = module
        self.complete = False

    def __missing__(self, node: cst.CSTNode) -> CodeRange:
        if self.complete:
            raise KeyError(node)
        self.complete = True
        wrapper = MetadataWrapper(self.module, unsafe_skip_copy=True)
        self.update(wrapper.resolve(PositionProvider))
        return self[node]


def parse_statements(code: str, path: str, line_offset: int = 0) -> PythonCode | ParseError:
    """`parse_python` for a definition's own lines (definition_in): libcst parses, and the positions
    of its statements and of their class bodies' statements come from `ast` (see `_Positions`)."""
    try:
        module = cst.parse_module(code)
        tree = ast.parse(code)
    except (cst.ParserSyntaxError, cst.CSTValidationError, SyntaxError, RecursionError, MemoryError,
            ValueError):
        return parse_python(code, path, line_offset)  # its error, located as always
    lines = split_lines(code)
    known: dict[cst.CSTNode, CodeRange] = {}
    if not _map_body(module.body, tree.body, lines, known):
        known = {}
    return PythonCode(path=path, module=module, positions=_Positions(module, known),
                      line_offset=line_offset)


def _map_body(nodes: Sequence[cst.CSTNode], stmts: Sequence[ast.stmt], lines: list[str],
              known: dict[cst.CSTNode, CodeRange]) -> bool:
    """Pair libcst statements with `ast`'s (a `a; b` line is one libcst statement, two `ast` ones);
    False when they do not pair up. Only statements whose libcst range is exactly `ast`'s span —
    simple lines, `def` and `class` (from the keyword, decorators excluded) — are recorded."""
    index = 0
    for node in nodes:
        count = len(node.body) if isinstance(node, cst.SimpleStatementLine) else 1
        if count < 1 or index + count > len(stmts):
            return False
        first, last = stmts[index], stmts[index + count - 1]
        index += count
        if isinstance(node, cst.SimpleStatementLine) or (
            isinstance(node, cst.FunctionDef) and isinstance(first, ast.FunctionDef | ast.AsyncFunctionDef)
        ):
            known[node] = _range(first, last, lines)
        elif isinstance(node, cst.ClassDef) and isinstance(first, ast.ClassDef):
            known[node] = _range(first, last, lines)
            if isinstance(node.body, cst.IndentedBlock) and not _map_body(
                node.body.body, first.body, lines, known
            ):
                return False
    return index == len(stmts)


def _range(first: ast.stmt, last: ast.stmt, lines: list[str]) -> CodeRange:
    end_line = last.end_lineno or last.lineno

    def column(line: int, offset: int | None) -> int:  # ast counts UTF-8 bytes, libcst characters
        text = lines[line - 1] if 0 < line <= len(lines) else ""
        return len(text.encode("utf-8")[: offset or 0].decode("utf-8", errors="replace"))

    return CodeRange(CodePosition(first.lineno, column(first.lineno, first.col_offset)),
                     CodePosition(end_line, column(end_line, last.end_col_offset)))


def _locate(code: str, exc: cst.ParserSyntaxError) -> tuple[int, int, str]:
    """Line, column and message of a syntax error libcst found.

    libcst stops at the token *after* an error and puts tokenizer errors (tabs, NUL bytes) at 1:1, so
    CPython's own parser, which pinpoints them (`'(' was never closed`), says where and why when it
    agrees the code is broken; it is asked only after libcst failed.
    """
    if "\0" in code:
        before = code[: code.index("\0")]
        return before.count("\n") + 1, len(before) - before.rfind("\n"), "a NUL byte"
    try:
        compile(code, "<code>", "exec", flags=ast.PyCF_ONLY_AST, dont_inherit=True)
    except SyntaxError as error:
        return error.lineno or 1, error.offset or 1, error.msg
    except (ValueError, RecursionError, MemoryError):
        pass
    return exc.raw_line, exc.raw_column + 1, exc.message


def python_name(name: str) -> str:
    """An identifier as Python binds it: NFKC-normalised (PEP 3131), so `class ﬁ` defines `fi`."""
    return name if name.isascii() else unicodedata.normalize("NFKC", name)


def defined_name(stmt: cst.CSTNode) -> str | None:
    """The name a top-level statement defines as a type (as Python spells it), or None."""
    name = _spelled_name(stmt)
    return None if name is None else python_name(name)


def _spelled_name(stmt: cst.CSTNode) -> str | None:
    if isinstance(stmt, cst.ClassDef):
        return stmt.name.value
    if isinstance(stmt, cst.SimpleStatementLine) and len(stmt.body) == 1:
        small = stmt.body[0]
        if isinstance(small, cst.TypeAlias):
            return small.name.value
        if isinstance(small, cst.AnnAssign) and isinstance(small.target, cst.Name):
            return small.target.value if small.value is not None else None
        if (
            isinstance(small, cst.Assign)
            and len(small.targets) == 1
            and isinstance(small.targets[0].target, cst.Name)
        ):
            return small.targets[0].target.value
    return None


def top_level_definitions(module: cst.Module) -> Iterator[tuple[str, cst.CSTNode]]:
    """Every (name, statement) defined at module level, including inside top-level `if`/`try`.

    Conditional definitions (`if TYPE_CHECKING:`, `try: ... except ImportError:`) still define the
    name a reader sees; the first definition in file order wins where a name is defined twice.
    """
    yield from _walk(module.body)


def _walk(body: Sequence[cst.CSTNode]) -> Iterator[tuple[str, cst.CSTNode]]:
    for stmt in body:
        name = defined_name(stmt)
        if name is not None:
            yield name, stmt
        elif isinstance(stmt, cst.If):
            yield from _walk(_suite(stmt.body))
            orelse = stmt.orelse
            while orelse is not None:
                yield from _walk(_suite(orelse.body))
                orelse = orelse.orelse if isinstance(orelse, cst.If) else None
        elif isinstance(stmt, cst.Try):
            yield from _walk(_suite(stmt.body))
            for handler in stmt.handlers:
                yield from _walk(_suite(handler.body))
            if stmt.orelse is not None:
                yield from _walk(_suite(stmt.orelse.body))


def _suite(body: cst.BaseSuite) -> Sequence[cst.CSTNode]:
    return body.body if isinstance(body, cst.IndentedBlock) else ()


def find_definition(code: PythonCode, name: str) -> cst.CSTNode | None:
    """The statement defining `name` at the top level, or, for a dotted `Outer.Inner`, the class
    `Inner` defined in the body of the top-level class `Outer` (any depth): Django's
    `class Member(Model): class Role(TextChoices)` is a vocabulary as a top-level enum is."""
    head, *inner = (python_name(part) for part in name.split("."))
    found: cst.CSTNode | None = _first(top_level_definitions(code.module), head)
    for part in inner:
        found = _first(class_definitions(found), part) if found is not None else None
    return found


def _first(definitions: Iterator[tuple[str, cst.CSTNode]], name: str) -> cst.CSTNode | None:
    return next((stmt for found, stmt in definitions if found == name), None)


def class_definitions(node: cst.CSTNode) -> Iterator[tuple[str, cst.CSTNode]]:
    """The types a class body defines: its nested classes and type aliases (`Kind = Literal[…]`), not
    its fields (`role = models.CharField(…)`) or methods; nothing for a statement that is no class."""
    if isinstance(node, cst.ClassDef):
        yield from ((name, stmt) for name, stmt in _walk(_suite(node.body))
                    if statement_kind(stmt) in ("class", "enum", "alias"))


def outer_name(name: str) -> str:
    """The top-level name a (possibly dotted, nested) definition name lives under: what a module's
    index knows."""
    return python_name(name.split(".", 1)[0])


@dataclass(frozen=True)
class Statement:
    """One top-level statement of a module, as stdlib `ast` sees it: its lines and what it may define.

    `names` is a superset of what `defined_name` would say (every `Name` target, the class name);
    `nested` marks a top-level `if`/`try` holding a candidate, which `top_level_definitions` descends.
    """

    first: int  # 1-based line of its first decorator, or of the statement itself
    last: int
    names: tuple[str, ...]
    nested: bool = False
    is_class: bool = False  # a `class` statement: it defines its name, and is never an alias


@dataclass(frozen=True)
class ModuleIndex:
    """Where a module's top-level definitions are, so one of them can be parsed with libcst alone.

    A 24,000-line module costs seconds to parse with libcst and its positions; its `ast` index costs
    a tenth of that, and a definition's own lines a few milliseconds. Plain data: a cache stores it.
    """

    statements: tuple[Statement, ...]

    def to_json(self) -> list[list[object]]:
        return [[s.first, s.last, list(s.names), s.nested, s.is_class] for s in self.statements]

    @classmethod
    def from_json(cls, data: object) -> ModuleIndex:
        """The inverse of `to_json`; raises ValueError/TypeError on a damaged entry."""
        if not isinstance(data, list):
            raise ValueError("a module index is a list")
        out = []
        for first, last, names, nested, is_class in data:
            if not (isinstance(first, int) and isinstance(last, int) and isinstance(nested, bool)
                    and isinstance(is_class, bool) and isinstance(names, list)
                    and all(isinstance(n, str) for n in names)):
                raise ValueError("damaged module index entry")
            out.append(Statement(first, last, tuple(names), nested, is_class))
        return cls(tuple(out))

    def first_candidate(self, name: str) -> Statement | None:
        """The first statement that may define `name` (`definition_in` tries them in this order);
        for a nested `Outer.Inner`, the statement that may define `Outer`."""
        name = outer_name(name)
        return next((s for s in self.statements if name in s.names), None)


SLICE_MAX_DEPTH = 100  # deeper syntax trees may be past libcst's recursion: parse those whole


def parse_ast(text: str, memo: RunMemo) -> ast.Module | None:
    """The module's stdlib `ast`, read whatever Python runs this: when the running interpreter's
    grammar is older than the module's (a PEP 695 `type X = …` or `class Box[T]` read on 3.11), each
    top-level statement libcst finds is parsed on its own and one `ast` cannot read is kept as a stub
    binding the same name over the same lines (`class N: pass`, `def N(): pass`, `N = ...`), which
    is all a module index or a table of bindings asks of it. None when libcst cannot parse it
    either, or a statement `ast` cannot read is no plain definition (an `if` holding one). `memo`:
    the run's parses (read/asts.py)."""
    try:
        return memo.parse_module(text)
    except SyntaxError:
        pass
    except (ValueError, RecursionError, MemoryError):
        return None
    try:
        module = cst.parse_module(text)
    except (cst.ParserSyntaxError, cst.CSTValidationError, RecursionError, MemoryError, ValueError):
        return None
    offset = sum(module.code_for_node(line).count("\n") for line in module.header)
    body: list[ast.stmt] = []
    for node in module.body:
        piece = module.code_for_node(node)
        try:
            tree = ast.parse(piece)
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            stub = _stub(node)
            if stub is None:
                return None
            tree = ast.parse(stub)
            skipped = len(getattr(node, "leading_lines", ()))
            for stmt in tree.body:
                stmt.lineno, stmt.col_offset = offset + skipped + 1, 0
                stmt.end_lineno, stmt.end_col_offset = offset + piece.rstrip("\n").count("\n") + 1, 0
        else:
            ast.increment_lineno(tree, offset)
        body.extend(tree.body)
        offset += piece.count("\n")
    return ast.Module(body=body, type_ignores=[])


def _stub(node: cst.CSTNode) -> str | None:
    """A statement binding what `node` binds, in the oldest grammar (see `parse_ast`)."""
    if isinstance(node, cst.ClassDef):
        return f"class {node.name.value}: pass\n"
    if isinstance(node, cst.FunctionDef):
        return f"def {node.name.value}(): pass\n"
    name = defined_name(node)
    return f"{name} = ...\n" if name is not None else None


def index_module(text: str, memo: RunMemo) -> ModuleIndex | None:
    """The top-level statements that may define a name; None when only a whole-module libcst parse
    gives the right answer: `ast` cannot parse the text, or it nests deeper than `SLICE_MAX_DEPTH`
    (libcst recurses per level and may reject a module `ast` accepts, such as a 400-arm union: that
    module's parse error is then reported as before, whichever definition is asked for). Syntax newer
    than the running Python is indexed through libcst (`parse_ast`)."""
    tree = parse_ast(text, memo)
    if tree is None or _deeper_than(tree, SLICE_MAX_DEPTH):
        return None
    statements = []
    for stmt in tree.body:
        first = min([stmt.lineno, *(d.lineno for d in getattr(stmt, "decorator_list", ()))])
        last = stmt.end_lineno or stmt.lineno
        if isinstance(stmt, ast.If | ast.Try):
            names = tuple(dict.fromkeys(n for inner in ast.walk(stmt) if isinstance(inner, ast.stmt)
                                        and inner is not stmt for n in _ast_names(inner)))
            if names:
                statements.append(Statement(first, last, names, nested=True))
            continue
        names = _ast_names(stmt)
        if names:
            statements.append(Statement(first, last, names, is_class=isinstance(stmt, ast.ClassDef)))
    return ModuleIndex(tuple(statements))


def _deeper_than(tree: ast.AST, limit: int) -> bool:
    """Whether any node sits more than `limit` levels down (`ast.iter_child_nodes`, unrolled: this
    walks every node of every module a check reads)."""
    node_type = ast.AST
    stack: list[tuple[ast.AST, int]] = [(tree, 0)]
    pop, push = stack.pop, stack.append
    while stack:
        node, depth = pop()
        if depth > limit:
            return True
        depth += 1
        for name in node._fields:
            value = getattr(node, name, None)
            if isinstance(value, list):
                for item in value:
                    if isinstance(item, node_type):
                        push((item, depth))
            elif isinstance(value, node_type):
                push((value, depth))
    return False


def _ast_names(stmt: ast.stmt) -> tuple[str, ...]:
    if isinstance(stmt, ast.ClassDef):
        return (stmt.name,)
    if isinstance(stmt, ast.Assign):
        return tuple(t.id for t in stmt.targets if isinstance(t, ast.Name))
    if isinstance(stmt, ast.AnnAssign):
        return (stmt.target.id,) if isinstance(stmt.target, ast.Name) and stmt.value is not None else ()
    name = getattr(stmt, "name", None)  # PEP 695 `type N = ...` (ast.TypeAlias, Python 3.12+)
    if type(stmt).__name__ == "TypeAlias" and isinstance(name, ast.Name):
        return (name.id,)
    return ()


def definition_in(
    lines: list[str], index: ModuleIndex, path: str, name: str,
    parsed: dict[int, PythonCode | ParseError],
) -> tuple[PythonCode, cst.CSTNode] | bool | None:
    """`name`'s top-level definition (or a class nested in one: `Outer.Inner`), parsing only its own
    top-level statement's lines with libcst.

    The same answer as `find_definition` on the whole module, or False when only the whole module can
    tell: the candidate sits in a top-level `if`/`try`, or its lines alone do not parse. `parsed`
    keeps the statements parsed so far (first line → code) across lookups in one module.
    """
    for stmt in index.statements:
        if outer_name(name) not in stmt.names:
            continue
        if stmt.nested:
            return False
        code = parsed.get(stmt.first)
        if code is None:
            code = parse_statements("".join(lines[stmt.first - 1: stmt.last]), path, stmt.first - 1)
            parsed[stmt.first] = code
        if isinstance(code, ParseError):
            return False
        node = find_definition(code, name)
        if node is not None:
            return code, node
    return None


def module_file(root: Path, source_roots: Sequence[str], module: str) -> Path | None:
    """`a.b` → `<source root>/a/b.py` or `<source root>/a/b/__init__.py`; first root wins."""
    parts = module.split(".")
    for source in source_roots:
        base = root.joinpath(source, *parts)
        for candidate in (base.with_suffix(".py"), base / "__init__.py"):
            try:
                if candidate.is_file():
                    return candidate
            except OSError:  # a module name too long for the file system is not there
                continue
    return None


def outside_root(root: Path, path: Path) -> bool:
    """Whether `path` (under `root` as spelled) resolves outside it: hostile repos symlink to secrets."""
    try:
        return not path.resolve().is_relative_to(root.resolve())
    except (OSError, RuntimeError):  # a symlink loop
        return True


def symbol_module(root: Path, source_roots: Sequence[str], symbol: str) -> tuple[str, str]:
    """(module, name in it): the longest prefix of `symbol` that is a module file under the source
    roots, so `pkg.models.Member.Role` is `Member.Role` of `pkg.models`; else the last dot splits."""
    parts = symbol.split(".")
    for end in range(len(parts) - 1, 0, -1):
        if module_file(root, source_roots, ".".join(parts[:end])) is not None:
            return ".".join(parts[:end]), ".".join(parts[end:])
    module, _, name = symbol.rpartition(".")
    return module, name
