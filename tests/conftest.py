"""What every tier of the tests shares: the hypothesis profiles. ``ci`` (what ``.ci/run`` sets
through ``HYPOTHESIS_PROFILE``) draws the same examples on every run, ``dev`` (the default) new
ones each time, a fifth as many (20 a test, not 100): the loop is run often, and each run draws
new ones. A test that needs more says so per 100 (``tests.examples``).

The tiers are folders by surface: ``unit/`` (the library called directly), ``cli/`` (the
commands, in-process and as child processes), ``service/`` (the HTTP API, in-process and on a
loopback port), ``browser/`` (the web page in Debian's chromium; its fixtures live there) and
``fuzz/``. Tests that take half a second or more on a busy 2-core machine are marked ``slow``
and the browser's ``browser``, so ``pytest -n auto -m "not slow and not browser"`` is the
development loop (under a minute here).
Nothing here imports Playwright: the other tiers run without the browser stack.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True, max_examples=100)
settings.register_profile("dev", max_examples=20)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
