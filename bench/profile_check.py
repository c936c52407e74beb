"""Profile one `type-equiv` command in every process it runs: the main one and each producer-scan
worker (scan.py forks them; a profile of the main process alone misses most of a cold check).

    python bench/profile_check.py OUT -- check --no-cache --root ROOT --format json
    python bench/profile_check.py --compare OLD NEW [--top 40]

The first form writes OUT/main.prof and OUT/worker-PID.prof (cProfile) and prints the CPU seconds
of the main process and of the workers; the second sums each folder's profiles and prints the
functions whose own time grew most from OLD to NEW (keyed by the path below `type_equiv/`, so two
installs of the tool compare). cProfile inflates small calls (`ast.walk`'s generator,
`iter_child_nodes`) about twofold: read the differences as a ranking, and confirm a figure by
timing the code with and without the change.
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import resource
import sys
from pathlib import Path
from typing import Any

# the main process waiting for its workers: not work
WAITS = frozenset({"<method 'poll' of 'select.poll' objects>",
                   "<method 'recv_bytes' of '_multiprocessing.Connection' objects>"})


def _profiled_worker(out: Path, worker: Any) -> Any:
    def run(*args: Any) -> None:
        profile = cProfile.Profile()
        profile.enable()
        try:
            worker(*args)
        finally:
            profile.disable()
            profile.dump_stats(out / f"worker-{os.getpid()}.prof")
    return run


def profile(out: Path, argv: list[str]) -> None:
    from type_equiv.cli import main
    from type_equiv.producers.scan import scan

    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.prof"):
        old.unlink()
    scan._worker = _profiled_worker(out, scan._worker)
    sys.argv = ["type-equiv", *argv]
    profile = cProfile.Profile()
    profile.enable()
    try:
        main()
    except SystemExit:
        pass
    finally:
        profile.disable()
        profile.dump_stats(out / "main.prof")
        own = resource.getrusage(resource.RUSAGE_SELF)
        children = resource.getrusage(resource.RUSAGE_CHILDREN)
        print(f"cpu s: main {own.ru_utime + own.ru_stime:.2f}, "
              f"children {children.ru_utime + children.ru_stime:.2f}", file=sys.stderr)


def _own_times(folder: Path) -> tuple[dict[str, tuple[int, float, float]], float]:
    """Per function (`path below type_equiv/(name)`): calls, own time, cumulative time (waiting
    for workers left out)."""
    stats: Any = pstats.Stats(*(str(p) for p in sorted(folder.glob("*.prof"))))
    out: dict[str, tuple[int, float, float]] = {}
    for (path, _line, name), (_, calls, own, cum, _) in stats.stats.items():
        short = path.split("type_equiv/", 1)[-1] if "type_equiv/" in path else Path(path).name
        key = f"{short}({name})"  # no line: the two installs differ in lines
        if name in WAITS:
            continue
        was = out.get(key, (0, 0.0, 0.0))
        out[key] = (was[0] + calls, was[1] + own, was[2] + cum)
    return out, sum(v[1] for v in out.values())


def compare(old: Path, new: Path, top: int) -> None:
    before, total_before = _own_times(old)
    after, total_after = _own_times(new)
    print(f"profiled seconds, all processes: {total_before:.1f} → {total_after:.1f}")
    rows = sorted(set(before) | set(after),
                  key=lambda k: after.get(k, (0, 0.0, 0.0))[1] - before.get(k, (0, 0.0, 0.0))[1],
                  reverse=True)
    print(f"{'own s before':>12} {'own s after':>11} {'Δ':>6} {'calls before':>12} {'calls after':>11}"
          "  function")
    for key in rows[:top]:
        b, a = before.get(key, (0, 0.0, 0.0)), after.get(key, (0, 0.0, 0.0))
        print(f"{b[1]:12.2f} {a[1]:11.2f} {a[1] - b[1]:+6.2f} {b[0]:12d} {a[0]:11d}  {key}")


def main() -> None:
    if len(sys.argv) > 1 and sys.argv[1] == "--compare":
        parser = argparse.ArgumentParser()
        parser.add_argument("--compare", nargs=2, type=Path, required=True)
        parser.add_argument("--top", type=int, default=40)
        args = parser.parse_args()
        compare(args.compare[0], args.compare[1], args.top)
        return
    if len(sys.argv) < 4 or sys.argv[2] != "--":
        sys.exit(__doc__)
    profile(Path(sys.argv[1]), sys.argv[3:])


if __name__ == "__main__":
    main()
