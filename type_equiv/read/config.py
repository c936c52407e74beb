"""Where the configuration is: root discovery, and the `[tool.type-equiv]` table of pyproject.toml.

The table holds exactly the JSON manifest's keys (`version` optional) and is validated by the same
code (read/manifest.py: jsonschema, then pydantic, then the path rules); only the way a problem is
located differs — a TOML file's line and dotted key path (`pyproject.toml:12:
tool.type-equiv.symbols[0].docs`) instead of a JSON pointer.

Discovery and the choice of file run before a warm check decides to replay, so this module imports
nothing heavy: tomllib is stdlib, and read/manifest.py, which validates, imports this one.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from type_equiv.model.errors import InputError
from type_equiv.model.options import DEFAULT_MANIFEST
from type_equiv.store.safe import read_bounded

if TYPE_CHECKING:  # parsing TOML is needed only once a pyproject.toml names the tool
    import tomllib

PYPROJECT = "pyproject.toml"
TABLE = ("tool", "type-equiv")
PREFIX = "tool.type-equiv"


@dataclass(frozen=True)
class Chosen:
    """The configuration file a run reads, and what a person should be told about the choice."""

    path: Path
    warning: str | None = None  # both a JSON manifest and a table exist: the JSON one wins


def has_table(pyproject: Path) -> bool:
    """Does this pyproject.toml hold a `[tool.type-equiv]` table? A broken file counts as holding one
    when it names the table, so that loading it reports where it is broken."""
    try:  # bounded, non-blocking: a FIFO named pyproject.toml must not hang discovery
        text = read_bounded(pyproject).decode("utf-8-sig")
    except (OSError, UnicodeDecodeError):
        return False
    if "type-equiv" not in text:
        return False
    import tomllib

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError:
        return bool(re.search(r"^\s*\[\[?\s*tool\s*\.\s*[\"']?type-equiv", text, re.M))
    tool = data.get("tool")
    return isinstance(tool, dict) and isinstance(tool.get("type-equiv"), dict)


def is_configured(folder: Path) -> bool:
    return (folder / DEFAULT_MANIFEST).is_file() or has_table(folder / PYPROJECT)


def discover_root(start: Path) -> Path | None:
    """The nearest folder from `start` upwards that holds a configuration, as ruff and mypy find
    theirs; the walk stops at a repository's top (a folder with `.git`) and at the file system's root,
    so a project never picks up the configuration of a folder that merely contains it."""
    folder = start.absolute()
    while True:
        if is_configured(folder):
            return folder
        if (folder / ".git").exists() or folder.parent == folder:
            return None
        folder = folder.parent


def choose(root: Path) -> Chosen:
    """The JSON manifest when it exists (it is the older, explicit form), else the pyproject table;
    with neither, the JSON path, whose loading then says it is not found."""
    manifest = root / DEFAULT_MANIFEST
    pyproject = root / PYPROJECT
    if manifest.is_file():
        if has_table(pyproject):
            return Chosen(manifest, f"both {DEFAULT_MANIFEST} and [tool.type-equiv] in {PYPROJECT} exist:"
                                    f" using {DEFAULT_MANIFEST} (delete one of them)")
        return Chosen(manifest)
    if has_table(pyproject):
        return Chosen(pyproject)
    return Chosen(manifest)


def read_table(shown: str, text: str) -> dict[str, Any]:
    """The `[tool.type-equiv]` table of a pyproject.toml's text (`version` defaulted), or InputError
    located in the TOML; read/manifest.py validates it as it validates the JSON manifest."""
    import tomllib

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise InputError(f"{shown}:{_toml_error_place(exc)} not TOML: {_toml_error_message(exc)}") from None
    table: Any = data
    for key in TABLE:
        table = table.get(key) if isinstance(table, dict) else None
    if not isinstance(table, dict):
        raise InputError(f"{shown}: no [tool.type-equiv] table (see README: configuration)")
    return {"version": 1, **table}


def toml_where(shown: str, text: str) -> Callable[[Sequence[str | int]], str]:
    """A key path → `pyproject.toml:12: tool.type-equiv.symbols[0].docs`, for validation messages."""
    locate = _Locator(text)
    return lambda parts: f"{shown}:{locate.line(parts)}: {key_path(parts)}"


def key_path(parts: Sequence[str | int]) -> str:
    """`("symbols", 0, "docs")` → `tool.type-equiv.symbols[0].docs`: the key as TOML users write it."""
    out = PREFIX
    for part in parts:
        out += f"[{part}]" if isinstance(part, int) else f".{part}"
    return out


def _toml_error_place(exc: tomllib.TOMLDecodeError) -> str:
    found = re.search(r"\(at line (\d+), column (\d+)\)", str(exc))
    return f"{found.group(1)}:{found.group(2)}:" if found else ""


def _toml_error_message(exc: tomllib.TOMLDecodeError) -> str:
    return re.sub(r"\s*\(at (line \d+, column \d+|end of document)\)", "", str(exc))


class _Locator:
    """The line a key path is written on, read from the TOML text: tomllib keeps no positions.

    `symbols[i]` is the i-th `[[tool.type-equiv.symbols]]` header (or, written inline, the line of
    `symbols =`); a key below it is the line of `key =` in that section; anything not found falls back
    to the nearest enclosing line found, and at worst to the table's header."""

    def __init__(self, text: str) -> None:
        self.lines = text.splitlines()

    def line(self, parts: Sequence[str | int]) -> int:
        start, end = self._section(PREFIX)
        if not parts:
            return start
        head = parts[0]
        if head in ("symbols", "retired") and len(parts) > 1 and isinstance(parts[1], int):
            rows = self._headers(f"{PREFIX}.{head}")
            if parts[1] < len(rows):
                row = rows[parts[1]]
                section_end = self._section_end(row)
                if len(parts) > 2 and isinstance(parts[2], str):
                    return self._assignment(parts[2], row + 1, section_end) or row
                return row
        return self._assignment(str(head), start, end) or start

    def _section(self, name: str) -> tuple[int, int]:
        for number, text in enumerate(self.lines, start=1):
            if _header_name(text) == name:
                return number, self._section_end(number)
        return 1, len(self.lines)

    def _headers(self, name: str) -> list[int]:
        return [n for n, text in enumerate(self.lines, start=1) if _header_name(text, array=True) == name]

    def _section_end(self, header: int) -> int:
        for number in range(header + 1, len(self.lines) + 1):
            if _header_name(self.lines[number - 1]) or _header_name(self.lines[number - 1], array=True):
                return number - 1
        return len(self.lines)

    def _assignment(self, key: str, start: int, end: int) -> int | None:
        pattern = re.compile(rf"^\s*[\"']?{re.escape(key)}[\"']?\s*=")
        for number in range(start, end + 1):
            if pattern.match(self.lines[number - 1]):
                return number
        return None


def _header_name(line: str, array: bool = False) -> str | None:
    """`[tool.type-equiv]` → `tool.type-equiv` (`[[…]]` with `array`); quotes and spaces dropped."""
    pattern = r"^\s*\[\[([^\]]+)\]\]" if array else r"^\s*\[([^\[\]]+)\]"
    found = re.match(pattern, line)
    if not found:
        return None
    return ".".join(part.strip().strip("\"'") for part in found.group(1).split("."))
