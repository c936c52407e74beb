"""The README's test command, timed: wall time and the peak memory of its largest process (issue 33).

    .venv/bin/python bench/suite.py            # 3 runs of the Quick start's test command
    .venv/bin/python bench/suite.py --runs 1 --args "-m slow"   # what CI adds, once

The command is read from the README's Quick start (its second line, from `python -m pytest` on), so
the figure is the one a contributor gets; `--args` appends options. The goal (5 minutes, 1.5 GB per
process on the 2-core machine with nothing else running) is printed beside the figures, never
asserted in a test. Run it from the checkout's root with the project's interpreter.
"""

from __future__ import annotations

import argparse
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GOAL_SECONDS = 300
GOAL_RSS_MB = 1536


def test_command() -> list[str]:
    """The Quick start's test command (`… && .venv/bin/python -m pytest …`), from its pytest on."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme.split("\n## Quick start\n", 1)[1].split("\n## ", 1)[0]
    (block,) = re.findall(r"```sh\n(.*?)```", section, flags=re.S)
    line = block.splitlines()[1]
    words = shlex.split(line.rsplit(" && ", 1)[-1])
    assert words[1:3] == ["-m", "pytest"], line
    return [sys.executable, *words[1:]]


def one_run(command: list[str]) -> tuple[float, float, float, int]:
    """(seconds, CPU seconds, peak RSS in MB of the largest process, exit code) of one run of `command`.

    Each run is a child of its own (a fresh Python that runs `command` and reports), so the peak of
    one run is not mixed with another's: `RUSAGE_CHILDREN`'s ru_maxrss is the largest of them. The
    CPU time (user + system, of pytest and every process it waited for) moves far less than the wall
    time when other work shares the machine."""
    probe = ("import resource, subprocess, sys, time\n"
             "t = time.monotonic()\n"
             "code = subprocess.call(sys.argv[1:])\n"
             "use = resource.getrusage(resource.RUSAGE_CHILDREN)\n"
             "cpu = use.ru_utime + use.ru_stime\n"
             "print(f'{time.monotonic() - t} {cpu} {use.ru_maxrss} {code}', file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", probe, *command], cwd=ROOT, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True, check=False)
    seconds, cpu, rss_kb, code = done.stderr.strip().splitlines()[-1].split()
    return float(seconds), float(cpu), int(rss_kb) / 1024, int(code)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--args", default="", help="options appended to the README's command")
    options = parser.parse_args()
    command = [*test_command(), *shlex.split(options.args)]
    print(f"command: {shlex.join(command)}  ({os.cpu_count()} cores)")
    print(f"goal: <= {GOAL_SECONDS} s and <= {GOAL_RSS_MB} MB per process, on 2 idle cores")
    for n in range(options.runs):
        seconds, cpu, rss, code = one_run(command)
        print(f"run {n + 1}: {seconds:.0f} s ({cpu:.0f} s of CPU), largest process {rss:.0f} MB, exit {code}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
