"""Are two versions of the producer walk record-for-record the same? The test of exactness for an
engine change that must not change what a walk records (issue 27: skipping bodies, sharing walks).

    python bench/records_equal.py ask ASKED -- check --no-cache --root ROOT [...]
    python bench/records_equal.py compare ASKED --old OLD_PYTHON --new NEW_PYTHON [--random 2]
        [--memo-chars 0]

`ask` runs one command in this process (and its scan workers, which fork) with `sites.scan_module`
wrapped: every (file text, spellings) a real run asks is written under ASKED (one file per process;
run it once per tree and manifest, into the same folder). `compare` has each Python (two installs,
or two checkouts' venvs: each imports its own `type_equiv`) walk every asked file under every set
of spellings asked of it, and under `--random` sets of the file's own words (names, quoted values,
tag fields), then compares the records (`FileScan`, as JSON) pair by pair: the count of files x
spelling sets compared and every difference are printed; exit 1 on any difference. `--memo-chars 0`
has each walk parse its file again, as a large run's walks do (what they keep by text then serves).
The walking side is this file's `walk` command: it uses only `sites.scan_text`, `Spellings` and
`RunMemo`, so an older install runs it too. Re-run after a rebase: `ask` with the rebased code, then
`compare` against main.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

IDENT = re.compile(r"\b[A-Za-z_][A-Za-z0-9_]*\b")
QUOTED = re.compile(r"""["']([A-Za-z0-9_\-. ]{1,30})["']""")


def ask(folder: Path, argv: list[str]) -> int:
    """Run `type-equiv ARGV` here, logging each walk's file and spellings under `folder`."""
    from type_equiv.cli import main
    from type_equiv.producers.walk import sites

    folder.mkdir(parents=True, exist_ok=True)
    original = sites.scan_module

    def logged(module: str, package: bool, text: str, spellings: Any, memo: Any) -> Any:
        digest = hashlib.sha256(text.encode()).hexdigest()[:20]
        texts = folder / "texts"
        texts.mkdir(exist_ok=True)
        path = texts / f"{digest}.py"
        if not path.exists():
            path.write_text(text)
        entry = [digest, module, package, sorted(spellings.names), sorted(spellings.values),
                 sorted(spellings.tag_fields), spellings.declarations]
        with (folder / f"asked-{os.getpid()}.jsonl").open("a") as out:
            out.write(json.dumps(entry) + "\n")
        return original(module, package, text, spellings, memo)

    sites.scan_module = logged
    sys.argv = ["type-equiv", *argv]
    try:
        main()
    except SystemExit as exc:
        return int(exc.code or 0) if isinstance(exc.code, int) else 0
    return 0


def _asked(folder: Path) -> dict[tuple[str, str, bool], list[tuple[Any, ...]]]:
    """Every file asked (text digest, module, package) → the distinct spelling sets asked of it."""
    out: dict[tuple[str, str, bool], list[tuple[Any, ...]]] = {}
    for log in sorted(folder.glob("asked-*.jsonl")):
        for line in log.read_text().splitlines():
            digest, module, package, names, values, tags, declarations = json.loads(line)
            sets = out.setdefault((digest, module, package), [])
            key = (tuple(names), tuple(values), tuple(tags), declarations)
            if key not in sets:
                sets.append(key)
    return out


def _random_sets(text: str, seed: str, count: int) -> list[tuple[Any, ...]]:
    """`count` sets of the file's own words: identifiers as names and tag fields, quoted strings as
    values (their literal keys)."""
    rng = random.Random(seed)
    words = sorted(set(IDENT.findall(text)))
    quoted = sorted(set(QUOTED.findall(text)))
    sets: list[tuple[Any, ...]] = []
    for _ in range(count):
        names = rng.sample(words, min(len(words), rng.randint(1, 8)))
        values = [repr(v) for v in rng.sample(quoted, min(len(quoted), rng.randint(0, 6)))]
        tags = rng.sample(words, min(len(words), rng.randint(0, 2)))
        sets.append((tuple(sorted(names)), tuple(sorted(values)), tuple(sorted(tags)), False))
    return sets


def walk(folder: Path, out: Path, extra: int, chars: int | None = None) -> None:
    """Walk every asked file under every asked (and `extra` random) spelling set; write digests.
    `chars`: the run memo's bound (0: every walk parses its file again, as a large run's do)."""
    from type_equiv.producers.records import Spellings
    from type_equiv.producers.walk.sites import scan_text
    from type_equiv.read.asts import RunMemo

    results: dict[str, str] = {}
    for (digest, module, package), sets in sorted(_asked(folder).items()):
        text = (folder / "texts" / f"{digest}.py").read_text()
        memo = RunMemo() if chars is None else RunMemo(chars)  # one per file, shared by its walks
        for names, values, tags, declarations in [*sets, *_random_sets(text, digest, extra)]:
            spellings = Spellings(frozenset(names), frozenset(values), frozenset(tags), declarations)
            scan = scan_text(module, package, text, spellings, memo)
            key = json.dumps([digest, module, names, values, tags, declarations])
            results[key] = hashlib.sha256(scan.to_json().encode()).hexdigest()
    out.write_text(json.dumps(results))


def compare(folder: Path, old: str, new: str, extra: int, chars: int | None = None) -> int:
    me = str(Path(__file__).resolve())
    found = []
    for label, python in (("old", old), ("new", new)):
        if os.sep in python:  # runs in `folder`: a relative path names the interpreter from here
            python = str(Path(python).absolute())  # not resolve(): a venv's python is a symlink
        target = folder / f"records-{label}.json"
        bound = [] if chars is None else ["--memo-chars", str(chars)]
        subprocess.run([python, me, "walk", str(folder), str(target), "--random", str(extra), *bound],
                       check=True, cwd=folder)
        found.append(json.loads(target.read_text()))
    before, after = found
    files = {json.loads(k)[0] for k in before}
    differ = sorted(k for k in before.keys() | after.keys() if before.get(k) != after.get(k))
    print(f"{len(files)} files, {len(before)} (file, spellings) pairs compared "
          f"({extra} random sets per file among them): {len(differ)} differ")
    for key in differ[:20]:
        print("  differs:", key[:300])
    return 1 if differ else 0


def main() -> int:
    parser = argparse.ArgumentParser(prog="python bench/records_equal.py",
                                     description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    one = sub.add_parser("ask")
    one.add_argument("asked", type=Path)
    one.add_argument("argv", nargs=argparse.REMAINDER)
    two = sub.add_parser("compare")
    two.add_argument("asked", type=Path)
    two.add_argument("--old", required=True)
    two.add_argument("--new", required=True)
    two.add_argument("--random", type=int, default=2)
    two.add_argument("--memo-chars", type=int, default=None,
                     help="each walk's run memo bound (0: every walk parses its file again)")
    three = sub.add_parser("walk")
    three.add_argument("asked", type=Path)
    three.add_argument("out", type=Path)
    three.add_argument("--random", type=int, default=2)
    three.add_argument("--memo-chars", type=int, default=None)
    args = parser.parse_args()
    if args.command == "ask":
        argv = args.argv[1:] if args.argv[:1] == ["--"] else args.argv
        return ask(args.asked.resolve(), argv)
    if args.command == "walk":
        walk(args.asked, args.out, args.random, args.memo_chars)
        return 0
    return compare(args.asked.resolve(), args.old, args.new, args.random, args.memo_chars)


if __name__ == "__main__":
    sys.exit(main())
