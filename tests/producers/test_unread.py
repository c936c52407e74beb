"""A variant whose only producer is in a file the scan cannot parse is still a `no-producer` finding,
but it says so and names the file (issue 15, item 6): it is no plain verdict of absence."""

from __future__ import annotations

from tests.conftest import Project
from tests.producers.test_producers import models_tree


def test_a_no_producer_finding_names_the_file_that_could_not_be_read(project: Project) -> None:
    models_tree(project, "from pkg.models import Alpha\nAlpha(kind='alpha')\n",
                **{"src/pkg/broken.py": "from pkg.models import Beta\nBeta(kind='beta'\n"})
    run = project.check()
    kinds = {f["kind"]: f for f in run.findings}
    assert set(kinds) == {"no-producer", "parse-error"}
    assert kinds["no-producer"]["variant"] == "beta"
    assert "src/pkg/broken.py" in kinds["no-producer"]["message"]
    assert "could not be read" in kinds["no-producer"]["message"]


def test_without_an_unreadable_file_the_message_says_nothing_of_one(project: Project) -> None:
    models_tree(project, "from pkg.models import Alpha\nAlpha(kind='alpha')\n")
    (finding,) = project.check().findings
    assert "could not be read" not in finding["message"]
