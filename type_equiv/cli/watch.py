"""`check --watch`: re-run the check on every save of a file it reads, for a person editing docs.

On a terminal each run redraws one screen (clear, then the findings), so the drift shown is always the
drift now; into a pipe or a log each run follows a separator line instead, since clearing means nothing
there. What is watched is re-read from the manifest after every run: a row added to it is watched from
the next save on. Ctrl-C ends the watch with exit 0 (stopping is the normal way out, not a failure).
"""

from __future__ import annotations

import posixpath
import sys
import threading
import time
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import TextIO

from type_equiv.model.errors import InputError
from type_equiv.model.options import CheckOptions
from type_equiv.model.run import RunStats
from type_equiv.output import Renderer
from type_equiv.pipeline import Run, run_check
from type_equiv.read.globs import matches
from type_equiv.read.manifest import ManifestFile, display_path, load_manifest

CLEAR = "\x1b[H\x1b[2J\x1b[3J"  # cursor home, clear the screen and its scrollback


@dataclass(frozen=True)
class Targets:
    """The files one run read, as the watcher's filter needs them: absolute paths and globs."""

    root: Path
    manifest: Path
    docs: frozenset[Path]
    source_roots: tuple[Path, ...]
    exclude: tuple[str, ...]
    fixtures: tuple[str, ...]

    @classmethod
    def read(cls, options: CheckOptions, last: Targets | None) -> Targets:
        """From the manifest as it is now; while it does not load, the last good targets (or just it)."""
        root = options.root.resolve()
        try:
            manifest = load_manifest(options.root, options.manifest)
        except InputError:
            if last is not None:
                return last
            return cls(root, options.manifest.resolve(), frozenset(), (), (), ())
        return cls.of(root, options.manifest.resolve(), manifest)

    @classmethod
    def of(cls, root: Path, manifest_path: Path, manifest: ManifestFile) -> Targets:
        model = manifest.model
        return cls(
            root=root,
            manifest=manifest_path,
            docs=frozenset((root / doc).resolve() for row in model.symbols for doc in row.docs),
            source_roots=tuple((root / source).resolve() for source in model.source),
            exclude=tuple(model.exclude),
            fixtures=tuple(str(g) for row in model.symbols for g in row.fixtures or ()),
        )

    def wants(self, path: Path) -> bool:
        """Is this changed path one a check reads: the manifest, a listed doc, a source module, a fixture?"""
        if path == self.manifest or path in self.docs:
            return True
        try:
            rel = path.relative_to(self.root).as_posix()
        except ValueError:
            return False
        if matches(rel, self.fixtures):
            return True
        return (
            path.suffix == ".py"
            and any(path.is_relative_to(source) for source in self.source_roots)
            and not matches(rel, self.exclude)
        )

    def directories(self) -> tuple[Path, ...]:
        """The fewest existing directories to watch (recursively) that hold every target.

        Directories, not files: editors save by writing a new file and renaming it over the old one,
        which a watch on the old file's inode would never see.
        """
        wanted = {self.manifest.parent, *(doc.parent for doc in self.docs), *self.source_roots}
        wanted |= {(self.root / _static_prefix(glob)).resolve() for glob in self.fixtures}
        existing = sorted(path for path in wanted if path.is_dir()) or [self.root]
        return tuple(
            path for path in existing
            if not any(path != other and path.is_relative_to(other) for other in existing)
        )


def _static_prefix(glob: str) -> str:
    """`tests/fixtures/*.jsonl` → `tests/fixtures`: the part of a glob without wildcards."""
    parts: list[str] = []
    for part in PurePosixPath(glob).parts[:-1]:
        if any(ch in part for ch in "*?["):
            break
        parts.append(part)
    return posixpath.join(*parts) if parts else "."


def watch_check(
    options: CheckOptions,
    render: Renderer,
    *,
    quiet: bool = False,
    screen: bool = True,
    out: TextIO | None = None,
    err: TextIO | None = None,
    stop: threading.Event | None = None,
) -> int:
    """Check, then check again after each relevant save, until Ctrl-C or `stop`; returns exit code 0.

    `screen`: the output is for reading (text), so a terminal is cleared and a pipe gets separators;
    jsonl sessions are delimited by their own start/end events and get neither.
    """
    return _Watch(options, render, quiet, screen, out or sys.stdout, err or sys.stderr, stop).run()


class _Watch:
    def __init__(
        self, options: CheckOptions, render: Renderer, quiet: bool, screen: bool,
        out: TextIO, err: TextIO, stop: threading.Event | None,
    ) -> None:
        self.options, self.render, self.quiet = options, render, quiet
        self.out, self.err, self.stop = out, err, stop
        self.screen, self.tty = screen, screen and out.isatty()
        self.targets = Targets.read(options, None)

    def wanted(self, change: object, path: str) -> bool:
        """watchfiles' filter: the current targets decide (a manifest edit changes them)."""
        return self.targets.wants(Path(path).resolve())

    def run(self) -> int:
        import watchfiles

        try:
            self.draw()
            while True:
                directories = self.targets.directories()
                for batch in watchfiles.watch(
                    *directories, watch_filter=self.wanted, stop_event=self.stop, debounce=400,
                ):
                    self.targets = Targets.read(self.options, self.targets)
                    self.draw({Path(path) for _, path in batch})
                    if self.targets.directories() != directories:
                        break  # the manifest moved what is read: watch the new set of directories
                else:
                    return 0  # `stop` was set
        except KeyboardInterrupt:
            return 0

    def draw(self, changed: set[Path] | None = None) -> None:
        """One run: a clean screen on a terminal, else a separator line naming what changed."""
        if self.tty:
            self.out.write(CLEAR)
        elif self.screen and changed:
            names = ", ".join(sorted(display_path(self.options.root, p) for p in changed))
            self.out.write(f"----- type-equiv --watch {time.strftime('%H:%M:%S')}: {names} changed -----\n")
        stats = RunStats()
        self.render(run_check(Run(self.options, stats=stats)), self.out, self.err, quiet=self.quiet,
                    stats=stats)
        self.out.flush()
        self.err.flush()
