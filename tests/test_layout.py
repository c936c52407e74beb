"""The layout promises of docs/architecture.md that import-linter does not check itself."""

from __future__ import annotations

import ast
from pathlib import Path

from tests.conftest import REPO

PACKAGE = REPO / "type_equiv"
MAX_LINES = 600


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(REPO).with_suffix("").parts
        name = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        out[name] = path
    return out


def _imports(name: str, path: Path, known: dict[str, Path]) -> list[tuple[str, str]]:
    """(module imported, name imported from it) for every import, function-level and `TYPE_CHECKING`
    ones included: a cycle through either still ties two modules together."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: list[tuple[str, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            if node.level:
                base = package.split(".")[: len(package.split(".")) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            for alias in node.names:
                full = f"{module}.{alias.name}"
                found.append((full, "") if full in known else (module, alias.name))
        elif isinstance(node, ast.Import):
            found += [(alias.name, "") for alias in node.names]
    return [(m, n) for m, n in found if m.startswith("type_equiv")]


def test_few_top_level_modules_and_a_package_per_stage_family() -> None:
    modules = _modules()
    top = [m for m, p in modules.items() if m.count(".") == 1 and p.name != "__init__.py"]
    packages = [m for m, p in modules.items() if m.count(".") == 1 and p.name == "__init__.py"]
    assert len(top) <= 6, top
    assert len(packages) >= 5, packages


def test_no_import_cycles_and_no_private_imports() -> None:
    modules = _modules()
    graph: dict[str, set[str]] = {}
    private = []
    for name, path in modules.items():
        edges = graph.setdefault(name, set())
        for module, imported in _imports(name, path, modules):
            if module != name:
                edges.add(module)
            if imported.startswith("_") and not imported.startswith("__"):
                private.append(f"{name} imports {module}.{imported}")
    assert private == []
    cycles = []
    for start in graph:
        stack, seen = [(start, [start])], set()
        while stack:
            node, trail = stack.pop()
            for nxt in graph.get(node, ()):
                if nxt == start:
                    cycles.append(" -> ".join([*trail, start]))
                elif nxt not in seen and nxt in graph:
                    seen.add(nxt)
                    stack.append((nxt, [*trail, nxt]))
    assert cycles == []


def test_short_modules_and_no_state_found_through_sys_modules() -> None:
    for name, path in _modules().items():
        text = path.read_text(encoding="utf-8")
        assert len(text.splitlines()) <= MAX_LINES, name
        assert 'sys.modules.get("type_equiv' not in text and "sys.modules['type_equiv" not in text, name


def test_every_public_face_defines_what_its_all_names() -> None:
    import importlib

    for path in sorted((REPO / "type_equiv").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        if not any(isinstance(n, ast.Assign) and any(getattr(t, "id", "") == "__all__" for t in n.targets)
                   for n in tree.body):
            continue
        rel = path.relative_to(REPO).with_suffix("")
        parts = rel.parts[:-1] if rel.name == "__init__" else rel.parts
        module = importlib.import_module(".".join(parts))
        missing = [name for name in module.__all__ if not hasattr(module, name)]
        assert missing == [], f"{path.relative_to(REPO)}: __all__ names {missing}, which it does not define"
