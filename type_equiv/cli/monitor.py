"""`type-equiv monitor`: run the change journal (warm/journal.py) until Ctrl-C."""

from __future__ import annotations

import sys

import click

from type_equiv.cli.base import cli, resolve_cache, resolve_root, root_option


@cli.command("monitor")
@root_option
@click.option(
    "--cache-dir", default=None, metavar="DIR",
    help="The checks' cache folder, left unwatched.  [default: <root>/.type-equiv-cache]",
)
def monitor_command(root: str | None, cache_dir: str | None) -> None:
    """Keep a journal of changes under the root while it runs (Linux; Ctrl-C stops).

    A warm check then asks it which files changed since the last check and `stat`s only those,
    instead of every file of the tree: on a large tree that is most of a warm check's time. Without
    a monitor, or with one that lost track, checks `stat` everything: the result is the same.
    """
    from type_equiv.warm.journal import serve

    root_path, _ = resolve_root(root, None)  # the same root a check from here would use
    sys.exit(serve(root_path, resolve_cache(root_path, cache_dir), sys.stderr))
