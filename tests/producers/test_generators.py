"""A generator's `yield X` in a function annotated `-> Iterable[V]` (`Iterator[V]`, `Generator[V, S,
R]`, their async forms) hands X out as a value of V, as `return X` under `-> V` does (principle 5:
conda's `iter_info_components`). One real temporary project per case."""

from __future__ import annotations

from tests.harness import verdicts

MODE = """
from typing import Literal

Mode = Literal["base", "envs", "system", "detail"]
"""


def found(use: str) -> dict[str, str]:
    files = {"pkg/__init__.py": "", "pkg/mode.py": MODE, "pkg/use.py": use}
    return dict(verdicts(source=files, symbol="pkg.mode.Mode"))


def test_yield_under_each_generator_annotation_produces() -> None:
    """`Iterable[Mode]`, `Iterator["Mode"]`, `Generator[Mode, None, None]` and an async generator's
    `AsyncIterator[Mode]`: each yielded literal is produced; `detail`, only compared, is not."""
    assert found("""
        from collections.abc import AsyncIterator, Generator, Iterable, Iterator
        from pkg.mode import Mode

        def parts(flag: bool) -> Iterable[Mode]:
            if flag:
                yield "base"

        def more() -> Iterator["Mode"]:
            yield "envs"

        def gen() -> Generator[Mode, None, None]:
            sent = yield "system"
            print(sent)

        async def stream(part: Mode) -> AsyncIterator[str]:
            if part == "detail":
                yield "detail"
    """) == {"base": "producer", "envs": "producer", "system": "producer", "detail": "consumer"}


def test_yield_under_another_element_type_produces_nothing() -> None:
    """A generator of `str` (or unannotated) hands out strings, not modes; nor does the third
    argument of `Generator` (the return type) type what is yielded."""
    assert found("""
        from collections.abc import Generator, Iterator
        from pkg.mode import Mode

        def names() -> Iterator[str]:
            yield "base"

        def bare():
            yield "envs"

        def gen() -> Generator[str, None, Mode]:
            yield "system"
            return "detail"
    """) == {"base": "none", "envs": "none", "system": "none", "detail": "producer"}
