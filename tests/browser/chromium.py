"""One chromium per test module, and a new one for the test after a failed one.

Every Playwright call that takes a timeout gets one: the launch's, and the contexts'
defaults (conftest.py). A call with none (an evaluate, a new page, going offline) is
bounded by the test's own timeout (pytest-timeout, set in tests/conftest.py), which
Playwright's sync API turns into an exception at the call. Closing a context or the
browser takes none either, and chromium has left one unanswered in a whole-suite run:
a close is bounded here (`close`), by ending that chromium's process, whose id chromium
itself gave at launch. A failed test's chromium is closed whole, and the next test
launches a new one; so is one that crashed.
"""

from __future__ import annotations

import os
import shutil
import signal
import threading
import weakref
from collections.abc import Iterator
from contextlib import contextmanager

from playwright.sync_api import Browser, Playwright
from playwright.sync_api import Error as PlaywrightError

# Debian's headless build of chromium (chromium-headless-shell: Blink and V8 as in chromium,
# without the desktop browser around them), as Playwright's own headless chromium is, else
# Debian's chromium in its headless mode. The browser tests took 36% less CPU with the
# shell (521 core-seconds against 809 on two cores, 4 min 49 s against 7 min 4 s), every
# test passing on both; CHROMIUM names another.
CANDIDATES = ("chromium-headless-shell", "chromium")


def executable() -> str | None:
    """The chromium the browser tests launch: $CHROMIUM, else the first of CANDIDATES on
    PATH (or in /usr/bin); None when there is none."""
    if os.environ.get("CHROMIUM"):
        return os.environ["CHROMIUM"]
    for name in CANDIDATES:
        found = shutil.which(name) or shutil.which(name, path="/usr/bin")
        if found:
            return found
    return None


LAUNCH_TIMEOUT_MS = 60_000  # Playwright's 30 s default, doubled for a loaded 2-core machine
# Closing a context or a browser takes no timeout, and chromium has left one unanswered in
# a whole-suite run: past this, its process is ended and the close fails at once.
CLOSE_SECONDS = 30
# Each launched chromium's process id, as chromium itself says it (CDP's
# SystemInfo.getProcessInfo): the one process a close that hangs may end.
PROCESS: weakref.WeakKeyDictionary[Browser, int] = weakref.WeakKeyDictionary()


class Limit:
    """Whether a limit (killed_after) was reached, and chromium ended for it."""

    reached = False


@contextmanager
def killed_after(browser: Browser, seconds: float) -> Iterator[Limit]:
    """The block, with `browser`'s chromium ended if it has not finished within `seconds`:
    a Playwright call waiting on it then fails at once instead of waiting for ever."""
    limit, pid = Limit(), PROCESS.get(browser)

    def end() -> None:
        limit.reached = True
        try:
            os.kill(pid, signal.SIGKILL)
        except (ProcessLookupError, TypeError):  # gone already, or never known
            pass

    timer = threading.Timer(seconds, end)
    timer.daemon = True
    timer.start()
    try:
        yield limit
    finally:
        timer.cancel()


def close(closable, browser: Browser) -> None:
    """`closable.close()` (a context, or the browser), bounded: a chromium that does not
    answer within CLOSE_SECONDS is ended, and the next test launches a new one. A close
    that failed for that is no failure of the test, whose own checks had run."""
    with killed_after(browser, CLOSE_SECONDS) as limit:
        try:
            closable.close()
        except PlaywrightError:
            if not limit.reached:
                raise


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
            session = self.browser.new_browser_cdp_session()
            processes = session.send("SystemInfo.getProcessInfo")["processInfo"]
            session.detach()
            PROCESS[self.browser] = next(p["id"] for p in processes if p["type"] == "browser")
        return self.browser

    def discard(self) -> None:
        """Close the running chromium with every context it holds; the next test gets a
        new one."""
        if self.browser is not None:
            close(self.browser, self.browser)
            self.browser = None

    def close(self) -> None:
        self.discard()
        self.playwright.stop()
