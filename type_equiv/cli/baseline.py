"""`type-equiv baseline`: accept today's findings, so a project with findings adopts the gate today.

It runs the check (nothing hidden) and writes every error finding to the baseline file beside the
manifest (read/accepted.py says how an entry is keyed); `check` then fails only on findings not in
it, and reports entries that match nothing any more. `--shrink` only drops such entries: it never
accepts a new finding, so running it in CI cannot widen what the gate lets through.
"""

from __future__ import annotations

import sys
from collections import Counter

import click

from type_equiv.cli.base import (
    EXIT_CLEAN,
    EXIT_ERROR,
    cli,
    manifest_option,
    resolve_cache,
    resolve_root,
    root_option,
)


@cli.command("baseline")
@root_option
@manifest_option
@click.option("--shrink", is_flag=True,
              help="Only delete entries no finding matches any more; accept nothing new.")
def baseline(root: str | None, manifest: str | None, shrink: bool) -> None:
    """Write today's findings to type-equiv-baseline.json beside the manifest.

    `check` then hides them, fails only on new findings and reports entries that no longer match.
    Review the findings first (`type-equiv check`): a baseline accepts them as they are.
    """
    from type_equiv.fix.docfile import Changed, Snapshot, write_atomic
    from type_equiv.model.errors import InputError
    from type_equiv.model.options import CheckOptions
    from type_equiv.model.session import Failed, FindingEvent, SessionEnd
    from type_equiv.pipeline import Run, run_check
    from type_equiv.read.accepted import baseline_path, finding_key, read_baseline, render

    root_path, manifest_path = resolve_root(root, manifest)
    path = baseline_path(manifest_path)
    shown = path.relative_to(root_path).as_posix() if path.is_relative_to(root_path) else str(path)
    try:
        old = read_baseline(root_path, manifest_path)
    except InputError as exc:
        click.echo(f"type-equiv baseline: {exc}", err=True)
        sys.exit(EXIT_ERROR)
    options = CheckOptions(root=root_path, manifest=manifest_path,
                           cache_dir=resolve_cache(root_path, None))
    findings = []
    for event in run_check(Run(options)):
        if isinstance(event, FindingEvent) and event.finding.severity == "error":
            findings.append(event.finding)
        elif isinstance(event, SessionEnd) and isinstance(event.reason, Failed):
            click.echo(f"type-equiv baseline: {event.reason.message}", err=True)
            sys.exit(EXIT_ERROR)
    keys = [finding_key(f) for f in findings]
    if shrink:  # the entries still matched, each at most as often as today's findings match it
        today = Counter(keys)
        keys = []
        for key, _ in old.entries if old is not None else []:
            if today[key] > 0:
                today[key] -= 1
                keys.append(key)
    text = render(keys)
    try:
        before = Snapshot.take(path) if path.exists() else None
        if before is None or before.data != text.encode("utf-8"):
            write_atomic(path, text.encode("utf-8"), before, root_path)
    except (OSError, Changed) as exc:
        click.echo(f"type-equiv baseline: {shown}: cannot write: {exc}", err=True)
        sys.exit(EXIT_ERROR)
    accepted = len(keys)
    dropped = (len(old.entries) - accepted) if old is not None else 0
    tail = f"; {dropped} entr{'y' if dropped == 1 else 'ies'} dropped" if dropped > 0 else ""
    click.echo(f"type-equiv baseline: wrote {shown}: {accepted} finding(s) accepted{tail}")
    click.echo("next: commit it; `type-equiv check` now fails only on findings not in it")
    sys.exit(EXIT_CLEAN)
