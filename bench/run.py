"""Benchmark type-equiv against vulture and ripgrep on over a million lines of real code (issue 7).

One command, documented in bench/README.md:

    python bench/run.py [--quick] [--runs N] [--work DIR] [--write-doc] [--dry-run]

It installs the pinned packages of bench/requirements.txt into a work folder (reused while its
marker matches the pins), writes a manifest and docs with exact pastes generated from that source,
copies the tree under four roots for the 4x corpus, times every command (medians of N runs after
one warm-up) and prints a Markdown table with the ratios issue 7 sets as goals.
"""

from __future__ import annotations

import argparse
import ast
import importlib.util
import json
import os
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
if str(BENCH) not in sys.path:  # run as `python bench/run.py` it already is; imported, it is not
    sys.path.insert(0, str(BENCH))

import corpus  # noqa: E402
from run_report import (  # noqa: E402
    DOC,
    corpus_report,
    findings_summary,
    goal_table,
    last_check,
    machine,
    timing_table,
    tool_version,
    write_doc,
)
from run_rows import (  # noqa: E402
    INTERLEAVED,
    MANY_MANIFEST,
    MYPY_MANIFEST,
    ROUNDS,
    Editor,
    Measurement,
    Tool,
    Toucher,
    code_line,
    log,
    monitors,
    producing_file,
    reset_dir,
    short,
    time_rows,
    tool_measurements,
    warm_up,
)
from vocabularies import CATALOGUE, VOCABULARIES, more_vocabularies  # noqa: E402

MIN_LINES = 1_000_000
SITE = "site-packages"
ROOTS_4X = ["root1", "root2", "root3", "root4"]


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python bench/run.py",
        description="Time type-equiv, vulture and ripgrep on >= 1M lines of pinned real packages.",
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help="one timed run each, warm-ups only where a cache must be primed",
    )
    parser.add_argument(
        "--runs",
        type=int,
        default=None,
        help="timed runs per command after one warm-up (default 5; 1 with --quick)",
    )
    parser.add_argument(
        "--work",
        type=Path,
        default=Path(tempfile.gettempdir()) / "type-equiv-bench",
        help="work folder for the install and the corpora "
        "(default: %(default)s; keep it outside any git checkout)",
    )
    parser.add_argument(
        "--write-doc",
        action="store_true",
        help=f"write the results into {DOC.relative_to(REPO)} (needs >= 5 runs)",
    )
    parser.add_argument(
        "--dry-run",
        action="store_true",
        help="build the corpus and print the commands it would time; time nothing",
    )
    parser.add_argument(
        "--tool",
        default=None,
        help="command that starts type-equiv (default: the console script next "
        "to this Python, else `python -m type_equiv`)",
    )
    parser.add_argument(
        "--timeout",
        type=float,
        default=900.0,
        help="seconds one run may take before the row is reported as timed out (default 900)",
    )
    parser.add_argument("--json", type=Path, default=None, help="also write raw timings here")
    args = parser.parse_args(argv)
    if args.runs is None:
        args.runs = 1 if args.quick else 5
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    if args.write_doc and (args.runs < 5 or args.dry_run):
        parser.error("--write-doc needs real timings with --runs >= 5 (issue 7: medians of >= 5)")
    return args


# --- the tool -------------------------------------------------------------------------------


def timed_env(**extra: str) -> dict[str, str]:
    """The environment of a timed command: this one, but Python may write its bytecode caches.

    An installed tool runs from compiled bytecode; with PYTHONDONTWRITEBYTECODE set (some sandboxes
    and CI images set it) every run would compile the tool's modules from source again, a cost no
    user pays. The warm-up run writes them (git ignores `__pycache__/`).
    """
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env.update(extra)
    return env


def find_tool(override: str | None) -> Tool:
    """Prefer the console script installed next to this interpreter, as a user would run it."""
    if override:
        tool = Tool(shlex.split(override), timed_env(), "--tool")
    else:
        script = Path(sys.executable).parent / "type-equiv"
        if script.is_file() and os.access(script, os.X_OK):
            tool = Tool([str(script)], timed_env(), "console script")
        else:
            env = timed_env()
            if importlib.util.find_spec("type_equiv") is None:  # not installed: run the checkout
                path = os.pathsep.join(p for p in (str(REPO), os.environ.get("PYTHONPATH")) if p)
                env = timed_env(PYTHONPATH=path)
            tool = Tool([sys.executable, "-m", "type_equiv"], env, "python -m type_equiv")
    try:
        version = subprocess.run(
            [*tool.argv, "--version"], env=tool.env, capture_output=True, text=True, timeout=120
        )
    except OSError as exc:
        tool.absent = f"cannot start {tool.argv[0]}: {exc}"
        return tool
    if version.returncode != 0:
        tail = (version.stderr or version.stdout).strip().splitlines()[-1:] or ["no output"]
        tool.absent = f"`--version` exited {version.returncode}: {tail[0]}"
        return tool
    tool.version = version.stdout.strip()
    helps = subprocess.run(
        [*tool.argv, "check", "--help"], env=tool.env, capture_output=True, text=True, timeout=120
    )
    tool.check_help = helps.stdout
    monitor = subprocess.run(
        [*tool.argv, "monitor", "--help"], env=tool.env, capture_output=True, text=True, timeout=120
    )
    tool.has_monitor = monitor.returncode == 0
    return tool


# --- main -----------------------------------------------------------------------------------


MYPY_SYMBOL = ("langchain_core.outputs.chat_result", "ChatResult")


def write_mypy_manifest(root: Path, site: Path) -> None:
    """A second manifest for the 1x root: its rows, plus a model pasted with `Dict[str, Any]` where
    the source says `dict[str, Any]`, a pair only mypy can clear (the warm-mypy row)."""
    module, name = MYPY_SYMBOL
    path, _ = corpus.module_path(site, f"{module}.{name}")
    assert path is not None, module
    source = path.read_text(encoding="utf-8")
    stmt = corpus.find_definition(ast.parse(source), name)
    assert stmt is not None, name
    text = corpus.definition_text(source, stmt)
    respelled = text.replace("dict[str, Any]", "Dict[str, Any]")
    assert respelled != text, "the pinned definition no longer spells dict[str, Any]"
    fence = "```"
    corpus.write_if_changed(root / "docs" / "mypy.md",
                             f"# A paste only mypy can clear\n\n{fence}python\n{respelled}\n{fence}\n")
    manifest = json.loads((root / "manifest" / "type-equiv.manifest.json").read_text(encoding="utf-8"))
    manifest["symbols"].append({"symbol": f"{module}.{name}", "docs": ["docs/mypy.md"], "producers": False})
    corpus.write_if_changed(root / MYPY_MANIFEST, json.dumps(manifest, indent=2) + "\n")




def write_many_manifest(root: Path, site: Path) -> int:
    """A third manifest for the 1x root: its 16 rows and 48 more real vocabularies (bench/vocabularies.py),
    each pasted exactly into docs/many/; returns how many rows it has."""
    catalogue = json.loads((BENCH / CATALOGUE).read_text(encoding="utf-8"))["vocabularies"]
    more = corpus.resolve(site, more_vocabularies(catalogue))
    for doc, text in corpus.render_docs(more).items():
        corpus.write_if_changed(root / doc, text)
    manifest = json.loads((root / "manifest" / "type-equiv.manifest.json").read_text(encoding="utf-8"))
    manifest["symbols"] += corpus.manifest_for(more, [SITE])["symbols"]
    corpus.write_if_changed(root / MANY_MANIFEST, json.dumps(manifest, indent=2) + "\n")
    problems = corpus.check_pastes(root, more).problems
    if problems:
        raise SystemExit("many-vocabularies pastes are not exact: " + "; ".join(problems[:3]))
    return len(manifest["symbols"])


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    work: Path = args.work.resolve()
    work.mkdir(parents=True, exist_ok=True)
    root1 = work / "corpus-1x"
    root4 = work / "corpus-4x"
    site = root1 / SITE

    # 1. the pinned install, and the tools that are installed with pip
    corpus.ensure_install(site, BENCH / "requirements.txt")
    corpus.ensure_install(work / "tools", BENCH / "requirements-tools.txt", no_deps=False)
    install = corpus.count_lines(site)
    log(f"{install.files} files, {install.lines:,} lines of Python under {site}")
    if install.lines < MIN_LINES:
        print(f"corpus has {install.lines:,} lines, fewer than {MIN_LINES:,}", file=sys.stderr)
        return 2

    # 2. manifest + docs with pastes generated from the installed source
    resolved = corpus.resolve(site, VOCABULARIES)
    if len(resolved) < 10:
        print(f"only {len(resolved)} vocabularies resolved; issue 7 asks for >= 10", file=sys.stderr)
        return 2
    corpus.write_project(root1, [SITE], resolved)
    pastes = corpus.check_pastes(root1, resolved)
    write_mypy_manifest(root1, site)
    many = write_many_manifest(root1, site)
    if many < 64:
        print(f"only {many} vocabularies in {MANY_MANIFEST}; issue 17 asks for >= 64", file=sys.stderr)

    # 3. the 4x corpus: the same tree under four roots
    corpus.ensure_copies(site, root4, ROOTS_4X)
    corpus.write_project(root4, ROOTS_4X, resolved)
    pastes4 = corpus.check_pastes(root4, resolved)
    pastes.problems += [f"4x: {p}" for p in pastes4.problems]

    # 4. what to time
    # Touch, then edit, the file defining the most vocabularies: the file the scan must re-read.
    busiest = Counter(r.path for r in resolved).most_common(1)[0][0]
    toucher, editor = Toucher(busiest), Editor(busiest, work)
    coder = Editor(busiest, work, "edited-code", code_line)  # a real statement: the check runs again
    producer = Editor(producing_file(root1 / SITE, resolved), work, "edited-producer", code_line)
    tool = find_tool(args.tool)
    rows = tool_measurements(tool, work, root1, root4, toucher, editor, coder, producer)
    tools_env = timed_env(PYTHONPATH=str(work / "tools"))
    vulture = [sys.executable, "-m", "vulture", SITE]
    after_version = next(i for i, r in enumerate(rows) if r.key == "version") + 1
    rows.insert(
        after_version,
        Measurement(
            "vulture",
            "vulture, 1x",
            vulture,
            root1,
            short(vulture, work),
            frozenset({0, 1, 3}),
            tools_env,
        ),
    )
    spellings = sorted(set().union(*(r.spellings for r in resolved)))
    rg_path = shutil.which("rg")
    rg = [rg_path or "rg", "--files-with-matches", "--fixed-strings", "--no-ignore", "--type", "py"]
    rg += [a for s in spellings for a in ("-e", s)] + [SITE]
    rg_row = Measurement(
        "rg",
        f"ripgrep, {len(spellings)} vocabulary spellings, 1x",
        rg,
        root1,
        short(rg[:6], work) + f" -e SPELLING (x{len(spellings)}) {SITE}",
        frozenset({0, 1}),
    )
    if rg_path is None:
        rg_row.absent = "rg not on PATH (Debian: apt-get install ripgrep)"
    rows.insert(after_version + 1, rg_row)

    caches = work / "caches"
    reset_dir(caches)
    caches.mkdir()
    corpus_text = corpus_report(install, resolved, pastes, tool)
    print(corpus_text)
    if args.dry_run:
        print("\nWould time (one warm-up, then", args.runs, "runs each):")
        for m in rows:
            status = f"  [absent: {m.absent}]" if m.absent else ""
            print(f"- {m.key}: (cd {short([str(m.cwd)], work)} && {m.shown}){status}")
        return 0

    # SIGTERM as an exception, so `finally` puts the touched file back even when stopped.
    signal.signal(signal.SIGTERM, lambda _sig, _frame: sys.exit(128 + signal.SIGTERM))
    by_key = {m.key: m for m in rows}
    try:
        if "warm" in by_key and not by_key["warm"].absent:
            warm_up(by_key["warm"], args.quick, args.timeout)  # the touched and edited rows replay it
        for m in rows:
            if m.key in INTERLEAVED:
                continue
            time_rows([m], args.runs, args.quick, args.timeout)
            for edits in (editor, coder, producer):
                if m.prepare is edits:
                    edits.restore()  # the corpus is clean again for every later row
        for keys in ROUNDS:
            together = [by_key[key] for key in keys if key in by_key]
            with monitors(together):
                time_rows(together, args.runs, args.quick, args.timeout)
            for edits in (editor, producer):
                if any(m.prepare is edits for m in together):
                    edits.restore()
    finally:
        editor.restore()
        coder.restore()
        producer.restore()

    timings = timing_table(rows)
    goals, _ = goal_table(rows)
    info = machine()
    command = shlex.join(["python", "bench/run.py", *(argv if argv is not None else sys.argv[1:])])
    report = "\n".join(
        [
            f"Command: `{command}` — medians of {args.runs} runs after one warm-up, "
            f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC. Timed round-robin (one run of each in turn): "
            f"{'; then '.join(', '.join(keys) for keys in ROUNDS)} (version in both rounds).",
            "",
            f"Machine: nproc {info['nproc']}, {info['cpu']}, {info['memory']}, {info['python']}, "
            f"{info['os']}.",
            f"Tools: type-equiv `{tool.version or 'unavailable'}` ({tool.how}); "
            f"{tool_version([sys.executable, '-m', 'vulture', '--version'], tools_env)}; "
            f"{tool_version([rg_path, '--version']) if rg_path else 'ripgrep absent'}.",
            f"Corpus: {install.lines:,} lines in {install.files:,} .py files "
            f"({', '.join(f'{k}=={v}' for k, v in install.versions.items())}); "
            f"4x: the same tree under {', '.join(ROOTS_4X)} ({4 * install.lines:,} lines); "
            f"{len(resolved)} vocabularies, {pastes.exact}/{pastes.total} pastes exact.",
            "",
            timings,
            "",
            goals,
            "",
            f"Findings (1x, last check): {findings_summary(last_check(rows, '1x'))}.",
            f"Findings (4x, last check): {findings_summary(last_check(rows, '4x'))}.",
        ]
    )
    print()
    print(report)
    if args.json:
        raw = {
            m.key: {
                "times": m.times,
                "median": m.median(),
                "error": m.error,
                "absent": m.absent,
                "command": m.argv,
            }
            for m in rows
        }
        args.json.write_text(json.dumps(raw, indent=2) + "\n")
    if args.write_doc:
        write_doc(report + "\n\n### The corpus\n\n" + corpus_text)
        log(f"wrote {DOC}")
    return 2 if any(m.error for m in rows) else 0


if __name__ == "__main__":
    raise SystemExit(main())
