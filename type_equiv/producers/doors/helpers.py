"""Decoding helpers: a function handed a class and a raw value that builds the class's member from
the value — `def try_enum(cls, val): return cls(val)`, `cls[val]`, `cls._value2member_map_[val]` —
decodes, as `Kind(val)` does where it is called. Called with the vocabulary and data, it is a door
(principle 1: where the data comes from is the caller's business, as for `parse_obj_as(X, d)`);
called with a literal, it builds that literal's member in code (principle 4). A helper defined
inside a function and called there (`def _name(value, enum_type): return enum_type(value).name` in
pyatv's `stringify`) is one as well: the walker binds its name in the enclosing function. A helper
that also reads the class's field types (`get_type_hints(cls)`: a type-directed converter) decodes
the fields of whatever class it is handed: given a class carrying a vocabulary and data, a door
through that class (built.py `parsed_by`). A helper reading the data it decodes itself, from an
object or a mapping its caller hands it (`enum_class(parser.value(option))`), decodes data at every
call handing it the class: `Decodes(cls, PARSER)`, as a decoding object (parsers.py).

The walker records each such function once (`helper_of`: `Form.HELPER` at its qualname, its two
positions in `RefSite.decodes`, a `Decodes(cls, value)`), and each call handing a spelled class on
by position (`Form.FACTORY`, the callee and the position in `RefSite.handed`, a `Handed(callee,
position)`, the positional arguments in `args`); built.py `decoded_by` meets them for join.py.
"""

from __future__ import annotations

import ast
from collections.abc import Collection, Sequence

from type_equiv.producers.doors.parsers import PARSER
from type_equiv.producers.records import Decodes
from type_equiv.read.normalise import last_name
from type_equiv.read.walk import walk

HELPER_LINES = 40  # a decoding helper is a small function: longer ones are not read for it …
TYPED_LINES = 160  # … but for a type-directed converter, one branch per kind of type (thonny's: 95)


def helper_of(node: ast.FunctionDef | ast.AsyncFunctionDef, skip: int,
              module: Sequence[ast.stmt] = ()) -> Decodes | None:
    """`Decodes(i, j)` when the function builds a value of the class its positional parameter `i`
    holds from its parameter `j` (positions as a caller counts them, after a method's `self`), else
    None; `typed` when it reads that class's field types, `annotated` when its `module` also reads a
    function's parameter annotations (`annotation_reader`); `mapping` when it builds the class whole
    from the value, a mapping (`model_cls(**data)`, `model_cls.model_validate(data)`)."""
    params = [a.arg for a in [*node.args.posonlyargs, *node.args.args]][skip:]
    lines = (node.end_lineno or 0) - node.lineno
    if len(params) < 2 or lines > TYPED_LINES:
        return None
    where = {name: i for i, name in enumerate(params)}
    found = [built for sub in walk(node) if (built := _built(sub)) is not None
             and built[0] in where and built[1] in where and built[0] != built[1]]
    if not found:
        read = next((name for sub in walk(node) if (name := _reads_inside(sub, where)) is not None), None)
        return Decodes(where[read], PARSER) if read is not None and lines <= HELPER_LINES else None
    cls, value, mapping = min(found, key=lambda built: built[2])  # `cls(val)` before `cls(**val)`
    typed = reads_fields(node, cls)
    if lines > HELPER_LINES and not typed:
        return None
    # built whole from a mapping, the data's origin decides (built.py `fed`), whatever else it reads
    annotated = typed and not mapping and annotation_reader(module)
    return Decodes(where[cls], where[value], typed, annotated, mapping)


# What a text's own methods return: the same text transformed (`val.lower()`), not data read anew
TEXT_METHODS = frozenset(name for name in dir(str) if not name.startswith("_"))


def _reads_inside(node: ast.AST, params: Collection[str]) -> str | None:
    """The class parameter of `cls(parser.value(option))` or `cls(config["mode"])`: the helper reads
    the data it decodes itself, from an object or a mapping its caller hands it (buzz's
    `parse_enum_option(option, parser, enum_class)`), so every call handing it the class decodes data
    (principle 1), whatever the other arguments are; a text transform of a parameter
    (`cls(val.lower())`) is no read."""
    if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in params
            and len(node.args) == 1 and not node.keywords):
        return None
    arg = node.args[0]
    if isinstance(arg, ast.Call) and isinstance(arg.func, ast.Attribute):
        holder, read = arg.func.value, arg.func.attr not in TEXT_METHODS
    elif isinstance(arg, ast.Subscript):
        holder, read = arg.value, True
    else:
        return None
    if read and isinstance(holder, ast.Name) and holder.id in params and holder.id != node.func.id:
        return node.func.id
    return None


def annotation_reader(module: Sequence[ast.stmt]) -> bool:
    """Whether the module reads a parameter's annotation (`inspect.signature(f).parameters[…]
    .annotation`): a converter beside it may be handed the type a handler declares."""
    return any(isinstance(sub, ast.Attribute) and sub.attr == "annotation"
               for stmt in module for sub in walk(stmt))


# What reads a class's field types: `get_type_hints(cls)`, `fields(cls)`, `inspect.get_annotations(cls)`,
# `cls.__annotations__`, `cls.model_fields` — the step a type-directed converter recurses through.
FIELD_READERS = frozenset({"get_type_hints", "fields", "get_annotations"})
FIELD_TABLES = frozenset({"__annotations__", "__dataclass_fields__", "model_fields", "__fields__"})


def reads_fields(node: ast.FunctionDef | ast.AsyncFunctionDef, cls: str) -> bool:
    """Whether the helper reads the field types of the class its parameter `cls` holds: then it is a
    type-directed converter (thonny's `_convert_from_json_value(value, target_type)`, recursing into
    `get_type_hints(target_type)`), which decodes the class's fields from the data as it decodes the
    class — handed a class that carries a vocabulary and data, a door through that class
    (principle 1), as `parse_obj_as(Reply, data)` is."""
    for sub in walk(node):
        if (isinstance(sub, ast.Call) and sub.args and isinstance(sub.args[0], ast.Name)
                and last_name(sub.func) in FIELD_READERS and sub.args[0].id == cls):
            return True
        if (isinstance(sub, ast.Attribute) and sub.attr in FIELD_TABLES and isinstance(sub.value, ast.Name)
                and sub.value.id == cls):
            return True
    return False


# A class's own decoding methods given a mapping: `model_cls.model_validate(data)`, pydantic 1's
# `parse_obj`, dataclass-wizard's and mashumaro's `from_dict`
MAPPING_DECODERS = frozenset({"model_validate", "parse_obj", "from_dict"})


def _built(node: ast.AST) -> tuple[str, str, bool] | None:
    """(class parameter, value parameter, whether the class is built whole from a mapping) of
    `cls(val)`, `cls[val]`, `cls.table[val]`; of `cls(**data)` and `cls.model_validate(data)` (a
    mapping: the class's fields decoded from the data, built.py `fed`)."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and not node.args:
        spread = [k.value for k in node.keywords if k.arg is None]
        if len(spread) == 1 and isinstance(spread[0], ast.Name):
            return node.func.id, spread[0].id, True  # `model_cls(**data)`
    if (isinstance(node, ast.Call) and len(node.args) == 1 and isinstance(node.func, ast.Attribute)
            and node.func.attr in MAPPING_DECODERS and isinstance(node.func.value, ast.Name)
            and isinstance(node.args[0], ast.Name)):
        return node.func.value.id, node.args[0].id, True  # `model_cls.model_validate(data, strict=True)`
    if isinstance(node, ast.Call) and len(node.args) == 1 and not node.keywords:
        head, arg = node.func, node.args[0]
    elif isinstance(node, ast.Subscript):
        head, arg = node.value, node.slice
        if isinstance(head, ast.Attribute):  # `cls._value2member_map_[val]`: the members by value
            head = head.value
    else:
        return None
    if isinstance(head, ast.Name) and isinstance(arg, ast.Name):
        return head.id, arg.id, False
    return None
