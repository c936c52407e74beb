"""`python -m type_equiv` is the same as the `type-equiv` console script.

`-m` puts the working directory first on sys.path, and editors and hooks start the tool in the
project's folder: a project's `socket.py` or `multiprocessing.py` would then be imported in place of
the standard library's when the tool first needs it. The entry is dropped before anything else is
imported (project code is imported only through importing.py, and only when asked for).
"""

import os
import sys

if not sys.flags.safe_path and sys.path and sys.path[0] in ("", os.getcwd()):
    del sys.path[0]

from type_equiv.cli import main

main()
