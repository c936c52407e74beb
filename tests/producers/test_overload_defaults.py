"""An overloaded function's implementation has the type its `@overload` signatures declare
(principle 5): a default the implementation gives a parameter the overloads annotate with the
vocabulary is a value of it, written or not on the implementation (`mode="r"`, or an inline
`Literal[...]` the overloads name). The overloads' own defaults still never count: only the
implementation's run."""

from __future__ import annotations

from tests.harness import verdicts_beside

KIND = """
import typing as t

FileType: t.TypeAlias = t.Literal["file", "dir", "pipe"]
"""

found = verdicts_beside("pkg/kinds.py", KIND, "pkg.kinds.FileType")


def test_an_untyped_implementation_default_takes_the_overloads_type() -> None:
    assert found("""
        import typing as t

        from pkg.kinds import FileType


        @t.overload
        def open_file(path: str, file_type: FileType = "file") -> str: ...
        @t.overload
        def open_file(path: bytes, file_type: FileType = "file") -> bytes: ...
        def open_file(path, file_type="dir"):
            return path
    """) == {"file": "none", "dir": "producer", "pipe": "none"}


def test_an_inline_literal_implementation_default_takes_the_overloads_type() -> None:
    assert found("""
        import typing as t

        from pkg.kinds import FileType


        @t.overload
        def open_file(path: str, file_type: FileType = "pipe") -> str: ...
        @t.overload
        def open_file(path: bytes, file_type: FileType = "pipe") -> bytes: ...
        def open_file(path, file_type: t.Literal["file", "dir", "pipe"] = "pipe"):
            return path
    """) == {"file": "none", "dir": "none", "pipe": "producer"}


def test_a_default_of_a_function_not_overloaded_stays_untyped() -> None:
    assert found("""
        import typing as t

        from pkg.kinds import FileType


        @t.overload
        def other(path: str, file_type: FileType = "file") -> str: ...
        @t.overload
        def other(path: bytes, file_type: FileType = "file") -> bytes: ...
        def other(path, file_type="file"):
            return path


        def open_file(path, file_type="dir"):
            return path
    """) == {"file": "producer", "dir": "none", "pipe": "none"}
