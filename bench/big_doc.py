"""Reading a big Markdown doc (issue #32): time and peak memory of `type-equiv check` on a generated
doc, in a process of its own.

    python bench/big_doc.py [--mb 100] [--kind prose|code] [--work DIR]

`prose`: paragraphs, lists and quotes with a Python block every 500 sections (what a generated
reference or changelog looks like); `code`: a Python block in every section (about half the doc is
fence content, which markdown-it must tokenise). The doc pastes the one manifest symbol once, so the
check's answer is "ok". Prints seconds, peak RSS (MB) and the exit code.
"""

from __future__ import annotations

import argparse
import json
import resource
import subprocess
import sys
import time
from pathlib import Path

SECTION = ("## Section {i}\n\nSome *prose* with `code`, a [link](http://x/{i}) and more words here.\n"
           "- item one\n- item two with **bold**\n\n> a quote line {i}\n\n")
BLOCK = "```python\ndef f{i}(x: int) -> str:\n    return str(x)\n```\n\n"


def generate(path: Path, mb: float, kind: str) -> None:
    every = 1 if kind == "code" else 500
    with path.open("w", encoding="utf-8") as out:
        out.write("# Big\n\n```python\nclass A:\n    x: int\n```\n\n")
        size, i = 0, 0
        while size < mb * 1_000_000:
            chunk = SECTION.format(i=i) + (BLOCK.format(i=i) if i % every == 0 else "")
            out.write(chunk)
            size += len(chunk)
            i += 1


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--mb", type=float, default=100)
    parser.add_argument("--kind", choices=["prose", "code"], default="prose")
    parser.add_argument("--work", type=Path, default=Path("bench/work/big_doc"))
    args = parser.parse_args()
    root = args.work.absolute()
    (root / "pkg").mkdir(parents=True, exist_ok=True)
    (root / "docs").mkdir(exist_ok=True)
    (root / "manifest").mkdir(exist_ok=True)
    (root / "pkg/__init__.py").write_text("")
    (root / "pkg/m.py").write_text("class A:\n    x: int\n")
    (root / "manifest/type-equiv.manifest.json").write_text(json.dumps({"version": 1, "symbols": [
        {"symbol": "pkg.m.A", "docs": ["docs/big.md"], "producers": False}]}))
    generate(root / "docs/big.md", args.mb, args.kind)
    start = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "type_equiv", "check", "--no-cache", "--root", str(root)],
                          capture_output=True, text=True)
    seconds = time.perf_counter() - start
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    size = (root / "docs/big.md").stat().st_size / 1e6
    print(f"{args.kind} doc {size:.1f} MB: {seconds:.1f} s, peak RSS {peak:.0f} MB, exit {proc.returncode}")
    print(proc.stdout.strip()[-300:], proc.stderr.strip()[-300:])
    return 0


if __name__ == "__main__":
    sys.exit(main())
