"""A source root that is a package itself (`pontoon/` holding `__init__.py`, the manifest's source
root) names its modules below it (`base.models`), while its code, run from the root's parent as
Python runs it, imports them by the root's own name (`from pontoon.base.models import X`): the same
module (principle 5), so a member built through such an import is produced. pontoon's
`PermissionChangelog.ActionType`, held-out round 47. One real temporary project per case."""

from __future__ import annotations

from tests.harness import verdicts

KIND = """
from enum import Enum


class Kind(Enum):
    A = "a"
    B = "b"
"""


def test_a_member_imported_by_the_root_package_name_is_produced() -> None:
    files = {"__init__.py": "", "models.py": KIND, "use.py": """
        from src.models import Kind

        def first() -> Kind:
            return Kind.A
    """}
    assert dict(verdicts(source=files, symbol="models.Kind")) == {"A": "producer", "B": "none"}


def test_a_nested_class_through_the_root_package_name_is_produced() -> None:
    files = {"__init__.py": "", "base/__init__.py": "from src.base.log import Log\n",
             "base/log.py": """
        from enum import Enum


        class Log:
            class Kind(Enum):
                A = "a"
                B = "b"
    """, "use.py": """
        from src.base import Log

        def write() -> object:
            return Log(kind=Log.Kind.B)
    """}
    assert dict(verdicts(source=files, symbol="base.log.Log.Kind")) == {"A": "none", "B": "producer"}


def test_a_submodule_imported_relatively_from_the_root_package_is_the_module() -> None:
    # `from . import audit` in a module straight under a root that is a package names the root's own
    # submodule `audit`; `audit.report.Kind.A` is the member (detect-secrets' SecretClassToPrint)
    files = {"__init__.py": "", "audit/__init__.py": "from . import report\n", "audit/report.py": KIND,
             "main.py": """
        from . import audit

        def only() -> object:
            return audit.report.Kind.A
    """}
    assert dict(verdicts(source=files, symbol="audit.report.Kind")) == {"A": "producer", "B": "none"}


def test_the_root_package_name_reaches_its_submodule_beside_a_module_of_that_name() -> None:
    # the root `src/` also holds `src.py` (a module named `src` below the root): `import src.models`
    # still binds the root package, and `src.models.Kind` is the submodule's class (OctoBot's
    # `octobot/octobot.py` beside `octobot.enums.CommunityFeedType`)
    files = {"__init__.py": "", "models.py": KIND, "src.py": "import src.models as models\n",
             "use.py": """
        import src.models

        DEFAULT = src.models.Kind.B
    """}
    assert dict(verdicts(source=files, symbol="models.Kind")) == {"A": "none", "B": "producer"}
