"""What kind of definition a statement is: a class, an enum, a type alias, or a variable.

`init` proposes only definitions, and `sync` refuses to turn one kind into another (a doc's
`tool = SomeTool(...)` into the source's `tool = decorator`): both ask this one question, of a
libcst statement, by its syntax alone (nothing is imported or resolved).
"""

from __future__ import annotations

from typing import Literal

import libcst as cst

Kind = Literal["class", "enum", "alias", "variable"]

TYPE_FORMS = frozenset({
    "Union", "Optional", "Literal", "Annotated", "Callable", "Type", "type", "Dict", "dict", "List",
    "list", "Tuple", "tuple", "Set", "set", "FrozenSet", "frozenset", "Mapping", "Sequence",
    "Iterable", "Iterator", "ClassVar", "Final", "Required", "NotRequired", "TypeGuard", "TypeIs",
    "str", "int", "float", "bool", "bytes", "complex", "object", "bytearray", "Any",
})
ALIAS_CALLS = frozenset({"TypeAliasType", "NewType"})
ENUM_BASES = ("Enum", "Flag", "IntEnum", "StrEnum", "IntFlag", "ChoiceSet", "TextChoices",
              "IntegerChoices", "Choices")


def last_name(expr: cst.BaseExpression) -> str | None:
    """`Enum` for `Enum`, `enum.Enum`, `Enum[...]`; None for anything else."""
    if isinstance(expr, cst.Subscript):
        expr = expr.value
    name = expr.attr if isinstance(expr, cst.Attribute) else expr
    return name.value if isinstance(name, cst.Name) else None


def base_names(node: cst.ClassDef) -> set[str]:
    return {name for arg in written_bases(node)[0] if arg.keyword is None
            if (name := last_name(arg.value)) is not None}


def written_bases(node: cst.ClassDef) -> tuple[list[cst.Arg], cst.BaseExpression | None]:
    """The class's bases and the metaclass its base list sets, as Python gives them: a base
    `with_metaclass(Meta, str, Enum)` (six, future: the spelling of `metaclass=` that ran on
    Python 2 too, kept by generated clients) is the bases `str, Enum` under `metaclass=Meta`,
    so the class means what `class K(str, Enum, metaclass=Meta)` means."""
    bases: list[cst.Arg] = []
    metaclass: cst.BaseExpression | None = None
    for arg in node.bases:
        call = arg.value
        if (metaclass is None and not arg.star and isinstance(call, cst.Call)
                and last_name(call.func) == "with_metaclass" and call.args
                and all(not a.star and a.keyword is None for a in call.args)):
            metaclass = call.args[0].value
            bases.extend(call.args[1:])
        else:
            bases.append(arg)
    return bases, metaclass


def assigned(node: cst.CSTNode) -> tuple[cst.BaseExpression | None, cst.BaseExpression | None]:
    """(annotation, value) of a one-statement assignment line; (None, None) for anything else."""
    if isinstance(node, cst.SimpleStatementLine) and len(node.body) == 1:
        small = node.body[0]
        if isinstance(small, cst.TypeAlias):
            return None, small.value
        if isinstance(small, cst.AnnAssign):
            return small.annotation.annotation, small.value
        if isinstance(small, cst.Assign):
            return None, small.value
    return None, None


def is_type_expression(expr: cst.BaseExpression) -> bool:
    """`Union[...]`, `A | B`, `Literal[...]`, `Annotated[...]`, a generic `Name[...]` or a bare
    capitalised name: what Python reads as a type when it is assigned to a name."""
    if isinstance(expr, cst.BinaryOperation) and isinstance(expr.operator, cst.BitOr):
        return all(_arm_like(side) for side in (expr.left, expr.right))
    if isinstance(expr, cst.Subscript):
        name = last_name(expr.value)
        return name is not None and (name in TYPE_FORMS or class_like(name))
    if isinstance(expr, cst.Name):
        return expr.value in TYPE_FORMS or class_like(expr.value)
    return False


def class_like(name: str) -> bool:
    """`Point`, `ChatModel`: spelled as a class is; not `SETTINGS`, `True`, `None`."""
    bare = name.lstrip("_")
    return bare[:1].isupper() and not bare.isupper() and name not in ("True", "False", "None")


def _arm_like(expr: cst.BaseExpression) -> bool:
    if isinstance(expr, cst.Name) and expr.value == "None":
        return True
    if isinstance(expr, cst.SimpleString | cst.Attribute):
        return True  # `"Forward" | None`, `mod.Type | None`
    return is_type_expression(expr)


def statement_kind(node: cst.CSTNode) -> Kind:
    """What a top-level statement defines: a class, an enum, a type alias, or (anything else bound
    to a name: an instance, a call's result, a function or a logger) a variable."""
    if isinstance(node, cst.ClassDef):
        return "enum" if base_names(node) & set(ENUM_BASES) else "class"
    if isinstance(node, cst.SimpleStatementLine) and node.body and isinstance(node.body[0], cst.TypeAlias):
        return "alias"
    annotation, value = assigned(node)
    if annotation is not None and last_name(annotation) == "TypeAlias":
        return "alias"
    if value is None:
        return "variable"
    if isinstance(value, cst.Call) and last_name(value.func) in ALIAS_CALLS:
        return "alias"
    if isinstance(value, cst.Name) and not class_like(_target(node)):
        return "variable"  # `config = FooConfig`: a variable naming a class, not an alias of it
    return "alias" if is_type_expression(value) else "variable"


def _target(node: cst.CSTNode) -> str:
    if isinstance(node, cst.SimpleStatementLine) and node.body:
        small = node.body[0]
        target = (small.targets[0].target if isinstance(small, cst.Assign) and small.targets
                  else small.target if isinstance(small, cst.AnnAssign) else None)
        if isinstance(target, cst.Name):
            return target.value
    return ""
