"""A service inside the tree with its own import root: a folder that is no package holding the
service's packages (`app/sandbox/` without `__init__.py`, holding `models/` and `services/`) is run
from there, so its modules import each other by their own names (`from models.enums import Status`),
which Python finds first on `sys.path`. Such an import names the module in that folder, when it is
the one folder that holds the whole dotted path."""

from __future__ import annotations

from pathlib import Path

from tests.harness import module_table, producer_case
from type_equiv.read.names import Resolver

ENUMS = """
from enum import Enum

class Status(Enum):
    DONE = "done"
    FAILED = "failed"
    WAITING = "waiting"
"""

RUN = """
from models.enums import Status
from models import enums


def run(ok: bool) -> Status:
    return Status.DONE if ok else enums.Status.FAILED
"""


# a service run from `app/sandbox/` (no package), which holds the packages `models` and `services`
SANDBOX = {
    "app/__init__.py": "",
    "app/sandbox/main.py": "from services.run import run\n\nprint(run(True))\n",
    "app/sandbox/models/__init__.py": "",
    "app/sandbox/models/enums.py": ENUMS,
    "app/sandbox/services/__init__.py": "",
    "app/sandbox/services/run.py": RUN,
}


def test_an_import_from_a_services_own_folder_names_its_module() -> None:
    case = producer_case(source={
        **SANDBOX,
        # another folder that is no package gives `models` too, as a module without `enums`
        "app/admin/models.py": "WAITING = 'waiting'\n",
    }, symbol="app.sandbox.models.enums.Status")
    assert case.verdicts == {"DONE": "producer", "FAILED": "producer", "WAITING": "none"}
    assert [f.variant for f in case.findings] == ["WAITING"]


WORKER_ENUMS = """
from enum import Enum

class Status(Enum):
    QUEUED = "queued"
"""


def test_the_importers_own_folder_decides_a_re_export_between_two_services() -> None:
    """Two services each hold `models/enums.py`, so a bare `models.enums` is a tie; but a module
    that re-exports `Status` by that name (`services/api.py`) means its own service's, as Python
    finds the folder the service runs from first."""
    case = producer_case(source={
        **SANDBOX,
        "app/sandbox/services/api.py": "from models.enums import Status\n\n__all__ = ['Status']\n",
        "app/sandbox/services/run.py": (
            "from services.api import Status\n\n\ndef run(ok: bool) -> Status:\n"
            "    return Status.DONE if ok else Status.FAILED\n"),
        "app/worker/models/__init__.py": "",
        "app/worker/models/enums.py": WORKER_ENUMS,
        "app/worker/main.py": "from models.enums import Status\n\nprint(Status.QUEUED)\n",
    }, symbol="app.sandbox.models.enums.Status")
    assert case.verdicts == {"DONE": "producer", "FAILED": "producer", "WAITING": "none"}


def test_a_script_folder_does_not_shadow_the_standard_library(tmp_path: Path) -> None:
    """`scripts/` (no package) holding `json.py` and `enum.py` shadows nothing for the package's
    modules: `import json` there is the library, read directly or through a module's binding."""
    files = {
        "app/__init__.py": "",
        "app/kinds.py": "import enum\nimport json\n\nclass Kind(enum.Enum):\n    A = 'a'\n",
        "scripts/json.py": "def loads(text): return text\n",
        "scripts/enum.py": "Enum = object\n",
        "scripts/run.py": "import helpers\n",
        "scripts/helpers.py": "def go(): pass\n",
    }
    resolver = Resolver(module_table(files, tmp_path))
    assert resolver.canonical("json.loads") == "json.loads"
    assert resolver.canonical("app.kinds.enum.Enum") == "enum.Enum"
    assert resolver.canonical("app.kinds.json.loads") == "json.loads"
    # a name of the script folder's own, imported by a script there, is the folder's module
    assert resolver.canonical("scripts.run.helpers.go") == "scripts.helpers.go"
