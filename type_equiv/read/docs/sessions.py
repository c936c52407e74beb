"""Interactive sessions (`pycon` fences, `>>>` blocks, reST doctest blocks): the statements after the
prompts are the code; every other line (the session's output) is a blank code line, so the block
keeps one code line per doc line (read/docs/base.py) and sync's prefix is the prompt itself. IPython
cells (notebooks, MyST-NB's `{code-cell} ipython3`) blank their IPython-only lines the same way."""

from __future__ import annotations

SESSION_INFO = {"pycon", "python-console", "python-repl", "pyrepl", "doctest"}
PROMPTS = (">>>", "...")


def is_session(code: str) -> bool:
    """A block is a session when its first non-blank line is a `>>>` prompt."""
    for line in code.splitlines():
        if line.strip():
            return _prompt(line) == ">>>"
    return False


def _prompt(line: str) -> str | None:
    for prompt in PROMPTS:
        if line == prompt or line.startswith(prompt + " "):
            return prompt
    return None


def statements(code: str) -> str:
    """The session's code: each prompt line without its prompt, each output line blank."""
    out = []
    for line in code.split("\n"):
        out.append(line[4:] if _prompt(line) is not None else "")
    return "\n".join(out)


def ipython_line(line: str) -> bool:
    """IPython's own syntax, not Python: `%magic`, `!shell`, and help (`name?`, `name??`, `?name`)."""
    text = line.strip()
    if text[:1] in ("%", "!"):
        return True
    name = text.strip("?")
    return text != name and all(part.isidentifier() for part in name.split("."))


def without_ipython(code: str) -> str:
    """Code of an IPython cell with its IPython-only lines blank (so the rest still parses)."""
    return "\n".join("" if ipython_line(line) else line for line in code.split("\n"))


def continuation(prefix: str) -> str:
    """The prompt for a line sync inserts inside a statement: `... ` where the neighbour has `>>> `."""
    at = prefix.rfind(">>>")
    return prefix if at < 0 else prefix[:at] + "..." + prefix[at + 3:]
