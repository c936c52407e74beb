"""Whether a comprehension over an enum picks its members by a test of data: `[p.name for p in Perm
if mask & p.value]` names the members a mask holds — the members picked, handed out as the plain
iteration `[p for p in Perm if mask & p]` hands them (syntax.py `comprehended`, the sixty-ninth round).
"""

from __future__ import annotations

import ast
import builtins

BUILTIN_NAMES = frozenset(dir(builtins))


def picked_by_data(node: ast.ListComp | ast.SetComp | ast.GeneratorExp | ast.DictComp) -> bool:
    """Whether a test of data picks the elements: a bit test (`mask & p.value`) or a call given them
    (`ace.hasFlag(f.value)`) reading a name besides the element and the builtins — not a test against
    the program's own members (`k not in _DONE`) or of each member alone (`isinstance(r.value, int)`)."""
    if isinstance(node, ast.DictComp):
        return False
    loop = node.generators[0]
    own = {loop.target.id} if isinstance(loop.target, ast.Name) else set()
    for cond in loop.ifs:
        nodes = list(ast.walk(cond))
        tested = any(isinstance(n, ast.Call) or (isinstance(n, ast.BinOp) and isinstance(n.op, ast.BitAnd))
                     for n in nodes)
        if tested and any(isinstance(n, ast.Name) and n.id not in own and n.id not in BUILTIN_NAMES
                          for n in nodes):
            return True
    return False
