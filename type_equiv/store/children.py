"""How type-equiv starts Python child processes of its own: never with the project on sys.path.

multiprocessing's "spawn" (the language server's resident mypy build, the scan's workers where fork
is missing) and its resource tracker start `python -c …`, which puts the working directory first on
sys.path before the child imports a thing; editors start the server in the project's folder, so a
project's `multiprocessing.py` or `struct.py` would run in the child. PYTHONSAFEPATH (Python 3.11's
`-P`), set by the CLI's entry point and again before the server starts its child, keeps it off. Once
started, a child takes the parent's sys.path, which holds no project folder: `python -m type_equiv`
drops the working directory (__main__.py), and importing.py puts source roots after the standard
library.
"""

from __future__ import annotations

import os


def keep_project_off_child_paths() -> None:
    """Every Python child started from now on leaves the working directory off its sys.path.

    Set once and left set (nothing the tool starts needs the working directory on its path), so no
    thread ever sees the environment half changed back.
    """
    if os.environ.get("PYTHONSAFEPATH") != "1":
        os.environ["PYTHONSAFEPATH"] = "1"
