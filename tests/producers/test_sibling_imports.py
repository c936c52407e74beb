"""A package whose modules import each other by their bare names (`from enums import *` in
`tidal_dl/settings.py`): the program runs a script from the package's own folder, which Python puts
first on `sys.path`, so `enums` is the sibling `tidal_dl/enums.py`. Where no source root and no
standard library module gives a name, the importer's own folder does (as pyright resolves a local
import)."""

from __future__ import annotations

from pathlib import Path

from tests.harness import module_table, producer_case
from type_equiv.read.names import Resolver

ENUMS = """
from enum import Enum


class Quality(Enum):
    NORMAL = 0
    HIGH = 1
    MASTER = 2
    MAX = 3
"""

SIBLINGS = {
    "tidal_dl/__init__.py": "from settings import *\nfrom gui import pick\n",
    "tidal_dl/enums.py": ENUMS,
    # a star import, its name read as a class attribute's default
    "tidal_dl/settings.py": "from enums import *\n\n\nclass Settings:\n    quality = Quality.NORMAL\n",
    # the sibling's names through another sibling's star import (tidal-dl's `from settings import *`)
    "tidal_dl/gui.py": ("from settings import *\n\n\n"
                        "def pick(best: bool) -> Quality:\n"
                        "    return Quality.HIGH if best else Quality.MASTER\n"),
}


def test_a_bare_import_of_a_sibling_module_names_the_sibling() -> None:
    case = producer_case(source=SIBLINGS, symbol="tidal_dl.enums.Quality")
    assert case.verdicts == {"NORMAL": "producer", "HIGH": "producer", "MASTER": "producer", "MAX": "none"}
    assert [f.variant for f in case.findings] == ["MAX"]


def test_a_source_roots_module_of_that_name_comes_first() -> None:
    """`enums` given by a source root (a top-level `enums.py`) is that module, sibling or not."""
    case = producer_case(source={
        **SIBLINGS, "enums.py": "from enum import Enum\n\n\nclass Other(Enum):\n    X = 1\n",
    }, symbol="tidal_dl.enums.Quality")
    assert case.verdicts == {"NORMAL": "none", "HIGH": "none", "MASTER": "none", "MAX": "none"}


def test_a_module_named_after_a_library_it_wraps_does_not_shadow_the_library(tmp_path: Path) -> None:
    """Django's `proj/celery.py` (`from celery import Celery`) beside `proj/tasks.py` (`from celery
    import shared_task`): the package is no script folder, and `celery` is the library wherever the
    sibling binds nothing of its own under the name read — the sibling's own names are its own."""
    files = {
        "proj/__init__.py": "",
        "proj/celery.py": "from celery import Celery\n\napp = Celery('proj')\n",
        "proj/tasks.py": "from celery import shared_task, Celery\nfrom celery import app\nimport celery\n",
        "utils/__init__.py": "",
        "utils/pydantic.py": "from pydantic import BaseModel\n",
        "utils/models.py": "from pydantic import BaseModel\n\nclass Row(BaseModel):\n    pass\n",
        # poetry: a package of its own holding `build.py`, and the library `build` imported elsewhere
        "poetry/__init__.py": "",
        "poetry/commands/__init__.py": "",
        "poetry/commands/build.py": "DistributionType = str\n",
        "poetry/utils/__init__.py": "",
        "poetry/utils/iso.py": "from build import DistributionType\n",
    }
    resolver = Resolver(module_table(files, tmp_path))
    assert resolver.canonical("proj.tasks.shared_task") == "celery.shared_task"
    assert resolver.canonical("proj.tasks.Celery") == "celery.Celery"
    assert resolver.canonical("proj.celery.Celery") == "celery.Celery"  # a module importing its own name
    assert resolver.canonical("celery.Celery") == "celery.Celery"  # the importer unknown: the library
    assert resolver.canonical("pydantic.BaseModel") == "pydantic.BaseModel"
    assert resolver.canonical("utils.models.BaseModel") == "pydantic.BaseModel"
    # what the sibling defines itself is read from it, as Python run from that folder reads it
    assert resolver.canonical("proj.tasks.app") == "proj.celery.app"
    assert resolver.canonical("proj.tasks.celery.shared_task") == "celery.shared_task"
    # only the importer's own package gives a bare name: another package's `build.py` is no sibling
    assert resolver.canonical("poetry.utils.iso.DistributionType") == "build.DistributionType"
    assert resolver.canonical("build.DistributionType") == "build.DistributionType"
