"""Fixtures the browser tests share: the service on a loopback port, Debian's chromium, and a
fresh desktop page (modules with a ``server`` fixture of their own keep theirs).

Every module here marks its tests ``browser`` (``pytestmark``), so that
``pytest -m "not browser"`` leaves them out.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

pytest.register_assert_rewrite("tests.browser.browsing")

from playwright.sync_api import Browser, Page  # noqa: E402

from tests.browser.browsing import chromium, new_page, served  # noqa: E402


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
