"""The public corpus beside the repository (``../shared/corpus``), of which some tests read a
slice: one place that says where it is and what a test does without it.

Where it is missing, those tests skip and say so. With ``NONOGEN_REQUIRE_SHARED=1`` they run
anyway and fail on the missing files: ``.ci/run`` sets it whenever ``../shared`` is there, so a
corpus that is there but incomplete fails the gate instead of skipping quietly.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

CORPUS = Path(__file__).resolve().parents[2] / "shared" / "corpus"
REQUIRED = os.environ.get("NONOGEN_REQUIRE_SHARED") == "1"


def needs(path: Path) -> pytest.MarkDecorator:
    """Skip the test where ``path`` (in ``../shared``) is missing, unless it is required."""
    return pytest.mark.skipif(
        not path.exists() and not REQUIRED,
        reason=f"{path} is missing (../shared: the public corpus beside the repository)",
    )


def require(path: Path) -> Path:
    """``path``, inside a test: skip where it is missing, fail if it is required."""
    if not path.exists():
        if REQUIRED:
            pytest.fail(f"{path} is missing and NONOGEN_REQUIRE_SHARED=1 requires it")
        pytest.skip(f"{path} is missing (../shared: the public corpus beside the repository)")
    return path
