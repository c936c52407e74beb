"""MyST Markdown's code directives (```` ```{code-block} python ````, `:::{code}` colon fences): the
directive's options (`:caption:`, or a `---` YAML block) are blank code lines, the rest is code; a
`{literalinclude}` is an include. Read by the Markdown reader, since MyST pages are `.md` files."""

from __future__ import annotations

CODE_DIRECTIVES = {"code-block", "code", "sourcecode", "code-cell", "doctest", "testcode"}
PYTHON_ONLY = {"doctest", "testcode"}  # Sphinx's doctest directives: Python, unsaid
INCLUDE_DIRECTIVES = {"literalinclude"}


def directive(info: str) -> tuple[str, str] | None:
    """`{code-block} python` → ("code-block", "python"); None when the info string is no directive."""
    text = info.strip()
    if not text.startswith("{") or "}" not in text:
        return None
    name, _, rest = text[1:].partition("}")
    name = name.strip().lower()
    if not name or name.startswith(".") or " " in name:  # pandoc's `{.python}` attributes
        return None
    return name, rest.strip()


def split_options(content: str) -> tuple[dict[str, str], int]:
    """A directive body's options and how many lines they take (code starts after them): leading
    `:key: value` lines, or a YAML block between `---` lines (read as `key: value` lines)."""
    lines = content.split("\n")
    options: dict[str, str] = {}
    if lines and lines[0].strip() == "---":
        for n, line in enumerate(lines[1:], start=1):
            if line.strip() == "---":
                return options, n + 1
            key, _, value = line.partition(":")
            options[key.strip()] = value.strip()
        return {}, 0  # an unclosed YAML block: no options
    taken = 0
    for line in lines:
        stripped = line.strip()
        if not (stripped.startswith(":") and stripped.count(":") >= 2):
            break
        key, _, value = stripped[1:].partition(":")
        options[key.strip()] = value.strip()
        taken += 1
    if taken and taken < len(lines) and not lines[taken].strip():
        taken += 1  # the blank line after the options
    return options, taken
