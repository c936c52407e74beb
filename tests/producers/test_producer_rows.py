"""The producer check per manifest row, on real temporary trees: optional `fields` never set, `producers:
false`, `exempt` (and stale or unreasoned exemptions), files that do not parse or could decide
nothing, the carrier round's re-parse, and the `producers` command."""

from __future__ import annotations

import shutil
import textwrap
from pathlib import Path

import pytest

from tests.conftest import REPO, TRIGGER_MODELS, Project
from tests.harness import counted_scans
from tests.producers.test_producers import models_tree, producer_findings, vocab_tree

# --- fields, producers: false, exempt ------------------------------------------------------------


FIELDS = """
from typing import Annotated, Literal
from pydantic import BaseModel, Field

class Hint(BaseModel):
    ttl: int

class Cacheable(BaseModel):
    cache: Hint | None = None

class Text(Cacheable):
    type: Literal["text"]
    text: str
    lang: str = "en"

class Result(Cacheable):
    type: Literal["result"]
    ok: bool = True
    note: str | None = Field(default=None, alias="n")

Block = Annotated[Text | Result, Field(discriminator="type")]
"""


def test_optional_fields_never_set_are_reported_once_at_their_declaring_class(
    project: Project,
) -> None:
    use = "from m import Text, Result\nText(type='text', text='t', lang='de')\n" \
          "Result(type='result', ok=False)\n"
    vocab_tree(project, {"src/m.py": FIELDS, "src/use.py": use},
               [{"symbol": "m.Block", "fields": True}])
    findings = producer_findings(project.check())
    got = {(f["field"], f["variant"], f["line"]) for f in findings}
    assert got == {("cache", "text, result", 8), ("note", "result", 18)}
    project.write("src/use2.py",
                  "from m import Result\nResult.model_validate({'type': 'result', 'n': 'x'})\n")
    assert {f["field"] for f in producer_findings(project.check())} == {"cache"}
    project.write("src/use3.py", "from m import Text\ndef f(kw):\n    return Text(**kw)\n")
    assert producer_findings(project.check()) == []  # `**kw` may set anything


def test_producers_false_skips_the_row(project: Project) -> None:
    vocab_tree(project, {"src/pkg/__init__.py": "", "src/pkg/models.py": TRIGGER_MODELS},
               [{"symbol": "pkg.models.Trigger", "producers": False}])
    assert producer_findings(project.check()) == []


def test_exemptions_and_stale_exemptions(project: Project) -> None:
    files = {"src/pkg/__init__.py": "", "src/pkg/models.py": TRIGGER_MODELS,
             "src/pkg/use.py": "from pkg.models import Alpha\nAlpha(kind='alpha')\n"}
    vocab_tree(project, files, [{"symbol": "pkg.models.Trigger", "exempt": {"beta": "built by users"}}])
    assert producer_findings(project.check()) == []
    vocab_tree(project, files, [{"symbol": "pkg.models.Trigger",
                                 "exempt": {"beta": "users", "alpha": "x", "gamma": "typo"}}])
    run = project.check()
    stale = producer_findings(run)
    assert {(f["kind"], f["variant"]) for f in stale} == {
        ("stale-exemption", "alpha"), ("stale-exemption", "gamma")}
    assert all(f["path"] == "manifest/type-equiv.manifest.json" for f in stale)
    assert run.exit_code == 1


def test_field_exemptions_and_exemptions_on_shapes(project: Project) -> None:
    use = ("from m import Text, Result\nText(type='text', text='t', lang='x')\n"
           "Result(type='result', ok=True, n='x')\n")
    files = {"src/m.py": FIELDS + "\nclass Plain(BaseModel):\n    x: int\n", "src/use.py": use}
    vocab_tree(project, files, [{"symbol": "m.Block", "fields": True,
                                 "exempt": {"Cacheable.cache": "set by users"}}])
    assert producer_findings(project.check()) == []
    vocab_tree(project, files, [{"symbol": "m.Block", "fields": True,
                                 "exempt": {"Cacheable.cache": "x", "Text.lang": "set anyway"}},
                                {"symbol": "m.Plain", "exempt": {"x": "not a vocabulary"}}])
    stale = producer_findings(project.check())
    assert {(f["symbol"], f["variant"]) for f in stale} == {("m.Block", "Text.lang"), ("m.Plain", "x")}
    assert {f["kind"] for f in stale} == {"stale-exemption"}


def test_an_exemption_needs_a_reason(project: Project) -> None:
    vocab_tree(project, {"src/pkg/__init__.py": "", "src/pkg/models.py": TRIGGER_MODELS},
               [{"symbol": "pkg.models.Trigger", "exempt": {"beta": ""}}])
    assert project.check().exit_code == 2


def test_a_file_that_does_not_parse_is_reported_where_it_could_decide(project: Project) -> None:
    """Beta has no producer, and the broken file names Beta: it might hold the producer."""
    models_tree(project, "from pkg.models import Alpha\nAlpha(kind='alpha')\n",
                **{"src/pkg/broken.py": "from pkg.models import Beta\nBeta(\n"})
    run = project.check()
    assert sorted((f["kind"], f["path"]) for f in run.findings) == [
        ("no-producer", "src/pkg/models.py"), ("parse-error", "src/pkg/broken.py")]


def test_a_file_that_could_decide_nothing_is_not_parsed(project: Project) -> None:
    """Every variant has a producer: by demand (docs/producers.md), the broken file naming Alpha is
    never parsed, so it is no finding."""
    models_tree(project, "from pkg.models import Alpha, Beta\nAlpha(kind='alpha')\nBeta(kind='beta')\n",
                **{"src/pkg/broken.py": "from pkg.models import Alpha\nAlpha(\n"})
    run = project.check()
    assert run.exit_code == 0, run.stdout
    assert run.findings == []


CARRIED = """from typing import Literal
from pydantic import BaseModel

Stop = Literal["end", "pause"]

class Result(BaseModel):
    reason: Stop
"""


def test_a_carrier_round_parses_a_file_again_only_when_it_spells_the_carrier(
        project: Project, monkeypatch: pytest.MonkeyPatch) -> None:
    """`pause` has no producer, so the door search spells `Result` (a carrier of Stop). Both files
    were parsed for `Stop`; api.py names Result and is read again (its declarations, then the whole
    walk), and finds the door; use.py holds `Result` only inside `ResultSet`, which no spelling of
    Result can change, so it is not."""
    vocab_tree(project, {
        "src/pkg/__init__.py": "", "src/pkg/models.py": CARRIED,
        "src/pkg/use.py": ("from pkg.models import Stop\n\ndef f() -> Stop:\n    return 'end'\n\n"
                           "class ResultSet:\n    pass\n"),
        "src/pkg/api.py": ("from pkg.models import Result, Stop\n\n"
                           "def load(raw: bytes) -> Result:\n    return Result.model_validate_json(raw)\n"),
    }, [{"symbol": "pkg.models.Stop"}])
    parsed = counted_scans(monkeypatch)
    run = project.check("--no-cache")
    assert parsed.count("pkg.api") == 2 and parsed.count("pkg.use") == 1, parsed
    assert "pkg.api (declarations)" in parsed and "pkg.use (declarations)" not in parsed, parsed
    [finding] = producer_findings(run)
    assert finding["variant"] == "pause" and finding["wire"] is True
    assert [(s["path"], s["role"]) for s in finding["sites"]] == [("src/pkg/api.py", "wire")]


# --- the producers command -----------------------------------------------------------------------


def test_the_producers_command(project: Project) -> None:
    models_tree(project, "from pkg.models import Alpha\nAlpha(kind='alpha')\n",
                **{"tests/test_b.py": "from pkg.models import Beta\nBeta(kind='beta')\n"})
    run = project.run("producers", "--root", str(project.root), "pkg.models.Trigger")
    assert run.exit_code == 0
    assert "alpha  produced" in run.stdout
    assert "beta   NO PRODUCER" in run.stdout
    assert "test-only tests/test_b.py:2  call" in run.stdout
    data = project.run("producers", "--root", str(project.root), "--format", "json",
                       "pkg.models.Trigger").json
    assert data["form"] == "union" and data["tag_field"] == "kind"
    assert [(v["variant"], v["produced"]) for v in data["variants"]] == [("alpha", True), ("beta", False)]
    bad = project.run("producers", "--root", str(project.root), "pkg.models.Alpha")
    assert bad.exit_code == 2 and "not a vocabulary" in bad.stderr


def test_file_scans_round_trip_through_json_for_a_cache() -> None:
    from type_equiv.producers.records import FileScan, Spellings
    from type_equiv.producers.walk.sites import scan_text
    from type_equiv.read.asts import RunMemo

    spellings = Spellings(frozenset({"Alpha", "Trigger", "Stop"}), frozenset({"'alpha'", "'a'"}),
                          frozenset({"kind"}))
    text = textwrap.dedent("""
        from pkg.models import Alpha, Trigger, Stop
        class Loud(Alpha):
            kind: Literal["alpha"]
        def f(s: Stop = "a") -> Trigger:
            x = {"kind": "alpha", "x": 1}
            if s == "a":
                return Alpha(kind="alpha", **x)
    """)
    scan = scan_text("pkg.use", False, text, spellings, RunMemo())
    assert scan.refs and scan.dicts and scan.lits and scan.anns and scan.classes
    assert FileScan.from_json(scan.to_json()) == scan
    broken = scan_text("pkg.use", False, "def (:\n", spellings, RunMemo())
    assert broken.error is not None and FileScan.from_json(broken.to_json()) == broken
    assert spellings.key() == Spellings(spellings.names, spellings.values, spellings.tag_fields).key()


# --- the repository and the example --------------------------------------------------------------


def test_the_example_reports_exactly_the_seed_findings(tmp_path: Path) -> None:
    root = tmp_path / "agent-session"
    shutil.copytree(REPO / "examples" / "agent-session", root)
    project = Project(root)
    run = project.check()
    found = sorted((f["symbol"], f["variant"], f.get("field")) for f in run.findings
                   if f["kind"] == "no-producer")
    assert found == [
        ("agent_session.core.ContentBlock", "text, tool_result", "cache"),
        ("agent_session.core.MessageSource", "agent", None),
        ("agent_session.session.TurnTrigger", "continuation", None),
    ]
    (continuation,) = [f for f in run.findings if f.get("variant") == "continuation"]
    assert [(s["path"], s["role"]) for s in continuation["sites"]] == [("tests/test_acp.py", "test")]
    (cache,) = [f for f in run.findings if f.get("field") == "cache"]
    assert (cache["path"], cache["line"]) == ("src/agent_session/core.py", 20)


def test_the_repository_produces_every_variant_of_its_own_vocabularies(mypy_cache: Path) -> None:
    run = Project(REPO, cache=mypy_cache).check()  # no cache written into the checkout
    assert [f for f in run.findings if f["kind"] in ("no-producer", "stale-exemption")] == []


def test_a_never_set_field_names_its_declaring_class_and_that_exemption_silences_it(
        project: Project) -> None:
    """`declared_on` is the class the `exempt` key names (`Cacheable.cache`), the key the language
    server's quick fix writes: adding that key to the row silences exactly that finding."""
    from type_equiv.lsp.actions import exemption_key
    from type_equiv.model.findings import NoProducer

    use = "from m import Text, Result\nText(type='text', text='t', lang='de')\n" \
          "Result(type='result', ok=False)\n"
    vocab_tree(project, {"src/m.py": FIELDS, "src/use.py": use}, [{"symbol": "m.Block", "fields": True}])
    found = [NoProducer.model_validate(f) for f in producer_findings(project.check())]
    assert {(f.field, f.declared_on) for f in found} == {("cache", "Cacheable"), ("note", "Result")}
    keys = {exemption_key(f): "set by callers" for f in found}
    assert keys.keys() == {"Cacheable.cache", "Result.note"}
    vocab_tree(project, {}, [{"symbol": "m.Block", "fields": True, "exempt": keys}])
    assert producer_findings(project.check()) == []
