"""Recorded fixtures: stored records must still validate against the symbol's current JSON Schema.

The seed re-recorded its session logs by hand after note 003; a stored log holding a retired event
type is stale. Here each JSON file (one record or a list) and each JSON Lines line listed under a
row's `fixtures` is validated (jsonschema, Draft 2020-12) against the schema pydantic generates for
the symbol. Generating that schema imports the symbol's module through `importing`, the one door to
project code, and only when some row lists fixtures.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jsonschema import Draft202012Validator, ValidationError, validators
from jsonschema.exceptions import best_match
from jsonschema.protocols import Validator

from type_equiv import importing
from type_equiv.model import messages
from type_equiv.model.errors import InputError
from type_equiv.model.findings import FixtureInvalid
from type_equiv.model.session import FindingEvent
from type_equiv.read.definitions import PythonCode, find_definition, module_file
from type_equiv.read.globs import matches, skipped_dir
from type_equiv.read.log import NO_LOG, ReadLog
from type_equiv.read.manifest import SymbolRow, pointer
from type_equiv.store.safe import read_bounded

if TYPE_CHECKING:
    from type_equiv.model.run import RunStats
    from type_equiv.read.reader import Reader

LINE_SUFFIXES = (".jsonl", ".ndjson")
STALE_TAG = "discriminator"  # the `validator` of an error naming a tag the union no longer has
MESSAGE_LIMIT = 400
JSON_WHITESPACE = " \t\n\r"


@dataclass(frozen=True)
class Target:
    """What one row's records are validated against, and what its findings point at."""

    symbol: str
    validator: Validator
    is_array: bool  # the symbol is itself a list: a JSON file's top-level array is one record
    source: tuple[str, int] | None


def check_fixtures(reader: Reader, stats: RunStats) -> Iterator[FindingEvent]:
    """Validate every row's fixtures; nothing is imported when no row lists any."""
    manifest = reader.manifest
    for index, row in enumerate(manifest.model.symbols):
        if not row.fixtures:
            continue
        files = fixture_files(reader.root, row.fixtures, manifest.model.exclude, reader.log)
        where = f"{manifest.path}: /symbols/{index}/fixtures"
        if not files:
            raise InputError(f"{where}: no file matches {', '.join(row.fixtures)}")
        target = _target(reader, row, where, stats)
        for rel in files:
            reader.log.file(reader.root / rel)
            for finding in check_file(reader.root / rel, rel, target, reader.root):
                yield FindingEvent(finding=finding)


def fixture_files(root: Path, globs: list[str], exclude: list[str], log: ReadLog = NO_LOG) -> list[str]:
    """Root-relative files matching the globs (`.gitignore` syntax, like `exclude`), minus `exclude`;
    each place looked at is noted in `log` (a fixture added or removed changes the result)."""
    found: set[str] = set()
    resolved_root = root.resolve()
    for glob in globs:
        base = _literal_prefix(glob)
        start = root / base if base else root
        log.file(start)
        candidates = [base] if start.is_file() else _files_under(root, start, log)
        for rel in candidates:
            if not matches(rel, [glob]) or matches(rel, exclude) or not (root / rel).is_file():
                continue  # `is_file` is false for FIFOs and devices: reading one would block
            try:
                (root / rel).resolve().relative_to(resolved_root)
            except (ValueError, OSError, RuntimeError):
                raise InputError(f"fixture {rel!r} resolves outside the project root (symlink?)") from None
            found.add(rel)
    return sorted(found)


def _literal_prefix(glob: str) -> str:
    parts = []
    for part in glob.strip("/").split("/"):
        if any(c in part for c in "*?["):
            break
        if part not in ("", "."):
            parts.append(part)
    return "/".join(parts)


def _files_under(root: Path, start: Path, log: ReadLog) -> list[str]:
    if not start.is_dir():
        return []
    out: list[str] = []
    for folder, dirs, files in os.walk(start):
        log.folder(folder)
        dirs[:] = [d for d in dirs if not skipped_dir(Path(folder, d))]
        rel_folder = Path(folder).relative_to(root).as_posix()
        prefix = "" if rel_folder == "." else rel_folder + "/"
        out.extend(prefix + name for name in files)
    return out


def _target(reader: Reader, row: SymbolRow, where: str, stats: RunStats) -> Target:
    root, model = reader.root, reader.manifest.model
    try:
        obj = importing.import_symbol(root, model.source, row.symbol, stats.imported, reader.log)
        schema = importing.json_schema(obj, "validation")
    except importing.ImportFailed as exc:
        raise InputError(f"{where}: cannot validate the fixtures of {row.symbol}: {exc}") from None
    except Exception as exc:  # pydantic cannot describe every type
        raise InputError(
            f"{where}: {row.symbol} has no JSON Schema: {type(exc).__name__}: {exc}"
        ) from None
    return Target(
        symbol=row.symbol, validator=_Validator(schema), is_array=schema.get("type") == "array",
        source=_definition(reader, row.symbol),
    )


def _definition(reader: Reader, symbol: str) -> tuple[str, int] | None:
    module, name = reader.symbols().split(symbol)  # `Outer.Name` for a nested class
    path = module_file(reader.root, reader.manifest.model.source, module)
    code = reader.module(path) if path is not None else None
    node = find_definition(code, name) if isinstance(code, PythonCode) else None
    return (code.path, code.line(node)) if isinstance(code, PythonCode) and node is not None else None


# ------------------------------------------------------------------------------------- validation


def _one_of(
    validator: Validator, one_of: Any, instance: Any, schema: Mapping[str, Any]
) -> Iterator[ValidationError]:
    """pydantic's discriminated unions carry a `discriminator` jsonschema ignores: use it.

    Without it a record with a stale tag only says "not valid under any of the given schemas"; with
    it the error names the tag and the variants that exist, or what is wrong inside the chosen one.
    """
    discriminator = schema.get("discriminator")
    if not (isinstance(discriminator, dict) and isinstance(instance, dict)):
        yield from _ONE_OF(validator, one_of, instance, schema)
        return
    prop, mapping = discriminator.get("propertyName"), discriminator.get("mapping")
    if not isinstance(prop, str) or not isinstance(mapping, dict) or not mapping:
        yield from _ONE_OF(validator, one_of, instance, schema)
        return
    variants = ", ".join(repr(tag) for tag in sorted(mapping))
    if prop not in instance:
        yield ValidationError(messages.FIXTURE_TAG_MISSING.format(prop, variants))
    elif not isinstance(instance[prop], str) or instance[prop] not in mapping:
        yield ValidationError(messages.FIXTURE_UNKNOWN_TAG.format(instance[prop], prop, variants),
                              path=[prop], validator=STALE_TAG)
    else:
        yield from validator.descend(instance, {"$ref": mapping[instance[prop]]})  # type: ignore[attr-defined]


_ONE_OF = Draft202012Validator.VALIDATORS["oneOf"]
_Validator = validators.extend(Draft202012Validator, {"oneOf": _one_of})  # type: ignore[no-untyped-call]


def check_file(path: Path, rel: str, target: Target, root: Path | None = None) -> Iterator[FixtureInvalid]:
    """One finding per failing record, and one for each stretch of text that is not JSON."""
    try:
        data = read_bounded(path, root)
        text = data.decode("utf-8-sig")
    except OSError as exc:
        yield _invalid(target, rel, 1, "", messages.FIXTURE_UNREADABLE.format(exc.strerror or exc))
        return
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        yield _invalid(target, rel, line, "", messages.FIXTURE_NOT_UTF8.format(exc.reason, exc.start))
        return
    records = _lines(text) if rel.endswith(LINE_SUFFIXES) else _document(text, target.is_array)
    for line, record in records:
        if isinstance(record, _NotJSON):
            yield _invalid(target, rel, line, "", messages.FIXTURE_NOT_JSON.format(record.message))
            continue
        finding = _validate(target, rel, line, record)
        if finding is not None:
            yield finding


@dataclass(frozen=True)
class _NotJSON:
    message: str


def _decoder() -> json.JSONDecoder:
    def reject(name: str) -> Any:
        raise ValueError(f"{name} is not JSON")

    return json.JSONDecoder(parse_constant=reject)


def _decode(decoder: json.JSONDecoder, text: str, at: int) -> tuple[Any, int]:
    """raw_decode, with the failure's position: (value, end) or (_NotJSON, position)."""
    try:
        return decoder.raw_decode(text, at)
    except json.JSONDecodeError as exc:
        return _NotJSON(messages.JSON_PROBLEM.format(exc.msg, exc.colno)), exc.pos
    except (ValueError, RecursionError) as exc:
        return _NotJSON(str(exc) if not isinstance(exc, RecursionError) else "nested too deeply"), at


def _lines(text: str) -> Iterator[tuple[int, Any]]:
    """JSON Lines: each non-blank line is a record (split on '\\n' only: JSON strings may hold U+2028)."""
    decoder = _decoder()
    for number, line in enumerate(text.split("\n"), start=1):
        start = _skip(line, 0)
        if start == len(line):
            continue
        value, end = _decode(decoder, line, start)
        if not isinstance(value, _NotJSON) and _skip(line, end) != len(line):
            value = _NotJSON(messages.JSON_EXTRA_DATA.format(_skip(line, end) + 1))
        yield number, value


def _document(text: str, whole: bool) -> Iterator[tuple[int, Any]]:
    """A JSON file: one record, or a top-level list of records, each with the line it starts on."""
    decoder = _decoder()
    at = _skip(text, 0)
    if at == len(text):
        yield 1, _NotJSON("the file is empty")
        return
    if text[at] != "[" or whole:
        value, end = _decode(decoder, text, at)
        if isinstance(value, _NotJSON):
            yield _line_at(text, end), value
        elif _skip(text, end) != len(text):
            yield _line_at(text, _skip(text, end)), _NotJSON("extra data after the record")
        else:
            yield _line_at(text, at), value
        return
    at = _skip(text, at + 1)
    records: list[tuple[int, Any]] = []
    if text.startswith("]", at):
        at += 1
    else:
        while True:
            value, end = _decode(decoder, text, at)
            if isinstance(value, _NotJSON):
                yield _line_at(text, end), value
                return
            records.append((_line_at(text, at), value))
            at = _skip(text, end)
            if text.startswith("]", at):
                at += 1
                break
            if not text.startswith(",", at):
                yield _line_at(text, at), _NotJSON("expected ',' or ']' after a record")
                return
            at = _skip(text, at + 1)
    if _skip(text, at) != len(text):
        yield _line_at(text, _skip(text, at)), _NotJSON("extra data after the list")
        return
    yield from records


def _skip(text: str, at: int) -> int:
    while at < len(text) and text[at] in JSON_WHITESPACE:
        at += 1
    return at


def _line_at(text: str, pos: int) -> int:
    return text.count("\n", 0, pos) + 1


def _validate(target: Target, rel: str, line: int, record: Any) -> FixtureInvalid | None:
    errors = list(target.validator.iter_errors(record))
    if not errors:
        return None
    best = best_match(errors)
    at = pointer(best.absolute_path) if best.absolute_path else ""
    name = target.symbol.rsplit(".", 1)[1]
    problem = best.message if len(best.message) <= MESSAGE_LIMIT else best.message[:MESSAGE_LIMIT] + "…"
    return _invalid(target, rel, line, at, messages.fixture_not_valid(
        name, at, problem, len(errors) - 1, stale=best.validator == STALE_TAG))


def _invalid(target: Target, rel: str, line: int, at: str, problem: str) -> FixtureInvalid:
    return messages.fixture_invalid(target.symbol, (rel, line), at, target.source, problem)
