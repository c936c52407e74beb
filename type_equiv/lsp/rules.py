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

import re
import sys
from collections.abc import Iterable
from pathlib import Path

from type_equiv.model.codes import anchor, code_of

DISTRIBUTION = "type-equiv"
RULES_PAGE = Path(__file__).resolve().parents[1] / "data" / "rules.md"
README = Path(__file__).resolve().parents[2] / "README.md"  # a checkout's; only the generator reads it

_ROW = re.compile(r'^\|\s*<a id="(te\d{3})"></a>`(TE\d{3})`\s*\|\s*`([a-z-]+)`\s*\|(.*)\|\s*$')
_LOCAL_LINK = re.compile(r"\[([^\]]+)\]\(#[^)]*\)")


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
    """The README's rule table: (code, kind, when, points at), in the README's order."""
    rows = []
    for line in readme.splitlines():
        match = _ROW.match(line)
        if match is None:
            continue
        slug, code, kind, rest = match.groups()
        cells = [c.strip() for c in re.split(r"\s\|\s", rest.strip())]
        if slug != code.lower() or code != code_of(kind) or len(cells) != 2:
            raise ValueError(f"README's rule table: a malformed row for {code}: {line}")
        when, where = (_LOCAL_LINK.sub(r"\1", c) for c in cells)
        rows.append((code, kind, when, where))
    return rows


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
