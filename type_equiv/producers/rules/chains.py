"""A door's chain, as a finding names it (issue 28): where data written outside enters and the
fields it passes through down to the vocabulary —
`route POST /messages → body ChatBody.messages → MessageInput.content → ImageMediaType`.

join.py knows the door (its form and, for a handler's parameter, the route or command and the
parameter: `RefSite.detail`) and the carriers (each carrier → the name it carries); the index's
field annotations say through which field each carrier holds the next one.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from type_equiv.producers.index import Index
from type_equiv.producers.records import AnnKind

ARROW = " → "


def field_edges(index: Index) -> dict[tuple[str, str], str]:
    """(class, a name its field's annotation holds) → the field's name: the step a carrier takes."""
    out: dict[tuple[str, str], str] = {}
    for ann, refs in index.anns:
        if ann.kind in (AnnKind.FIELD, AnnKind.DESCRIPTOR):
            owner = index.canonical(ann.owner)
            for ref in refs:
                out.setdefault((owner, ref), ann.name)
    return out


def chain(lead: str, detail: str, head: str, carriers: Mapping[str, str], family: Collection[str],
          fields: Mapping[tuple[str, str], str]) -> str:
    """`lead` (the door's form: `route`, `decode Order.model_validate`), its `detail` when a handler's
    parameter (`POST /x → body`), then each carrier from `head` down by the field that holds the next
    (`CaseIn.reason`), a subclass by its name, ending at the vocabulary (or an enum member)."""
    steps: list[str] = []
    current, seen = head, set()
    while current in carriers and current not in family and current not in seen:
        seen.add(current)
        carried = carriers[current]
        name = fields.get((current, carried))
        steps.append(f"{_short(current)}.{name}" if name else _short(current))
        current = carried
    steps.append(_short(current) if current in family or not steps else ".".join(current.split(".")[-2:]))
    path = ARROW.join(steps)
    return f"{lead} {detail} {path}" if detail else f"{lead}{ARROW}{path}"


def _short(qualname: str) -> str:
    return qualname.rsplit(".", 1)[-1]
