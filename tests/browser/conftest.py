"""A real chromium against the live server: the night as the director and the tables see it.

Playwright's sync API runs an event loop in the test's thread, and Django refuses ORM calls
from a thread with a running loop; the tests only talk to the database between browser
steps, never concurrently with them, so the check is switched off here.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from playwright.sync_api import expect

from plumbing import live
from tests.browser.chromium import Chromium, close, executable
from tests.browser.on_failure import report_pages

os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"

# What a page is waited on for: an action (a tap, a fill) and an assertion alike return as
# soon as the page is ready, and wait up to 20 s on a loaded machine (CI runs more workers
# than cores); Playwright's assertions wait 5 s unless told, which an Ascot preview missed
# once at four workers on two cores.
WAIT_MS = 20_000
expect.set_options(timeout=WAIT_MS)

ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "screenshots"
PHONE = {"width": 390, "height": 844}
LAPTOP = {"width": 1100, "height": 760}
PROJECTOR = {"width": 1280, "height": 720}


SKIPPED: set[str] = set()


def skip(reason: str):
    SKIPPED.add(reason)
    pytest.skip(reason)


def pytest_terminal_summary(terminalreporter):
    """Say why the browser tests did not run, even without -rs."""
    for reason in sorted(SKIPPED):
        terminalreporter.write_line(f"browser tests skipped: {reason}", yellow=True)


# The live pages asking every second, not every 5 to 15 (plumbing/live.py's EVERY), for a
# test that waits on page after page to show something by itself: each such wait is up to a
# poll long (a night through own links: 224 s for the four games, 122 s so). Not for a test
# of what a page does between polls, nor one counting them; how often each page asks is
# tested apart (tests/tables/test_live_pages.py).
QUICK_POLLS = live.Every(table_page=1, own_link=1, console=1, standings=1, projector=5)


@pytest.fixture
def quick_polls(monkeypatch):
    monkeypatch.setattr(live, "EVERY", QUICK_POLLS)


@pytest.fixture(scope="module")
def chromium():
    """Debian's headless chromium (chromium.executable), one per module; the module is
    skipped (with the reason) when it cannot run."""
    try:
        from playwright.sync_api import sync_playwright
    except ImportError as exc:  # pragma: no cover - playwright is in requirements.txt
        skip(f"playwright is not installed: {exc}")
    path = executable()
    if not path or not os.path.exists(path):
        skip(f"no chromium: {path or 'chromium-headless-shell nor chromium'} not found")
    held = Chromium(sync_playwright().start(), path, ARGS)
    try:
        held.current()
    except Exception as exc:  # any launch failure means "no browser here", not a test failure
        held.close()
        skip(f"chromium at {path} could not be launched: {str(exc).splitlines()[0]}")
    yield held
    held.close()


HELD = pytest.StashKey[Chromium]()


@pytest.fixture
def browser(chromium, request):
    """The module's chromium as it runs now (a new one after a failed test)."""
    request.node.stash[HELD] = chromium
    return chromium.current()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """A test that failed: what its pages showed, in the report (tests/browser/on_failure.py),
    unless it hung, when they cannot be asked. Then, in any phase, its chromium is closed
    before its contexts' teardown would wait on it, and the next test launches a new one."""
    report = yield
    if report.failed and report.when == "call" and not _timed_out(call):
        values = getattr(item, "funcargs", {}).values()
        report.sections.append(("what the pages showed", report_pages(item.nodeid, values)))
    if report.failed and HELD in item.stash:
        item.stash[HELD].discard()
    return report


def _timed_out(call) -> bool:
    """pytest-timeout's failure: the browser may be what hung."""
    return call.excinfo is not None and str(call.excinfo.value).startswith("Timeout")


class Shots:
    """Numbered screenshots of each step, in the order they were taken."""

    def __init__(self, folder: Path):
        self.folder = folder
        self.count = 0
        shutil.rmtree(folder, ignore_errors=True)
        folder.mkdir(parents=True, exist_ok=True)

    def __call__(self, page, name: str, *, full_page: bool = True) -> Path:
        self.count += 1
        path = self.folder / f"{self.count:02d}-{name}.png"
        page.screenshot(path=str(path), full_page=full_page)
        return path


@pytest.fixture
def shots(request):
    """Screenshots of one test module, e.g. test-artifacts/screenshots/night_kitty/01-login.png."""
    return Shots(ARTIFACTS / request.path.stem.removeprefix("test_"))


def opened(browser, live_server, **options):
    """A browser context whose pages fail the test if chromium refuses anything under the
    Content-Security-Policy (an inline script, a foreign source): the pages must work
    under it, not merely send it."""
    context = browser.new_context(base_url=live_server.url, **options)
    context.set_default_timeout(WAIT_MS)
    refused: list[str] = []

    def watch(page):
        page.on(
            "console",
            lambda message: (
                refused.append(f"{page.url}: {message.text}")
                if "Content Security Policy" in message.text or "Refused to" in message.text
                else None
            ),
        )

    context.on("page", watch)
    yield context
    if context.browser.is_connected():  # else closed with its chromium after a failure
        close(context, context.browser)
    assert not refused, "\n".join(refused)


@pytest.fixture
def director_context(browser, live_server):
    yield from opened(browser, live_server, viewport=LAPTOP)


@pytest.fixture
def phone_context(browser, live_server):
    """The scorer's phone: a separate browser with no login."""
    yield from opened(browser, live_server, viewport=PHONE, is_mobile=True, has_touch=True)


@pytest.fixture
def other_phone_context(browser, live_server):
    """Another side's phone at the same table, on its own link."""
    yield from opened(browser, live_server, viewport=PHONE, is_mobile=True, has_touch=True)


@pytest.fixture
def new_phone(browser, live_server):
    """Another player's phone each time it is called: a page in a browser context of its own
    (its own cookies, as each player's phone has). Several phones as pages of one context
    would be tabs of one window, and headless chromium takes a tap on a tab not in front a
    second or more late (page.bring_to_front() is what a phone passed round needs)."""
    made = []

    def phone():
        made.append(opened(browser, live_server, viewport=PHONE, is_mobile=True, has_touch=True))
        return next(made[-1]).new_page()

    yield phone
    for context in made:
        with pytest.raises(StopIteration):  # closed, and its pages refused nothing
            next(context)


@pytest.fixture
def projector_context(browser, live_server):
    """The room's screen: nobody logged in."""
    yield from opened(browser, live_server, viewport=PROJECTOR)
