"""The command line: parse options, run a pipeline, hand its events to one renderer, set the exit code.

Exit codes (a contract): 0 no error findings, 1 error findings, 2 the run could not be judged.
Bad input never escapes as a traceback: it ends the session with a located message.
"""

from __future__ import annotations

import errno
import io
import json
import os
import shlex
import sys
import traceback
import warnings
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import click

from type_equiv import __version__
from type_equiv.options import DEFAULT_MANIFEST

if TYPE_CHECKING:  # `--version`, `--help` and a replayed warm check never import the pipeline
    from type_equiv.session import SessionEnd, SessionEvent

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


def exit_code(end: SessionEnd | None) -> int:
    from type_equiv.session import Failed, FindingsFound

    if end is None or isinstance(end.reason, Failed):
        return EXIT_ERROR
    return EXIT_FINDINGS if isinstance(end.reason, FindingsFound) else EXIT_CLEAN


class _Tap:
    """Passes events through to the renderer while remembering how the session ended."""

    def __init__(self, events: Iterable[SessionEvent]) -> None:
        self.events = events
        self.end: SessionEnd | None = None

    def __iter__(self) -> Iterator[SessionEvent]:
        from type_equiv.session import SessionEnd

        for event in self.events:
            if isinstance(event, SessionEnd):
                self.end = event
            yield event


def resolve_root(root: str, manifest: str | None) -> tuple[Path, Path]:
    base = Path(root).absolute()
    return base, (Path(manifest).absolute() if manifest else base / DEFAULT_MANIFEST)


root_option = click.option(
    "--root", default=".", show_default=True, metavar="DIR",
    help="Project root: every manifest path is relative to it.",
)
manifest_option = click.option(
    "--manifest", default=None, metavar="FILE",
    help=f"Manifest file  [default: <root>/{DEFAULT_MANIFEST}]",
)


class _Guarded(click.Group):
    """The top-level guard: an internal error (a bug, never bad input) becomes one line asking for a
    bug report with the command that reproduces it, and exit 2; `--debug` shows its traceback too.

    An InputError escaping a command is bad input after all: its located message, and exit 2.
    """

    def make_context(
        self, info_name: str | None, args: list[str], parent: click.Context | None = None,
        **extra: Any,
    ) -> click.Context:
        original = list(args)
        ctx = super().make_context(info_name, args, parent, **extra)
        ctx.meta["type_equiv.args"] = original
        return ctx

    def invoke(self, ctx: click.Context) -> Any:
        from type_equiv.errors import InputError

        try:
            return super().invoke(ctx)
        except (click.ClickException, click.exceptions.Exit, click.Abort):
            raise
        except InputError as exc:
            click.echo(f"type-equiv: {exc}", err=True)
            ctx.exit(EXIT_ERROR)
        except Exception as exc:
            if isinstance(exc, OSError) and exc.errno == errno.EPIPE:
                raise  # `type-equiv check | head`: click closes quietly
            _internal_error(ctx, exc)


def _internal_error(ctx: click.Context, exc: Exception) -> NoReturn:
    args: list[str] = ctx.meta.get("type_equiv.args", [])
    command = shlex.join(["type-equiv", *([] if "--debug" in args else ["--debug"]), *args])
    if ctx.params.get("debug"):
        traceback.print_exception(exc, file=sys.stderr)
    what = " ".join(f"{type(exc).__name__}: {exc}".split())[:200]
    click.echo(f"type-equiv: internal error ({what}). This is a bug in type-equiv: please report it"
               f" with the output of: {command}", err=True)
    ctx.exit(EXIT_ERROR)


@click.group(cls=_Guarded, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="type-equiv")
@click.option(
    "--debug", is_flag=True,
    help="Show the traceback of an internal error (a bug), for a bug report.",
)
def cli(debug: bool) -> None:
    """Keep the type definitions pasted in Markdown docs equal to the real ones, and every
    variant of every vocabulary produced by production code."""


@cli.command()
@root_option
@manifest_option
@click.option(
    "--format", "fmt", type=click.Choice(["text", "json", "jsonl", "github", "sarif"]), default="text",
    show_default=True, help="Output format.",
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
    root: str, manifest: str | None, fmt: str, base: str | None,
    symbols: tuple[str, ...], quiet: bool, watch: bool, files: tuple[str, ...],
    schema: bool = False, cache_dir: str | None = None, no_cache: bool = False,
) -> None:
    """Check every paste listed in the manifest against its real definition.

    Reads source statically: the default check never imports or executes project code.
    FILES (the pre-commit convention) limit the run to what those files can affect; it does
    nothing when none of them is a listed doc, a source module, a fixture or the manifest.
    """
    from type_equiv.options import CheckOptions

    root_path, manifest_path = resolve_root(root, manifest)
    options = CheckOptions(
        root=root_path, manifest=manifest_path, base=base,
        symbols=symbols, files=files or None,
        schema=schema, cache_dir=None if no_cache else resolve_cache(root_path, cache_dir),
    )
    if watch:
        from type_equiv.render import RENDERERS
        from type_equiv.watch import watch_check

        if fmt not in ("text", "jsonl"):
            raise click.UsageError("--watch redraws for a person: use --format text (or jsonl)")
        sys.exit(watch_check(options, RENDERERS[fmt], quiet=quiet, screen=fmt == "text"))
    from type_equiv import replay

    view = (fmt, quiet, fmt == "text" and sys.stdout.isatty() and not os.environ.get("NO_COLOR"))
    record = replay.Record.open(options)  # nothing this check reads has changed since the last one
    events: Iterable[SessionEvent] | None = None
    if record is not None:
        shown = record.output(view)
        if shown is not None:  # rendered before: its bytes, and neither pydantic nor the pipeline
            sys.stdout.write(shown[0])
            sys.stderr.write(shown[1])
            sys.exit(shown[2])
        events = record.events()
    if events is None:
        from type_equiv.check import run_check

        events = run_check(options)
    from type_equiv.render import RENDERERS

    tap = _Tap(events)
    out, err = _Copy(sys.stdout), _Copy(sys.stderr)
    RENDERERS[fmt](tap, out, err, quiet=quiet)  # type: ignore[arg-type]
    code = exit_code(tap.end)
    kept = record or replay.last(options)
    if kept is not None:
        kept.keep(view, "".join(out.parts), "".join(err.parts), code)
    sys.exit(code)


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


@cli.command()
@root_option
@manifest_option
@click.option(
    "--symbol", "symbols", multiple=True, metavar="NAME",
    help="Sync only this manifest symbol (dotted, as in the manifest); repeatable.",
)
@click.option("--diff", is_flag=True, help="Print the patch as a unified diff; write nothing.")
def sync(root: str, manifest: str | None, symbols: tuple[str, ...], diff: bool) -> None:
    """Rewrite drifted pastes to match the source, as a minimal patch; record the lock file.

    Only drifted members change; comments, layout and `...` elisions of the paste stay, and so does
    every other byte of the doc. A missing paste is reported, never invented. Exit 0 when no drift
    is left, 1 when drift remains (with --diff: when the patch is not empty), 2 when it cannot judge.
    """
    from type_equiv.errors import InputError
    from type_equiv.sync import SyncOptions, exit_code, report_lines, run_sync, unified_diff

    root_path, manifest_path = resolve_root(root, manifest)
    options = SyncOptions(root=root_path, manifest=manifest_path, symbols=symbols, diff=diff)
    try:
        report = run_sync(options)
    except InputError as exc:
        click.echo(f"type-equiv: {exc}", err=True)
        sys.exit(EXIT_ERROR)
    if diff:
        for result in report.docs:
            if result.changed:
                sys.stdout.buffer.write(unified_diff(result).encode("utf-8"))
        sys.stdout.flush()
    click.echo("\n".join(report_lines(report, diff)), err=diff)
    sys.exit(exit_code(report, diff))


@cli.command()
@root_option
@manifest_option
@click.option(
    "--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
    help="Output format.",
)
@click.argument("symbol")
def producers(root: str, manifest: str | None, fmt: str, symbol: str) -> None:
    """Show, per variant of SYMBOL (dotted, as in the manifest), where it is produced and consumed.

    Test-only writers, consumers and wire decoding are listed and marked; they never count as
    producers. Always exit 0 (2 when SYMBOL is not a vocabulary or the manifest is bad).
    """
    import json

    from type_equiv.check import Sources
    from type_equiv.errors import InputError
    from type_equiv.manifest import load_manifest
    from type_equiv.producers import producers_report, report_json, report_lines

    root_path, manifest_path = resolve_root(root, manifest)
    try:
        loaded = load_manifest(root_path, manifest_path)
        report = producers_report(Sources(root_path, loaded), loaded, symbol)
    except InputError as exc:
        click.echo(f"type-equiv: {exc}", err=True)
        sys.exit(EXIT_ERROR)
    if fmt == "json":
        click.echo(json.dumps(report_json(report), indent=2))
    else:
        click.echo("\n".join(report_lines(report)))
    sys.exit(EXIT_CLEAN)


@cli.command("schema")
@root_option
@manifest_option
@click.argument("symbol", required=False)
@click.option(
    "--out", default=None, metavar="DIR",
    help="Write <symbol>.schema.json files into DIR: one per manifest symbol, or SYMBOL's only.",
)
@click.option(
    "--mode", type=click.Choice(["validation", "serialization"]), default="validation",
    show_default=True, help="pydantic's schema mode: what is accepted, or what is written.",
)
def schema_command(
    root: str, manifest: str | None, symbol: str | None, out: str | None, mode: str
) -> None:
    """Print the JSON Schema (Draft 2020-12) of a manifest SYMBOL, for consumers in other languages.

    Unlike `check`, this IMPORTS the symbol's module, and so runs project code: pydantic generates
    the schema from the live object. Exit 2 when the symbol is not in the manifest or has no schema.
    """
    from type_equiv.judges.schema import export_schemas

    if symbol is None and out is None:
        raise click.UsageError("name a SYMBOL, or give --out DIR to export every manifest symbol")
    root_path, manifest_path = resolve_root(root, manifest)
    schemas = export_schemas(root_path, manifest_path, symbol, mode)
    if out is None:
        click.echo(json.dumps(schemas[symbol or ""], indent=2))
        return
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    for name, exported in schemas.items():
        path = folder / f"{name}.schema.json"
        path.write_text(json.dumps(exported, indent=2) + "\n", encoding="utf-8")
        click.echo(str(path))


@cli.command("monitor")
@root_option
@click.option(
    "--cache-dir", default=None, metavar="DIR",
    help="The checks' cache folder, left unwatched.  [default: <root>/.type-equiv-cache]",
)
def monitor_command(root: str, cache_dir: str | None) -> None:
    """Keep a journal of changes under the root while it runs (Linux; Ctrl-C stops).

    A warm check then asks it which files changed since the last check and `stat`s only those,
    instead of every file of the tree: on a large tree that is most of a warm check's time. Without
    a monitor, or with one that lost track, checks `stat` everything: the result is the same.
    """
    from type_equiv.monitor import serve

    root_path = Path(root).absolute()
    sys.exit(serve(root_path, resolve_cache(root_path, cache_dir), sys.stderr))


def resolve_cache(root: Path, cache_dir: str | None) -> Path:
    """`--cache-dir`, or `<root>/.type-equiv-cache` (each cache user takes a subfolder: mypy/, …)."""
    return Path(cache_dir).absolute() if cache_dir else root / ".type-equiv-cache"


def main() -> None:
    """Console-script entry point."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):  # an ASCII-only locale must not crash on a finding
            stream.reconfigure(errors="backslashreplace")
    # Parsing project code (never running it) must not print its warnings, e.g. Python 3.12's
    # `SyntaxWarning: invalid escape sequence '\)'`, on every check.
    warnings.filterwarnings("ignore", category=SyntaxWarning)
    warnings.filterwarnings("ignore", category=DeprecationWarning, module="<unknown>")
    cli(prog_name="type-equiv")
