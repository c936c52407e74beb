"""What a generator yields: the element type its return annotation declares.

A generator annotated `-> Iterable[V]` hands each `yield X` out as a value of `V`, as a function
annotated `-> V` hands out its `return X` (principle 5: the same meaning, another spelling). Read
by the walk (expressions.py), which binds each yielded value to this type as it binds a return.
"""

from __future__ import annotations

import ast

from type_equiv.producers.syntax.syntax import forward_ref
from type_equiv.read.normalise import last_name

# The annotations a generator function is declared with, each naming the yielded type first.
GENERATOR_HEADS = frozenset({
    "Iterable", "Iterator", "Generator", "AsyncIterable", "AsyncIterator", "AsyncGenerator",
})


def yield_type(returns: ast.expr | None) -> ast.expr | None:
    """The yielded type of a generator's return annotation (`Iterator[V]`, `Generator[V, S, R]`,
    `AsyncGenerator[V, S]`, string annotations included), or None for any other annotation."""
    if isinstance(returns, ast.Constant) and isinstance(returns.value, str):
        returns = forward_ref(returns.value)
    if not isinstance(returns, ast.Subscript) or last_name(returns.value) not in GENERATOR_HEADS:
        return None
    inner = returns.slice
    return inner.elts[0] if isinstance(inner, ast.Tuple) and inner.elts else inner
