"""The rule links on diagnostics (type_equiv/lsp/rules.py): the shipped rules page says what the
README's Findings table says, and the link is the distribution's documentation URL when it has one."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from type_equiv.lsp import rules
from type_equiv.lsp.rules import RULES_PAGE, RuleLinks, documentation_url, installed_documentation_url
from type_equiv.model.codes import CODES

README = Path(__file__).resolve().parents[2] / "README.md"


def test_the_shipped_rules_page_is_the_readme_table() -> None:
    readme = README.read_text(encoding="utf-8")
    assert RULES_PAGE.read_text(encoding="utf-8") == rules.render(readme), (
        "type_equiv/data/rules.md is out of date: run `python -m type_equiv.lsp.rules`")
    assert [code for code, *_ in rules.table_rows(readme)] == sorted(CODES.values())
    page = RULES_PAGE.read_text(encoding="utf-8")
    for kind, code in CODES.items():
        assert f'<a id="{code.lower()}"></a>' in page and f"## {code} `{kind}`" in page


def test_the_page_ships_with_the_package() -> None:
    import tomllib

    pyproject = tomllib.loads((README.parent / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = pyproject["tool"]["setuptools"]["package-data"]["type_equiv"]
    assert any(RULES_PAGE.match(p) for p in patterns), patterns


def test_without_a_documentation_url_the_link_is_the_shipped_page() -> None:
    href = RuleLinks(None).href("drift")
    assert href == RULES_PAGE.as_uri() + "#te001"
    assert Path(href.removeprefix("file://").partition("#")[0]).is_file()


def test_a_documentation_url_takes_the_rules_anchor() -> None:
    urls = ["Homepage, https://example.org/type-equiv", "Documentation, https://docs.example.org/rules#findings"]
    assert documentation_url(urls) == "https://docs.example.org/rules#findings"
    links = RuleLinks(documentation_url(urls))
    assert links.href("drift") == "https://docs.example.org/rules#te001"
    assert links.href("no-producer") == "https://docs.example.org/rules#te005"
    assert documentation_url(["Homepage, https://example.org"]) is None


def test_the_url_is_read_from_the_installed_distribution(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    info = tmp_path / "type_equiv-9.9.9.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        "Metadata-Version: 2.1\nName: type-equiv\nVersion: 9.9.9\n"
        "Project-URL: Source, https://git.example.org/type-equiv\n"
        "Project-URL: Documentation, https://type-equiv.example.org/\n", encoding="utf-8")
    monkeypatch.setattr(sys, "path", [str(tmp_path), *sys.path])  # found first, as an install would be
    assert installed_documentation_url() == "https://type-equiv.example.org/"
    assert RuleLinks.installed().href("parse-error") == "https://type-equiv.example.org/#te004"
    assert installed_documentation_url("no-such-distribution-anywhere") is None
