"""Labelling aid for a held-out round: every doc block binding a name some module also binds.

Not init: the doc readers' Python blocks (type_equiv.read.docs.python_blocks, so exactly the blocks
check reads), `ast` bindings at a block's top level (or under a top-level if/with/try, marked by
depth), against the top-level bindings of every Python file git tracks. Each hit is printed with the
block's statement and up to three source statements, for a person to judge paste or not by reading
the prose around it.

    python bench/first_contact/candidates.py PROJECT_ROOT > candidates.txt
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from type_equiv.read.docs import doc_suffixes, python_blocks

Binding = tuple[str, ast.stmt, int]


def bindings(body: list[ast.stmt], depth: int = 0) -> Iterator[Binding]:
    for st in body:
        if isinstance(st, ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef):
            yield st.name, st, depth
        elif type(st).__name__ == "TypeAlias":  # `type X = …` (ast.TypeAlias from Python 3.12)
            yield ast.unparse(getattr(st, "name", st)), st, depth
        elif isinstance(st, ast.Assign):
            yield from ((t.id, st, depth) for t in st.targets if isinstance(t, ast.Name))
        elif isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name):
            yield st.target.id, st, depth
        elif isinstance(st, ast.If | ast.Try | ast.With):
            for part in (getattr(st, "body", []), getattr(st, "orelse", []), getattr(st, "finalbody", [])):
                yield from bindings(part, depth + 1)
            for handler in getattr(st, "handlers", []):
                yield from bindings(handler.body, depth + 1)


def excerpt(lines: list[str], st: ast.stmt, prefix: str) -> str:
    end = min(st.end_lineno or st.lineno, st.lineno + 11)
    return "\n".join(prefix + line for line in lines[st.lineno - 1:end])


def main(root: Path) -> None:
    files = subprocess.run(["git", "-C", str(root), "ls-files"], capture_output=True, text=True,
                           check=True).stdout.splitlines()
    src = "src/" if any(f.startswith("src/") and f.endswith(".py") for f in files) else ""
    defined: dict[str, list[tuple[str, int, str, str]]] = {}
    for f in files:
        if not f.endswith(".py"):
            continue
        try:
            text = (root / f).read_text()
            tree = ast.parse(text)
        except (OSError, SyntaxError, ValueError, UnicodeDecodeError):
            continue
        module = (f.removeprefix(src) if src else f)[:-3].replace("/", ".").removesuffix(".__init__")
        lines = text.splitlines()
        for name, st, _ in bindings(tree.body):
            defined.setdefault(name, []).append((f, st.lineno, module, excerpt(lines, st, "   SRC| ")))
    suffixes = doc_suffixes()
    for f in files:
        if Path(f).suffix.lower() not in suffixes or not (root / f).is_file():
            continue
        try:
            text = (root / f).read_text(encoding="utf-8-sig")
        except (OSError, UnicodeDecodeError):
            continue
        for block in python_blocks(f, text):
            try:
                tree = ast.parse(block.code)
            except (SyntaxError, ValueError):
                continue
            for name, st, depth in bindings(tree.body):
                if name not in defined or name.startswith("_"):
                    continue
                print(f"== {name}  {f}:{block.fence_line}  depth={depth}  [{type(st).__name__}]")
                print(excerpt(block.code.splitlines(), st, "   DOC| "))
                for path, line, module, shown in defined[name][:3]:
                    print(f"   SRC {path}:{line} ({module}.{name})\n{shown}")
                if len(defined[name]) > 3:
                    print(f"   SRC +{len(defined[name]) - 3} more")


if __name__ == "__main__":
    main(Path(sys.argv[1]).resolve())
