"""A class that builds itself from its annotations: `def __init__(self, **kwargs)` setting each
annotated field it is given (`setattr(self, name, convert(ann, kwargs[name]))`, the annotations read
from `__annotations__` or `get_type_hints`) takes its fields as constructor arguments, as a class
`@dataclass_transform()` decorates does (PEP 681) — so its subclasses are data classes, whose fields
a library's callers set (rules/public.py; pyTwitchAPI's `TwitchObject`, the seventy-third round)."""

from __future__ import annotations

import ast

from type_equiv.read.normalise import last_name
from type_equiv.read.walk import walk

# What reads a class's annotations at run time.
ANNOTATION_READS = frozenset({"__annotations__", "get_type_hints", "get_annotations"})
SETTERS = frozenset({"setattr", "__setattr__"})


def builds_from_annotations(node: ast.ClassDef) -> bool:
    """Whether the class's `__init__` takes keyword arguments and sets attributes by name, and the
    class reads its annotations at run time."""
    init = next((s for s in node.body if isinstance(s, ast.FunctionDef) and s.name == "__init__"), None)
    if init is None or init.args.kwarg is None:
        return False
    return _sets_by_name(init) and any(_reads_annotations(n) for n in walk(node))


def _sets_by_name(init: ast.FunctionDef) -> bool:
    """`setattr(self, name, …)`, `self.__setattr__(name, …)` or `self.__dict__[name] = …` / `.update(…)`."""
    for node in walk(init):
        if isinstance(node, ast.Call):
            name = last_name(node.func)
            if name in SETTERS or (name == "update" and _self_dict(node.func)):
                return True
        if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Store) and _self_dict(node):
            return True
    return False


def _self_dict(node: ast.expr) -> bool:
    inner = node.value if isinstance(node, ast.Attribute | ast.Subscript) else None
    return isinstance(inner, ast.Attribute) and inner.attr == "__dict__"


def _reads_annotations(node: ast.AST) -> bool:
    if isinstance(node, ast.Attribute):
        return node.attr in ANNOTATION_READS
    if isinstance(node, ast.Name):
        return node.id in ANNOTATION_READS
    # `getattr(c, "__annotations__")`
    return isinstance(node, ast.Constant) and node.value in ANNOTATION_READS
