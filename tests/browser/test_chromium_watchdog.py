"""A call chromium never answers fails its test in seconds, not never, and the test runs
once more with a new chromium (tests/browser/chromium.py). The hang is made on purpose: a
script whose promise never settles, which Playwright's evaluate waits for without a
timeout of its own."""

from __future__ import annotations

import asyncio
import time

import pytest

from tests.browser import chromium as watchdog
from tests.browser.chromium import HUNG, processes_with

NEVER = "() => new Promise(() => {})"
first_tries: list[str] = []


@pytest.fixture
def short_limit(monkeypatch):
    monkeypatch.setattr(watchdog, "CALL_LIMIT", 1)


def test_an_unanswered_call_fails_and_the_next_gets_a_new_chromium(chromium, short_limit):
    hung = chromium.current()
    hung_tag = chromium.tag
    assert processes_with(hung_tag), "no process found for the launched chromium"
    page = hung.new_page()
    started = time.monotonic()
    with pytest.raises(asyncio.CancelledError, match=HUNG):
        page.evaluate(NEVER)
    assert time.monotonic() - started < 30  # the limit, one look every 5 s, a busy machine
    end = time.monotonic() + 10  # killed at once; ended once the kernel has torn it down
    while processes_with(hung_tag) and time.monotonic() < end:
        time.sleep(0.1)
    assert processes_with(hung_tag) == [], "the hung chromium was not killed"
    fresh = chromium.current()
    assert fresh is not hung
    assert fresh.new_page().evaluate("() => 6 * 7") == 42


def test_a_test_failed_by_a_hang_runs_once_more(browser, short_limit, request):
    """Fails at once if the first try is not run again, or if the watchdog never fires."""
    if not first_tries:
        first_tries.append(request.node.nodeid)
        browser.new_page().evaluate(NEVER)  # cancelled by the watchdog: the test fails
        pytest.fail("the call that never ends returned")
    assert first_tries == [request.node.nodeid]
    assert browser.is_connected() and browser.new_page().evaluate("() => 6 * 7") == 42
