"""Includes: a doc that shows the source itself (Sphinx/MyST `literalinclude`, MkDocs' `--8<--`
snippets) has nothing to drift, but its selection can go stale: a `:lines:` range or a marker pair
that no longer spans the definition it was written for."""

from __future__ import annotations

import shlex
from collections.abc import Mapping
from pathlib import PurePosixPath

from type_equiv.read.docs.base import Include

SNIPPET = "--8<--"


def literalinclude(doc: str, line: int, argument: str, options: Mapping[str, str]) -> Include:
    """A `literalinclude` directive: its path argument and selection options."""
    start = options.get("start-after") or options.get("start-at")
    end = options.get("end-before") or options.get("end-at")
    return Include(doc, line, "literalinclude", argument.strip(), pyobject=options.get("pyobject") or None,
                   lines=_ranges(options.get("lines", "")), start_after=start or None,
                   end_before=end or None, start_inclusive="start-after" not in options and bool(start),
                   end_inclusive="end-before" not in options and bool(end))


def _ranges(spec: str) -> tuple[tuple[int, int | None], ...]:
    """Sphinx's `:lines: 1,3,5-10,20-`: 1-based inclusive ranges (an unreadable spec: none)."""
    out: list[tuple[int, int | None]] = []
    for part in spec.split(","):
        first, dash, last = part.strip().partition("-")
        try:
            low = int(first) if first else 1
            high = (int(last) if last else None) if dash else low
        except ValueError:
            return ()
        out.append((low, high))
    return tuple(out) if spec.strip() else ()


def snippet(doc: str, line: int, text: str) -> Include | None:
    """A MkDocs snippet line, `--8<-- "path"`, `"path:10:20"` (lines) or `"path:name"` (the section
    between `--8<-- [start:name]` and `--8<-- [end:name]`); None when the line is no snippet."""
    stripped = text.strip()
    if not stripped.startswith(SNIPPET):
        return None
    try:
        words = shlex.split(stripped[len(SNIPPET):])
    except ValueError:
        return None
    if len(words) != 1:
        return None
    path, *rest = words[0].split(":")
    if not rest:
        return Include(doc, line, "snippet", path)
    if all(part.lstrip("-").isdigit() or not part for part in rest):
        low = int(rest[0]) if rest[0] else 1
        high = int(rest[1]) if len(rest) > 1 and rest[1] else None
        return Include(doc, line, "snippet", path, lines=((low, high),))
    name = ":".join(rest)
    return Include(doc, line, "snippet", path, start_after=f"[start:{name}]", end_before=f"[end:{name}]")


def candidates(include: Include) -> list[str]:
    """Where the include's path may be, root-relative, likeliest first: Sphinx reads `/x` from its
    source directory (some folder above the doc) and `x` beside the doc; MkDocs reads from the
    project root, then beside the doc."""
    written = PurePosixPath(include.written)
    here = PurePosixPath(include.doc).parent
    if include.kind == "snippet":
        found = [written, here / written]
    elif written.is_absolute():
        relative = PurePosixPath(*written.parts[1:])
        found = [folder / relative for folder in (here, *here.parents)]
    else:
        found = [here / written]
    out: list[str] = []
    for path in found:
        parts: list[str] = []
        for part in path.parts:
            if part == "..":
                if not parts:
                    break
                parts.pop()
            elif part not in (".", ""):
                parts.append(part)
        else:
            if parts:
                out.append("/".join(parts))
    return list(dict.fromkeys(out))


def shown(include: Include, lines: list[str]) -> tuple[int, int] | None:
    """The 1-based line span a line or marker selection shows of a file with `lines`; None when the
    include selects by object or shows the whole file."""
    if include.lines:
        low = min(first for first, _ in include.lines)
        high = max(len(lines) if last is None else last for _, last in include.lines)
        return low, high
    if include.start_after is None and include.end_before is None:
        return None
    low, high = 1, len(lines)
    if include.start_after is not None:
        at = next((n for n, text in enumerate(lines, 1) if include.start_after in text), None)
        low = len(lines) + 1 if at is None else at + (0 if include.start_inclusive else 1)
    if include.end_before is not None:
        at = next((n for n, text in enumerate(lines[low - 1:], low) if include.end_before in text), None)
        high = 0 if at is None else at - (0 if include.end_inclusive else 1)
    return low, high


def covers(include: Include, lines: list[str], name: str, first: int, last: int) -> bool | None:
    """Whether the include shows the definition of `name` at lines first..last: True, False (stale),
    None (it selects another object: not about `name`).

    Line numbers go stale when code moves above the definition, so a `:lines:` selection must still
    show the definition's first line (its header: a range that shows the fields only starts there
    too). Markers move with the code, so a marker selection is stale only when it shows none of the
    definition (a marker gone, or now elsewhere): one that shows a class's body on purpose is not."""
    if include.pyobject is not None:
        return True if include.pyobject.rsplit(".", 1)[-1] == name else None
    span = shown(include, lines)
    if span is None:
        return True
    if include.lines:
        return any(low <= first <= (len(lines) if high is None else high) for low, high in include.lines)
    return span[0] <= last and first <= span[1]


def judge(found: list[Include], path: str, text: str, name: str, first: int, last: int) -> (
        tuple[bool, Include | None]):
    """Of a doc's includes, for a definition of `name` at lines first..last of root-relative `path`
    (the file's `text`): (whether one shows it, else the first that picks that file by lines or
    markers: stale)."""
    lines = text.splitlines()
    stale = None
    for include in found:
        if path not in candidates(include):
            continue
        verdict = covers(include, lines, name, first, last)
        if verdict:
            return True, None
        if verdict is False and stale is None:
            stale = include
    return False, stale
