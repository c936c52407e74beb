"""The one door through which type-equiv imports (and so executes) project code.

The default check reads source statically and never comes through here. Only what the user opted into
does: the schema judge (`--schema`, `"schema": true`), recorded fixtures (`"fixtures"`), and the
`schema` command. Keeping every import behind this module makes "a clean check executes nothing" easy
to see and to test: each import through the door is added to the caller's `imported` list (the run's
`RunStats.imported`), and the JSON summary reports how many.
Executing a paste (the schema judge) is importing project code too, so it lives here as well.
"""

from __future__ import annotations
import __future__

import importlib
import itertools
import sys
import types
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from type_equiv.model import messages
from type_equiv.read.definitions import symbol_module
from type_equiv.read.log import NO_LOG, ReadLog
from type_equiv.store.safe import inside

DRAFT_2020_12 = "https://json-schema.org/draft/2020-12/schema"

_PASTE_NUMBERS = itertools.count()


class ImportFailed(Exception):
    """Importing the symbol's module failed; the message says why, for a finding or exit 2."""


class SchemaUnavailable(ImportFailed):
    """pydantic cannot generate a JSON Schema for the object; the message says why and what to do."""


class PasteFailed(Exception):
    """A paste raised when executed; the message names the doc line."""


def import_module(
    root: Path, source_roots: Sequence[str], module_name: str, imported: list[str],
    log: ReadLog = NO_LOG,
) -> types.ModuleType:
    """Import a project module with the manifest's source roots on sys.path (before site-packages).

    Every file the import loaded is noted in `log` (the modules it added to `sys.modules`, and the
    imported module's own): the schema and fixture verdicts depend on that code, and a warm replay
    holds only while it is unchanged. A failed import refuses replay.

    A module (or a package above it) whose file lies under a source root but resolves outside the
    project root is never imported: the static check reports it as not read, and executing it would
    run code from anywhere on the machine.
    """
    outside = _outside_part(root, source_roots, module_name)
    if outside is not None:
        raise ImportFailed(f"`{outside}` resolves outside the project root (symlink?); not imported")
    for source in reversed(source_roots):
        entry = str((root / source).resolve())
        if entry not in sys.path:
            sys.path.insert(_after_the_standard_library(), entry)
    before = set(sys.modules)
    try:
        module = importlib.import_module(module_name)
    except BaseException as exc:  # project code may raise anything, SystemExit included
        log.refuse(f"importing `{module_name}` failed")
        raise ImportFailed(f"importing `{module_name}` failed: {type(exc).__name__}: {exc}") from None
    if module_name not in imported:
        imported.append(module_name)
    _note_loaded(root, {module_name, *(set(sys.modules) - before)}, log)
    return module


def _after_the_standard_library() -> int:
    """Where a source root goes on sys.path: after the standard library, so a project's `struct.py` or
    `socket.py` never stands in for it when the tool imports it later, and before site-packages, so
    the project's own packages come before an installed copy of them."""
    import os
    import sysconfig

    bases = {"base": sys.base_prefix, "platbase": sys.base_exec_prefix}  # a venv's, not its own
    stdlib = {os.path.normpath(sysconfig.get_path(key, vars=bases)) for key in ("stdlib", "platstdlib")}
    last = -1
    for index, entry in enumerate(sys.path):
        path = os.path.normpath(os.path.abspath(entry)) if entry else ""
        if "site-packages" in path or "dist-packages" in path:
            continue
        if path.endswith(".zip") or any(path == s or path.startswith(s + os.sep) for s in stdlib):
            last = index
    return last + 1


def _note_loaded(root: Path, new: set[str], log: ReadLog) -> None:
    """The files of the modules this import loaded, and of every project module loaded before it
    (in a long-lived process an earlier import may have loaded what this one uses)."""
    prefix = str(root.resolve()) + "/"
    for name, module in sorted(sys.modules.items()):
        loaded = getattr(module, "__file__", None)
        if isinstance(loaded, str) and (name in new or loaded.startswith(prefix)):
            log.file(loaded)
            log.opaque(loaded)  # executed: its code may read its own text


def _outside_part(root: Path, source_roots: Sequence[str], module_name: str) -> str | None:
    """The first of `a`, `a.b`, … whose file under the source roots resolves outside the root."""
    parts = module_name.split(".")
    for depth in range(1, len(parts) + 1):
        for source in source_roots:
            base = root.joinpath(source, *parts[:depth])
            found = next((c for c in (base.with_suffix(".py"), base / "__init__.py") if _exists(c)), None)
            if found is not None:
                if not inside(root, found):
                    return ".".join(parts[:depth])
                break
    return None


def _exists(path: Path) -> bool:
    try:
        return path.exists()
    except (OSError, ValueError):
        return False


def import_symbol(root: Path, source_roots: Sequence[str], symbol: str, imported: list[str],
                  log: ReadLog = NO_LOG) -> Any:
    """Import `pkg.mod.Name` (or a class nested in a class, `pkg.mod.Outer.Name`) with the manifest's
    source roots first on sys.path and return the object."""
    module, _ = symbol_module(root, source_roots, symbol)
    return symbol_of(import_module(root, source_roots, module, imported, log), symbol)


def symbol_of(module: types.ModuleType, symbol: str) -> Any:
    """`module.Name` for `pkg.mod.Name` (`module.Outer.Name` for `pkg.mod.Outer.Name`), or ImportFailed
    saying the module has no such name."""
    parts = symbol.split(".")
    known = module.__name__.split(".")
    inner = parts[len(known):] if parts[: len(known)] == known else parts[-1:]
    found: Any = module
    for name in inner:
        try:
            found = getattr(found, name)
        except AttributeError:
            owner = f"module `{module.__name__}`" if found is module else f"`{found.__name__}`"
            raise ImportFailed(f"{owner} has no attribute `{name}`") from None
    return found


@contextmanager
def paste_module(real: types.ModuleType, code: str, doc: str, fence_line: int) -> Iterator[types.ModuleType]:
    """Execute a paste's code block in a fresh module that reads like the real one, while it is needed.

    The module is a real `types.ModuleType` seeded with the real module's globals and registered in
    sys.modules under its own name, so the paste's names resolve as in the source (imports, sibling
    definitions), while what the block defines replaces them. Copying the globals into a plain dict is
    not enough: under `from __future__ import annotations` pydantic resolves a class's annotations
    through `sys.modules[cls.__module__]`, i.e. the *real* module, and the paste would be judged by the
    real definitions (a false match). The block is compiled with the real module's future flags and
    its doc line numbers, so a traceback points into the doc.
    """
    name = f"_type_equiv_paste_{next(_PASTE_NUMBERS)}"
    module = types.ModuleType(name)
    module.__dict__.update(real.__dict__)
    module.__dict__.update({"__name__": name, "__spec__": None, "__package__": real.__package__})
    flags = 0
    if real.__dict__.get("annotations") is __future__.annotations:
        flags |= __future__.annotations.compiler_flag
    sys.modules[name] = module
    try:
        try:
            compiled = compile("\n" * fence_line + code, doc, "exec", flags=flags, dont_inherit=True)
            exec(compiled, module.__dict__)
        except BaseException as exc:  # doc code may raise anything
            raise PasteFailed(messages.paste_does_not_run(doc, _doc_line(exc, doc), exc)) from None
        yield module
    finally:
        sys.modules.pop(name, None)


def _doc_line(exc: BaseException, doc: str) -> int | None:
    if isinstance(exc, SyntaxError):
        return exc.lineno
    tb = exc.__traceback__
    line = None
    while tb is not None:
        if tb.tb_frame.f_code.co_filename == doc:
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def json_schema(obj: Any, mode: str = "validation") -> dict[str, Any]:
    """The JSON Schema (Draft 2020-12) pydantic generates for a type, in validation or serialization mode.

    Raises SchemaUnavailable (an ImportFailed) with a message that says what to change.
    """
    from pydantic import PydanticUserError, TypeAdapter

    own = _own_schema(obj)
    if own is not None:
        return {"$schema": DRAFT_2020_12, **own}
    try:
        schema: dict[str, Any] = TypeAdapter(obj).json_schema(mode=mode)  # type: ignore[arg-type]
    except PydanticUserError as exc:
        if exc.code == "typed-dict-version":
            raise SchemaUnavailable(
                messages.no_schema("pydantic", _name(obj), messages.TYPEDDICT_NEEDS_EXTENSIONS)
            ) from None
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise SchemaUnavailable(messages.no_schema("pydantic", _name(obj), first)) from None
    except Exception as exc:  # project types may raise anything while pydantic inspects them
        raise SchemaUnavailable(messages.no_schema("pydantic", _name(obj), messages.raised(exc))) from None
    return {"$schema": DRAFT_2020_12, **schema}


def _own_schema(obj: Any) -> dict[str, Any] | None:
    """The schema a model library builds itself, for the types pydantic cannot take: a msgspec
    `Struct` (msgspec.json.schema: one schema for reading and writing). None for any other type."""
    if not (isinstance(obj, type) and hasattr(obj, "__struct_fields__")):
        return None
    try:
        import msgspec
    except ImportError:
        return None
    if not issubclass(obj, msgspec.Struct):
        return None
    try:
        schema: dict[str, Any] = msgspec.json.schema(obj)
    except Exception as exc:  # a field type msgspec cannot describe
        raise SchemaUnavailable(messages.no_schema("msgspec", _name(obj), str(exc))) from None
    return schema


def _name(obj: Any) -> str:
    return str(getattr(obj, "__qualname__", None) or obj)
