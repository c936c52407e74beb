"""A service inside the tree with its own import root: a folder that is no package holding the
service's packages (`app/sandbox/` without `__init__.py`, holding `models/` and `services/`) is run
from there, so its modules import each other by their own names (`from models.enums import Status`),
which Python finds first on `sys.path`. Such an import names the module in that folder, when it is
the one folder that holds the whole dotted path."""

from __future__ import annotations

from tests.harness import producer_case

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


def test_an_import_from_a_services_own_folder_names_its_module() -> None:
    case = producer_case(source={
        "app/__init__.py": "",
        "app/sandbox/main.py": "from services.run import run\n\nprint(run(True))\n",
        "app/sandbox/models/__init__.py": "",
        "app/sandbox/models/enums.py": ENUMS,
        "app/sandbox/services/__init__.py": "",
        "app/sandbox/services/run.py": RUN,
        # another folder that is no package gives `models` too, as a module without `enums`
        "app/admin/models.py": "WAITING = 'waiting'\n",
    }, symbol="app.sandbox.models.enums.Status")
    assert case.verdicts == {"DONE": "producer", "FAILED": "producer", "WAITING": "none"}
    assert [f.variant for f in case.findings] == ["WAITING"]
