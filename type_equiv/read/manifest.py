"""Stage 1: read and validate the manifest, and resolve its paths inside the project root.

Validation is two-step on purpose: jsonschema reports *every* violation with its JSON pointer (pydantic
stops at the first model error and speaks in its own locations), then pydantic gives typed access.
The JSON Schema is generated from the pydantic model, so the two cannot disagree.
"""

from __future__ import annotations

import json
import stat
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import Annotated, Any, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StringConstraints,
    ValidationError,
    WithJsonSchema,
)

from type_equiv.model.errors import InputError
from type_equiv.model.options import DEFAULT_MANIFEST as DEFAULT_MANIFEST  # one place: the CLI reads it
from type_equiv.read.config import read_table, toml_where
from type_equiv.store.safe import read_bounded

SCHEMA_FILE = "type-equiv.manifest.schema.json"

RelPath = Annotated[str, StringConstraints(min_length=1)]

# A symbol is a dotted name whose every part is a Python identifier (`str.isidentifier`: PEP 3131, so
# `pkg.m.Ärger` is one). No regular expression says that in both Python's `re` and ECMA-262 (where
# `\w` is ASCII), so the schema's pattern is the ASCII half of the rule, which every editor can check,
# and the format names the whole rule, which `validate_manifest` checks (editors ignore the format).
SYMBOL_FORMAT = "python-dotted-name"
_PART = r"[^\x00-@\[-^`{-\x7f][^\x00-/:-@\[-^`{-\x7f]*"  # no ASCII but letters, `_`, later digits


def is_symbol_name(name: str) -> bool:
    """Whether `name` is `module.Name` (two or more parts) of Python identifiers."""
    parts = name.split(".")
    return len(parts) >= 2 and all(part.isidentifier() for part in parts)


def _symbol_name(name: str) -> str:
    if not is_symbol_name(name):  # the schema's format says it first; this keeps the model honest
        raise ValueError(f"{name!r} is not a dotted name of Python identifiers (module.Name)")
    return name


SymbolName = Annotated[
    str, AfterValidator(_symbol_name),
    WithJsonSchema({"type": "string", "pattern": f"^{_PART}(\\.{_PART})+$", "format": SYMBOL_FORMAT}),
]
Form = Literal["union", "map", "literal", "enum", "shape"]
WireSeverity = Literal["info", "error"]
# Who passes the values of a vocabulary's public functions' parameters: "outside" for a library whose
# callers choose them (docs/producers.md, principle 1); "inside" (the default) for a closed program.
Callers = Literal["inside", "outside"]


class SymbolRow(BaseModel):
    """One pasted symbol: where its real definition lives and which docs must paste it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    symbol: SymbolName
    docs: Annotated[list[RelPath], Field(min_length=1)]
    form: Form | None = None
    producers: bool = True
    fields: bool = False
    exempt: dict[str, Annotated[str, StringConstraints(min_length=1)]] = {}
    # A variant without a producer whose values arrive through a door (docs/producers.md): `info`
    # (shown, not failing) or `error`; None follows the top-level key.
    wire: WireSeverity | None = None
    # "outside": the public functions' parameters typed by the vocabulary (or a carrier) are doors;
    # None follows the top-level key.
    callers: Callers | None = None
    fixtures: list[RelPath] = []
    # The schema judge for this row: None follows the top-level key, false opts out of it.
    judge_schema: bool | None = Field(default=None, alias="schema")


class RetiredEntry(BaseModel):
    """A spelling removed from a vocabulary: only the `allowed` paths (decision records) may keep it."""

    model_config = ConfigDict(extra="forbid", frozen=True)

    spelling: Annotated[str, StringConstraints(pattern=r"^\S(.*\S)?$")]
    symbol: SymbolName | None = None
    allowed: list[RelPath] = []
    note: Annotated[str, StringConstraints(min_length=1)] | None = None
    # Where a mention counts: "anywhere" (every whole word, prose and comments too) or "code" (names and
    # strings in Python, code blocks and inline code in Markdown: guards/contexts.py). An entry someone
    # wrote and reviewed keeps the strict default; `--base` retirements, which nobody reviewed, are "code".
    match: Literal["code", "anywhere"] = "anywhere"


class Manifest(BaseModel):
    """The manifest, version 1. Later capabilities add keys to version 1; unknown keys are errors."""

    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=True)

    schema_uri: str | None = Field(default=None, alias="$schema")
    version: Literal[1]
    source: list[RelPath] = ["."]
    tests: list[RelPath] = []
    exclude: list[RelPath] = []
    retired: list[RetiredEntry] = []
    # Opt every row into the schema judge, which imports project code (docs/equivalence.md).
    judge_schema: bool = Field(default=False, alias="schema")
    wire: WireSeverity = "info"  # every row's default for variants that arrive through a door
    callers: Callers = "inside"  # every row's default: who passes its public functions' parameters
    symbols: list[SymbolRow]


def manifest_json_schema() -> dict[str, Any]:
    """The JSON Schema committed beside the manifest (a test keeps the committed copy fresh)."""
    schema = Manifest.model_json_schema(by_alias=True)
    schema["$schema"] = "https://json-schema.org/draft/2020-12/schema"
    schema["title"] = "type-equiv manifest"
    return schema


def pointer(parts: Any) -> str:
    """RFC 6901 JSON pointer for a path of keys and indexes."""
    out = "".join("/" + str(p).replace("~", "~0").replace("/", "~1") for p in parts)
    return out or "/"


Where = Callable[[Sequence[str | int]], str]  # a key path → `file: /json/pointer` or `file:line: toml.key`


@dataclass(frozen=True)
class ManifestFile:
    """A validated manifest with where it came from, so findings can point into it.

    `path` is the JSON manifest or the pyproject.toml holding the `[tool.type-equiv]` table."""

    root: Path
    path: str  # as findings show it: root-relative with '/'
    text: str
    model: Manifest

    def line_of(self, symbol: str) -> int:
        """The line of a symbol's row (its quoted string), for findings that blame the row.

        JSON quotes with `"`; TOML may also use a literal string, `'pkg.m.A'`."""
        needles = (json.dumps(symbol), json.dumps(symbol, ensure_ascii=False), f"'{symbol}'")
        for number, line in enumerate(self.text.splitlines(), start=1):
            if any(needle in line for needle in needles):
                return number
        return 1


def load_manifest(root: Path, manifest_path: Path) -> ManifestFile:
    """Read, validate and path-check the manifest, or raise InputError naming file and pointer.

    A `.toml` path is a pyproject.toml whose `[tool.type-equiv]` table is the manifest (read/config.py);
    any other path is the JSON manifest. Both are validated alike, by `validate_manifest`."""
    shown = display_path(root, manifest_path)
    if manifest_path.suffix == ".toml":
        text = read_config_text(shown, manifest_path, "configuration")
        model = validate_manifest(root, read_table(shown, text), toml_where(shown, text))
        return ManifestFile(root=root, path=shown, text=text, model=model)
    text = read_config_text(shown, manifest_path, "manifest")
    try:
        data = json.loads(text, object_pairs_hook=_unique_keys)
    except json.JSONDecodeError as exc:
        raise InputError(f"{shown}:{exc.lineno}:{exc.colno}: not JSON: {exc.msg}") from None
    except _DuplicateKey as exc:
        raise InputError(f"{shown}: duplicate key {exc.args[0]!r} in one object"
                         " (JSON would silently keep only the last)") from None
    except (ValueError, RecursionError) as exc:  # a 5000-digit number, arrays nested 100,000 deep
        raise InputError(f"{shown}: not usable JSON: {exc}") from None
    manifest = validate_manifest(root, data, lambda parts: f"{shown}: {pointer(parts)}")
    return ManifestFile(root=root, path=shown, text=text, model=manifest)


def read_config_text(shown: str, path: Path, what: str) -> str:
    """The text of a configuration file, or InputError: never opens a FIFO (it would block forever)."""
    problem = file_problem(path)
    if problem is not None:
        hint = " (use --manifest FILE)" if problem == "not found" else ""
        raise InputError(f"{shown}: {what} {problem}{hint}")
    try:
        return read_bounded(path).decode("utf-8-sig")  # editors on Windows write a BOM
    except FileNotFoundError:
        raise InputError(f"{shown}: {what} not found (use --manifest FILE)") from None
    except IsADirectoryError:
        raise InputError(f"{shown}: {what} is a directory, not a file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise InputError(f"{shown}: cannot read {what}: {exc}") from None


def validate_manifest(root: Path, data: Any, where: Where) -> Manifest:
    """jsonschema (every violation), pydantic (typed access), then the path rules; every problem is
    reported through `where`, which names the file and the key path in that file's own terms."""
    _validate_schema(where, data)
    try:
        manifest = Manifest.model_validate(data)
    except ValidationError as exc:  # what the JSON Schema cannot say, e.g. a lone surrogate "\ud800"
        lines = [f"{where(e['loc'])}: {e['msg']}" for e in exc.errors()]
        raise InputError("\n".join(lines)) from None
    _check_semantics(where, root, manifest)
    return manifest


class _DuplicateKey(Exception):
    pass


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """json.loads keeps the last of two equal keys; a manifest row must never vanish that way."""
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise _DuplicateKey(key)
        data[key] = value
    return data


def _validate_schema(where: Where, data: Any) -> None:
    from jsonschema import Draft202012Validator, FormatChecker

    formats = FormatChecker([])
    formats.checks(SYMBOL_FORMAT)(lambda value: not isinstance(value, str) or is_symbol_name(value))
    validator = Draft202012Validator(manifest_json_schema(), format_checker=formats)
    errors = sorted(validator.iter_errors(data), key=lambda e: (list(map(str, e.absolute_path))))
    if errors:
        lines = [f"{where(list(e.absolute_path))}: {_schema_message(e)}" for e in errors]
        raise InputError("\n".join(dict.fromkeys(lines)))  # a bad symbol breaks its pattern and format


def _schema_message(error: Any) -> str:
    if error.schema.get("format") == SYMBOL_FORMAT and error.validator in ("pattern", "format"):
        return f"{error.instance!r} is not a dotted name of Python identifiers (module.Name)"
    return str(error.message)


def _check_semantics(where: Where, root: Path, manifest: Manifest) -> None:
    problems: list[str] = []
    seen: dict[str, int] = {}
    for i, row in enumerate(manifest.symbols):
        if row.symbol in seen:
            problems.append(
                f"{where(('symbols', i, 'symbol'))}: duplicate symbol {row.symbol!r}"
                f" (first at {_key(where, ('symbols', seen[row.symbol]))})"
            )
        seen.setdefault(row.symbol, i)
        for j, doc in enumerate(row.docs):
            at = where(("symbols", i, "docs", j))
            problem = path_problem(doc) or _outside_problem(root, doc)
            if problem:
                problems.append(f"{at}: {problem}")
            elif (kind := file_problem(root / doc)) is not None:
                problems.append(f"{at}: doc {doc!r} {kind}")
    for key in ("source", "tests", "exclude"):
        for j, value in enumerate(getattr(manifest, key)):
            problem = path_problem(value)
            if problem:
                problems.append(f"{where((key, j))}: {problem}")
    problems += _retired_and_fixture_problems(where, manifest)
    if problems:
        raise InputError("\n".join(problems))


def _key(where: Where, parts: Sequence[str | int]) -> str:
    """The key path alone, as the other half of a message names it (`/symbols/0`, `symbols[0]`)."""
    return where(parts).rsplit(": ", 1)[-1]


def _retired_and_fixture_problems(where: Where, manifest: Manifest) -> list[str]:
    """`retired[].allowed` and `symbols[].fixtures` are root-relative globs; a spelling is listed once."""
    problems: list[str] = []
    first: dict[str, int] = {}
    for i, entry in enumerate(manifest.retired):
        if entry.spelling in first:
            problems.append(f"{where(('retired', i, 'spelling'))}: duplicate spelling {entry.spelling!r}"
                            f" (first at {_key(where, ('retired', first[entry.spelling]))});"
                            " merge the two entries")
        first.setdefault(entry.spelling, i)
        for j, glob in enumerate(entry.allowed):
            problem = path_problem(glob)
            if problem:
                problems.append(f"{where(('retired', i, 'allowed', j))}: {problem}")
    for i, row in enumerate(manifest.symbols):
        for j, glob in enumerate(row.fixtures):
            problem = path_problem(glob)
            if problem:
                problems.append(f"{where(('symbols', i, 'fixtures', j))}: {problem}")
    return problems


def path_problem(value: str) -> str | None:
    """Why a manifest path or glob is not a root-relative POSIX path, or None when it is."""
    if "\\" in value:
        return f"{value!r}: use '/' as the separator"
    if "\x00" in value:
        return f"{value!r}: NUL byte in path"
    posix = PurePosixPath(value)
    if posix.is_absolute() or (len(value) > 1 and value[1] == ":"):
        return f"{value!r}: absolute path; paths are relative to the project root"
    depth = 0
    for part in posix.parts:
        depth += -1 if part == ".." else (0 if part == "." else 1)
        if depth < 0:
            return f"{value!r}: leaves the project root"
    return None


def _outside_problem(root: Path, value: str) -> str | None:
    """Symlinks may point anywhere: the resolved target must still be inside the root."""
    try:
        target = (root / value).resolve()
        target.relative_to(root.resolve())
    except ValueError:
        return f"{value!r}: resolves outside the project root (symlink?)"
    except (OSError, RuntimeError):
        return f"{value!r}: cannot resolve (symlink loop?)"
    return None


def file_problem(path: Path) -> str | None:
    """Why `path` is not a regular file we can open without blocking, or None when it is one."""
    try:
        mode = path.stat().st_mode
    except FileNotFoundError:
        return "not found"
    except (OSError, ValueError) as exc:  # a symlink loop, a name too long, a NUL byte
        return f"cannot be read: {getattr(exc, 'strerror', None) or exc}"
    if stat.S_ISDIR(mode):
        return "is a directory, not a file"
    if not stat.S_ISREG(mode):
        return "is not a regular file (a FIFO, socket or device)"
    return None


def display_path(root: Path, path: Path) -> str:
    """Root-relative with '/', as findings show paths; absolute when outside the root."""
    try:
        return path.resolve().relative_to(root.resolve()).as_posix()
    except (ValueError, OSError, RuntimeError):
        return str(path)
