"""An enum made by a call — `Color = Enum("Color", "RED GREEN")`, `Enum("Shade", [("DARK", 1)])` —
read as the vocabulary of the members Python's functional API makes (docs/producers.md,
"Vocabularies"). Its members are referred to as any enum's are (`Color.RED`, `Color(1)`), so the
producer check reads them alike; without this the row was a plain alias, checked for nothing.
"""

from __future__ import annotations

import ast
import re

from type_equiv.read.classes import Symbols
from type_equiv.read.enums import default_value
from type_equiv.read.literals import Value
from type_equiv.read.normalise import last_name
from type_equiv.read.shapes import ENUM_BASES
from type_equiv.read.variants import Span, Variant, Vocabulary

Found = list[tuple[str, Value | None, ast.expr]]  # (member name, its value when written, its node)
_SEPARATORS = re.compile(r"[\s,]+")  # `"RED GREEN"`, `"RED, GREEN"`: what `Enum` splits a string on


def functional_enum(symbol: str, qualname: str, expr: ast.expr, first_line: int, span: Span,
                    defs: Symbols) -> Vocabulary | None:
    """The vocabulary of `expr` when it calls one of the `enum` module's classes with a name and the
    members (`names`, by position or keyword); None for any other value, or members not spelled
    out (`Enum("E", names_from_somewhere)`)."""
    if not (isinstance(expr, ast.Call) and last_name(expr.func) in ENUM_BASES):
        return None
    written = ast.unparse(expr.func)
    module = defs.module_of(qualname)
    if not defs.resolver.canonical(f"{module}.{written}").startswith("enum."):
        return None
    keywords = {k.arg: k.value for k in expr.keywords if k.arg}
    names = expr.args[1] if len(expr.args) > 1 else keywords.get("names")
    members = _members(names) if names is not None else None
    if not members:
        return None
    path = span.path
    variants = tuple(Variant(name, path, first_line + getattr(node, "lineno", 2) - 1, tag=value)
                     for name, value, node in members)
    return Vocabulary(symbol, qualname, "enum", path, span.line, variants, spans=(span,))


def _members(names: ast.expr) -> Found | None:
    """(name, value when written, node) of each member `names` spells: a string of names, a list or
    tuple of names or of (name, value) pairs, or a dict display. Values left to `auto` are None."""
    if isinstance(names, ast.Constant) and isinstance(names.value, str):
        words: Found = [(word, None, names) for word in _SEPARATORS.split(names.value) if word]
        return words
    if isinstance(names, ast.Dict):
        out: Found = []
        for key, value in zip(names.keys, names.values, strict=True):
            if not (isinstance(key, ast.Constant) and isinstance(key.value, str)):
                return None
            out.append((key.value, default_value(ast.unparse(value)), key))
        return out
    if not isinstance(names, ast.List | ast.Tuple):
        return None
    found: Found = []
    for element in names.elts:
        if isinstance(element, ast.Constant) and isinstance(element.value, str):
            found.append((element.value, None, element))
        elif (isinstance(element, ast.Tuple | ast.List) and len(element.elts) == 2
              and isinstance(first := element.elts[0], ast.Constant) and isinstance(first.value, str)):
            found.append((first.value, default_value(ast.unparse(element.elts[1])), element))
        else:
            return None
    return found
