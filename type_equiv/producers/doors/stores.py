"""The program's own store: an instance written to a database by its own method, and a field of the
instance converted back on it.

Principle 2 of docs/producers.md: data the program writes and reads back holds only what its
producers put there. A model's `self.model_dump()` alone is no write (it is as often a hash, a copy or
a spec file its users author: roundtrips.py), but a dump handed to a database's write call — a
document store's `insert_one`, `update_one(…, {"$set": d})`, `replace_one`, a key-value store's
`put_item` — is the program's own rows, and decoding the same class (`TicketProgress.load(id)`,
`cls(**collection.find_one(…))`) reads them back: a round trip. Likewise `Kind(self.status)` in a
method of a class that declares `status: Kind` converts back a value the instance already holds as the
vocabulary: what the instance was built with, no door.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Sequence

from type_equiv.producers.doors.roundtrips import DUMP_METHODS
from type_equiv.read.walk import walk

# A database's write calls (MongoDB, DynamoDB, Firestore and key-value stores): what they are given
# is stored as the program's own rows. Not `update` alone (a dict's) nor `set` (a set's, a context
# variable's): the name must say a store.
STORE_WRITE = re.compile(
    r"^(insert(_one|_many)?|(update|replace)_(one|many|item)|upsert\w*|put_item|batch_write\w*"
    r"|find_one_and_(update|replace)|hset|hmset|setex)$")


def _dumps_self(node: ast.expr) -> bool:
    """`self.model_dump()` (any of roundtrips.py `DUMP_METHODS`, no positional argument)."""
    return (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
            and node.func.attr in DUMP_METHODS and not node.args
            and isinstance(node.func.value, ast.Name) and node.func.value.id == "self")


def _dumped_names(body: Sequence[ast.stmt]) -> set[str]:
    """The locals a method binds to its instance's dump (`current = self.model_dump()`)."""
    return {target.id for stmt in body for sub in walk(stmt) if isinstance(sub, ast.Assign)
            and _dumps_self(sub.value) for target in sub.targets if isinstance(target, ast.Name)}


def _holds(node: ast.expr, names: set[str]) -> bool:
    """Whether an argument is the dump, inline, through a local or as a display's value
    (`{"$set": current}`): principle 5, the same write however it is spelled."""
    if _dumps_self(node) or (isinstance(node, ast.Name) and node.id in names):
        return True
    if isinstance(node, ast.Dict):
        return any(_holds(v, names) for v in node.values)
    if isinstance(node, ast.List | ast.Tuple):
        return any(_holds(e, names) for e in node.elts)
    return False


def stores_self(node: ast.Call, body: Sequence[ast.stmt]) -> bool:
    """Whether `node`, in a method, writes the instance's dump to a database (`STORE_WRITE`):
    `collection.update_one({"id": self.id}, {"$set": self.model_dump()}, upsert=True)`."""
    func = node.func
    if not (isinstance(func, ast.Attribute) and STORE_WRITE.match(func.attr)):
        return False
    names = _dumped_names(body)
    return any(_holds(a, names) for a in [*node.args, *(k.value for k in node.keywords)])


def own_field_line(class_body: Sequence[ast.stmt], name: str, callee: ast.expr | None) -> int | None:
    """The line where the class declares field `name` typed by what `callee` names (`status:
    Kind` for `Kind(self.status)`, also `Kind | None`), else None: the conversion reads back the
    instance's own value, already a member."""
    if callee is None:
        return None
    spelled = ast.unparse(callee)
    for stmt in class_body:
        if (isinstance(stmt, ast.AnnAssign) and isinstance(stmt.target, ast.Name) and stmt.target.id == name
                and any(isinstance(n, ast.Name | ast.Attribute) and ast.unparse(n) == spelled
                        for n in walk(stmt.annotation))):
            return stmt.lineno
    return None
