"""Where each rule code is explained: the link a diagnostic's `codeDescription.href` carries.

The project has no public URL yet, so the link is chosen per server, once:

- the installed distribution's `Project-URL: Documentation` (`[project.urls]` in pyproject.toml), when
  it has one, with the rule's anchor (`#te001`) as its fragment: that page must hold the rules table
  (the README's Findings section has these anchors);
- otherwise the rules page shipped inside the package, `type_equiv/data/rules.md`, as a `file://` URI
  with the anchor: an editor opens it, installed or in a checkout alike.

The shipped page is generated from the README's Findings table (`python -m type_equiv.lsp.rules`
writes it; tests/lsp/test_rules.py fails when the two differ), so the two never say different things.
"""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from type_equiv.model.codes import anchor, code_of

if TYPE_CHECKING:
    from markdown_it.token import Token

DISTRIBUTION = "type-equiv"
RULES_PAGE = Path(__file__).resolve().parents[1] / "data" / "rules.md"
README = Path(__file__).resolve().parents[2] / "README.md"  # a checkout's; only the generator reads it


def documentation_url(project_urls: Iterable[str]) -> str | None:
    """The `Documentation` entry of a distribution's `Project-URL` values (`"Label, URL"`)."""
    for entry in project_urls:
        label, _, url = entry.partition(",")
        if label.strip().lower() in ("documentation", "docs") and url.strip():
            return url.strip()
    return None


def installed_documentation_url(distribution: str = DISTRIBUTION) -> str | None:
    """The installed distribution's documentation URL, or None (not installed, or none declared)."""
    from importlib import metadata

    try:
        urls = metadata.metadata(distribution).get_all("Project-URL") or []
    except metadata.PackageNotFoundError:
        return None
    return documentation_url(urls)


class RuleLinks:
    """A rule's documentation link, from `base` (a documentation URL) or else the shipped page."""

    def __init__(self, base: str | None) -> None:
        self.base = base.partition("#")[0] if base else None
        self.page = RULES_PAGE.as_uri() if RULES_PAGE.is_file() else None

    @classmethod
    def installed(cls) -> RuleLinks:
        return cls(installed_documentation_url())

    def href(self, kind: str) -> str | None:
        where = self.base or self.page
        return f"{where}#{anchor(kind)}" if where else None


# ---------------------------------------------------------------------------------------------------
# The shipped page, generated from the README's Findings table


def table_rows(readme: str) -> list[tuple[str, str, str, str]]:
    """The README's rule table: (code, kind, when, points at), in the README's order. Read with
    markdown-it: a row whose first cell is a rule's anchor (`<a id="te001"></a>`TE001``)."""
    from markdown_it import MarkdownIt

    tokens = MarkdownIt("commonmark").enable("table").parse(readme)
    rows = []
    cells: list[Token] = []
    for index, token in enumerate(tokens):
        if token.type == "tr_open":
            cells = []
        elif token.type == "inline" and tokens[index - 1].type == "td_open":
            cells.append(token)
        elif token.type == "tr_close" and cells and cells[0].content.startswith('<a id="te'):
            rows.append(_rule_row(cells))
    return rows


def _rule_row(cells: list[Token]) -> tuple[str, str, str, str]:
    """(code, kind, when, points at) of one table row; a row that is not exactly that is an error."""
    head = cells[0].children or []
    slug = next((t.content for t in head if t.type == "html_inline"), "")
    code = next((t.content for t in head if t.type == "code_inline"), "")
    kinds = [t.content for t in cells[1].children or [] if t.type == "code_inline"] if len(cells) > 1 else []
    kind = kinds[0] if len(kinds) == 1 else ""
    if len(cells) != 4 or slug != f'<a id="{code.lower()}">' or not kind or code != code_of(kind):
        raise ValueError(f"README's rule table: a malformed row for {code or cells[0].content}")
    return code, kind, _text(cells[2]), _text(cells[3])


def _text(cell: Token) -> str:
    """A cell's Markdown as written, with its links to the README's own sections (`#…`) left as
    their text: on the shipped page those anchors do not exist."""
    out = []
    for token in cell.children or []:
        local = str(token.attrs.get("href", "#")).startswith("#")
        if token.type == "code_inline":
            out.append(f"{token.markup}{token.content}{token.markup}")
        elif token.type in ("text", "html_inline"):
            out.append(token.content)
        elif token.type not in ("link_open", "link_close") or not local:
            raise ValueError(f"README's rule table: {token.type} in a cell is not carried over:"
                             f" {cell.content}")
    return "".join(out)


def render(readme: str) -> str:
    """The rules page for the README's table."""
    out = [
        "<!-- Generated from README.md's Findings table by `python -m type_equiv.lsp.rules`;"
        " do not edit. -->",
        "# type-equiv rules",
        "",
        "Every finding kind has a stable code: it never changes and is never reused, so a suppression",
        "(`# type-equiv: ignore[TE005]`) or a code-scanning alert keeps meaning the same finding. This",
        "page ships inside the package, so an editor's link to a rule works before type-equiv has a",
        "public documentation site; the README's Findings section says the same.",
    ]
    for code, kind, when, where in table_rows(readme):
        out += ["", f'<a id="{code.lower()}"></a>', "", f"## {code} `{kind}`", "",
                f"**When:** {when}.", "", f"**Points at:** {where}."]
    return "\n".join(out) + "\n"


def main(argv: list[str]) -> int:
    """Write the shipped page from the checkout's README (`--check`: only say whether it is current)."""
    page = render(README.read_text(encoding="utf-8"))
    current = RULES_PAGE.read_text(encoding="utf-8") if RULES_PAGE.is_file() else None
    if "--check" in argv:
        print("up to date" if page == current else f"{RULES_PAGE} is out of date")
        return 0 if page == current else 1
    if page != current:
        RULES_PAGE.write_text(page, encoding="utf-8")
        print(f"wrote {RULES_PAGE}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
