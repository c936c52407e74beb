"""Parsing by demand (docs/producers.md) answers as the complete scan does.

`check` parses only the files that could still give an unproduced variant a producer; a row with
`"fields": true` (and the `producers` command) scans completely, because every producer's keywords
count there. So the same tree checked with and without `fields` on each row must give the same
variant findings — the same variants, with the same site lists — and the same stale exemptions.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import REPO, Project
from tests.producers.test_producers import vocab_tree

MODELS = '''
from typing import Annotated, Literal
from pydantic import BaseModel, Field

class Alpha(BaseModel):
    kind: Literal["alpha"]

class Beta(BaseModel):
    kind: Literal["beta"]

class Gamma(BaseModel):
    kind: Literal["gamma"]
    g: int = 0

class Delta(BaseModel):
    kind: Literal["delta"]

class Epsilon(BaseModel):
    kind: Literal["epsilon"]

class Zeta(BaseModel):
    kind: Literal["zeta"]

Trigger = Annotated[Alpha | Beta | Gamma | Delta | Epsilon | Zeta, Field(discriminator="kind")]

Stop = Literal["end_turn", "max_tokens", "refusal", "pause"]

class Result(BaseModel):
    reason: Stop
'''

FILES = {
    "src/pkg/__init__.py": "",
    "src/pkg/models.py": MODELS,
    "src/pkg/a.py": "from pkg.models import Alpha\n\ndef a():\n    return Alpha(kind='alpha')\n",
    "src/pkg/b.py": "def b():\n    return {'kind': 'gamma', 'g': 1}\n",  # a dict: the second pass
    "src/pkg/c.py": "from pkg.models import Delta\n\nclass LoudDelta(Delta):\n    pass\n",
    "src/pkg/d.py": "from pkg.c import LoudDelta\n\ndef d():\n    return LoudDelta(kind='delta')\n",
    "src/pkg/e.py": ("from pkg.models import Trigger\n\ndef make(t, **kw):\n    return t\n\n"
                     "make(Trigger, kind = 'epsilon')\n"),  # the tag keyword, spaced: no `kind=`
    "src/pkg/prose.py": '"""Write Zeta(kind="zeta") or Beta(kind="beta") to ..."""\n',  # no producer
    "src/pkg/consume.py": ("from pkg.models import Beta, Zeta\n\ndef c(x):\n"
                           "    return isinstance(x, Zeta) or x.kind == 'beta'\n"),
    "tests/test_z.py": "from pkg.models import Zeta\n\nZeta(kind='zeta')\n",
    "src/pkg/r.py": "from pkg.models import Result\n\nResult(reason='end_turn')\n",
    "src/pkg/s.py": "from pkg.models import Stop\n\ndef s() -> Stop:\n    return 'max_tokens'\n",
    "src/pkg/t.py": "def t(r):\n    return r.reason == 'refusal'\n",
    "tests/test_p.py": "from pkg.models import Result\n\nResult(reason='pause')\n",
}


def verdicts(project: Project, fields: bool) -> list[Any]:
    """The variant findings (fields findings left out) and stale exemptions, fields on or off."""
    path = project.root / "manifest/type-equiv.manifest.json"
    manifest = json.loads(path.read_text())
    for row in manifest["symbols"]:
        row["fields"] = fields
    path.write_text(json.dumps(manifest, indent=2))
    run = project.check("--no-cache")
    assert run.exit_code in (0, 1), run.stderr
    return sorted(
        (f["kind"], f["symbol"], f["variant"], json.dumps(f.get("sites"), sort_keys=True))
        for f in run.findings
        if f["kind"] in ("no-producer", "stale-exemption") and not f.get("field")
    )


def test_by_demand_equals_the_complete_scan_on_every_form(project: Project) -> None:
    vocab_tree(project, FILES, [{"symbol": "pkg.models.Trigger", "exempt": {"alpha": "stale"}},
                                {"symbol": "pkg.models.Stop"}])
    demand = verdicts(project, fields=False)
    assert demand == verdicts(project, fields=True)
    unproduced = {(kind, variant) for kind, _, variant, _ in demand}
    # produced through the second pass (dict, subclass, tag keyword, annotation): no findings;
    # zeta and beta (only prose, consumers, a test) and pause (a test) have none: findings with sites
    assert unproduced == {("stale-exemption", "alpha"), ("no-producer", "beta"),
                          ("no-producer", "zeta"), ("no-producer", "pause"),
                          ("no-producer", "refusal")}
    sites = {variant: json.loads(shown) for _, _, variant, shown in demand}
    assert {(s["path"], s["role"]) for s in sites["zeta"]} == {
        ("src/pkg/consume.py", "consumer"), ("tests/test_z.py", "test")}


CARRIED = {
    "src/pkg/__init__.py": "",
    "src/pkg/vocab.py": (
        "from typing import Annotated, Literal\nfrom pydantic import BaseModel, Field\n\n"
        "class Alpha(BaseModel):\n    kind: Literal['alpha']\n\n"
        "class Beta(BaseModel):\n    kind: Literal['beta']\n\n"
        "class Gamma(BaseModel):\n    kind: Literal['gamma']\n\n"
        "Event = Annotated[Alpha | Beta | Gamma, Field(discriminator='kind')]\n"),
    # the carrier names the union only in an annotation, in a module of its own
    "src/pkg/models.py": ("from pydantic import BaseModel\nfrom pkg.vocab import Event\n\n"
                          "class Order(BaseModel):\n    item: Event\n\n"
                          "class Basket(BaseModel):\n    items: dict[str, list[Event | None]]\n"),
    "src/pkg/service.py": ("from pkg.models import Order\n\ndef handle(raw: str) -> Order:\n"
                           "    return Order.model_validate_json(raw)\n"),
    # a dict nested under the carrier's field is what the field holds
    "src/pkg/seed.py": "def seed():\n    return {'item': {'kind': 'gamma'}}\n",
}


@pytest.mark.parametrize("decoded", ["Order", "Basket"])
def test_by_demand_sees_a_carrier_in_another_module(project: Project, decoded: str) -> None:
    """A model whose field is the union (at any depth of generics), declared in another module
    than the union and than its decoding: by demand finds the door and the nested dict as the
    complete scan does."""
    files = dict(CARRIED)
    files["src/pkg/service.py"] = files["src/pkg/service.py"].replace("Order", decoded)
    vocab_tree(project, files, [{"symbol": "pkg.vocab.Event"}])
    demand = verdicts(project, fields=False)
    assert demand == verdicts(project, fields=True)
    assert {variant for _, _, variant, _ in demand} == {"alpha", "beta"}  # gamma: the nested dict
    for _, _, _, shown in demand:
        doors = [(s["path"], s["role"]) for s in json.loads(shown) if s["role"] == "wire"]
        assert doors == [("src/pkg/service.py", "wire")]


@pytest.mark.parametrize("tree", ["examples/agent-session", "."])
def test_by_demand_equals_the_complete_scan_on_real_trees(tmp_path: Path, tree: str) -> None:
    """The example project, and this repository (its manifest, docs and package)."""
    source = REPO / tree
    root = tmp_path / "tree"
    if tree == ".":
        for part in ("manifest", "docs", "type_equiv"):
            shutil.copytree(source / part, root / part, ignore=shutil.ignore_patterns("__pycache__"))
    else:
        shutil.copytree(source, root)
    project = Project(root)
    demand = verdicts(project, fields=False)
    assert demand == verdicts(project, fields=True)
    if tree != ".":
        assert {variant for _, _, variant, _ in demand} >= {"agent", "continuation"}
