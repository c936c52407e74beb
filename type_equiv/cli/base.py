"""The command group, its top-level guard, and what every command shares (options, exit codes).

Exit codes (a contract): 0 no error findings, 1 error findings, 2 the run could not be judged.
Bad input never escapes as a traceback: it ends the session with a located message.
"""

from __future__ import annotations

import errno
import os
import shlex
import sys
import traceback
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn

import click

from type_equiv import __version__
from type_equiv.model.options import DEFAULT_MANIFEST

if TYPE_CHECKING:  # `--version`, `--help` and a replayed warm check never import the pipeline
    from type_equiv.model.session import SessionEnd

EXIT_CLEAN, EXIT_FINDINGS, EXIT_ERROR = 0, 1, 2


def exit_code(end: SessionEnd | None) -> int:
    """A check session's exit code, from how it ended."""
    from type_equiv.model.session import Failed, FindingsFound

    if end is None or isinstance(end.reason, Failed):
        return EXIT_ERROR
    return EXIT_FINDINGS if isinstance(end.reason, FindingsFound) else EXIT_CLEAN


def resolve_root(root: str | None, manifest: str | None, verbose: bool = False) -> tuple[Path, Path]:
    """The project root and its configuration file.

    Without `--root`, the nearest folder upwards holding a configuration (read/config.py; the current
    directory when none is found, or when `--manifest` names the file). Without `--manifest`, the JSON
    manifest, else the pyproject table; both existing is worth one warning. `--verbose` says which.
    """
    from type_equiv.read.config import choose, discover_root

    if root is not None:
        base, how = Path(root).absolute(), "--root"
    elif manifest is not None:
        base, how = Path.cwd(), "the current directory (--manifest given)"
    else:
        found = discover_root(Path.cwd())
        base = found or Path.cwd()
        how = ("the nearest configured folder upwards" if found is not None
               else "the current directory (no configuration found up to the repository's top)")
    if manifest is not None:
        path = Path(manifest).absolute()
    else:
        chosen = choose(base)
        path = chosen.path
        if chosen.warning:
            click.echo(f"type-equiv: warning: {chosen.warning}", err=True)
    if verbose:
        click.echo(f"type-equiv: root {base} ({how}); configuration {path}", err=True)
    return base, path


def reopen_closed_streams() -> None:
    """A closed standard stream (`type-equiv check >&-`) reads as empty and discards what is written,
    so a run still ends with its verdict's exit code, as when a pipe's reader has gone.

    The descriptor is reopened on the null device before anything else is opened: otherwise the next
    file the run opens would take descriptor 1, and a child process writing to its stdout would write
    into that file.
    """
    for fd, name in ((0, "stdin"), (1, "stdout"), (2, "stderr")):
        try:
            os.fstat(fd)
        except OSError:
            null = os.open(os.devnull, os.O_RDONLY if fd == 0 else os.O_WRONLY)
            if null != fd:  # the lowest free descriptor is taken, so this holds only if a lower one was
                os.dup2(null, fd)
                os.close(null)
        if getattr(sys, name) is None:  # the stream lives as long as the process
            stream = open(fd, "r" if fd == 0 else "w", encoding="utf-8", closefd=False)  # noqa: SIM115
            setattr(sys, name, stream)


def colour_wanted(choice: str, stream: Any) -> bool:
    """`--color`: always and never are final; auto honours NO_COLOR (no-color.org), then FORCE_COLOR
    (force-color.org), then asks whether the stream is a terminal."""
    if choice in ("always", "never"):
        return choice == "always"
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    return bool(stream.isatty())


def resolve_cache(root: Path, cache_dir: str | None) -> Path | None:
    """`--cache-dir`, or `<root>/.type-equiv-cache` (each cache user takes a subfolder: mypy/, …);
    None (no cache) for a folder in the root that a symlink leads out of it (store/cache.py)."""
    from type_equiv.store.cache import cache_folder

    return cache_folder(root, Path(cache_dir).absolute() if cache_dir else root / ".type-equiv-cache")


root_option = click.option(
    "--root", default=None, metavar="DIR",
    help="Project root: every manifest path is relative to it.  [default: the nearest folder upwards"
    f" holding {DEFAULT_MANIFEST} or a pyproject.toml with [tool.type-equiv]]",
)
manifest_option = click.option(
    "--manifest", default=None, metavar="FILE",
    help="Manifest file: JSON, or a pyproject.toml with [tool.type-equiv]"
    f"  [default: <root>/{DEFAULT_MANIFEST}, else <root>/pyproject.toml]",
)


class Guarded(click.Group):
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
        from type_equiv.model.errors import InputError

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


@click.group(cls=Guarded, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", prog_name="type-equiv")
@click.option(
    "--debug", is_flag=True,
    help="Show the traceback of an internal error (a bug), for a bug report.",
)
def cli(debug: bool) -> None:
    """Keep the type definitions pasted in Markdown docs equal to the real ones, and every
    variant of every vocabulary produced by production code."""
