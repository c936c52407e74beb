"""`type-equiv sync`: rewrite drifted pastes (fix/sync.py does the work), then say what it did.

Exit 0 when nothing is left to fix, 1 when drift or a finding remains (with --diff: when the patch is
not empty), 2 when it cannot judge or could not write a doc or the lock (after doing everything else).
"""

from __future__ import annotations

import difflib
import sys
from typing import TYPE_CHECKING

import click

from type_equiv.cli.base import EXIT_ERROR, cli, manifest_option, resolve_root, root_option

if TYPE_CHECKING:  # the command imports its stages only when it runs
    from type_equiv.fix.sync import DocResult, SyncOptions, SyncReport


@cli.command()
@root_option
@manifest_option
@click.option(
    "--symbol", "symbols", multiple=True, metavar="NAME",
    help="Sync only this manifest symbol (dotted, as in the manifest); repeatable.",
)
@click.option("--diff", is_flag=True, help="Print the patch as a unified diff; write nothing.")
@click.option("--force", is_flag=True,
              help="Also rewrite pastes of rows never synced before (no lock entry); without it, or"
              " --symbol naming the row, their diff is printed and sync exits 1.")
def sync(root: str | None, manifest: str | None, symbols: tuple[str, ...], diff: bool, force: bool) -> None:
    """Rewrite drifted pastes to match the source, as a minimal patch; record the lock file.

    Only drifted members change; comments, layout and `...` elisions of the paste stay, and so does
    every other byte of the doc. A missing paste is reported, never invented; a paste whose statement
    is another kind than the source's (a variable against a class) is never rewritten, nor one of a
    row never synced before unless --symbol names it or --force. Exit 0 when nothing
    is left to fix, 1 when drift or a finding remains (with --diff: when the patch is not empty), 2
    when it cannot judge or could not write a doc or the lock.
    """
    from type_equiv.fix.sync import SyncOptions

    root_path, manifest_path = resolve_root(root, manifest)
    sys.exit(run(SyncOptions(root=root_path, manifest=manifest_path, symbols=symbols, diff=diff,
                             force=force)))


def run(options: SyncOptions) -> int:
    from type_equiv.fix.sync import run_sync
    from type_equiv.model.errors import InputError

    try:
        report = run_sync(options)
    except InputError as exc:
        click.echo(f"type-equiv: {exc}", err=True)
        return EXIT_ERROR
    for result in report.docs:
        if options.diff and result.changed:
            sys.stdout.buffer.write(unified_diff(result).encode("utf-8"))
        elif result.withheld is not None:  # refused: what it would have written, for the review
            sys.stdout.buffer.write(unified_diff(result, result.withheld).encode("utf-8"))
    sys.stdout.flush()
    click.echo("\n".join(report_lines(report, options.diff)), err=options.diff)
    for failure in report.failed:  # after the report: what was done is said before what was not
        click.echo(f"type-equiv: {failure}", err=True)
    if report.lock_failed and report.lock_note:
        click.echo(f"type-equiv: {report.lock_note}", err=True)
    return exit_code(report, options.diff)


def unified_diff(result: DocResult, after: str | None = None) -> str:
    """A `git apply`-able unified diff of one doc (root-relative paths under a/ and b/), from the
    doc as read to `after` (by default the text sync made)."""
    a = _diff_lines(result.doc.bom + result.before)
    b = _diff_lines(result.doc.bom + (result.after if after is None else after))
    out = []
    for line in difflib.unified_diff(a, b, f"a/{result.shown}", f"b/{result.shown}"):
        out.append(line if line.endswith(("\n", "\r")) else line + "\n\\ No newline at end of file\n")
    return "".join(out)


def _diff_lines(text: str) -> list[str]:
    from type_equiv.fix.docfile import split_lines

    lines, eols = split_lines(text)
    return [a + b for a, b in zip(lines, eols, strict=True)]


def report_lines(report: SyncReport, diff: bool) -> list[str]:
    """What sync did, one line per doc and per problem, `path:line:` first so editors jump."""
    out: list[str] = []
    verb = "would sync" if diff else "synced"
    for result in report.docs:
        if result.synced and report.written(result):
            out.append(f"{result.shown}: {verb} {', '.join(result.synced)}")
        for u in result.unfixed:
            out.append(f"{u.doc}:{u.line}: cannot sync {u.symbol}: {u.reason}")
    for shown in report.refused:
        out.append(f"{shown}: changed while sync ran; not written (run sync again)")
    for note in report.notes:
        out.append(f"{note.path}:{note.line}: [{note.kind}] {note.message}")
    if report.lock_note and not report.lock_failed:
        out.append(f"type-equiv sync: {report.lock_note}")
    done = [r for r in report.docs if r.changed and report.written(r)]
    pastes = sum(len(r.synced) for r in done)
    left = len(report.unfixed) + sum(len(r.synced) for r in report.docs if not report.written(r))
    tail = f"; {left} drifted paste{'s' if left != 1 else ''} left" if left else ""
    if diff:
        out.append(f"type-equiv sync --diff: {pastes} symbol(s) would change in {len(done)} doc(s){tail}")
    else:
        out.append(f"type-equiv sync: {pastes} symbol(s) rewritten in {len(done)} doc(s){tail}")
    return out


def exit_code(report: SyncReport, diff: bool) -> int:
    """0: nothing left to fix; 1: drift or a finding left (with --diff: whenever the patch is not
    empty); 2: a doc or the lock could not be written (after everything else was done and reported).

    A note (a paste that is not valid Python, a missing paste or module) is left for `check` to
    fail on, so sync must not pass it either.
    """
    if report.failed or report.lock_failed:
        return EXIT_ERROR
    if report.unfixed or report.refused or any(n.severity == "error" for n in report.notes):
        return 1
    if diff and any(r.changed for r in report.docs):
        return 1
    return 0
