"""One chromium per test module, and a new one for the test after a failed one.

Every Playwright call that takes a timeout gets one: the launch's, and the contexts'
defaults (conftest.py). A call with none (an evaluate, a context's close, a new page,
going offline) is bounded by the test's own timeout (pytest-timeout, set in
tests/conftest.py), which Playwright's sync API turns into an exception at the call,
its event loop kept for the next call. A failed test may have left chromium stuck, so
its contexts are not closed one by one (a close waits without end): the whole browser
is, which Playwright bounds itself (it kills a launched browser that does not close in
time), and the next test launches a new one. A chromium that crashed is replaced too.
"""

from __future__ import annotations

from playwright.sync_api import Browser, Playwright

LAUNCH_TIMEOUT_MS = 60_000  # Playwright's 30 s default, doubled for a loaded 2-core machine


class Chromium:
    """The module's chromium: launched when a test needs one and the last is gone."""

    def __init__(self, playwright: Playwright, path: str, args: list[str]):
        self.playwright = playwright
        self.path = path
        self.args = args
        self.browser: Browser | None = None

    def current(self) -> Browser:
        """The running chromium; a new one after a failed test or a crash."""
        if self.browser is None or not self.browser.is_connected():
            self.browser = self.playwright.chromium.launch(
                executable_path=self.path,
                headless=True,
                args=self.args,
                timeout=LAUNCH_TIMEOUT_MS,
            )
        return self.browser

    def discard(self) -> None:
        """Close the running chromium with every context it holds; the next test gets a
        new one."""
        if self.browser is not None:
            self.browser.close()
            self.browser = None

    def close(self) -> None:
        self.discard()
        self.playwright.stop()
