"""Does the carrier search's declarations walk record what the full walk records of declarations?

Over every module of a tree of real code (default: the bench's corpus, built by `bench/run.py
--dry-run`), the field and alias annotations and the class sites of three walks are compared: the
full `Walker` on the module, `DeclarationWalker` on the module, and `DeclarationWalker` on its
skeleton. Prints the counts; exits 1 when any module differs.

    .venv/bin/python bench/declarations_check.py [FOLDER] [--names A,B,...]
"""

from __future__ import annotations

import argparse
import ast
import sys
from pathlib import Path

from type_equiv.producers.records import Spellings
from type_equiv.producers.syntax.syntax import Scope
from type_equiv.producers.walk.declarations import DeclarationWalker, skeleton
from type_equiv.producers.walk.walker import Walker
from type_equiv.read.names import Bindings, module_bindings

CORPUS = Path("/tmp/type-equiv-bench/corpus-1x/site-packages")
# names the bench's vocabularies and their carriers spell, and names every SDK declares with
NAMES = ("Content,Part,Message,ContentBlock,TextBlock,ModelResponse,ModelRequest,FinishReason,"
         "HarmCategory,StopReason,Candidate,GenerateContentResponse,BaseModel,"
         "ChatCompletionMessageParam,AnyMessage,ContentChunk,TextPart,ToolCallPart,Tool,Usage,"
         "Choice,Delta,Literal,TypedDict")


def declared(walker: type[Walker], tree: ast.Module, module: str, package: bool,
             names: frozenset[str], pruned: bool) -> tuple[list[object], list[object]]:
    bound = module_bindings(tree, module, package)
    reader = walker(module, package, Spellings(names, frozenset(), frozenset()),
                    Bindings(dict(bound.names), list(bound.stars)))
    reader.body((skeleton(tree) if pruned else tree).body, Scope(owner=module))
    return [a for a in reader.anns if a.kind in ("field", "alias")], list(reader.classes)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("folder", nargs="?", type=Path, default=CORPUS)
    parser.add_argument("--names", default=NAMES)
    args = parser.parse_args()
    names = frozenset(args.names.split(","))
    total = with_declarations = 0
    differing: list[Path] = []
    for path in sorted(args.folder.rglob("*.py")):
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"))
        except (SyntaxError, UnicodeDecodeError, ValueError, RecursionError):
            continue
        rel = path.relative_to(args.folder).with_suffix("")
        package = rel.name == "__init__"
        module = ".".join(rel.parts[:-1] if package else rel.parts)
        try:
            full = declared(Walker, tree, module, package, names, pruned=False)
            walks = [declared(DeclarationWalker, tree, module, package, names, pruned)
                     for pruned in (False, True)]
        except RecursionError:
            continue
        total += 1
        with_declarations += bool(full[0] or full[1])
        if any(walk != full for walk in walks):
            differing.append(path)
    for path in differing:
        print(f"differs: {path}")
    print(f"modules {total}, with declarations {with_declarations}, differing {len(differing)}")
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
