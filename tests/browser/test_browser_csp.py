"""The page's and the API docs' Content Security Policy in a real browser: nothing on them
breaks it (the headers themselves are tested in ``tests/service/test_headers.py``)."""

from __future__ import annotations

from nonogen.service.app import create_app
from nonogen.service.limits import Limits
from tests.browser.browsing import CHROMIUM
from tests.servers import serving


def test_no_page_breaks_its_policy_in_a_browser() -> None:
    from playwright.sync_api import sync_playwright  # noqa: PLC0415  (only with chromium)

    violations: list[str] = []
    with serving(create_app(Limits(pool="thread"))) as url, sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM)
        page = browser.new_page()
        page.on("console", lambda message: violations.append(message.text))
        page.on("pageerror", lambda error: violations.append(str(error)))
        page.goto(f"{url}/")
        for tab in ("edit", "play", "make"):
            page.get_by_test_id(f"tab-{tab}").click()
        page.goto(f"{url}/docs")
        page.locator(".opblock").first.wait_for()
        page.goto(f"{url}/redoc")
        page.locator("[data-section-id]").first.wait_for()
        browser.close()
    # ReDoc's logo comes from its CDN, which the docs' policy blocks on purpose.
    violations = [text for text in violations if "cdn.redoc.ly" not in text]
    assert not [text for text in violations if "Content Security Policy" in text], violations
