"""Manifest globs and the folders no stage ever reads: one spelling of each for every stage.

Globs (`exclude`, `tests`, `fixtures`, a retirement's `allowed`) are `.gitignore` lines matched
against root-relative '/' paths: `docs/notes/**`, a folder for everything under it, `*.md` at any
depth, `!` to take a path back, the last matching line deciding.

Why not regular expressions (pathspec compiles each line to one): a backtracking regex of
`a*a*a*…b` against a long name takes exponential time, and a manifest is hostile input. Here a line
is matched segment by segment: within a segment the classic greedy wildcard match (back up only to
the last `*`: O(name * pattern) at worst), across segments a table over (pattern segment, path
segment) for `**`. No input makes it slower than the product of the lengths.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path

# Never read, tracked or not: caches, virtual environments, VCS internals, installed packages.
SKIPPED_DIRS = frozenset({
    ".type-equiv-cache", ".git", ".hg", ".svn", ".venv", "venv", ".tox", ".nox", "__pycache__",
    ".mypy_cache", ".pytest_cache", ".ruff_cache", ".hypothesis", "node_modules", ".eggs",
    "site-packages",
})


Token = tuple[str, str]  # ("*", ""), ("?", ""), ("=", a literal char), ("[", a class body)


def _tokens(segment: str) -> list[Token]:
    out: list[Token] = []
    i, n = 0, len(segment)
    while i < n:
        c = segment[i]
        if c == "\\" and i + 1 < n:
            out.append(("=", segment[i + 1]))
            i += 2
            continue
        if c == "*":
            if not out or out[-1][0] != "*":  # `**` inside a segment is one `*`
                out.append(("*", ""))
        elif c == "?":
            out.append(("?", ""))
        elif c == "[":
            end = segment.find("]", i + 2 if segment[i + 1: i + 2] in ("!", "^", "]") else i + 1)
            if end == -1:
                out.append(("=", c))
            else:
                out.append(("[", segment[i + 1: end]))
                i = end
        else:
            out.append(("=", c))
        i += 1
    return out


def _one(token: Token, char: str) -> bool:
    kind, data = token
    if kind == "?":
        return True
    if kind == "=":
        return data == char
    negate = data[:1] in ("!", "^")
    body = data[1:] if negate else data
    hit, j = False, 0
    while j < len(body):
        if j + 2 < len(body) and body[j + 1] == "-":
            hit = hit or body[j] <= char <= body[j + 2]
            j += 3
        else:
            hit = hit or body[j] == char
            j += 1
    return hit != negate


def _segment(tokens: list[Token], name: str) -> bool:
    """Greedy wildcard match: on a mismatch, let the last `*` take one more character."""
    t = c = 0
    star_t, star_c = -1, 0
    while c < len(name):
        if t < len(tokens) and tokens[t][0] != "*" and _one(tokens[t], name[c]):
            t, c = t + 1, c + 1
        elif t < len(tokens) and tokens[t][0] == "*":
            star_t, star_c = t, c
            t += 1
        elif star_t >= 0:
            star_c += 1
            t, c = star_t + 1, star_c
        else:
            return False
    while t < len(tokens) and tokens[t][0] == "*":
        t += 1
    return t == len(tokens)


class Glob:
    """One `.gitignore` line."""

    def __init__(self, line: str) -> None:
        self.negated = line.startswith("!")
        body = line[1:] if self.negated else line
        body = body[2:] if body.startswith("./") else body
        self.dir_only = body.endswith("/")
        body = body.rstrip("/")
        anchored = "/" in body
        parts = [p for p in body.lstrip("/").split("/") if p]
        # pathspec's reading, kept: `a/*` names what is directly in `a`, not what is deeper
        self.one_level = anchored and bool(parts) and parts[-1] == "*" and not self.dir_only
        if not anchored and parts:
            parts = ["**", *parts]
        # `x/**`: inside x, not x itself; `x/**/` names x too (`**/` may be no folder), so all in it
        self.trailing_all = len(parts) > 1 and parts[-1] == "**" and not self.dir_only
        self.parts: list[list[Token] | None] = [None if p == "**" else _tokens(p) for p in parts]

    def matches(self, segments: Sequence[str], is_dir: bool) -> bool:
        """The line matches the path or one of its folders (gitignore: a folder holds its contents)."""
        parts, n = self.parts, len(segments)
        if not parts:
            return False
        # reach[j]: the pattern so far can end right after segment j (j = 0: before the first)
        reach = [True] + [False] * n
        for i, part in enumerate(parts):
            last = i == len(parts) - 1
            nxt = [False] * (n + 1)
            if part is None:
                run = False
                for j in range(n + 1):
                    if last and self.trailing_all:  # at least one segment, or a folder itself
                        nxt[j] = run or (is_dir and j == n and reach[j])
                        run = run or reach[j]
                    else:
                        run = run or reach[j]
                        nxt[j] = run
            else:
                for j in range(n):
                    if reach[j] and _segment(part, segments[j]):
                        nxt[j + 1] = True
            reach = nxt
        if self.one_level:
            return reach[n]
        return any(reach[k] for k in range(1, n + 1) if not self.dir_only or k < n or is_dir)


class GlobSet:
    """Lines of `.gitignore`: the last line matching a path decides (a `!` line takes it back)."""

    def __init__(self, lines: Sequence[str]) -> None:
        self.globs = [Glob(g) for g in (line.rstrip() for line in lines) if g and not g.startswith("#")]

    def match_file(self, path: str) -> bool:
        is_dir = path.endswith("/")
        segments = [s for s in path.strip("/").split("/") if s]
        result = False
        for glob in self.globs:
            if glob.negated == result and glob.matches(segments, is_dir):
                result = not glob.negated
        return result


@lru_cache(maxsize=256)
def glob_set(globs: tuple[str, ...]) -> GlobSet:
    return GlobSet(globs)


def matches(path: str, globs: Sequence[str]) -> bool:
    """Whether a root-relative '/' path matches one of the globs."""
    return bool(globs) and glob_set(tuple(globs)).match_file(path)


def skipped_dir(path: Path) -> bool:
    """Caches, VCS internals and virtual environments (any folder holding `pyvenv.cfg`)."""
    return path.name in SKIPPED_DIRS or (path / "pyvenv.cfg").exists()
