"""Firefox on a phone: Debian's firefox-esr, driven through Marionette, Firefox's own remote
protocol (the one geckodriver translates WebDriver into), with Mozilla's client for it,
marionette-driver. No geckodriver is needed (Debian has none, and fetching one at run time
is not done), nor any browser build of a test tool's own: Firefox itself serves Marionette.

Firefox runs headless. Its window is never narrower than 500 CSS pixels, so the "phone" is
500 wide (the narrowest Firefox gives) and 844 high, in kiosk mode (no toolbar).

`FirefoxPhone` gives the night's steps (webdriver_steps.py) the few calls of selenium's API
they make, so the same steps run on WebKit and Firefox. Every call is bounded: the client's
socket timeout, and WebDriver's page load and script timeouts.
"""

from __future__ import annotations

import os
import shutil

import pytest

from tests.browser.conftest import ARTIFACTS, PHONE
from tests.browser.webkit import COMMAND_SECONDS, PAGE_LOAD_SECONDS, SCRIPT_SECONDS, skip

FIREFOX = os.environ.get("FIREFOX", "/usr/bin/firefox-esr")
START_SECONDS = 60  # a cold start on a loaded 2-core machine
NARROWEST = 500  # Firefox's least window width, in CSS pixels
VIEWPORT = [max(PHONE["width"], NARROWEST), PHONE["height"]]
LOG = ARTIFACTS.parent / "firefox.log"  # what Firefox says, read after a failure


class Windows:
    """selenium's `switch_to`, for the two calls the steps make."""

    def __init__(self, marionette):
        self.marionette = marionette

    def new_window(self, kind: str) -> None:
        self.marionette.switch_to_window(self.marionette.open(type=kind)["handle"])

    def window(self, handle: str) -> None:
        self.marionette.switch_to_window(handle)


class FirefoxPhone:
    """A Marionette session with the calls of selenium's WebDriver the steps use; elements
    are Marionette's, whose calls have selenium's names already."""

    def __init__(self, marionette):
        self.marionette = marionette
        self.switch_to = Windows(marionette)

    def get(self, url: str) -> None:
        self.marionette.navigate(url)

    def refresh(self) -> None:
        self.marionette.refresh()

    def close(self) -> None:
        self.marionette.close()

    @property
    def current_window_handle(self) -> str:
        return self.marionette.current_window_handle

    def execute_script(self, script: str, *args):
        return self.marionette.execute_script(script, script_args=list(args))

    def find_element(self, by: str, value: str):
        return self.marionette.find_element(by, value)

    def find_elements(self, by: str, value: str):
        return self.marionette.find_elements(by, value)


class Firefox:
    """The module's Firefox: started when a test needs one and the last is gone."""

    def __init__(self, path: str):
        self.path = path
        self.marionette = None
        self.first_window = ""

    def current(self):
        if self.marionette is None:
            from marionette_driver.marionette import Marionette

            marionette = Marionette(
                bin=self.path,
                port=0,  # a free one
                headless=True,
                app_args=["--kiosk"],
                socket_timeout=COMMAND_SECONDS,
                startup_timeout=START_SECONDS,
                gecko_log=str(LOG),  # not the working folder's gecko.log, its default
            )
            try:
                marionette.start_session()
                marionette.timeout.page_load = PAGE_LOAD_SECONDS
                marionette.timeout.script = SCRIPT_SECONDS
                marionette.set_window_rect(width=PHONE["width"], height=PHONE["height"])
                self.first_window = marionette.current_window_handle
            except Exception:
                marionette.cleanup()
                raise
            self.marionette = marionette
        return self.marionette

    def discard(self) -> None:
        """Quit the running Firefox; the next test starts a new one."""
        if self.marionette is not None:
            marionette, self.marionette = self.marionette, None
            marionette.cleanup()

    def close(self) -> None:
        self.discard()


@pytest.fixture(scope="module", name="firefox")
def firefox_session(pytestconfig):
    """Firefox, one per module; the module is skipped, with the reason, when it cannot run."""
    try:
        import marionette_driver  # noqa: F401 (only whether it is installed)
    except ImportError as exc:
        skip(pytestconfig, f"Firefox: marionette-driver is not installed: {exc}")
    path = FIREFOX if os.access(FIREFOX, os.X_OK) else shutil.which("firefox")
    if not path:
        skip(pytestconfig, f"Firefox: no firefox at {FIREFOX} nor on PATH (Debian's firefox-esr)")
    held = Firefox(path)
    LOG.parent.mkdir(parents=True, exist_ok=True)
    try:
        held.current()
    except Exception as exc:  # any start failure means "no Firefox here", not a test failure
        held.close()
        skip(pytestconfig, f"Firefox at {path} could not be started: {str(exc).splitlines()[0]}")
    yield held
    held.close()


@pytest.fixture(name="phone")
def firefox_phone(firefox, request):
    """The module's Firefox (a new one after a failed test), as the steps drive it."""
    failed_before = request.session.testsfailed
    marionette = firefox.current()
    yield FirefoxPhone(marionette)
    if request.session.testsfailed > failed_before:
        firefox.discard()
    else:
        for handle in marionette.window_handles:
            if handle != firefox.first_window:
                marionette.switch_to_window(handle)
                marionette.close()
        marionette.switch_to_window(firefox.first_window)
