"""The equivalence table drawn from the typing spec, built into one real project (issue 14).

`tests/data/equivalence_spec.json` lists annotation pairs (a docs paste and its source spelling), each
with the verdict the typing spec gives it (or, where pydantic's wire shape disagrees, a recorded
`decision`), the level that should decide it, and a citation into python/typing. `build` writes one
project holding every pair in both directions: one module `tep/pNNN.py` and one doc `docs/pNNN.md`
per pair, holding both directions (`PNNNF`: paste → paste, source → source; `PNNNR`: swapped). One
manifest row per definition makes the whole table one check.

Used by tests/drift/test_spec_table.py (one in-process run) and bench/equivalence_spec.py (the CLI,
plain and `--schema`). Nothing here imports type-equiv or pytest.

Contexts: `field` (`x: <text>` in a pydantic model), `typeddict` (`x: <text>` in a
`typing_extensions.TypedDict`), `alias` (`N = <text>`, `N: TypeAlias = <text>` for a string). A text
holding `{name}` is a whole definition instead (alias forms, `total=`), with `{name}` replaced.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

TABLE = Path(__file__).resolve().parent.parent / "data" / "equivalence_spec.json"
PKG = "tep"  # the table's imports say `from tep.defs import ...`

# Names the table's imports refer to as `from tep.defs import ...`.
DEFS = '''"""Helper definitions the equivalence table's pairs refer to."""
import enum
from typing import Annotated, Literal, TypeAlias, TypeVar

from pydantic import BaseModel, Field
from typing_extensions import TypeAliasType

T = TypeVar("T")


class Color(enum.Enum):
    RED = 1
    GREEN = 2
    BLUE = 3


class Flags(enum.Flag):
    A = 1
    B = 2


class Usage(BaseModel):
    n: int


class User:
    pass


Pos = Annotated[int, Field(ge=0)]
Step = int
IntList = list[int]
Flag = int | bool
ReadOnlyMode = Literal["r", "r+"]
TAInt = TypeAliasType("TAInt", int)
GoodAlias4: TypeAlias = list[T]
'''

PRELUDE = [
    "from typing import TypeAlias",
    "from pydantic import BaseModel",
    "from typing_extensions import TypedDict",
]


@dataclass
class Pair:
    id: str
    category: str
    context: str
    paste: str
    source: str
    equal: bool
    imports: list[str]
    cite: str
    decision: str | None
    level: str | None


@dataclass
class Case:
    """One direction of one pair: the definition named `name` in module `module`."""

    pair: Pair
    direction: str  # "fwd": paste → paste, source → source; "rev": swapped
    module: str
    name: str
    paste_text: str
    source_text: str
    doc: str
    doc_lines: tuple[int, int] = (0, 0)
    src_lines: tuple[int, int] = (0, 0)

    @property
    def symbol(self) -> str:
        return f"{self.module}.{self.name}"

    @property
    def head(self) -> list[str]:
        """The import lines above the definition, in the module and in the paste's block."""
        return PRELUDE + [i for i in self.pair.imports if i not in PRELUDE]


def definition(context: str, text: str, name: str) -> str:
    """The Python text defining `name` with `text` in `context`."""
    if "{name}" in text:
        return text.replace("{name}", name)
    if context == "field":
        return f"class {name}(BaseModel):\n    x: {text}"
    if context == "typeddict":
        return f"class {name}(TypedDict):\n    x: {text}"
    if text.lstrip().startswith(("'", '"')):
        return f"{name}: TypeAlias = {text}"
    return f"{name} = {text}"


def load(path: Path = TABLE) -> list[Pair]:
    rows = json.loads(path.read_text(encoding="utf-8"))
    return [Pair(**{k: row.get(k) for k in Pair.__dataclass_fields__}) for row in rows]


def build(root: Path, pairs: list[Pair]) -> list[Case]:
    """Write the project (package, docs) and return its cases; the manifest is written separately."""
    (root / PKG).mkdir(parents=True)
    (root / "docs").mkdir()
    (root / "manifest").mkdir()
    (root / PKG / "__init__.py").write_text("")
    (root / PKG / "defs.py").write_text(DEFS)
    cases: list[Case] = []
    for n, pair in enumerate(pairs, 1):
        module = f"{PKG}.p{n:03d}"
        head = PRELUDE + [i for i in pair.imports if i not in PRELUDE]
        src = ['"""Pair ' + pair.id + '."""', *head, ""]
        doc = [f"# {pair.id}", ""]
        for direction, paste, source in (("fwd", pair.paste, pair.source), ("rev", pair.source, pair.paste)):
            name = f"P{n:03d}{'F' if direction == 'fwd' else 'R'}"
            case = Case(pair, direction, module, name, definition(pair.context, paste, name),
                        definition(pair.context, source, name), f"docs/p{n:03d}.md")
            src.append("")
            start = len(src) + 1
            src.extend(case.source_text.splitlines())
            case.src_lines = (start, len(src))
            doc.extend(["", "```python", *head, ""])
            start = len(doc) + 1
            doc.extend(case.paste_text.splitlines())
            case.doc_lines = (start, len(doc))
            doc.extend(["```", ""])
            cases.append(case)
        (root / PKG / f"p{n:03d}.py").write_text("\n".join(src) + "\n")
        (root / "docs" / f"p{n:03d}.md").write_text("\n".join(doc) + "\n")
    return cases


def write_manifest(root: Path, cases: list[Case], schema: dict[str, bool] | None = None) -> Path:
    """One row per case, producer check off; `schema` sets a row's `"schema"` key by symbol."""
    rows: list[dict[str, Any]] = []
    for case in cases:
        row: dict[str, Any] = {"symbol": case.symbol, "docs": [case.doc], "producers": False}
        if schema is not None and case.symbol in schema:
            row["schema"] = schema[case.symbol]
        rows.append(row)
    manifest = {"version": 1, "source": ["."], "symbols": rows}
    path = root / "manifest" / "type-equiv.manifest.json"
    path.write_text(json.dumps(manifest, indent=1))
    return path
