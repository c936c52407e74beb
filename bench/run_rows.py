"""The rows `bench/run.py` times: each command with how to prepare each run (a file touched, a comment or
a statement appended and restored, `type-equiv monitor` beside it), and the round-robin timing that
keeps ratios side by side.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import select
import shlex
import shutil
import signal
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
if str(BENCH) not in sys.path:  # run as `python bench/run.py` it already is; imported, it is not
    sys.path.insert(0, str(BENCH))

import corpus  # noqa: E402

TOUCH_MARK = b"# type-equiv bench touch "
CODE_MARK = b"_type_equiv_bench_touch_"  # the statement the edited-code row appends
MYPY_MANIFEST = "manifest/mypy.manifest.json"
MANY_MANIFEST = "manifest/many.manifest.json"


@dataclass
class Measurement:
    """One command to time, how to prepare each run, and what came of it."""

    key: str
    label: str
    argv: list[str]
    cwd: Path
    shown: str
    ok_codes: frozenset[int]
    env: dict[str, str] | None = None
    prepare: Callable[[int], None] | None = None
    warmup: bool = True
    capture: bool = False
    monitor: list[str] | None = None  # `type-equiv monitor` runs beside this row's runs
    times: list[float] = field(default_factory=list)
    error: str | None = None
    absent: str | None = None
    stdout: str = ""

    def median(self) -> float | None:
        return statistics.median(self.times) if self.times and self.error is None else None


@dataclass
class Tool:
    """How to start type-equiv, or why it cannot be started."""

    argv: list[str]
    env: dict[str, str] | None
    how: str
    version: str = ""
    check_help: str = ""
    has_monitor: bool = False
    absent: str | None = None


def short(argv: list[str], work: Path) -> str:
    """The command as the table shows it: paths relative to the work folder, python as python."""
    shown: list[str] = []
    for arg in argv:
        if arg == sys.executable:
            arg = "python"
        elif "/" in arg and Path(arg).name in {"type-equiv", "rg"}:
            arg = Path(arg).name
        shown.append(arg)
    return shlex.join(shown).replace(str(work), "$WORK")


def log(message: str) -> None:
    print(f"[bench] {message}", file=sys.stderr, flush=True)


# --- measurements ---------------------------------------------------------------------------


def reset_dir(path: Path) -> None:
    shutil.rmtree(path, ignore_errors=True)


class Toucher:
    """`touch` on one source file before each run: a new mtime (and ctime), the same bytes, as
    `touch`, a `git checkout` of the same content or a rebase that rewrites it unchanged leave it."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def __call__(self, run: int) -> None:
        os.utime(self.path)


def comment_line(run: int) -> bytes:
    return TOUCH_MARK + ("warm-up" if run < 0 else str(run)).encode() + b"\n"


def code_line(run: int) -> bytes:
    return CODE_MARK + f"{run + 1} = {run + 1}\n".encode()  # the warm-up's is _0


class Editor:
    """Rewrites one source file before each run (new content and mtime: the original plus `line`)
    and restores it after.

    The original bytes are saved in the work folder first (under `name`), so a run killed halfway is
    repaired by the next one instead of leaving a drifting corpus behind.
    """

    def __init__(self, path: Path, work: Path, name: str = "touched",
                 line: Callable[[int], bytes] = comment_line) -> None:
        self.path = path
        self.line = line
        self.saved = work / f"{name}.orig"
        self.saved_for = work / f"{name}.path"
        self.restore()
        self.original = path.read_bytes()
        if TOUCH_MARK in self.original or CODE_MARK in self.original:
            raise SystemExit(f"{path} still holds a bench touch; reinstall (delete {work})")

    def restore(self) -> None:
        if self.saved.is_file() and self.saved_for.is_file():
            Path(self.saved_for.read_text()).write_bytes(self.saved.read_bytes())
        self.saved.unlink(missing_ok=True)
        self.saved_for.unlink(missing_ok=True)

    def __call__(self, run: int) -> None:
        # a warm-up primes the row's record from the file as it is (a check run just after an edit
        # records nothing: the file may change again unseen by `stat`)
        if run < 0:
            return
        if not self.saved.is_file():
            self.saved.write_bytes(self.original)
            self.saved_for.write_text(str(self.path))
        self.path.write_bytes(self.original + self.line(run))


def producing_file(site: Path, resolved: list[corpus.Resolved]) -> Path:
    """The module, none of the rows' own, calling the rows' spelled names most (`TextBlock(`): a file
    the producer scan parses, where a statement appended is the commonest code edit."""
    own = {item.path for item in resolved}
    names = sorted({w for item in resolved for w in item.spellings if w.isidentifier()})
    calls = re.compile(r"\b(?:" + "|".join(map(re.escape, names)) + r")\(")
    return corpus.busiest((path for path in site.rglob("*.py") if path not in own), calls)


def tool_measurements(
    tool: Tool, work: Path, root1: Path, root4: Path, toucher: Toucher, editor: Editor, coder: Editor,
    producer: Editor,
) -> list[Measurement]:
    """The type-equiv rows; cache flags follow what `check --help` offers."""
    caches = work / "caches"
    has_dir = "--cache-dir" in tool.check_help
    has_off = "--no-cache" in tool.check_help
    check = [*tool.argv, "check", "--format", "json", "--root"]
    ok = frozenset({0, 1})

    def cold_argv(root: Path, name: str) -> tuple[list[str], Callable[[int], None] | None]:
        if has_dir:
            path = caches / name
            return [*check, str(root), "--cache-dir", str(path)], lambda _run: reset_dir(path)
        if has_off:
            return [*check, str(root), "--no-cache"], None
        return [*check, str(root)], None

    def warm_argv(root: Path, name: str) -> list[str]:
        return [*check, str(root), "--cache-dir", str(caches / name)] if has_dir else [*check, str(root)]

    cold1, prep1 = cold_argv(root1, "cold-1x")
    cold4, prep4 = cold_argv(root4, "cold-4x")
    cold_many, prep_many = cold_argv(root1, "cold-many")
    rows = [
        Measurement(
            "cold",
            "type-equiv check, cold (no cache), 1x",
            cold1,
            root1,
            "",
            ok,
            tool.env,
            prep1,
            capture=True,
        ),
        Measurement(
            "warm",
            "type-equiv check, warm (nothing changed), 1x",
            warm_argv(root1, "warm-1x"),
            root1,
            "",
            ok,
            tool.env,
            capture=True,
        ),
        Measurement(
            "touched",
            "type-equiv check, warm, one source file touched (new mtime, same bytes), 1x",
            warm_argv(root1, "warm-1x"),
            root1,
            "",
            ok,
            tool.env,
            toucher,
            capture=True,
        ),
        Measurement(
            "edited",
            "type-equiv check, warm, one source file edited (a comment appended), 1x",
            warm_argv(root1, "warm-1x"),
            root1,
            "",
            ok,
            tool.env,
            editor,
            capture=True,
        ),
        Measurement(
            "edited-code",
            "type-equiv check, warm, one source file edited (a statement appended), 1x",
            warm_argv(root1, "warm-1x"),
            root1,
            "",
            ok,
            tool.env,
            coder,
            capture=True,
        ),
        Measurement(
            "edited-producer",
            "type-equiv check, warm, a producing file edited (a statement appended), 1x",
            warm_argv(root1, "warm-1x"),
            root1,
            "",
            ok,
            tool.env,
            producer,
            capture=True,
        ),
        Measurement(
            "version",
            "type-equiv --version",
            [*tool.argv, "--version"],
            root1,
            "",
            frozenset({0}),
            tool.env,
        ),
        Measurement(
            "cold-many",
            "type-equiv check, cold (no cache), 1x, 64 vocabularies",
            [*cold_many, "--manifest", str(root1 / MANY_MANIFEST)],
            root1,
            "",
            ok,
            tool.env,
            prep_many,
            capture=True,
        ),
        Measurement(
            "cold4x",
            "type-equiv check, cold (no cache), 4x",
            cold4,
            root4,
            "",
            ok,
            tool.env,
            prep4,
            capture=True,
        ),
        Measurement(
            "warm4x",
            "type-equiv check, warm (nothing changed), 4x",
            warm_argv(root4, "warm-4x"),
            root4,
            "",
            ok,
            tool.env,
            capture=True,
        ),
    ]
    for key, label, root, name, prepare in (
        ("warm-mon", "type-equiv check, warm (nothing changed), `type-equiv monitor` running, 1x",
         root1, "warm-1x-monitor", None),
        ("warm4x-mon", "type-equiv check, warm (nothing changed), `type-equiv monitor` running, 4x",
         root4, "warm-4x-monitor", None),
        ("edited-mon", "type-equiv check, warm, one source file edited (a comment appended), "
         "`type-equiv monitor` running, 1x", root1, "edited-1x-monitor", editor),
        ("edited-producer-mon", "type-equiv check, warm, a producing file edited (a statement "
         "appended), `type-equiv monitor` running, 1x", root1, "edited-producer-monitor", producer),
    ):
        row = Measurement(key, label, warm_argv(root, name), root, "", ok, tool.env, prepare,
                          capture=True)
        row.monitor = [*tool.argv, "monitor", "--root", str(root), "--cache-dir", str(caches / name)]
        if not tool.has_monitor:
            row.absent = "no `type-equiv monitor` command"
        rows.append(row)
    repo = BENCH.parent
    for key, label, root, extra in (
        ("warm-repo", "type-equiv check of this repository, warm (schema judge, imports)", repo, []),
        ("warm-example", "type-equiv check of examples/agent-session, warm (fixtures, retired)",
         repo / "examples" / "agent-session", []),
        ("warm-mypy", "type-equiv check, warm, 1x, with a paste only mypy can clear", root1,
         ["--manifest", str(root1 / MYPY_MANIFEST)]),
    ):
        rows.append(Measurement(key, label, [*warm_argv(root, key), *extra], root, "", ok, tool.env,
                                capture=True))
    for row in rows:
        row.shown = short(row.argv, work)
        if tool.absent:
            row.absent = f"type-equiv unavailable ({tool.absent})"
    if not (has_dir or has_off) and not tool.absent:
        for row in (r for r in rows if r.key in ("cold", "cold4x")):
            row.absent = "`check` has neither --cache-dir nor --no-cache yet"
    return rows


def run_once(m: Measurement, run: int, timeout: float) -> float | None:
    """Time one run; None (with m.error set) when it timed out or could not judge.

    The command gets its own process group, so a time-out also ends any workers it started.
    """
    if m.prepare is not None:
        m.prepare(run)
    out = subprocess.PIPE if m.capture else subprocess.DEVNULL
    start = time.perf_counter()
    proc = subprocess.Popen(m.argv, cwd=m.cwd, env=m.env, stdout=out, stderr=subprocess.PIPE,
                            start_new_session=True)  # fmt: skip
    try:
        stdout, stderr = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        m.error = f"timed out after {timeout:g} s"
        return None
    except BaseException:  # stopped (SIGTERM, Ctrl-C): leave no orphaned run behind
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
        raise
    elapsed = time.perf_counter() - start
    if proc.returncode not in m.ok_codes:
        tail = stderr.decode(errors="replace").strip().splitlines()[-3:]
        m.error = f"exit {proc.returncode}: {' / '.join(tail) or 'no stderr'}"
        return None
    if m.capture:
        m.stdout = stdout.decode(errors="replace")
        # A traceback also exits 1: only a JSON report makes exit 1 mean "findings".
        try:
            report = json.loads(m.stdout)
        except ValueError:
            report = None
        if not isinstance(report, dict) or "findings" not in report:
            tail = stderr.decode(errors="replace").strip().splitlines()[-3:]
            m.error = f"exit {proc.returncode} without a JSON report: {' / '.join(tail)}"
            return None
    return elapsed


# Rows timed round-robin, one run of each in turn: their ratios (warm / version, warm 4x / warm 1x)
# compare runs a few hundred milliseconds apart, so a slower spell of a shared machine slows both
# sides of a ratio alike instead of one block of runs. Rounds without monitors, then with them (a
# monitor answers every check of its root, so the stat-only rows must not run beside one); `version`
# is timed in each. Only the edited row with a monitor changes the corpus, so it has a round of its
# own: it edits a file before each run, restored after the round.
ROUNDS = (("version", "warm", "warm4x"), ("version", "warm-mon", "warm4x-mon"),
          ("version", "edited-mon"), ("version", "edited-producer-mon"),
          ("version", "warm-repo", "warm-example", "warm-mypy"),
          ("cold", "cold-many"))
INTERLEAVED = tuple(dict.fromkeys(key for keys in ROUNDS for key in keys))


@contextlib.contextmanager
def monitors(rows: list[Measurement]) -> Iterator[None]:
    """`type-equiv monitor` running for each row that asks for one, until the block ends; a row
    whose monitor does not start gets an error instead."""
    started: list[subprocess.Popen[str]] = []
    try:
        for m in rows:
            if m.monitor is None or m.absent:
                continue
            proc = subprocess.Popen(m.monitor, env=m.env, stdout=subprocess.DEVNULL,
                                    stderr=subprocess.PIPE, text=True)  # fmt: skip
            started.append(proc)
            ready_in = proc.stderr is not None and select.select([proc.stderr], [], [], 300)[0]
            ready = proc.stderr.readline() if ready_in and proc.stderr else ""  # "watching N …"
            if "watching" in ready:
                log(f"{m.key}: {ready.strip()}")
            else:
                m.error = f"the monitor did not start: {ready.strip() or 'no output'}"
                log(f"{m.key}: {m.error}")
        yield
    finally:
        for proc in started:
            proc.terminate()
            proc.wait(timeout=60)


def warm_up(m: Measurement, quick: bool, timeout: float) -> bool:
    # A warm row must be primed even with --quick, or its first run would be a cold one.
    if m.warmup and (not quick or m.key.startswith(("warm", "touched", "edited"))):
        log(f"{m.key}: warm-up")
        if run_once(m, -1, timeout) is None:
            log(f"{m.key}: {m.error}")
            return False
    return True


def time_rows(rows: list[Measurement], runs: int, quick: bool, timeout: float) -> None:
    """Each row's warm-up, then `runs` rounds of one run per row (a single row: its runs in a row)."""
    for m in rows:
        if m.absent:
            log(f"skip {m.key}: {m.absent}")
    live = [m for m in rows if not m.absent and not m.error and warm_up(m, quick, timeout)]
    for i in range(runs):
        for m in list(live):
            elapsed = run_once(m, i, timeout)
            if elapsed is None:
                log(f"{m.key}: {m.error}")
                live.remove(m)
                continue
            m.times.append(elapsed)
            log(f"{m.key}: run {i + 1}/{runs} {elapsed:.3f} s")


