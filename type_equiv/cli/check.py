"""`type-equiv check`: the gate. A warm check replays the last result; otherwise the pipeline runs.

The warm path (nothing this check reads has changed since the last one) imports neither pydantic nor
the pipeline when the same view was rendered before: it writes the stored bytes back.
"""

from __future__ import annotations

import io
import os
import sys
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

import click

from type_equiv.cli.base import (
    EXIT_CLEAN,
    EXIT_ERROR,
    EXIT_FINDINGS,
    cli,
    colour_wanted,
    exit_code,
    manifest_option,
    resolve_cache,
    resolve_root,
    root_option,
)
from type_equiv.model.options import CheckOptions

if TYPE_CHECKING:
    from type_equiv.model.run import Progress, ProgressSink
    from type_equiv.model.session import SessionEnd, SessionEvent
    from type_equiv.output import Renderer
    from type_equiv.read.accepted import Key

PROGRESS_MIN_FILES = 2000  # scans reading fewer files finish before a bar is worth drawing


FORMATS = ("full", "concise", "json", "json-lines", "github", "sarif")
FORMAT_ALIASES = {"text": "full", "jsonl": "json-lines"}  # the first releases' names, kept working
HUMAN = ("full", "concise")  # the formats that colour
VERBOSE = (*HUMAN, "github")  # the formats whose output --verbose changes (per row, what it was checked as)


@cli.command()
@root_option
@manifest_option
@click.option(
    "--output-format", "--format", "fmt", type=click.Choice([*FORMATS, *FORMAT_ALIASES]), default="full",
    show_default=True,
    help="Output format, named as ruff names them: full (findings with both sides), concise (one line"
    " per finding), json, json-lines (the session's events), github (Actions annotations), sarif."
    " `text` and `jsonl` are aliases of full and json-lines.",
)
@click.option(
    "--base", default=None, metavar="REF",
    help="A git ref: variants removed from a manifest vocabulary since REF are retired spellings.",
)
@click.option(
    "--symbol", "symbols", multiple=True, metavar="NAME",
    help="Check only this manifest symbol (dotted, as in the manifest); repeatable.",
)
@click.option("--quiet", "-q", is_flag=True, help="Print findings only: no summary line.")
@click.option(
    "--verbose", "-v", is_flag=True,
    help="Also say which root and configuration were used (stderr), and per row where its definition"
    " and pastes are and what it was checked as: union, map, literal, enum or plain shape, guessed or"
    " the row's \"form\" (the summary of full, concise and github; json-lines always says it).",
)
@click.option(
    "--color", "colour", type=click.Choice(["auto", "always", "never"]), default="auto", show_default=True,
    help="Colour the full and concise formats: auto means on a terminal, never with NO_COLOR set,"
    " always with FORCE_COLOR set.",
)
@click.option(
    "--exit-zero", is_flag=True,
    help="Exit 0 even when there are error findings (report-only use); a run that cannot be judged"
    " still exits 2.",
)
@click.option(
    "--watch", is_flag=True,
    help="Re-run on every save of a listed doc, a source module or the manifest (Ctrl-C stops).",
)
@click.option(
    "--schema", is_flag=True,
    help="Also compare each paste's JSON Schema with the source's: IMPORTS project code and runs the"
    " pastes (docs/equivalence.md).",
)
@click.option(
    "--cache-dir", default=None, metavar="DIR",
    help="Cache folder; mypy's cache is DIR/mypy.  [default: <root>/.type-equiv-cache]",
)
@click.option("--no-cache", is_flag=True, help="Read and write no cache (every mypy run is cold).")
@click.argument("files", nargs=-1, type=click.Path())
def check(
    root: str | None, manifest: str | None, fmt: str, base: str | None,
    symbols: tuple[str, ...], quiet: bool, watch: bool, files: tuple[str, ...],
    schema: bool = False, cache_dir: str | None = None, no_cache: bool = False,
    verbose: bool = False, colour: str = "auto", exit_zero: bool = False,
) -> None:
    """Check every paste listed in the manifest against its real definition.

    Reads source statically: the default check never imports or executes project code.
    FILES (the pre-commit convention, relative to the current directory) limit the run to what
    those files can affect; it does nothing when none of them is a listed doc, a source module, a
    fixture or the manifest.
    """
    fmt = FORMAT_ALIASES.get(fmt, fmt)
    if quiet and verbose:
        raise click.UsageError("--quiet and --verbose contradict each other: give one")
    root_path, manifest_path = resolve_root(root, manifest, verbose=verbose)
    options = CheckOptions(
        root=root_path, manifest=manifest_path, base=base,
        symbols=symbols, files=files or None,
        schema=schema, cache_dir=None if no_cache else resolve_cache(root_path, cache_dir),
    )
    coloured = fmt in HUMAN and colour_wanted(colour, sys.stdout)
    if watch:
        if fmt not in ("full", "json-lines"):
            raise click.UsageError("--watch redraws for a person: use --output-format full (or json-lines)")
        from type_equiv.cli.watch import watch_check
        from type_equiv.output import RENDERERS

        sys.exit(watch_check(options, RENDERERS[fmt], quiet=quiet, screen=fmt == "full"))
    code = run(options, fmt, quiet, verbose=verbose, colour=coloured)
    sys.exit(EXIT_CLEAN if exit_zero and code == EXIT_FINDINGS else code)


def run(options: CheckOptions, fmt: str, quiet: bool, *, verbose: bool = False, colour: bool = False) -> int:
    """One check, rendered in `fmt`; the exit code."""
    from type_equiv.model.errors import InputError
    from type_equiv.read.accepted import parse, read_raw
    from type_equiv.read.asts import RunMemo
    from type_equiv.warm import replay

    fmt = FORMAT_ALIASES.get(fmt, fmt)
    try:
        raw = read_raw(options.root, options.manifest)
    except InputError as exc:
        click.echo(f"type-equiv: {exc}", err=True)
        return EXIT_ERROR
    # What the bytes depend on besides the events (the baseline too); a colour view is never stored.
    view = (fmt + ("+verbose" if verbose and fmt in VERBOSE else "") + _digest(raw), quiet, colour)
    memo = RunMemo()  # this check's parses: a file in doubt parsed for the replay is the run's too
    record = replay.Record.open(options, memo)  # nothing this check reads has changed since the last one
    # Stored bytes cannot replay a side effect: the GitHub job summary is appended by the renderer.
    side_effect = fmt == "github" and bool(os.environ.get("GITHUB_STEP_SUMMARY"))
    if record is not None and not side_effect:
        shown = record.output(view)
        if shown is not None:  # rendered before: its bytes, and neither pydantic nor the pipeline
            sys.stdout.write(shown[0])
            sys.stderr.write(shown[1])
            return shown[2]
    from type_equiv.model import messages
    from type_equiv.model.run import RunStats
    from type_equiv.output import RENDERERS
    from type_equiv.read.accepted import Hidden, apply

    try:
        accepted = parse(raw[1], raw[0]) if raw is not None else None
    except InputError as exc:
        click.echo(f"type-equiv: {exc}", err=True)
        return EXIT_ERROR

    stats = RunStats()
    recording = None
    events: Iterable[SessionEvent] | None = record.events() if record is not None else None
    if events is None:
        from type_equiv.pipeline import Run, run_check

        recording = replay.Recording(options, memo)
        run = Run(options, recording.log, stats, _progress_bar(), memo)
        events = recording.record(run_check(run), stats)
    hidden = Hidden()
    tap = _Tap(events if accepted is None else apply(events, accepted, hidden, _matchable(options)))
    out, err = _Copy(sys.stdout), _Copy(sys.stderr)
    RENDERERS[fmt](tap, out, err, quiet=quiet, stats=stats, verbose=verbose,  # type: ignore[arg-type]
                   colour=colour)
    if hidden.count and accepted is not None and not quiet:
        err.write(messages.baseline_hid(hidden.count, accepted.shown) + "\n")
    code = exit_code(tap.end)
    kept = record or (recording.stored if recording is not None else None)
    if kept is not None:
        written = "".join(out.parts), "".join(err.parts)
        # A replay runs nothing: its summary must say so. (Never rendered twice with a side effect:
        # the GitHub job summary would be appended again; github's output does not show the counts.)
        if (stats.mypy_runs or stats.imported) and not side_effect:
            written = _rendered(RENDERERS[fmt], tap.seen, quiet, verbose)
        kept.keep(view, written[0], written[1], code)
    return code


def _matchable(options: CheckOptions) -> Callable[[Key], bool]:
    """Which baseline entries this run could have matched, so only those are reported stale: all in
    a run over the whole project; none in one limited to symbols, or to files that leave some rows
    unchecked (pre-commit's usual run); all but retired spellings in one naming the manifest or the
    baseline (every row is checked, but retired spellings are looked for in the named files only)."""
    from type_equiv.model.codes import code_of
    from type_equiv.read.scope import files_name_every_row

    if options.symbols:
        return lambda key: False
    if options.files is None:
        return lambda key: True
    if files_name_every_row(options.manifest, options.root, options.files):
        return lambda key: key[0] != code_of("retired-spelling")
    return lambda key: False


def _digest(raw: tuple[str, str] | None) -> str:
    """A short hash of the baseline file for the replay's view key: a changed baseline must not
    replay output rendered with the old one."""
    if raw is None:
        return ""
    import hashlib

    return "+baseline:" + hashlib.sha256(raw[1].encode()).hexdigest()[:16]


def _rendered(render: Renderer, events: list[SessionEvent], quiet: bool, verbose: bool) -> tuple[str, str]:
    """`events` rendered as a replay of them shows them: with nothing executed (and, for a verbose
    view, its per-row lines)."""
    out, err = io.StringIO(), io.StringIO()
    render(events, out, err, quiet=quiet, verbose=verbose)
    return out.getvalue(), err.getvalue()


class _Tap:
    """Passes events through to the renderer while remembering how the session ended."""

    def __init__(self, events: Iterable[SessionEvent]) -> None:
        self.events = events
        self.end: SessionEnd | None = None
        self.seen: list[SessionEvent] = []

    def __iter__(self) -> Iterator[SessionEvent]:
        from type_equiv.model.session import SessionEnd

        for event in self.events:
            self.seen.append(event)
            if isinstance(event, SessionEnd):
                self.end = event
            yield event


class _Copy:
    """A stream that also keeps what was written: a warm check replays the rendered output."""

    def __init__(self, stream: Any) -> None:
        self.stream = stream
        self.parts: list[str] = []

    def write(self, text: str) -> int:
        self.parts.append(text)
        return int(self.stream.write(text))

    def __getattr__(self, name: str) -> Any:
        return getattr(self.stream, name)


def _progress_bar() -> ProgressSink:
    """A rich progress bar on stderr for a long scan in a terminal; nothing in CI or in a pipe."""
    from type_equiv.model.run import no_progress

    if not (sys.stderr.isatty() and not os.environ.get("CI")):
        return no_progress
    bar: Any = None
    task: Any = None

    def draw(progress: Progress) -> None:
        nonlocal bar, task
        if bar is None and not progress.finished and progress.total >= PROGRESS_MIN_FILES:
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, TextColumn, TimeElapsedColumn
            from rich.progress import Progress as Bar

            bar = Bar(TextColumn("scanning for producers"), BarColumn(), MofNCompleteColumn(),
                      TimeElapsedColumn(), console=Console(stderr=True), transient=True)
            task = bar.add_task("scan", total=progress.total)
            bar.start()
        if bar is not None:
            bar.update(task, completed=progress.done)
            if progress.finished:
                bar.stop()
                bar = None

    return draw
