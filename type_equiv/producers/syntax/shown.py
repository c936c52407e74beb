"""Text shown to a person produces nothing: a member spelled into a message is read, not handed out.

An option's help (`help=f"one of {Mode.FAST.value}"`), a setting's documentation (`doc="…".format(
**{"FIT": Method.FIT.value})`), a log record (`logger.info("mode %s", Mode.FAST)`: the message and what
it is formatted with, not a level handed before it), a warning and an exception's message (`raise
ValueError(f"no {Kind.A.value} here")`) show a member's name or value to whoever reads them; no value
of the vocabulary leaves them, as none leaves a docstring or a comment. So the member there is
consumed, as a comparison's is. An exception built with the member itself as an argument (`raise
Refused(Reason.BUSY)`) carries it: that stays a value handed out; only the text the message is built
from is shown.
"""

from __future__ import annotations

import ast

from type_equiv.producers.syntax.syntax import TEXT_CALLS
from type_equiv.read.normalise import last_name

# keywords whose value is text for a reader: an option's or a field's help and documentation
SHOWN_KEYWORDS = frozenset({"help", "help_text", "doc", "description", "epilog", "usage", "tooltip"})
# a logger's methods and `warnings.warn`: what they are given is a message
LOG_METHODS = frozenset({"debug", "info", "warning", "warn", "error", "exception", "critical", "fatal",
                         "log"})


def text_built(node: ast.expr) -> bool:
    """Whether `node` builds text from parts: an f-string, `"…".format(…)` (also of an f-string, as
    adjacent literals with one f-string among them parse), `"…" % x`, or a sum with a string literal."""
    if isinstance(node, ast.JoinedStr):
        return True
    if isinstance(node, ast.Call):
        func = node.func
        return isinstance(func, ast.Attribute) and func.attr == "format" and _text(func.value)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod):
        return isinstance(node.left, ast.Constant) and isinstance(node.left.value, str)
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        return any(_text(side) for side in (node.left, node.right))
    return False


def logged(node: ast.Call) -> bool:
    """Whether a call writes a message: a logger's method (`logger.info`, `logging.warning`,
    `self.log.debug`, `logging.getLogger(__name__).info`: the receiver's name says it logs) or
    `warnings.warn`."""
    func = node.func
    if not isinstance(func, ast.Attribute) or func.attr not in LOG_METHODS:
        return False
    receiver = func.value.func if isinstance(func.value, ast.Call) else func.value  # `getLogger(…).info`
    owner = last_name(receiver).lower()
    return "log" in owner or (owner == "warnings" and func.attr == "warn")


def shown_parts(node: ast.Call | ast.Raise) -> list[ast.expr]:
    """The parts of a call or a `raise` that are text shown to a person: a log call's arguments, a
    help or documentation keyword's value, and the text an exception's message is built from."""
    if isinstance(node, ast.Raise):
        made = node.exc
        if not isinstance(made, ast.Call):
            return []
        given = [*made.args, *(k.value for k in made.keywords)]
        return [part for part in given if text_built(part)]
    if logged(node):  # the message and what it is formatted with; a level handed first is a value
        start = 1 if last_name(node.func) == "log" else 0
        message = node.args[start:start + 1]
        if message and _text(message[0]):
            return node.args[start:]
        return [part for part in node.args if text_built(part)]
    return [k.value for k in node.keywords if k.arg in SHOWN_KEYWORDS]


def _text(node: ast.expr) -> bool:
    """A string literal or text built from parts."""
    return (isinstance(node, ast.Constant) and isinstance(node.value, str)) or text_built(node)


def shown_nodes(node: ast.Call | ast.Raise) -> set[int]:
    """The ids of the nodes of the shown parts of `node` (`shown_parts`), down to any call that does
    more than spell text: what `Kind.describe(status)` or `help_text(context="inline")` does in a
    message is its own — a decode of data still a door, a value handed on still a value."""
    out: set[int] = set()
    stack: list[ast.AST] = list(shown_parts(node))
    while stack:
        inner = stack.pop()
        if isinstance(inner, ast.Call) and not _spells(inner):
            continue
        out.add(id(inner))
        stack.extend(ast.iter_child_nodes(inner))
    return out


def _spells(node: ast.Call) -> bool:
    """A call that only spells its arguments into text (`text_call`) — in a message also `.join` or
    `.format` of an f-string, as adjacent literals with one f-string among them parse."""
    func = node.func
    if isinstance(func, ast.Attribute) and func.attr in ("join", "format"):
        return _text(func.value)
    return text_call(node)


def text_call(node: ast.Call) -> bool:
    """Whether a call spells its arguments into text: `str(x)`, `repr(x)`, `", ".join(x)`,
    `"…".format(x)` (offered.py: a name handed to one is read as shown)."""
    func = node.func
    return (last_name(func) in TEXT_CALLS and isinstance(func, ast.Name)) or (
        isinstance(func, ast.Attribute) and func.attr in ("join", "format")
        and isinstance(func.value, ast.Constant))
