"""The producer engine's typed records and the index over them (producers/records.py, index.py)."""

from __future__ import annotations

import textwrap
from pathlib import Path

from type_equiv.producers.index import TreeScan, derived
from type_equiv.producers.records import (
    AnnKind,
    ArgKind,
    FileScan,
    Form,
    Keys,
    Receiver,
    ReceiverKind,
    Slot,
    Spellings,
    ValueKind,
)
from type_equiv.producers.walk.sites import scan_text
from type_equiv.read.asts import RunMemo
from type_equiv.read.tree import SourceFile

SPELLINGS = Spellings(frozenset({"Base", "Alpha", "Kind"}), frozenset({"'alpha'", "'a'"}),
                      frozenset({"kind"}))
MODELS = """
    from pkg.base import Base, Kind
    class Alpha(Base):
        kind: Literal["alpha"]
        tags: dict[str, Kind]
    class Loud(Alpha):
        pass
    class Quiet(Alpha):
        kind: Literal["quiet"]
"""
USE = """
    from pkg.models import Alpha
    from pkg.base import Kind
    def make(raw, *rest, **extra):
        Alpha.model_validate(raw)
        Alpha("x", *rest, kind="alpha", **extra)
        send(kind=Kind.A)
        return {"kind": "alpha", "tags": {"k": "a"}}
"""


def _scan(files: dict[str, str]) -> TreeScan:
    sources = {rel: SourceFile(Path(rel), rel, rel.removesuffix(".py").replace("/", "."), False, False)
               for rel in files}
    return TreeScan(files=sources, scans={
        rel: scan_text(sources[rel].module, False, textwrap.dedent(text), SPELLINGS, RunMemo())
        for rel, text in files.items()})


def test_records_are_typed_and_round_trip_as_typed() -> None:
    scan = _scan({"pkg/use.py": USE}).scans["pkg/use.py"]
    calls = [r for r in scan.refs if r.form is Form.CALL]
    built = next(r for r in calls if r.ref == "pkg.models.Alpha")
    assert built.keys == Keys(("kind",), (0,), starred=True, unknown=True)
    assert [a.kind for a in built.args] == [ArgKind.LITERAL, ArgKind.DATA]
    validated = next(r for r in calls if r.ref == "pkg.models.Alpha.model_validate")
    assert validated.args[0].kind is ArgKind.DATA
    keywords = {lit.receivers: lit for lit in scan.lits if lit.form is Form.KEYWORD}
    sent = keywords[(Receiver(ReceiverKind.NAMED, "send"),)]  # a function known by its name only
    assert sent.key == Slot("kind") and sent.value.kind is ValueKind.MEMBER
    assert sent.value.text == "pkg.base.Kind.A"
    tagged = keywords[(Receiver(ReceiverKind.OWNER, "pkg.models.Alpha"),)]
    assert tagged.value.kind is ValueKind.LITERAL and tagged.value.text == "'alpha'"
    again = FileScan.from_json(scan.to_json())
    assert again == scan
    assert all(type(r.form) is Form and type(r.keys) is Keys for r in again.refs)
    models = _scan({"pkg/models.py": MODELS}).scans["pkg/models.py"]
    items = [a for a in models.anns if a.items]
    assert [(a.name, a.kind, a.slot()) for a in items] == [("tags", AnnKind.ITEM, Slot("tags", items=True))]


def test_the_index_finds_refs_by_prefix_in_tree_order_and_is_rebuilt_after_a_fold() -> None:
    scan = _scan({"pkg/use.py": USE})
    index = scan.index(str)
    under = index.refs_under(["pkg.models.Alpha", "pkg.models"])
    assert [ref.ref for _, _, ref in under] == ["pkg.models.Alpha.model_validate", "pkg.models.Alpha"]
    assert [place for place, _, _ in under] == sorted(place for place, _, _ in under)
    assert scan.index(str) is index  # one index while the records stay as they are
    scan.fold(_scan({"pkg/models.py": MODELS}))
    again = scan.index(str)
    assert again is not index and [c.qualname for c, _ in again.classes] == [
        "pkg.models.Alpha", "pkg.models.Loud", "pkg.models.Quiet"]
    assert [lit.value.text for _, lit in again.lits_of(["'alpha'"])] == ["'alpha'", "'alpha'"]


def test_the_subclass_closure_follows_every_depth_and_keeps_to_what_it_admits() -> None:
    index = _scan({"pkg/models.py": MODELS}).index(str)
    assert derived(index.classes, {"pkg.base.Base"}) == {
        "pkg.models.Alpha": "pkg.base.Base", "pkg.models.Loud": "pkg.base.Base",
        "pkg.models.Quiet": "pkg.base.Base"}
    quiet = derived(index.classes, {"pkg.models.Alpha"},
                    admit=lambda site, root: "quiet" not in str(site.tags))
    assert quiet == {"pkg.models.Loud": "pkg.models.Alpha"}
    kept = derived(index.classes, {"pkg.base.Base", "pkg.models.Alpha"}, skip={"pkg.models.Alpha"})
    assert kept["pkg.models.Loud"] == "pkg.models.Alpha" and "pkg.models.Alpha" not in kept
