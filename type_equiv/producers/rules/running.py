"""Which functions can run: a site inside a function nothing reaches builds nothing and brings
nothing in (principle 4's question, can the running program hold the variant, asked of the code).

A function runs where something names it: a call, a reference handed on (`callback=fn`), a
registration or an import — each spells its name in code (a comment runs nothing). So a method its
own module names only at its `def` (syntax/unnamed.py: undecorated or only a `classmethod` /
`staticmethod`, not a dunder or sunder Python runs by itself, of a class whose base or metaclass
cannot call it by a name spelled elsewhere), or any method of a plain class its module names only at
its `class`, and no other module names either, never runs: a member it builds is no producer
(netexec's `build_guids_for_rights`), a decode in it no door. Also running: a name a packaging entry
point spells (`pyproject.toml`, `setup.cfg`, `setup.py`) and, where the vocabulary's callers are
outside, every public name. Tests count as callers: a method only tests call is an interface they
exercise (the seed's `AgentLoop.inject`, which plugins call), where one nothing calls at all is code
that never runs. Whether another module names it is asked of the scanner as a probe, so the warm
check asks it again of an edited file (producers/scan/facts.py).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from type_equiv.producers.records import TOKEN, FileScan
from type_equiv.producers.syntax.unnamed import WITHIN

ENTRY_FILES = ("pyproject.toml", "setup.cfg", "setup.py")
# A name this many files spell — its own and one more — has that file's code read; spelled in more
# files, it runs (a comment in each is unlikely, and reading them all would cost a parse each).
FEW_FILES = 2
DEPTH = 3  # a name spelled only in a function that never runs: followed this many functions up


@dataclass
class Running:
    """Answers, for one tree, which `candidates` of a line are `idle`. `probe` names the files
    spelling any of some names as a token (the scanner's probe), or None once the scan is over: an
    unasked name runs."""

    root: Path
    scans: Callable[[], Mapping[str, FileScan]]
    probe: Callable[[frozenset[str], bool], Mapping[str, tuple[str, ...]] | None]
    test: Callable[[str], bool]  # whether a file is a test: its functions run under the test runner
    _spelled: dict[str, frozenset[str]] = field(default_factory=dict)  # name → files spelling it
    # name → file → the functions of it that alone spell the name, each named only at its `def` there
    _within: dict[str, dict[str, frozenset[str]]] = field(default_factory=dict)
    _entry: frozenset[str] | None = None

    def candidates(self, path: str, line: int, outside: bool) -> list[str]:
        """The names of the methods holding line `line` of `path` that its module names only at their
        `def`, outermost first — a public one runs where the callers are outside."""
        scan = self.scans().get(path)
        unnamed = scan.unnamed if scan is not None else ()
        return [name for first, last, name in unnamed if first <= line <= last
                and not (outside and not name.startswith("_")) and name not in self._entries()]

    def ask(self, names: Iterable[str], depth: int = DEPTH) -> None:
        """Ask, in one probe, which files spell the names not asked yet as tokens; then, of the names
        few files spell (a comment may hold every spelling but the `def`), which files spell them in
        code — parsing only those files (scan/needles.py `code`) —, and where a file's code spells one
        only in functions it names only at their `def`, ask of those in turn (`depth` levels)."""
        new = frozenset(names) - self._spelled.keys()
        held = self.probe(new, False) if new else None
        if held is None:
            return
        spelled = {name: frozenset(rel for rel, words in held.items() if name in words) for name in new}
        few = frozenset(name for name, rels in spelled.items() if 1 < len(rels) <= FEW_FILES)
        coded = self.probe(few, True) if few else None
        further: set[str] = set()
        if coded is not None:
            in_code: dict[str, set[str]] = {name: set() for name in few}
            for rel, words in coded.items():
                test = self.test(rel)  # a test's functions run under its runner
                for word in words:
                    name, _, function = word.partition(WITHIN)
                    if name not in few:
                        continue
                    if function and not test:
                        within = self._within.setdefault(name, {})
                        within[rel] = within.get(rel, frozenset()) | {function}
                        further.add(function)
                    else:
                        in_code[name].add(rel)
            spelled.update((name, frozenset(rels)) for name, rels in in_code.items())
        self._spelled.update(spelled)
        if further and depth > 1:
            self.ask(further, depth - 1)

    def idle(self, path: str, names: Iterable[str], outside: bool = False) -> str | None:
        """The first of `names` (the `candidates` of a line of `path`, asked) that never runs, else
        None: no other file spells it, but in functions that never run (a public one runs where the
        callers are `outside`)."""
        return next((name for name in names if self._idle(path, name, outside, frozenset())), None)

    def callers(self, path: str, name: str) -> str:
        """Who calls an idle function, for a finding: nothing, or only code that never runs."""
        within = any(rel != path for rel in self._within.get(name, {}))
        return "only code that never runs" if within else "nothing"

    def _idle(self, path: str, name: str, outside: bool, seen: frozenset[str]) -> bool:
        """Whether `name`, a function of `path` the module names only at its `def`, never runs: every
        other file spelling it in code spells it only inside functions of its own that never run."""
        if name not in self._spelled or self._spelled[name] - {path}:
            return False
        seen = seen | {f"{path}:{name}"}
        return all(f"{rel}:{f}" not in seen and not (outside and not f.startswith("_"))
                   and f not in self._entries() and self._idle(rel, f, outside, seen)
                   for rel, functions in self._within.get(name, {}).items() if rel != path
                   for f in functions)

    def _entries(self) -> frozenset[str]:
        if self._entry is None:
            words: set[str] = set()
            for name in ENTRY_FILES:
                try:
                    words.update(TOKEN.findall((self.root / name).read_text(encoding="utf-8")))
                except (OSError, UnicodeDecodeError):
                    continue
            self._entry = frozenset(words)
        return self._entry
