"""A display of every value of a vocabulary that the program only offers or tests against.

`VALID = sorted(get_args(Kind_T))` hands none of its values out when every read of it only tests a
value against it or shows it: it is the set of values an input admits (a choice offered), and the
input it checks is a door to those values — as `choices=` and a module-level list read only as a
membership test's container already are (docs/producers.md, lists.py). The readings here:

- `sorted(X)` lists what `list(X)` lists, in another order: `sorted(get_args(Kind_T))`,
  `sorted(Kind)` are listings of every value (assigned.py `listed`; doors.py `members_of`);
- a read spelled into text — `", ".join(VALID)`, `str(VALID)`, `f"{VALID}"`, `"{}".format(VALID)` —
  shows the values, hands none out (calls.py and expressions.py read it as a test's container is; bodies.py
  `read_only` for a parameter);
- a parameter its function reads only as a membership test's container or into text, also inside
  a function nested in it (a closure it returns: `def make_parser(valid): def _parse(v): if v not in
  valid: raise …`), consumes a display handed to it; and where a test there is of a raw value
  (`raw_tested`), the display handed in is a door to the values it lists, at the call handing it
  (lists.py, join.py `_checks`). A parameter also iterated into output, returned or stored is no
  container: the display handed to it still hands its values out.
"""

from __future__ import annotations

import ast

from type_equiv.producers.doors.doors import members_of
from type_equiv.producers.records import VALUES
from type_equiv.producers.syntax.shown import text_call
from type_equiv.producers.syntax.syntax import annotation_of, members_returned
from type_equiv.read.normalise import last_name
from type_equiv.read.walk import walk

# the annotations of a parameter holding text from anywhere: a test of it is of raw data
TEXT_TYPES = frozenset({"str", "bytes", "Any", "object", "Optional", "Union", "None", "typing"})


# collection calls listing what they are given: nested, they list the innermost one's values
COLLECTING = frozenset({"list", "tuple", "set", "frozenset", "sorted"})


def whole_sorted(node: ast.expr) -> ast.expr:
    """`sorted(X)` (any `key=`, `reverse=`) as `list(X)`, the same values listed, and a collection
    call of another (`tuple(sorted(X))`, `list(set(X))`) as the inner one; anything else as is."""
    while (isinstance(node, ast.Call) and last_name(node.func) in COLLECTING and len(node.args) == 1
           and isinstance(node.args[0], ast.Call) and last_name(node.args[0].func) in COLLECTING):
        node = node.args[0]
    if isinstance(node, ast.Call) and last_name(node.func) == "sorted" and len(node.args) == 1:
        return ast.copy_location(ast.Call(ast.Name("list", ast.Load()), [node.args[0]], []), node)
    return node


def returned_listing(value: ast.expr | None) -> tuple[ast.expr, str] | None:
    """What a method's return lists of a class: its members as they are (`list(cls)`, syntax.py
    `members_returned`: detail "") or every member's value (`sorted([k.value for k in cls])`:
    `VALUES`, a listing a raw value is tested against, as `[k.value for k in Kind]`), with the class."""
    members = members_returned(value)
    if members is not None:
        return members, ""
    values = members_of(whole_sorted(value)) if value is not None else None
    return (values, VALUES) if values is not None else None


def into_text(node: ast.expr, parent: ast.AST) -> bool:
    """Whether `node` is spelled into text where it is read: an f-string's value, or an argument of a
    text call (`text_call`)."""
    if isinstance(parent, ast.FormattedValue):
        return parent.value is node
    return isinstance(parent, ast.Call) and node in parent.args and text_call(parent)


def _text_typed(annotation: ast.expr | None) -> bool:
    """An annotation of text from anywhere (`str`, `str | None`, `Optional[str]`), or none."""
    return annotation is None or all(last_name(n) in TEXT_TYPES for n in walk(annotation)
                                     if isinstance(n, ast.Name | ast.Attribute))


def typed_otherwise(args: ast.arguments | None, name: str) -> bool:
    """Whether `name` is a parameter annotated with a type that is no text (`choice: ChoiceType`): it
    holds the program's own values, as `raw_tested` reads it (a typed parameter is a consumer)."""
    annotation = annotation_of(args, name)
    return annotation is not None and not _text_typed(annotation)


def raw_tested(node: ast.FunctionDef | ast.AsyncFunctionDef, name: str) -> bool:
    """Whether the function — or a function nested in it — tests a value that may be raw data against
    its parameter `name` (`p not in valid`): neither a literal, nor an attribute (a member spelled, or
    the program's own object), nor a parameter typed otherwise than as text (`mode: Mode` holds the
    program's values: a typed parameter is a consumer, principle 1)."""
    typed: set[str] = set()
    for inner in walk(node):
        if isinstance(inner, ast.FunctionDef | ast.AsyncFunctionDef | ast.Lambda):
            arguments = inner.args
            for arg in (*arguments.posonlyargs, *arguments.args, *arguments.kwonlyargs):
                if not _text_typed(arg.annotation):
                    typed.add(arg.arg)
    for inner in walk(node):
        if not isinstance(inner, ast.Compare):
            continue
        operands = [inner.left, *inner.comparators]
        for k, op in enumerate(inner.ops):
            right, tested = operands[k + 1], operands[k]
            if not (isinstance(op, ast.In | ast.NotIn) and isinstance(right, ast.Name) and right.id == name):
                continue
            if isinstance(tested, ast.Constant | ast.Attribute) or (
                    isinstance(tested, ast.Name) and tested.id in typed):
                continue
            return True
    return False
