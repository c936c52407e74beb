"""The metamorphic suite's instrument (issue 28): one cell of the table in, a real project out, the
real check run on it, the verdict per variant back.

A cell is a pattern's spelling (tests/producers/metamorphic_table.py) written for one vocabulary form
— a discriminated union of pydantic models tagged by a `Literal`, a `str` enum, a `Literal` alias —
with one carrier target (the vocabulary itself, or a model whose field is `X`, `list[X]`, `X | None`,
`dict[str, X]`, three or six models deep). The project is complete: a package with the vocabulary, a
manifest with one row, a doc pasting the definition exactly, production modules and a tests/ folder.
`check --format json` runs in-process through the CLI; only the findings are read (the public
output), so the instrument measures any engine behind it. Names are `Names`: the bench spells them
canonically, the tests draw them with hypothesis (`names()`): a verdict must not depend on them.
"""

from __future__ import annotations

import functools
import json
import keyword
import shutil
import tempfile
import textwrap
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from pathlib import Path
from string import Template
from typing import Any

from hypothesis import strategies as st

from tests.conftest import Project
from tests.harness import entry_points, pasted_definition

FORMS = ("union", "enum", "literal")
TARGETS = ("vocab", "field", "list", "optional", "dict", "nested", "deep")
DEPTH = {"nested": 3, "deep": 6}  # models from the decoded one down to the field typed by the vocabulary
SHAPES = {"vocab": "$V", "field": "$V", "list": "list[$V]", "optional": "$V | None", "dict": "dict[str, $V]",
          "nested": "$V", "deep": "$V"}


@dataclass(frozen=True)
class Names:
    """Every name a cell spells: the vocabulary, the two variants (subject: what the pattern is
    about; control: what nothing in the project produces), the use module and its function."""

    vocab: str = "Event"
    subject_class: str = "Alpha"
    control_class: str = "Beta"
    subject_tag: str = "alpha"
    control_tag: str = "beta"
    module: str = "service"
    function: str = "run"

    def of(self, form: str) -> Names:
        """The canonical names fit the form: an enum `Kind` with members `ALPHA`, a literal `Stop`."""
        if self != Names():
            return self
        return replace(self, vocab={"union": "Event", "enum": "Kind", "literal": "Stop"}[form])


def variants(form: str, names: Names) -> tuple[str, str]:
    """How findings name the subject and the control: a tag, a member name, a value."""
    if form == "enum":
        return names.subject_tag.upper(), names.control_tag.upper()
    return names.subject_tag, names.control_tag


def vocabulary(form: str, names: Names, extra: str = "") -> str:
    """`pkg/vocab.py`: the vocabulary; `extra` goes into the subject's class body (a classmethod)."""
    n = names
    extra = textwrap.indent(textwrap.dedent(extra).strip("\n"), "    ") if extra else ""
    if form == "union":
        return (f"from typing import Annotated, Literal\n\nfrom pydantic import BaseModel, Field\n\n\n"
                f"class {n.subject_class}(BaseModel):\n    kind: Literal[\"{n.subject_tag}\"] = "
                f"\"{n.subject_tag}\"\n    x: int = 0\n{extra}\n\n\n"
                f"class {n.control_class}(BaseModel):\n    kind: Literal[\"{n.control_tag}\"] = "
                f"\"{n.control_tag}\"\n    y: str = \"\"\n\n\n"
                f"{n.vocab} = Annotated[{n.subject_class} | {n.control_class}, "
                f"Field(discriminator=\"kind\")]\n")
    if form == "enum":
        return (f"from enum import Enum\n\n\nclass {n.vocab}(str, Enum):\n"
                f"    {n.subject_tag.upper()} = \"{n.subject_tag}\"\n"
                f"    {n.control_tag.upper()} = \"{n.control_tag}\"\n{extra}\n")
    return (f"from typing import Literal\n\n{n.vocab} = Literal[\"{n.subject_tag}\", \"{n.control_tag}\"]\n")


def substitutions(form: str, names: Names, target: str) -> dict[str, str]:
    """The placeholders of a spelling's templates, for one form, names and target."""
    n = names
    a = n.subject_tag
    member = f"{n.vocab}.{a.upper()}"
    subject = {"union": f"{n.subject_class}(x=1)", "enum": member, "literal": f"\"{a}\""}[form]
    raw = {"union": f"{{\"kind\": \"{a}\", \"x\": 1}}", "enum": f"\"{a}\"", "literal": f"\"{a}\""}[form]
    depth = DEPTH.get(target, 1)
    carrier = "Order" if depth == 1 else f"Wrap{depth - 1}"
    build, data = "first", raw
    if target != "vocab":
        build = {"list": "Order(item=[first])", "dict": "Order(item={\"k\": first})"}.get(
            target, "Order(item=first)")
        data = {"list": f"{{\"item\": [{raw}]}}", "dict": f"{{\"item\": {{\"k\": {raw}}}}}"}.get(
            target, f"{{\"item\": {raw}}}")
        for level in range(1, depth):
            build, data = f"Wrap{level}(inner={build})", f"{{\"inner\": {data}}}"
    return {
        "V": n.vocab, "A": n.subject_class, "M": member, "N": f"{n.vocab}.{n.control_tag.upper()}",
        "A_member": a.upper(), "a": a, "f": n.function,
        "make": subject,
        "make_tag": {"union": f"{n.subject_class}(kind=\"{a}\", x=1)", "enum": f"{n.vocab}(\"{a}\")",
                     "literal": f"\"{a}\""}[form],
        "raw": raw,
        "case": {"union": f"{n.subject_class}()", "enum": member, "literal": f"\"{a}\""}[form],
        "test": {"union": f"item.kind == \"{a}\"", "enum": f"item == {member}",
                 "literal": f"item == \"{a}\""}[form],
        "vocab_names": n.vocab if form != "union" else f"{n.vocab}, {n.subject_class}",
        "T": n.vocab if target == "vocab" else carrier,
        "C": carrier,  # the carrier model even when the target is the vocabulary (a `model_validate`)
        "build": build,
        "data": data,
        "models": "" if target == "vocab" else (
            f"from pkg.models import {', '.join(['Order', *(f'Wrap{k}' for k in range(1, depth))])}\n"),
    }


def models(form: str, names: Names, target: str) -> str:
    """`pkg/models.py`: the carrier `Order` (its field shaped by the target) and its wrappers."""
    shape = Template(SHAPES.get(target, "$V")).substitute(V=names.vocab)
    lines = ["from dataclasses import dataclass", "", "from mashumaro import DataClassDictMixin",
             "from pydantic import BaseModel", "", f"from pkg.vocab import {names.vocab}", "", "",
             "class Order(BaseModel):", f"    item: {shape}", "", "",
             "@dataclass", "class Row(DataClassDictMixin):", f"    item: {shape}", ""]
    inner = "Order"
    for level in range(1, max(DEPTH.values())):
        lines += ["", f"class Wrap{level}(BaseModel):", f"    inner: {inner}", ""]
        inner = f"Wrap{level}"
    return "\n".join(lines)


SINK = """\
from pkg.vocab import $V

RECORDED: list[$V] = []


def record(item: $V) -> None:
    RECORDED.append(item)
"""


@dataclass(frozen=True)
class Cell:
    """One spelling of a pattern, written out: the files it adds to the project and the row's keys."""

    pattern: str
    spelling: str
    form: str
    target: str
    files: Mapping[str, str]  # path from the root -> text (templates substituted)
    vocab_extra: str = ""
    row: Mapping[str, Any] | None = None
    manifest: Mapping[str, Any] | None = None

    @property
    def key(self) -> str:
        return f"{self.pattern}/{self.spelling}/{self.form}/{self.target}"


def project_files(cell: Cell, names: Names) -> dict[str, str]:
    """Every file of the cell's project, by its path from the root."""
    vocab = vocabulary(cell.form, names, cell.vocab_extra)
    definition = pasted_definition({"src/pkg/vocab.py": vocab}, f"pkg.vocab.{names.vocab}")
    row = {"symbol": f"pkg.vocab.{names.vocab}", "docs": ["docs/vocab.md"], **(cell.row or {})}
    files = {"src/pkg/__init__.py": "", "src/pkg/vocab.py": vocab,
             "src/pkg/models.py": models(cell.form, names, cell.target),
             "src/pkg/sink.py": Template(SINK).substitute(V=names.vocab),
             "docs/vocab.md": f"# Vocabulary\n\n```python\n{definition}\n```\n",
             "tests/__init__.py": "",
             "manifest/type-equiv.manifest.json": json.dumps(
                 {"version": 1, "source": ["src"], "tests": ["tests"], **(cell.manifest or {}),
                  "symbols": [row]}, indent=2)}
    files.update(cell.files)
    # the spelling's function or method, and its class, run: entry points name them (rules/running.py)
    files["pyproject.toml"] = entry_points(files)
    return files


Key = Callable[[Mapping[str, Any]], "str | None"]  # a `no-producer` finding -> its key (None: not read)


def verdicts_of(report: Mapping[str, Any], exit_code: int, key: Key) -> dict[str, str]:
    """The verdict per `key` of `check --format json`'s `no-producer` findings: `error`, `wire`
    (info, naming at least one door), `info` (without one); a variant without a finding is
    `produced`. A finding of another kind is `other:KIND` (the generated project is wrong: the cell
    says so); exit 2 is `refused`."""
    found: dict[str, str] = {}
    for finding in report.get("findings", []):
        if finding.get("kind") != "no-producer":
            found[f"other:{finding.get('kind')}"] = finding.get("message", "")
            continue
        name = key(finding)
        if name is None:
            continue
        doors = [s for s in finding.get("sites", []) if s.get("role") == "wire"]
        found[name] = ("error" if finding["severity"] == "error"
                       else "wire" if finding.get("wire") and doors else "info")
    if exit_code == 2:
        found["refused"] = report.get("error", "exit 2")
    return found


def run_check(root: Path, files: Mapping[str, str] = {}) -> tuple[int, dict[str, Any]]:
    """Write `files` under `root`, then `type-equiv check --format json --no-cache` on it, in-process
    (tests/conftest.py's `Project`): (exit code, report)."""
    project = Project(root)
    for rel, text in files.items():
        project.write(rel, text)
    run = project.check("--no-cache")
    try:
        report = json.loads(run.stdout) if run.stdout.strip() else {}
    except json.JSONDecodeError:
        report = {}
    if run.exit_code == 2 and not report:
        report = {"error": (run.stderr or run.stdout).strip()[:300]}
    return run.exit_code, report


@dataclass(frozen=True)
class Outcome:
    """What the check said of a cell: the subject's and the control's verdicts, and anything else."""

    subject: str
    control: str
    extra: dict[str, str]

    def as_dict(self) -> dict[str, Any]:
        extra = {"extra": self.extra} if self.extra else {}
        return {"subject": self.subject, "control": self.control, **extra}


def check_cell(cell: Cell, names: Names = Names(), complete: bool = False) -> Outcome:
    """Write the cell's project into a temporary folder and check it. `complete`: with `"fields":
    true` on the row, which makes the check scan every file (docs/producers.md, By demand) — the
    verdicts must be the same."""
    names = names.of(cell.form)
    if complete:
        cell = replace(cell, row={**(cell.row or {}), "fields": True})
    symbol = f"pkg.vocab.{names.vocab}"
    with tempfile.TemporaryDirectory(prefix="type-equiv-meta-") as tmp:
        code, report = run_check(Path(tmp), project_files(cell, names))
    found = verdicts_of(report, code, lambda f: f["variant"] if f.get("symbol") == symbol
                        and f.get("field") is None else None)
    subject, control = variants(cell.form, names)
    return Outcome(found.pop(subject, "produced"), found.pop(control, "produced"), found)


# --- the seed example (examples/agent-session), its session log read back in other spellings -------

SEED = Path(__file__).resolve().parents[2] / "examples" / "agent-session"
SEED_SUBJECT = ("agent_session.core.MessageSource", "agent")  # dead: only compared (acp.py)
SEED_CONTROL = ("agent_session.session.TurnTrigger", "continuation")  # dead: only tests build it
Edit = tuple[str, str, str]  # (path from the example's root, text found exactly once, its replacement)


def seed_verdicts(edits: tuple[Edit, ...] = ()) -> dict[str, str]:
    """The check's verdict per `symbol variant` (and `symbol variant field`) of a copy of the seed
    example with `edits` applied; a row variant without a finding is left out (produced)."""
    with tempfile.TemporaryDirectory(prefix="type-equiv-seed-") as tmp:
        root = Path(tmp) / "seed"
        shutil.copytree(SEED, root, ignore=shutil.ignore_patterns(".type-equiv-cache", "__pycache__"))
        for rel, old, new in edits:
            path = root / rel
            text = path.read_text(encoding="utf-8")
            assert text.count(old) == 1, f"{rel}: the edit's text occurs {text.count(old)} times"
            path.write_text(text.replace(old, new), encoding="utf-8")
        code, report = run_check(root)
    return verdicts_of(report, code, lambda f: " ".join(
        filter(None, (f["symbol"], f["variant"], f.get("field")))))


@functools.cache
def _seed_as_it_is() -> dict[str, str]:
    return seed_verdicts()


def check_seed(edits: tuple[Edit, ...]) -> Outcome:
    """The seed with `edits`: `agent`'s and `continuation`'s verdicts, and in `extra` every verdict
    that differs from the unedited example's (a refactor that means the same changes none)."""
    found = seed_verdicts(edits)
    original = _seed_as_it_is()
    subject, control = (found.get(" ".join(key), "produced") for key in (SEED_SUBJECT, SEED_CONTROL))
    named = {" ".join(SEED_SUBJECT), " ".join(SEED_CONTROL)}
    extra = {key: found.get(key, "produced") for key in sorted(found.keys() | original.keys())
             if found.get(key) != original.get(key) and key not in named}
    return Outcome(subject, control, extra)


# --- hypothesis: names a verdict must not depend on --------------------------------------------------

RESERVED = frozenset(keyword.kwlist) | {
    "kind", "item", "inner", "first", "record", "order", "row", "wrap", "made", "data", "line", "text",
    "value", "test", "tests", "self", "cls", "json", "pickle", "typing", "enum", "app", "router", "sio",
    "settings", "models", "vocab", "sink", "response", "client", "path", "main", "type", "str", "int",
    "list", "dict", "none", "true", "false", "default", "load", "dump", "save", "read", "write",
}
MODULES = ("service", "handlers", "worker", "jobs", "engine", "runner", "ops", "core")
FUNCTIONS = ("run", "handle", "process", "emit", "serve", "step", "go", "perform")


def _word() -> st.SearchStrategy[str]:
    return st.from_regex(r"\A[a-z]{3,7}\Z").filter(lambda w: w not in RESERVED and not w.startswith("test"))


@st.composite
def names(draw: st.DrawFn) -> Names:
    """Names drawn at random: a vocabulary and two variants of distinct words, a module, a function."""
    vocab, subject, control = draw(st.lists(_word(), min_size=3, max_size=3, unique=True))
    return Names(vocab=vocab.capitalize() + "Vocab", subject_class=subject.capitalize() + "Part",
                 control_class=control.capitalize() + "Part", subject_tag=subject, control_tag=control,
                 module=draw(st.sampled_from(MODULES)), function=draw(st.sampled_from(FUNCTIONS)))
