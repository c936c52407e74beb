"""Fixtures the drift tests share."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def mypy_cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One type-equiv cache (mypy's in its `mypy/`) for the session: typeshed and pydantic are
    analysed once, by whichever table runs first (test_judges.py, test_spec_table.py)."""
    return tmp_path_factory.mktemp("type-equiv-cache")
