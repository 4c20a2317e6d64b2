"""WebKit, Apple's engine (Safari's), on a phone: Debian's WebKitGTK driven through W3C
WebDriver (its WebKitWebDriver) with selenium, as the chromium tests drive chromium.

WebKitGTK's browser (MiniBrowser) draws into a display and has no headless mode: it gets
an X server of its own in memory (Xvfb, which .ci/run installs), or the desktop's display
when there is no Xvfb. Full screen, it shows no toolbar, whose width would keep the window
wider than a phone. The driver's path is given, so selenium never looks for (or downloads)
a driver of its own.

Every WebDriver call is bounded: the client's HTTP timeout, and WebDriver's own page load
and script timeouts. A failed test's session is ended, and the next test starts a new one.
"""

from __future__ import annotations

import glob
import os
import select
import shutil
import subprocess
import tempfile

import pytest
from selenium import webdriver
from selenium.webdriver.remote.client_config import ClientConfig
from selenium.webdriver.remote.remote_connection import RemoteConnection
from selenium.webdriver.webkitgtk.service import Service

from tests.browser.conftest import PHONE

DRIVER = os.environ.get("WEBKIT_DRIVER", "/usr/bin/WebKitWebDriver")
# Where Debian (and other distributions) put WebKitGTK's own browser.
BROWSERS = ("/usr/lib/*/webkit2gtk-4.*/MiniBrowser", "/usr/libexec/webkit2gtk-4.*/MiniBrowser")
COMMAND_SECONDS = 60  # any one WebDriver call, a new session's included
PAGE_LOAD_SECONDS = 30
SCRIPT_SECONDS = 30
DISPLAY_SECONDS = 30  # for Xvfb to say which display it took


class Display:
    """An X server in memory, on a display number it picks itself (-displayfd)."""

    def __init__(self, xvfb: str):
        self.log = tempfile.TemporaryFile()
        read, write = os.pipe()
        self.process = subprocess.Popen(
            [xvfb, "-displayfd", str(write), "-screen", "0", "1280x1024x24", "-nolisten", "tcp"],
            pass_fds=(write,),
            stdout=subprocess.DEVNULL,
            stderr=self.log,
        )
        os.close(write)
        try:
            number = self._number(read)
        finally:
            os.close(read)
        if not number:
            self.close()
            raise RuntimeError(f"Xvfb did not start: {self.said()}")
        self.name = f":{number}"

    @staticmethod
    def _number(read: int) -> str:
        said = b""
        while not said.endswith(b"\n"):
            if not select.select([read], [], [], DISPLAY_SECONDS)[0]:
                return ""
            chunk = os.read(read, 16)
            if not chunk:  # Xvfb ended
                return ""
            said += chunk
        return said.decode().strip()

    def said(self) -> str:
        self.log.seek(0)
        lines = self.log.read().decode(errors="replace").strip().splitlines()
        return lines[-1] if lines else "no message"

    def close(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait(timeout=10)
        self.log.close()


class WebKit:
    """The module's WebKit: a session started when a test needs one and the last is gone."""

    def __init__(self, driver: str, browser: str, environment: dict[str, str]):
        self.driver = driver
        self.browser = browser
        self.environment = environment
        self.session: webdriver.Remote | None = None
        self.first_window = ""

    def current(self) -> webdriver.Remote:
        if self.session is None:
            self.session = self._start()
        return self.session

    def _start(self) -> webdriver.Remote:
        service = Service(executable_path=self.driver, env=self.environment)
        service.start()
        options = webdriver.WebKitGTKOptions()
        options.binary_location = self.browser
        options.add_argument("--automation")  # what lets the driver steer it
        options.add_argument("--full-screen")
        session = None
        try:
            session = webdriver.Remote(
                command_executor=RemoteConnection(
                    client_config=ClientConfig(service.service_url, timeout=COMMAND_SECONDS)
                ),
                options=options,
            )
            session.set_page_load_timeout(PAGE_LOAD_SECONDS)
            session.set_script_timeout(SCRIPT_SECONDS)
            session.set_window_size(PHONE["width"], PHONE["height"])
            self.first_window = session.current_window_handle
        except Exception:
            self._end(session, service)
            raise
        self.service = service
        return session

    @staticmethod
    def _end(session: webdriver.Remote | None, service: Service) -> None:
        try:
            if session is not None:
                session.quit()
        except Exception:  # a browser that crashed or hangs: its driver is stopped all the same
            pass
        finally:
            service.stop()

    def discard(self) -> None:
        """End the running session and its driver; the next test starts a new one."""
        if self.session is not None:
            session, self.session = self.session, None
            self._end(session, self.service)

    def close(self) -> None:
        self.discard()


class Skipped:
    """Says why the WebKit (or Firefox) tests did not run, even without -rs, as conftest.py
    says it for chromium's. A plugin of its own: this module's import of conftest.py is not
    the copy whose hooks pytest calls."""

    name = "webkit-skipped"

    def __init__(self):
        self.reasons: set[str] = set()

    def pytest_terminal_summary(self, terminalreporter):
        for reason in sorted(self.reasons):
            terminalreporter.write_line(f"browser tests skipped: {reason}", yellow=True)


def skip(config: pytest.Config, reason: str):
    said = config.pluginmanager.get_plugin(Skipped.name)
    if said is None:
        said = Skipped()
        config.pluginmanager.register(said, Skipped.name)
    said.reasons.add(reason)
    pytest.skip(reason)


def _found_browser() -> str | None:
    for pattern in BROWSERS:
        found = sorted(glob.glob(pattern))
        if found:
            return found[-1]
    return None


@pytest.fixture(scope="module", name="webkit")
def webkit_session(pytestconfig):
    """WebKit at phone size, one per module; the module is skipped, with the reason, when
    it cannot run."""
    if not os.access(DRIVER, os.X_OK):
        skip(pytestconfig, f"WebKit: no WebKitWebDriver at {DRIVER} (Debian's webkit2gtk-driver)")
    browser = _found_browser()
    if not browser:
        skip(
            pytestconfig,
            f"WebKit: no MiniBrowser at {' nor '.join(BROWSERS)} (Debian's libwebkit2gtk)",
        )
    display = None
    environment = dict(os.environ)
    xvfb = shutil.which("Xvfb")
    if xvfb:
        try:
            display = Display(xvfb)
        except (OSError, RuntimeError) as exc:
            skip(pytestconfig, f"WebKit: {exc}")
        environment.update(DISPLAY=display.name, GDK_BACKEND="x11")
        environment.pop("WAYLAND_DISPLAY", None)
    elif not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        skip(
            pytestconfig, "WebKit: no display for WebKitGTK and no Xvfb to make one (Debian's xvfb)"
        )
    held = WebKit(DRIVER, browser, environment)
    try:
        held.current()
    except Exception as exc:  # any start failure means "no WebKit here", not a test failure
        held.close()
        if display:
            display.close()
        skip(pytestconfig, f"WebKit at {browser} could not be started: {str(exc).splitlines()[0]}")
    yield held
    held.close()
    if display:
        display.close()


@pytest.fixture(name="phone")
def webkit_phone(webkit, request):
    """The module's WebKit session, at phone size (a new one after a failed test)."""
    failed_before = request.session.testsfailed
    session = webkit.current()
    yield session
    if request.session.testsfailed > failed_before:
        webkit.discard()
    else:
        # What the test opened besides the first window goes; the first is the next test's.
        for handle in session.window_handles:
            if handle != webkit.first_window:
                session.switch_to.window(handle)
                session.close()
        session.switch_to.window(webkit.first_window)
