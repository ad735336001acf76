"""How many examples a property test draws, set by the hypothesis profile (``tests/conftest.py``).

A test that needs more (or fewer) examples than the profile's ``max_examples`` says how many it
draws per 100 of them: ``@settings(max_examples=examples(3000))`` draws 3000 under ``ci`` (what
``.ci/run`` sets: 100, derandomized) and 600 in the development loop (``dev``: 20, new examples
each run). So the profile, not the test, sets how thorough a run is.
"""

from __future__ import annotations

from hypothesis import settings

PER: int = 100
"""The profile ``max_examples`` a test's own count is written for (``ci``'s)."""


def examples(count: int) -> int:
    """``count`` examples per PER of the loaded profile's ``max_examples``, at least one."""
    loaded = settings.default
    assert loaded is not None, "tests/conftest.py loads a profile before any test module"
    return max(1, round(count * loaded.max_examples / PER))
