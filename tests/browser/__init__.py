"""The web page in a real browser: Playwright drives Debian's chromium (marked ``browser``)."""
