"""The command group, its top-level guard, and what every command shares (options, exit codes).

Exit codes (a contract): 0 no error findings, 1 error findings, 2 the run could not be judged.
Bad input never escapes as a traceback: it ends the session with a located message.
"""

from __future__ import annotations

import errno
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


def resolve_root(root: str, manifest: str | None) -> tuple[Path, Path]:
    base = Path(root).absolute()
    return base, (Path(manifest).absolute() if manifest else base / DEFAULT_MANIFEST)


def resolve_cache(root: Path, cache_dir: str | None) -> Path | None:
    """`--cache-dir`, or `<root>/.type-equiv-cache` (each cache user takes a subfolder: mypy/, …);
    None (no cache) for a folder in the root that a symlink leads out of it (store/cache.py)."""
    from type_equiv.store.cache import cache_folder

    return cache_folder(root, Path(cache_dir).absolute() if cache_dir else root / ".type-equiv-cache")


root_option = click.option(
    "--root", default=".", show_default=True, metavar="DIR",
    help="Project root: every manifest path is relative to it.",
)
manifest_option = click.option(
    "--manifest", default=None, metavar="FILE",
    help=f"Manifest file  [default: <root>/{DEFAULT_MANIFEST}]",
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
