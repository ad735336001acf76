"""Fixtures the browser tests share: the service on a loopback port, Debian's chromium, and a
fresh desktop page (modules with a ``server`` fixture of their own keep theirs); and the
hypothesis profiles: ``ci`` (what ``.ci/run`` sets through ``HYPOTHESIS_PROFILE``) draws the
same examples on every run, ``dev`` (the default) new ones each time."""

from __future__ import annotations

import os
from collections.abc import Iterator

import pytest
from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("dev")
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

pytest.register_assert_rewrite("tests.browsing")

from playwright.sync_api import Browser, Page  # noqa: E402

from tests.browsing import chromium, new_page, served  # noqa: E402


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    with served() as url:
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    with chromium() as launched:
        yield launched


@pytest.fixture
def page(browser: Browser) -> Iterator[Page]:
    with new_page(browser) as opened:
        yield opened
