"""The `sync` tests' project: checks that may ask mypy start from the session's mypy cache."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest

from tests.conftest import Project


@pytest.fixture
def project(mypy_project: Project, seed_mypy: Callable[[Path], None]) -> Project:
    """Checks here may ask mypy: they share the session's cache folder (tests/conftest.py), and
    sync's own check (in the root's default cache folder) starts from a copy of mypy's cache."""
    seed_mypy(mypy_project.root)
    return mypy_project
