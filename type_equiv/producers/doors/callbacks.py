"""Callbacks: the functions a module hands on as values (`request(params, self._on_reply)`,
`bind(self._collect)`, `on_event(handle)`), whose parameters take what the caller later gives them.

Why: a program may decode the data it receives by the type its handler declares — thonny's LSP
client reads each handler's parameter annotation (`inspect.signature(handler)`) and builds that type
from the language server's reply with its own type-directed converter (`_convert_from_json_value(
result, expected_type)`, recursing through `get_type_hints`). The reply is data from outside, so the
type a handler declares is decoded as a route's body model is (principle 1): a door through the
classes its annotation names, and through their fields to the vocabularies they carry.

A callback alone is no door: a GUI command's `event`, a sort key's element are values the program
holds. So the walker records a callback's annotated parameters as `Form.CALLBACK` (doors.py's route
parameters spelled as a hand-off), and built.py `parsed_by` takes one for a door only where the tree
holds a type-directed converter whose module reads parameter annotations (helpers.py
`annotation_reader`): the one link from a handler's declared type to a decode.
"""

from __future__ import annotations

import ast
from collections.abc import Sequence

from type_equiv.producers.records import Form
from type_equiv.read.walk import walk

Function = ast.FunctionDef | ast.AsyncFunctionDef


def callback_names(stmts: Sequence[ast.stmt]) -> dict[str, tuple[Form, str]]:
    """The module's functions handed to a call as an argument, not called: a module-level function
    by its name (`on_event(handle)`), a method of one of its classes as `self.<name>`
    (`request(params, self._on_reply)`, `cls.<name>` alike), each with the door's label."""
    functions: set[str] = set()
    methods: set[str] = set()
    for stmt in stmts:
        if isinstance(stmt, ast.FunctionDef | ast.AsyncFunctionDef):
            functions.add(stmt.name)
        elif isinstance(stmt, ast.ClassDef):
            methods.update(s.name for s in stmt.body if isinstance(s, ast.FunctionDef | ast.AsyncFunctionDef))
    if not functions and not methods:
        return {}
    out: dict[str, tuple[Form, str]] = {}
    for stmt in stmts:
        for node in walk(stmt):
            if not isinstance(node, ast.Call):
                continue
            for arg in [*node.args, *(k.value for k in node.keywords)]:
                if isinstance(arg, ast.Name) and arg.id in functions:
                    out[arg.id] = (Form.CALLBACK, f"callback {arg.id}")
                elif (isinstance(arg, ast.Attribute) and arg.attr in methods
                      and isinstance(arg.value, ast.Name) and arg.value.id in ("self", "cls")):
                    out[f"self.{arg.attr}"] = (Form.CALLBACK, f"callback {arg.attr}")
    return out
