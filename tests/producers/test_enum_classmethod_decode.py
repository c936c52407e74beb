"""`cls(value)` in a classmethod of the enum, given data, is `Kind(value)` (principle 5): where
production code calls the classmethod, it decodes the data into a member — a door (principle 1), as
the same call spelled outside the enum is. One real temporary project."""

from __future__ import annotations

from tests.harness import producer_case

TAG = """
import enum
import os


class AssetTag(enum.Enum):
    AZURE = "7783-7084"

    @classmethod
    def query_system(cls):
        raw = os.environ.get("ASSET_TAG")
        try:
            return cls(raw)
        except ValueError:
            return None
"""


def test_a_classmethod_decoding_data_is_a_door_where_it_runs() -> None:
    files = {"pkg/__init__.py": "", "pkg/tag.py": TAG, "pkg/detect.py": """
        from pkg.tag import AssetTag


        def detect() -> bool:
            tag = AssetTag.query_system()
            return tag is not None
    """}
    assert dict(producer_case(source=files, symbol="pkg.tag.AssetTag").verdicts) == {"AZURE": "wire"}
