"""Shared fixtures and helpers for the test suite."""

from __future__ import annotations

from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[2] / "shared"
EXAMPLES = SHARED / "examples"


@pytest.fixture
def examples() -> Path:
    """The folder of public example records (``../shared/examples``)."""
    if not EXAMPLES.is_dir():
        pytest.skip("../shared/examples is not beside the repository")
    return EXAMPLES
