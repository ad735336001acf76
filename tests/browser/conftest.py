"""Fixtures the browser tests share: the service on a loopback port, Debian's chromium, and a
fresh desktop page (modules with a ``server`` fixture of their own keep theirs).

Every test collected here is marked ``browser`` (and skipped where Debian's chromium is
missing) by ``pytest_collection_modifyitems`` below, so that ``pytest -m "not browser"`` leaves
them out and no module can forget the mark.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

pytest.register_assert_rewrite("tests.browser.browsing")

from playwright.sync_api import Browser, Page  # noqa: E402

from tests.browser.browsing import (  # noqa: E402
    chromium,
    new_page,
    served,
    skip_without_chromium,
)

HERE = Path(__file__).parent


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Every test of this folder is a browser test."""
    for item in items:
        if item.path.is_relative_to(HERE):
            item.add_marker(pytest.mark.browser)
            item.add_marker(skip_without_chromium)


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
