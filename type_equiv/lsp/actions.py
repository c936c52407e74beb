"""Code actions: the edits a finding's fix needs, as `WorkspaceEdit`s the editor applies itself.

The server never writes a file: the editor owns its buffers, and an edit it applies can be undone
there. "Sync" plans with `type-equiv sync`'s own planner (fix/sync.py) on the buffer's text, so the
edit is the same minimal patch the command would write, verified the same way; it is sent as the
changed line ranges only, versioned, so a client refuses it if the buffer moved on meanwhile.
"""

from __future__ import annotations

import difflib
import json
import re
from pathlib import Path

from lsprotocol import types

from type_equiv.fix.docfile import RawDoc, split_lines
from type_equiv.fix.patch import Real
from type_equiv.fix.sync import find_sites, find_targets, load_real, sync_doc
from type_equiv.lsp.checker import LiveProject
from type_equiv.lsp.diagnostics import file_uri
from type_equiv.model.findings import Drift, Finding, NoProducer

SUPPRESS = "# type-equiv: ignore[no-producer]"
EXEMPT_REASON = "no producer in this project: say why"


def _position(text: str, offset: int) -> types.Position:
    """A character offset as an LSP position (UTF-16 columns)."""
    line = text.count("\n", 0, offset)
    start = text.rfind("\n", 0, offset) + 1
    return types.Position(line, len(text[start:offset].encode("utf-16-le")) // 2)


def line_edits(before: str, after: str) -> list[types.TextEdit]:
    """The changed runs of whole lines between two texts: an edit that leaves every other line (and
    the cursor and marks on it) alone."""
    old = [a + b for a, b in zip(*split_lines(before), strict=True)]
    new = [a + b for a, b in zip(*split_lines(after), strict=True)]
    edits = []
    for tag, i1, i2, j1, j2 in difflib.SequenceMatcher(a=old, b=new, autojunk=False).get_opcodes():
        if tag != "equal":
            where = types.Range(types.Position(i1, 0), types.Position(i2, 0))
            edits.append(types.TextEdit(where, "".join(new[j1:j2])))
    return edits


def _document_edit(uri: str, version: int | None, edits: list[types.TextEdit]) -> types.TextDocumentEdit:
    identifier = types.OptionalVersionedTextDocumentIdentifier(uri=uri, version=version)
    return types.TextDocumentEdit(identifier, list(edits))


def sync_edit(
    live: LiveProject, doc: str, line: int | None, version: int | None
) -> types.WorkspaceEdit | None:
    """The sync of the paste at `line` (1-based; None: of every paste) in `doc`'s buffer, or None
    when there is nothing the planner can fix."""
    text, project = live.text(doc), live.project
    if text is None or project is None:
        return None
    rows = live.rows_of(doc)
    notes: list[Finding] = []
    reals: dict[str, Real | None] = {row.symbol: load_real(project, row, notes) for row in rows}
    raw = RawDoc.of_text(live.root, doc, text)
    targets = find_targets(doc, raw.text(), rows, reals, notes)
    only = None
    if line is not None:
        only = {t.site.key for t in targets
                if t.site.code.line(t.site.node) <= line <= t.site.code.end_line(t.site.node)}
        if not only:
            return None
    result = sync_doc(raw, targets, only)
    if not result.changed:
        return None
    edits = line_edits(raw.bom + result.before, raw.bom + result.after)
    return types.WorkspaceEdit(document_changes=[_document_edit(file_uri(live.root, doc), version, edits)])


def paste_at(live: LiveProject, doc: str, line: int) -> tuple[int, int] | None:
    """The first and last doc line of the paste holding 1-based `line`, if any."""
    text = live.text(doc)
    if text is None:
        return None
    for sites in find_sites(doc, text).values():
        for site in sites:
            first, last = site.code.line(site.node), site.code.end_line(site.node)
            if first <= line <= last:
                return first, last
    return None


# ---------------------------------------------------------------------------------------------------
# no-producer: an exemption in the manifest, or a suppression comment on the line


def exemption_key(finding: NoProducer) -> str:
    """The manifest's `exempt` key: the variant, or `Owner.field` for an optional field."""
    if finding.field is None:
        return finding.variant
    return f"{finding.declared_on}.{finding.field}" if finding.declared_on else finding.field


def _objects(text: str) -> list[tuple[int, int]]:
    """The (start, end) offsets of every JSON object in `text`, strings skipped."""
    spans: list[tuple[int, int]] = []
    stack: list[int] = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif c == "{":
            stack.append(i)
        elif c == "}" and stack:
            spans.append((stack.pop(), i + 1))
        i += 1
    return spans


def _loads(text: str) -> object:
    try:
        return json.loads(text)
    except ValueError:
        return None


def exemption_edit(live: LiveProject, finding: NoProducer, version: int | None) -> types.WorkspaceEdit | None:
    """Add `"exempt": {key: reason}` to the finding's manifest row (or the key to its `exempt`),
    touching nothing else of the manifest's text — a JSON manifest or a pyproject.toml table."""
    manifest = live.manifest
    if manifest is None or finding.symbol is None:
        return None
    text = live.text(manifest.path)
    if text is None:
        return None
    uri = file_uri(live.root, manifest.path)
    if manifest.path.endswith(".toml"):
        after = _toml_exemption(text, finding.symbol, exemption_key(finding))
        if after is None:
            return None
        return types.WorkspaceEdit(document_changes=[_document_edit(uri, version, line_edits(text, after))])
    spans = _objects(text)
    rows = [s for s in spans if isinstance(row := _loads(text[s[0]:s[1]]), dict)
            and row.get("symbol") == finding.symbol]
    if not rows:
        return None
    start, end = min(rows, key=lambda s: s[1] - s[0])
    row = _loads(text[start:end])
    assert isinstance(row, dict)
    key = exemption_key(finding)
    pair = f"{json.dumps(key)}: {json.dumps(EXEMPT_REASON)}"
    exempt = row.get("exempt")
    if isinstance(exempt, dict):
        if key in exempt:
            return None
        inner = next((s for s in spans if start < s[0] and s[1] < end
                      and re.search(r'"exempt"\s*:\s*$', text[start:s[0]])), None)
        if inner is None:
            return None
        at, insert = inner[1] - 1, (", " if exempt else "") + pair
    else:
        at, insert = end - 1, f', "exempt": {{{pair}}}'
    where = _position(text, at)
    edit = types.TextEdit(types.Range(where, where), insert)
    return types.WorkspaceEdit(document_changes=[_document_edit(uri, version, [edit])])


def _toml_exemption(text: str, symbol: str, key: str) -> str | None:
    """pyproject.toml with `key` added to the `exempt` of `symbol`'s row of `[tool.type-equiv]`, written
    by tomlkit so every other byte stays (None: no such row, the key is there, or the text is not TOML)."""
    import tomlkit
    from tomlkit.exceptions import TOMLKitError

    try:
        document = tomlkit.parse(text)
        rows = document["tool"]["type-equiv"]["symbols"]
        row = next((r for r in rows if isinstance(r, dict) and r.get("symbol") == symbol), None)
        if row is None:
            return None
        exempt = row.get("exempt")
        if isinstance(exempt, dict):
            if key in exempt:
                return None
            exempt[key] = EXEMPT_REASON
        else:
            table = tomlkit.inline_table()
            table[key] = EXEMPT_REASON
            row["exempt"] = table
        return tomlkit.dumps(document)
    except (TOMLKitError, KeyError, TypeError):
        return None


def suppress_edit(live: LiveProject, finding: NoProducer, version: int | None) -> types.WorkspaceEdit | None:
    """Append the suppression comment to the declaration's line (once)."""
    text = live.text(finding.path)
    if text is None:
        return None
    lines = split_lines(text)[0]
    if not 0 < finding.line <= len(lines) or "type-equiv: ignore" in lines[finding.line - 1]:
        return None
    line = lines[finding.line - 1]
    end = types.Position(finding.line - 1, len(line.encode("utf-16-le")) // 2)
    edit = types.TextEdit(types.Range(end, end), f"  {SUPPRESS}")
    uri = file_uri(live.root, finding.path)
    return types.WorkspaceEdit(document_changes=[_document_edit(uri, version, [edit])])


# ---------------------------------------------------------------------------------------------------
# The actions offered for a range


def code_actions(
    live: LiveProject, path: Path, line: int, findings: list[tuple[types.Diagnostic, Finding]],
    versions: dict[str, int],
) -> list[types.CodeAction]:
    """What can be done at 1-based `line` of `path`: given the diagnostics the client sent (each with
    the finding it carries) and the open buffers' versions by URI."""
    actions: list[types.CodeAction] = []
    doc = live.doc_of(path)
    if doc is not None:
        uri = file_uri(live.root, doc)
        drift = [(d, f) for d, f in findings if isinstance(f, Drift) and f.path == doc]
        span = paste_at(live, doc, line)
        here = [(d, f) for d, f in drift if span is not None and span[0] <= f.line <= span[1]]
        if here or (span is not None and any(span[0] <= f.line <= span[1]
                                             for f in live.check_doc(doc) if isinstance(f, Drift))):
            edit = sync_edit(live, doc, line, versions.get(uri))
            if edit is not None:
                actions.append(types.CodeAction(
                    "Sync this paste from the source", kind=types.CodeActionKind.QuickFix,
                    diagnostics=[d for d, _ in here] or None, edit=edit, is_preferred=True))
        if any(isinstance(f, Drift) for f in live.check_doc(doc)):
            edit = sync_edit(live, doc, None, versions.get(uri))
            if edit is not None:
                actions.append(types.CodeAction(
                    "Sync every paste in this doc", kind=types.CodeActionKind.SourceFixAll, edit=edit))
    manifest = live.manifest
    for diagnostic, finding in findings:
        if not isinstance(finding, NoProducer):
            continue
        if manifest is not None:
            edit = exemption_edit(live, finding, versions.get(file_uri(live.root, manifest.path)))
            if edit is not None:
                actions.append(types.CodeAction(
                    f"Add an exemption for `{exemption_key(finding)}` to the manifest",
                    kind=types.CodeActionKind.QuickFix, diagnostics=[diagnostic], edit=edit))
        edit = suppress_edit(live, finding, versions.get(file_uri(live.root, finding.path)))
        if edit is not None:
            actions.append(types.CodeAction(
                "Suppress here (# type-equiv: ignore[no-producer])",
                kind=types.CodeActionKind.QuickFix, diagnostics=[diagnostic], edit=edit))
    return actions
