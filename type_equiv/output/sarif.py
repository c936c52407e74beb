"""`--format sarif`: one SARIF 2.1.0 log, for GitHub code scanning and other SARIF readers.

One rule per finding kind (read from the `Finding` union, so a new kind is a new rule without an edit
here), its id the kind's stable code (`TE001`, model/codes.py) and its kind in `name` and
`properties.kind`. Results point at the finding's location, with the source side as a related location. Their
`partialFingerprints` hash what a finding is about (kind, symbol, member/variant, file) and never a line
number, so editing a doc above a finding does not close one alert and open another.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from collections.abc import Iterable
from pathlib import PurePosixPath
from typing import Any, TextIO
from urllib.parse import quote

from type_equiv import __version__
from type_equiv.model.codes import anchor, code_of
from type_equiv.model.findings import Drift, Finding, FindingBase
from type_equiv.model.run import RunStats
from type_equiv.model.session import SessionEvent
from type_equiv.output.collect import collect, escaped, escaped_data, finding_classes, identity, kind_of

SCHEMA_URI = "https://json.schemastore.org/sarif-2.1.0.json"
SRCROOT = "%SRCROOT%"
FINGERPRINT = "typeEquiv/v1"
LEVELS = {"error": "error", "warning": "warning", "info": "note"}

HELP: dict[str, tuple[str, str]] = {
    "drift": (
        "A pasted definition differs from the real one.",
        "The code block in the doc no longer equals the definition in the source. Change the paste to "
        "match the source (`type-equiv sync` rewrites drifted pastes), or change the source if the doc "
        "is right. The related location is the source side.",
    ),
    "paste-missing": (
        "A doc listed for a symbol holds no paste of it.",
        "The manifest lists this doc for the symbol, but no ```python block in it defines the name. "
        "Paste the definition, or remove the doc from the symbol's row in the manifest.",
    ),
    "source-missing": (
        "A manifest symbol's module or name is not found.",
        "The manifest row names a module that is not under the source roots, or a name that is not "
        "defined at the top level of that module. Fix the dotted symbol or the `source` roots.",
    ),
    "parse-error": (
        "A paste or a source file is not valid Python.",
        "type-equiv parses pastes and sources without running them; this one does not parse. Fix the "
        "syntax at the location shown (or mark a deliberately partial block `no-type-equiv`).",
    ),
    "no-producer": (
        "A vocabulary variant (or optional field) is never produced by production code.",
        "No code outside the tests constructs this variant, so readers of the docs are promised "
        "something the program never emits. Produce it, remove it, or exempt it in the manifest with "
        "a reason.",
    ),
    "stale-exemption": (
        "A manifest exemption names a variant that is produced, or that no longer exists.",
        "Remove the exemption from the manifest row; it no longer excuses anything.",
    ),
    "retired-spelling": (
        "A retired name is still used outside the places allowed to mention it.",
        "The manifest retires this spelling; use the current name, or move the mention to an allowed "
        "path.",
    ),
    "fixture-invalid": (
        "A fixture does not validate against the symbol it claims to hold.",
        "A JSON/JSONL fixture listed for the symbol fails validation against the real model. Update the "
        "fixture or the model.",
    ),
    "unused-suppression": (
        "An inline `type-equiv: ignore[...]` comment silences nothing.",
        "No finding of the named kind points at the line (or the fence) the comment covers any more. "
        "Delete the comment, so that a later finding there is not silenced by accident.",
    ),
    "unrecognised-form": (
        "A manifest row was checked only as a plain shape: its definition could not be classified.",
        "The definition looks like a vocabulary (or rests on a base the reader cannot see), but was not"
        " recognised as a union, map, literal or enum, so no producer check ran for it. Say `\"form\"`"
        " in the row: the vocabulary's form, or `\"shape\"` if it is a plain model.",
    ),
}


def rules() -> list[dict[str, Any]]:
    out = []
    for cls in finding_classes():
        kind = kind_of(cls)
        short, full = HELP.get(kind, _from_docstring(cls))
        severity = cls.model_fields["severity"].default
        code = code_of(kind)
        out.append({
            "id": code,
            "name": "".join(part.capitalize() for part in kind.split("-")),
            "shortDescription": {"text": short},
            "fullDescription": {"text": full},
            "help": {
                "text": f"{full} ({code} {kind}: README.md#{anchor(kind)})",
                "markdown": f"{full}\n\n[{code} `{kind}`](README.md#{anchor(kind)})",
            },
            "defaultConfiguration": {"level": LEVELS.get(str(severity), "error")},
            "properties": {"kind": kind, "tags": ["type-equiv", kind]},
        })
    return out


def _from_docstring(cls: type[FindingBase]) -> tuple[str, str]:
    text = " ".join((cls.__doc__ or kind_of(cls)).split())
    return text.split(";")[0].rstrip(".") + ".", text


def artifact(path: str) -> dict[str, str]:
    """Root-relative paths are relative URIs against %SRCROOT%; a path outside the root stays absolute.

    A URI percent-encodes the bytes of the name (RFC 3986, as SARIF 2.1.0 §3.10 asks): a file name
    that is not UTF-8 keeps its own bytes (`%FF`), read back from Python's `surrogateescape`."""
    posix = PurePosixPath(path).as_posix()
    try:
        raw: str | bytes = posix.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:  # a lone surrogate no file name gave: its escaped text
        raw = escaped(posix)
    if PurePosixPath(path).is_absolute():
        return {"uri": "file://" + quote(raw)}
    return {"uri": quote(raw), "uriBaseId": SRCROOT}


def location(path: str, line: int | None) -> dict[str, Any]:
    physical: dict[str, Any] = {"artifactLocation": artifact(path)}
    if line is not None:
        physical["region"] = {"startLine": max(1, line)}
    return {"physicalLocation": physical}


def fingerprint(finding: Finding, seen: Counter[tuple[str, ...]]) -> str:
    """Hash of the finding's identity; a repeat of the same identity in one run gets its ordinal."""
    key = identity(finding)
    seen[key] += 1
    text = "\x1f".join(key) + (f"\x1f#{seen[key]}" if seen[key] > 1 else "")
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]


def result(finding: Finding, rule_index: dict[str, int], seen: Counter[tuple[str, ...]]) -> dict[str, Any]:
    message = finding.message
    if isinstance(finding, Drift) and (finding.pasted is not None or finding.real is not None):
        message += (f"\n- paste:  {finding.pasted if finding.pasted is not None else '(absent)'}"
                    f"\n+ source: {finding.real if finding.real is not None else '(absent)'}")
    out: dict[str, Any] = {
        "ruleId": code_of(finding.kind),
        "ruleIndex": rule_index[code_of(finding.kind)],
        "level": LEVELS.get(finding.severity, "error"),
        "message": {"text": message},
        "locations": [location(finding.path, finding.line)],
        "partialFingerprints": {FINGERPRINT: fingerprint(finding, seen)},
    }
    if finding.source_path is not None and (finding.source_path, finding.source_line) != (
        finding.path, finding.line
    ):
        related = location(finding.source_path, finding.source_line)
        related.update(id=1, message={"text": "the real definition (source side)"})
        out["relatedLocations"] = [related]
    properties = {"kind": finding.kind} | {
        name: value for name in ("symbol", "member", "variant", "field", "level", "side", "cell")
        if (value := getattr(finding, name, None)) is not None
    }
    if properties:
        out["properties"] = properties
    return out


def sarif_log(events: Iterable[SessionEvent]) -> dict[str, Any]:
    """The log; a file name that is not UTF-8 is percent-encoded in URIs, `escaped` in texts."""
    run = collect(events, escape=False)  # the raw names, for the URIs; texts are escaped at the end
    rule_list = rules()
    rule_index = {rule["id"]: i for i, rule in enumerate(rule_list)}
    seen: Counter[tuple[str, ...]] = Counter()
    invocation: dict[str, Any] = {"executionSuccessful": run.failure is None}
    if run.failure is not None:
        invocation["toolExecutionNotifications"] = [
            {"level": "error", "message": {"text": run.failure}}
        ]
    log: dict[str, Any] = escaped_data({
        "$schema": SCHEMA_URI,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "type-equiv",
                "version": __version__,
                "semanticVersion": __version__,
                "rules": rule_list,
            }},
            "invocations": [invocation],
            "results": [result(f, rule_index, seen) for f in run.findings],
            "columnKind": "unicodeCodePoints",
        }],
    })
    return log


def render_sarif(
    events: Iterable[SessionEvent], out: TextIO, err: TextIO, *, quiet: bool = False,
    stats: RunStats | None = None, verbose: bool = False, colour: bool | None = None,
) -> None:
    """The whole log as one JSON document; a run that could not be judged also says so on stderr."""
    log = sarif_log(events)
    out.write(json.dumps(log, indent=2) + "\n")
    for note in log["runs"][0]["invocations"][0].get("toolExecutionNotifications", []):
        err.write(f"type-equiv: {note['message']['text']}\n")
