"""A function whose return annotation declares a carrier of the vocabulary and which returns what a
text decoder returned declares the decoded data as that carrier: a door through the carrier's fields
(principle 1: a remote service's response decoded by a client), as `cast(Release, resp.json())`
would be — inline, through a local, through a method of the same class or a function of the module
returning such data (beets' `get_release → _lookup → get_json`). The program's own file written with
`json.dump` of the carrier and read back is a round trip (principle 2); a display built in code and
returned produces what it holds (principle 4). The thirty-seventh round; one real temporary project
per case."""

from __future__ import annotations

import pytest

from tests.harness import Produced, producer_case

TYPES = """
from typing import Literal, TypedDict

Packaging = Literal["Box", "Jewel Case"]


class Release(TypedDict):
    id: str
    packaging: Packaging | None
"""

CLIENTS = {
    "inline": """
import requests

from pkg.types import Release


class Client:
    def get_release(self, id_: str) -> Release:
        return requests.get(f"https://x.example/release/{id_}").json()
""",
    "local": """
import json

import requests

from pkg.types import Release


async def get_release(id_: str) -> Release:
    text = requests.get(f"https://x.example/release/{id_}").text
    data = json.loads(text)
    return data
""",
    "helper": """
import requests

from pkg.types import Release


class Client:
    def _fetch(self, url: str, **params):
        response = requests.get(url, params=params)
        response.raise_for_status()
        return response.json()

    def _lookup(self, entity: str, id_: str):
        return self._fetch(f"https://x.example/{entity}/{id_}", fmt="json")

    def get_release(self, id_: str) -> Release:
        return self._lookup("release", id_)
""",
    "function": """
import requests

from pkg.types import Release


def fetch(url):
    return requests.get(url).json()


def get_releases(ids: list[str]) -> list[Release]:
    found = fetch("https://x.example/releases?ids=" + ",".join(ids))
    return found
""",
}

# the program's own cache: written with json.dump of the carrier, read back with the same annotation
CACHE = """
import json

from pkg.types import Release


def save(release: Release, path: str) -> None:
    with open(path, "w") as f:
        json.dump(release, f)


def load(path: str) -> Release:
    with open(path) as f:
        return json.load(f)
"""

# a display built in code and returned: produced, nothing decoded
BUILT = """
from pkg.types import Release


def make(id_: str) -> Release:
    return {"id": id_, "packaging": "Box"}
"""


def case(files: dict[str, str]) -> Produced:
    return producer_case(source={"pkg/__init__.py": "", "pkg/types.py": TYPES, **files},
                         symbol="pkg.types.Packaging")


@pytest.mark.parametrize("spelling", sorted(CLIENTS))
def test_a_decoded_response_returned_as_the_carrier_is_a_door(spelling: str) -> None:
    """`-> Release` returning `resp.json()` inline, through a local, a method of the same class or
    a function of the module returning it: every value of `Release.packaging` may arrive — wire,
    the chain naming the function and the decoder."""
    found = case({"pkg/client.py": CLIENTS[spelling]})
    assert found.verdicts == {"Box": "wire", "Jewel Case": "wire"}
    chains = {door.get("chain") or "" for door in found.report["wire"]}
    assert any(c.startswith(("decode json() → ", "decode loads() → ")) and "returns Release.packaging" in c
               for c in chains), chains


def test_the_programs_own_file_read_back_is_a_round_trip() -> None:
    """`json.dump(release, f)` then `def load(path) -> Release: return json.load(f)`: the program's
    own file (principle 2) — no door, both values still errors (`none`: no site)."""
    assert case({"pkg/cache.py": CACHE}).verdicts == {"Box": "none", "Jewel Case": "none"}
    unwritten = case({"pkg/cache.py": CACHE.replace("json.dump(release, f)", "pass")})
    assert unwritten.verdicts == {"Box": "wire", "Jewel Case": "wire"}  # a file written outside


def test_a_display_built_in_code_returned_produces() -> None:
    """`-> Release` returning a dict display: `Box` produced, `Jewel Case` still an error."""
    assert case({"pkg/make.py": BUILT}).verdicts == {"Box": "producer", "Jewel Case": "none"}


def test_helpers_calling_helpers_are_searched_once_per_helper_and_depth() -> None:
    """Methods each returning every other's result: a search without its answers kept would follow
    `methods ** DEPTH` paths; each helper is searched at most once per depth (`Chains`), and the
    last method's decoded return is still found through five others."""
    import ast

    from type_equiv.producers.doors.origins import body_sources
    from type_equiv.producers.doors.returns import DEPTH, RESPONSE_DECODER, Chains, decoded_returns
    from type_equiv.producers.syntax.syntax import Scope

    count = 12
    methods = "".join(
        f"    def m{i}(self, x) -> Release:\n"
        + "".join(f"        if x == {j}:\n            return self.m{j}(x)\n" for j in range(i + 1, count))
        + ("        return requests.get(x).json()\n" if i == count - 1 else "        return None\n")
        for i in range(count))
    tree = ast.parse(f"import requests\n\n\nclass Client:\n{methods}")
    cls = tree.body[1]
    assert isinstance(cls, ast.ClassDef)
    chains = Chains(lambda body: body_sources(body, RESPONSE_DECODER))
    found = []
    for method in cls.body:
        assert isinstance(method, ast.FunctionDef)
        scope = Scope(owner=f"m.Client.{method.name}", returns=("m.Release",), method_of="m.Client",
                      body=method.body, class_body=cls.body)
        for node in ast.walk(method):
            if isinstance(node, ast.Return):
                found.extend(site.detail for site in decoded_returns(node, scope, tree.body, chains))
    assert len(chains.chains) <= count * (DEPTH + 1)
    assert "json() → m11() → m6() returns" in found  # within DEPTH helpers
    assert not any(d.startswith("json() → m11() → m10() → m9() → m8() → m7() → m6() → m5()")
                   for d in found)  # beyond it
