"""A lookup table that decodes: raw values to members, looked up by data.

`_MODES = {0: Mode.OFF, 1: Mode.ON}` read as `_MODES.get(setting)` means what `Mode(setting)` means
(principle 5): a raw value the program was handed, turned into the member the table pairs it with,
`None` for a value it does not know — a door for the members the table holds, not a producer of them.
An index by data (`_MODES[setting]`) means the same, raising where `.get` gives `None` (the user's
`--tone` through argparse `choices=` of the table's keys is still the command line's data). A
table keyed by members (`{Setting.OFF: Mode.OFF}`: the program's own values translated), one looked
up by a literal (`_MODES.get(0)`, `_MODES[0]`) or read any other way (`.values()`, `.items()`,
handed on, returned) hands its members out — unless its keys are the members of an enum the
project does not define (`{CompositeMode.SCREEN: BlendMode.SCREEN, …}` looked up by a font's
composite mode, fontTools' enum): the program holds such a value only as a library decoded it from
data, so the lookup is a decode as a raw key's is (principle 1; join.py judges the key's class, the
walk marks the table's members `KEYED_BY` it). Read
by the walk (assigned.py `module_value`), which turns the table's member references into decodes
(join.py: a door to those members alone). A class table handed to a union's validator is what
data is decoded into (`validator_tables`).
"""

from __future__ import annotations

import ast
from collections.abc import Callable, Sequence

from type_equiv.producers.doors.doors import tested_in
from type_equiv.producers.records import DECODES, DECODES_ELSEWHERE, KEYED_BY, Form, RefSite
from type_equiv.producers.syntax.syntax import mapping_parts
from type_equiv.read.normalise import last_name
from type_equiv.read.walk import walk

# What reads a table's keys alone (raw values: nothing of the vocabulary leaves).
KEY_READS = frozenset({"keys", "join", "len", "sorted", "list", "set", "tuple", "frozenset"})

# The key types that declare a table keyed by raw values.
RAW_TYPES = frozenset({"int", "str", "bytes"})


def raw_key(node: ast.expr | None) -> bool:
    """A raw value keying a table: a str/int/bytes literal (`"R"`, `-1`), `None` (the value data
    leaves out: a JSON null, trackma's `type_translate = {None: Type.UNKNOWN, "TV": Type.TV, …}`), or
    a member's `.value` (`Setting.OFF.value`: the value another enum stands for)."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        node = node.operand
    if isinstance(node, ast.Constant):
        value = node.value
        return value is None or (isinstance(value, str | int | bytes) and not isinstance(value, bool))
    return isinstance(node, ast.Attribute) and node.attr == "value" and isinstance(node.value, ast.Attribute)


def member_table(refs: list[RefSite], start: int, value: ast.expr, name: str, body: Sequence[ast.stmt],
                 module: bool, dotted: Callable[[ast.expr], str | None], owner: str | None = None) -> None:
    """The members of a decode table bound to `name` (its references from `start` on) turned into
    decodes, judged in `body`: the function's statements, or the module's for a private
    module-level name (a public one may be read in other modules, unseen here: not judged), or the
    class body's for a class-level name of the class `owner` (read as `self.T`, `cls.T` or
    `Owner.T` in its methods: the same table, principle 5)."""
    if module and not name.startswith("_"):
        return
    if not (name and isinstance(value, ast.Dict)):
        return
    if decode_table(value, name, body, owner):
        decoded_members(refs, start, value, dotted)
    elif (keyed := _keyed_by(value, dotted)) is not None and looked_up_by_data(name, body, owner, frozenset(
            ast.unparse(k.value) for k in value.keys if isinstance(k, ast.Attribute))):
        # keyed by another enum's members: a decode where that enum is no class of the project (join.py)
        held = {dotted(v) for v in value.values if v is not None}
        for i in range(start, len(refs)):
            if refs[i].form is Form.TABLE and refs[i].ref in held:
                refs[i] = refs[i]._replace(detail=KEYED_BY + keyed)


def decoded_members(refs: list[RefSite], start: int, table: ast.Dict,
                    dotted: Callable[[ast.expr], str | None]) -> None:
    """The members a decode table holds, among its references from `start` on, turned into decodes:
    a lookup by data finds them, nothing builds them there."""
    held = {dotted(v) for v in held_members(table)}
    for i in range(start, len(refs)):
        if refs[i].form in (Form.TABLE, Form.REFERENCE) and refs[i].ref in held:
            refs[i] = refs[i]._replace(form=Form.DECODE)


def _keyed_by(value: ast.Dict, dotted: Callable[[ast.expr], str | None]) -> str | None:
    """The one class whose members key every entry of a table of members (`{CompositeMode.SCREEN:
    BlendMode.SCREEN, …}` → the class `CompositeMode` resolves to), else None."""
    if not value.keys or not all(isinstance(v, ast.Attribute) for v in value.values):
        return None
    owners = {dotted(k.value) if isinstance(k, ast.Attribute) and k.attr != "value" else None
              for k in value.keys}
    return owners.pop() if len(owners) == 1 and None not in owners else None


def validator_tables(value: ast.expr, tables: dict[str, tuple[int, int]], refs: list[RefSite]) -> None:
    """A module-level class table (`VARIANTS = {"a": A}`, its references' range in `tables`) handed
    to an `Annotated` alias's validator (`Annotated[A | B, BeforeValidator(partial(parse_open_union,
    variants=VARIANTS))]`) is what the validator decodes data into: its classes decoded, not built."""
    if not (isinstance(value, ast.Subscript) and last_name(value.value) == "Annotated"
            and isinstance(value.slice, ast.Tuple) and tables):
        return
    for meta in value.slice.elts[1:]:
        for sub in walk(meta):
            if isinstance(sub, ast.Name) and sub.id in tables:
                first, last = tables.pop(sub.id)
                for i in range(first, last):
                    if refs[i].form == Form.TABLE:
                        refs[i] = refs[i]._replace(form=Form.DECODE)


def decode_table(value: ast.expr, name: str, body: Sequence[ast.stmt], owner: str | None = None) -> bool:
    """Whether the display `value` bound to `name` is a decode table in `body` (the function's
    statements, the module's for a private module-level name, the class's for a class-level one of
    the class `owner`): every key a raw value — a literal, or a name `body` binds to one (`WM_LBUTTONUP`:
    an OS message's number) —, every value a member (`Kind.A`), a tuple holding one beside literals
    (`(Button.left, True)`) or such a table nested at any depth, and `name` read at least once by `.get`
    or an index of a key that is no literal and otherwise only through its keys."""
    if not _raw_table(value, _constants(body)):
        return False
    return looked_up_by_data(name, body, owner)


def public_table(value: ast.Dict, name: str, body: Sequence[ast.stmt]) -> str | None:
    """What a public module-level display of raw values to members is to lists.py, which judges it by
    every read: `DECODES` where its module `body` looks it up by data (`decode_table`), `DECODES_ELSEWHERE`
    where the module binds it once and never reads it — other modules may look it up (dbus-fast's
    `MESSAGE_FLAG_MAP`, read by the unmarshaller with each message's flags byte) —, else None."""
    if not _raw_table(value, _constants(body)):
        return None
    if looked_up_by_data(name, body):
        return DECODES
    uses = [node for node in (n for s in body for n in walk(s))
            if isinstance(node, ast.Name) and node.id == name]
    return DECODES_ELSEWHERE if len(uses) == 1 and isinstance(uses[0].ctx, ast.Store) else None


def inline_table(node: ast.expr) -> ast.Dict | None:
    """The display of `{"+": Op.ADD, …}[text]` or `{…}.get(text, default)`: a decode table looked up
    where it is spelled, by a key that is no literal — the same lookup as through a name bound to it
    (principle 5; griffe's operator precedences, round 89), so its members are decoded, not built."""
    table, key = None, None
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Dict):
        table, key = node.value, node.slice
    elif (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "get"
          and isinstance(node.func.value, ast.Dict) and node.args):
        table, key = node.func.value, node.args[0]
    if table is None or key is None or isinstance(key, ast.Constant | ast.Slice):
        return None
    return table if _raw_table(table, frozenset()) else None


def held_members(value: ast.Dict) -> list[ast.expr]:
    """The members a decode table's values hold: the values, each tuple's one member, and those of
    the tables nested in it, at any depth."""
    out: list[ast.expr] = []
    for item in value.values:
        if isinstance(item, ast.Dict):
            out.extend(held_members(item))
        elif isinstance(item, ast.Tuple):
            out.extend(e for e in item.elts if isinstance(e, ast.Attribute))
        elif item is not None:
            out.append(item)
    return out


def _raw_table(value: ast.expr, constants: frozenset[str]) -> bool:
    if not isinstance(value, ast.Dict) or not value.keys:
        return False
    if not all(raw_key(k) or (isinstance(k, ast.Name) and k.id in constants) for k in value.keys):
        return False
    return all(isinstance(v, ast.Attribute) or _member_tuple(v) or _raw_table(v, constants)
               for v in value.values)


def _member_tuple(node: ast.expr) -> bool:
    """A tuple of one member beside literals: `(Button.left, True)`."""
    return (isinstance(node, ast.Tuple)
            and sum(isinstance(e, ast.Attribute) for e in node.elts) == 1
            and all(isinstance(e, ast.Attribute | ast.Constant) for e in node.elts))


def _constants(body: Sequence[ast.stmt]) -> frozenset[str]:
    """The names `body` binds once, each to a raw literal (`WM_LBUTTONUP = 0x0202`)."""
    bound: dict[str, int] = {}
    raw: set[str] = set()
    for stmt in body:
        if isinstance(stmt, ast.Assign | ast.AnnAssign):
            targets = stmt.targets if isinstance(stmt, ast.Assign) else [stmt.target]
            for target in targets:
                if isinstance(target, ast.Name):
                    bound[target.id] = bound.get(target.id, 0) + 1
                    if raw_key(stmt.value) and not isinstance(stmt.value, ast.Attribute):
                        raw.add(target.id)
    return frozenset(n for n in raw if bound[n] == 1)


def class_key_table(value: ast.expr, name: str, body: Sequence[ast.stmt], owner: str,
                    raw: bool) -> list[ast.expr]:
    """The members whose values key a private class-level table (`_T = {Kind.A.value: h}`, or
    `_T: dict[int, H] = {Kind.A: h}`) read in the class `owner`'s body only by lookups by data
    (`self._T.get(op)`): the private module-level table spelled in the class (principle 5), so a
    raw value tested against those members — a door to them (`value_keys`)."""
    keys = value_keys(value, raw) if name.startswith("_") else []
    return keys if keys and looked_up_by_data(name, body, owner) else []


def looked_up_by_data(name: str, body: Sequence[ast.stmt], owner: str | None = None,
                      heads: frozenset[str] = frozenset()) -> bool:
    """Whether `name` (or `self.name`, `cls.name`, `Owner.name` in the class `owner`) is read in
    `body` at least once by `.get` or an index of a key that is no literal — nor a member of one of
    `heads` (`HTTPStatus.OK`), the enums keying it —, otherwise only through its keys, and bound at
    most once."""
    parents = {id(child): node for node in (n for s in body for n in walk(s))
               for child in ast.iter_child_nodes(node)}
    decoded, stores = False, 0
    holders = {"self", "cls", owner.rsplit(".", 1)[-1]} if owner else set()
    for node in (n for s in body for n in walk(s)):
        if not isinstance(node, ast.Name | ast.Attribute) or not _names(node, name, holders):
            continue
        if not isinstance(node.ctx, ast.Load):
            stores += 1
            continue
        read = _read(node, parents, heads)
        if read is None:
            return False
        decoded = decoded or read
    return decoded and stores <= 1


def _names(node: ast.Name | ast.Attribute, name: str, holders: set[str]) -> bool:
    """Whether `node` reads the table `name`: bare, or as an attribute of one of `holders` (`self._T`)."""
    if isinstance(node, ast.Name):
        return node.id == name
    return node.attr == name and isinstance(node.value, ast.Name) and node.value.id in holders


def _read(node: ast.Name | ast.Attribute, parents: dict[int, ast.AST],
          heads: frozenset[str] = frozenset()) -> bool | None:
    """How one read of the table uses it: True, a lookup by data (`t.get(key)`, `t[key]`); False,
    its keys alone (`k in t`, `", ".join(t)`, `for k in t`); None, anything else (a literal key, or a
    member of one of `heads`)."""
    parent = parents.get(id(node))
    if isinstance(parent, ast.Subscript) and parent.value is node and isinstance(parent.ctx, ast.Load):
        return None if _written(parent.slice, heads) else True
    if isinstance(parent, ast.Attribute) and parent.value is node:
        call = parents.get(id(parent))
        if not (isinstance(call, ast.Call) and call.func is parent):
            return None
        if parent.attr == "get" and call.args:
            return None if _written(call.args[0], heads) else True
        return False if parent.attr == "keys" else None
    if isinstance(parent, ast.Compare) and node in parent.comparators:
        return False if all(isinstance(op, ast.In | ast.NotIn) for op in parent.ops) else None
    if isinstance(parent, ast.Call) and node in parent.args:
        func = parent.func
        head = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
        return False if head in KEY_READS else None
    if isinstance(parent, ast.For | ast.comprehension) and parent.iter is node:
        return False
    return None


def _written(key: ast.expr, heads: frozenset[str]) -> bool:
    """A key written in code: a literal, or a member of one of `heads` (`HTTPStatus.OK`)."""
    return isinstance(key, ast.Constant) or (
        isinstance(key, ast.Attribute) and bool(heads) and ast.unparse(key.value) in heads)


def value_keys(value: ast.expr, raw: bool = False) -> list[ast.expr]:
    """The members whose values key a display, every key one enum's (`{Kind.A.value: Plain,
    Kind.B.value: Rich}` → Kind.A, Kind.B): a lookup in it by a raw value tests the value against
    theirs, as `x in [Kind.A.value, Kind.B.value]` does (principle 5: a lookup by key is that test).
    A table declared keyed by raw values (`raw`: `T: dict[int, H] = {Kind.A: h}`) is keyed by its
    members' values as spelled: an int or str enum's member is its value (`member_keys`)."""
    if isinstance(value, ast.DictComp):
        return by_value(value)
    if not isinstance(value, ast.Dict) or not value.keys:
        return []
    keys = [k for k in value.keys if k is not None]
    if len(keys) != len(value.keys):
        return []
    return member_keys(keys) if raw else tested_in(ast.List(elts=keys, ctx=ast.Load()))


def member_keys(keys: list[ast.expr]) -> list[ast.expr]:
    """The members keying a table declared keyed by raw values: `Kind.A` there is `Kind.A.value`,
    an int or str enum's member being its value, so the keys read as `tested_in` reads values."""
    if not any(isinstance(k, ast.Attribute) and k.attr == "value" for k in keys):
        keys = [ast.Attribute(value=k, attr="value", ctx=ast.Load()) for k in keys]
    return tested_in(ast.List(elts=keys, ctx=ast.Load()))


def raw_keyed(annotation: ast.expr | None) -> bool:
    """Whether an annotation declares a table keyed by raw values (`dict[int, H]`, `Mapping[str, H]`)."""
    parts = mapping_parts(annotation) if annotation is not None else None
    return parts is not None and isinstance(parts[0], ast.Name) and parts[0].id in RAW_TYPES


def by_value(value: ast.DictComp) -> list[ast.expr]:
    """`{e.value: e for e in Kind}`: every member keyed by its value, the display `{Kind.A.value:
    Kind.A, …}` spelled as a comprehension (principle 5) → [Kind], the whole enum; else []. So too
    keyed by a text of each member (`{str(c): c …}`, `{c.name: c …}`) and over `list(Kind)` or a
    method of the enum returning members (`Kind.valid_types()`: taken for the whole enum)."""
    if len(value.generators) != 1:
        return []
    loop = value.generators[0]
    name = loop.target.id if isinstance(loop.target, ast.Name) else None
    key, item = value.key, value.value
    source = table_source(loop.iter)
    if (name is None or loop.ifs or source is None
            or not (isinstance(item, ast.Name) and item.id == name) or not _text_of(key, name)):
        return []
    return [source]


def table_source(node: ast.expr) -> ast.expr | None:
    """The enum a decode table's comprehension runs over: `Kind`, `list(Kind)`, `Kind.method()`."""
    if isinstance(node, ast.Call) and not node.keywords:
        if (isinstance(node.func, ast.Name) and node.func.id in ("list", "tuple", "set")
                and len(node.args) == 1):
            node = node.args[0]
        elif isinstance(node.func, ast.Attribute) and not node.args:
            node = node.func.value
    return node if isinstance(node, ast.Name | ast.Attribute) else None


def _text_of(key: ast.expr, name: str) -> bool:
    """`e.value`, `e.name` or `str(e)` of the loop variable `name`: a text each member is known by."""
    if (isinstance(key, ast.Call) and isinstance(key.func, ast.Name) and key.func.id == "str"
            and len(key.args) == 1):
        return isinstance(key.args[0], ast.Name) and key.args[0].id == name
    return (isinstance(key, ast.Attribute) and key.attr in ("value", "name")
            and isinstance(key.value, ast.Name) and key.value.id == name)


def picked(node: ast.Call, name: str) -> list[ast.expr]:
    """The tables a choice-picking call is handed (`config.getchoice("channel", table)`: a call
    named for picking one of the choices by what the user wrote, `get_choice`, `getchoice`)."""
    if not name.lower().endswith("choice"):
        return []
    return [*node.args, *(k.value for k in node.keywords)]


def nested_value_keys(name: str, value: ast.expr) -> dict[str, list[ast.expr]]:
    """A display of such tables under literal keys (`STYLES = {"font-weight": {e.value: e for e in
    FontWeight}, …}`): each inner table by `T[key]` (`nested_name`), and all of them by `T[…]` — a
    lookup `STYLES[prop].get(text)` by data tests the text against every inner table's members."""
    if not isinstance(value, ast.Dict):
        return {}
    out: dict[str, list[ast.expr]] = {}
    for key, item in zip(value.keys, value.values, strict=True):
        inner = value_keys(item)
        if inner and isinstance(key, ast.Constant):
            out[nested_name(name, key)] = inner
            out.setdefault(nested_name(name, None), []).extend(inner)
    return out


def nested_name(name: str, key: ast.expr | None) -> str:
    """The name an inner table of `name` is kept under: `T['k']` for a literal key, `T[…]` else."""
    return f"{name}[{key.value!r}]" if isinstance(key, ast.Constant) else f"{name}[…]"


def looked_up(node: ast.expr, func: ast.expr | None = None) -> tuple[str, ast.expr] | None:
    """The table name and key of a lookup by key: `T[key]` (a load) or `T.get(key, …)` (`node` the
    call, `func` its callee) — also of an inner table, `T[k][key]` or `T[k].get(key)` (`nested_name`)."""
    if isinstance(node, ast.Subscript) and isinstance(node.ctx, ast.Load):
        table = _table(node.value)
        return (table, node.slice) if table is not None else None
    if isinstance(node, ast.Call) and isinstance(func, ast.Attribute) and func.attr == "get" and node.args:
        table = _table(func.value)
        return (table, node.args[0]) if table is not None else None
    return None


def _table(node: ast.expr) -> str | None:
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name):
        return nested_name(node.value.id, node.slice)
    return None


def own_key(key: ast.expr, body: Sequence[ast.stmt]) -> bool:
    """Whether a lookup's key is the program's own rather than data: a literal, a member's `.value`,
    or a name a `for` loop of the function binds (`for k in T: T[k]`, `for level in levels:`: an
    element of what the program iterates, typed or listed by it)."""
    if isinstance(key, ast.Constant) or (isinstance(key, ast.Attribute) and key.attr == "value"):
        return True
    if not isinstance(key, ast.Name):
        return False
    loops = (n for s in body for n in walk(s)
             if isinstance(n, ast.For | ast.AsyncFor | ast.comprehension))
    return any(key.id in {t.id for t in walk(loop.target) if isinstance(t, ast.Name)} for loop in loops)
