"""Shared test helpers: real project trees in temporary folders, and the real CLI run on them."""

from __future__ import annotations

import gc
import json
import os
import shutil
import signal
import textwrap
import warnings
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from type_equiv.cli import cli

REPO = Path(__file__).resolve().parent.parent

# A two-variant discriminated union: the vocabulary of the producer and cache tests.
TRIGGER_MODELS = """
from typing import Annotated, Literal
from pydantic import BaseModel, Field

class Alpha(BaseModel):
    kind: Literal["alpha"]
    x: int = 0

class Beta(BaseModel):
    kind: Literal["beta"]
    y: str = ""

Trigger = Annotated[Alpha | Beta, Field(discriminator="kind")]
"""


@dataclass
class Run:
    exit_code: int
    stdout: str
    stderr: str

    @property
    def json(self) -> Any:
        return json.loads(self.stdout)

    @property
    def findings(self) -> list[dict[str, Any]]:
        return list(self.json["findings"])

    def kinds(self) -> list[str]:
        return [f["kind"] for f in self.findings]


@dataclass
class Project:
    """A project tree on disk: write files, write a manifest, run `type-equiv` on it.

    `cache`: the type-equiv cache folder `check` uses unless told otherwise (`--cache-dir`,
    `--no-cache`); None for the default, `<root>/.type-equiv-cache`.
    """

    root: Path
    cache: Path | None = None

    def write(self, rel: str, text: str) -> Path:
        path = self.root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip("\n"), encoding="utf-8")
        return path

    def manifest(self, symbols: list[dict[str, Any]] | None = None, **keys: Any) -> Path:
        data: dict[str, Any] = {"version": 1, **keys}
        data["symbols"] = symbols if symbols is not None else []
        path = self.root / "manifest" / "type-equiv.manifest.json"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(data, indent=2), encoding="utf-8")
        return path

    def run(self, *args: str) -> Run:
        result = CliRunner().invoke(cli, [*args], catch_exceptions=False)
        return Run(result.exit_code, result.stdout, result.stderr)

    def check(self, *args: str, fmt: str = "json") -> Run:
        told = any(a in ("--no-cache", "--cache-dir") or a.startswith("--cache-dir=") for a in args)
        cache = ("--cache-dir", str(self.cache)) if self.cache is not None and not told else ()
        return self.run("check", "--root", str(self.root), "--format", fmt, *cache, *args)


# An enum on a project's own machinery (hikari's `hikari.internal.enums.Enum`): a base a metaclass
# builds, no standard-library enum; module `machinery` of `pkg` (tests/*/test_member_literals.py).
OWN_ENUM_MACHINERY = """
class _EnumMeta(type):
    def __call__(cls, value):
        return cls._value_to_member_map_[value]


class Enum(metaclass=_EnumMeta):
    pass
"""


GARBAGE_MB = 64  # a test that leaves the process this much larger runs a full collection after it


def resident_mb() -> float:
    """This process's resident memory now (Linux's /proc), or 0 where that is not known."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20
    except (OSError, ValueError, IndexError):
        return 0.0


@pytest.fixture(scope="session")
def _resident_after_collection() -> list[float]:
    return [resident_mb()]


@pytest.fixture(autouse=True)
def _collect_cycles(_resident_after_collection: list[float]) -> Iterator[None]:
    """A full cyclic collection after a test that grew the process by GARBAGE_MB or more.

    An in-process mypy build leaves a graph of cycles (60 to 130 MB) that only a full collection frees,
    and CPython runs one only when the objects promoted since the last outnumber a quarter of the
    old ones: over a session of hundreds of builds that left one process at 3.7 GB, most of it
    garbage. Collecting after every test would cost a full traversal each time; the resident size
    is a cheap sign that garbage piled up."""
    yield
    if resident_mb() - _resident_after_collection[0] >= GARBAGE_MB:
        gc.collect()
        _resident_after_collection[0] = resident_mb()


def interruptible() -> None:
    """`preexec_fn` of a child a test stops with Ctrl-C (SIGINT): SIGINT and SIGQUIT at their
    defaults, as a shell starts a command from a terminal, whatever this process has ignored."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGQUIT, signal.SIG_DFL)


def ignored_by_the_os(signum: int) -> bool:
    """Whether this process ignores `signum` below Python (Linux's /proc; False where unknown)."""
    try:
        with open("/proc/self/status", encoding="ascii") as status:
            mask = next(line.split()[1] for line in status if line.startswith("SigIgn:"))
    except (OSError, StopIteration, IndexError):
        return False
    return bool(int(mask, 16) >> (signum - 1) & 1)


@pytest.fixture(autouse=True)
def _interrupts_restored(request: pytest.FixtureRequest) -> Iterator[None]:
    """SIGINT and SIGQUIT as Python set them, after every test, with a warning naming the test.

    A process started by this one inherits what it ignores: once a test had left SIGINT ignored, the
    watcher and monitor tests started later ignored their Ctrl-C and timed out (seen after
    tests/cli/test_fuzz_hardening.py's writer-links run, not found in the tool's code or the tests')."""
    yield
    for signum in (signal.SIGINT, signal.SIGQUIT):
        handler = signal.getsignal(signum)
        if ignored_by_the_os(signum) and handler not in (signal.SIG_IGN, None):
            signal.signal(signum, handler)  # installs Python's handler again, below Python too
            warnings.warn(f"{request.node.nodeid} left {signal.Signals(signum).name} ignored; restored",
                          stacklevel=1)


@pytest.fixture
def project(tmp_path: Path) -> Project:
    return Project(tmp_path)


@pytest.fixture(scope="session")
def mypy_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One type-equiv cache folder (mypy's in its `mypy/`) for the session, or for each xdist worker
    (each has its own temporary folder): typeshed and pydantic are analysed once, by whichever test
    builds mypy first. Roots sharing a cache folder keep their stores apart (store/cache.py)."""
    return tmp_path_factory.mktemp("type-equiv-cache")


@pytest.fixture
def built_mypy_cache(tmp_path_factory: pytest.TempPathFactory, mypy_cache: Path) -> Path:
    """`mypy_cache` once it holds mypy's analysis of typeshed and pydantic: when no test built mypy
    into it yet, one small build does."""
    if not (mypy_cache / "mypy").is_dir():
        seed = Project(tmp_path_factory.mktemp("mypy-seed"), cache=mypy_cache)
        seed.write("src/pkg/__init__.py", "")
        seed.write("src/pkg/m.py", "from typing import List\nfrom pydantic import BaseModel\n\n"
                   "class M(BaseModel):\n    x: List[int]\n")
        seed.write("docs/m.md", paste("class M(BaseModel):\n    x: list[int]"))
        seed.manifest([{"symbol": "pkg.m.M", "docs": ["docs/m.md"]}], source=["src"])
        assert seed.check().json["summary"]["mypy_runs"] == 1
    return mypy_cache


@pytest.fixture
def cold_cache(tmp_path_factory: pytest.TempPathFactory, built_mypy_cache: Path) -> Callable[[], Path]:
    """A new type-equiv cache folder per call, for a baseline check that must not replay: it holds
    no store of type-equiv's, only a copy of mypy's cache from `mypy_cache`, so mypy analyses again
    only what it has not seen (mypy checks each cached module's size and hash itself), and typeshed
    and pydantic are not built from nothing on every call."""

    def fresh() -> Path:
        folder = tmp_path_factory.mktemp("cold-cache")
        shutil.copytree(built_mypy_cache / "mypy", folder / "mypy")
        return folder

    return fresh


@pytest.fixture
def seed_mypy(built_mypy_cache: Path) -> Callable[[Path], None]:
    """Give a root's default cache folder (`<root>/.type-equiv-cache`, what `sync` and a check
    without `--cache-dir` use, in this process or a child) a copy of mypy's cache from `mypy_cache`:
    its first mypy build then analyses the project's modules only, not typeshed and pydantic from
    nothing (5 to 15 s each). No store of type-equiv's is copied, so nothing can replay."""

    def seed(root: Path) -> None:
        target = root / ".type-equiv-cache" / "mypy"
        if not target.exists():
            shutil.copytree(built_mypy_cache / "mypy", target)

    return seed


@pytest.fixture
def mypy_project(tmp_path: Path, mypy_cache: Path) -> Project:
    """A project whose checks use the session's cache folder: a check that builds mypy reuses the
    analysis of typeshed and pydantic rather than building them from nothing."""
    return Project(tmp_path, cache=mypy_cache)


def paste(code: str, info: str = "python") -> str:
    """A Markdown doc holding one fenced block of `code`."""
    return f"# Doc\n\nSome prose.\n\n```{info}\n{textwrap.dedent(code).strip()}\n```\n"


def drain(controller: int) -> bytes:
    """Everything written to a pseudo-terminal (from `pty.openpty()`) until its other end closes."""
    chunks = []
    while True:
        try:
            chunk = os.read(controller, 65536)
        except OSError:  # EIO: the child closed the terminal
            break
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks)
