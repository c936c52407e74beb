"""A module-level table of the members keyed by their values (`MAPPING = {x.value: x for x in Op}`)
read in another module — through its module's attribute (`from . import ops`, `ops.MAPPING[key]`)
or imported by name (`from .ops import MAPPING`) — is the table (principle 5): looked up by data, a
door to every member, as the same lookup in the table's own module is (meson's `MesonOperator`,
`operator.MAPPING[node.ctype]`, the twenty-ninth round). A lookup by a literal, or a table only
iterated, opens nothing. One real temporary project per case."""

from __future__ import annotations

from tests.harness import producer_case

OPS = """
from enum import Enum


class Op(Enum):
    PLUS = "+"
    MINUS = "-"


MAPPING = {x.value: x for x in Op}
"""


def verdicts(use: str, name: str = "pkg/operator.py") -> dict[str, str]:
    files = {"pkg/__init__.py": "", name: OPS, "pkg/run.py": use}
    module = name[:-3].replace("/", ".")
    return dict(producer_case(source=files, symbol=f"{module}.Op").verdicts)


def test_a_table_read_through_its_module_and_looked_up_by_data_is_a_door() -> None:
    found = verdicts("""
        from . import operator


        def evaluate(node):
            return operator.MAPPING[node.ctype]
    """)
    assert found == {"PLUS": "wire", "MINUS": "wire"}


def test_a_table_read_through_its_module_as_an_argument_is_a_door() -> None:
    found = verdicts("""
        from . import operator


        def evaluate(left, node):
            return left.operator_call(operator.MAPPING[node.operation], node)
    """)
    assert found == {"PLUS": "wire", "MINUS": "wire"}


def test_a_table_imported_by_name_and_looked_up_by_get_is_a_door() -> None:
    found = verdicts("""
        from .ops import MAPPING


        def evaluate(text):
            return MAPPING.get(text)
    """, "pkg/ops.py")
    assert found == {"PLUS": "wire", "MINUS": "wire"}


def test_a_table_looked_up_by_a_literal_elsewhere_opens_nothing() -> None:
    found = verdicts("""
        from . import ops


        def plus():
            return ops.MAPPING["+"]
    """, "pkg/ops.py")
    assert found == {"PLUS": "none", "MINUS": "none"}
