"""A browser call that never returns fails its own test at its timeout, and a crashed
chromium fails nothing more: the test after them gets a new chromium and an empty
database (after_a_hang.py, run here in a pytest of its own since its first test fails)."""

from __future__ import annotations

import os
import subprocess
import sys
import xml.etree.ElementTree as ElementTree
from pathlib import Path

import pytest
from playwright.sync_api import Error as PlaywrightError

from tests.browser.chromium import killed_after

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[2]
TESTS = Path(__file__).with_name("after_a_hang.py")


def outcomes(report: Path) -> dict[str, str]:
    """Each test's outcome in a JUnit XML report: passed, skipped, or its failure message."""
    found = {}
    for case in ElementTree.parse(report).iter("testcase"):
        failure = case.find("failure")
        if failure is None:
            failure = case.find("error")
        skipped = case.find("skipped")
        if failure is not None:
            found[case.get("name")] = failure.get("message", "failed")
        else:
            found[case.get("name")] = "skipped" if skipped is not None else "passed"
    return found


def test_a_hung_call_fails_its_test_alone_and_the_next_starts_afresh(tmp_path):
    report = tmp_path / "report.xml"
    # Not this run's worker nor test: the inner run is a pytest of its own.
    env = {k: v for k, v in os.environ.items() if not k.startswith("PYTEST_")}
    run = subprocess.run(
        [sys.executable, "-m", "pytest", str(TESTS), "-p", "no:xdist", "-p", "no:cacheprovider",
         "-q", f"--junitxml={report}"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )
    assert report.exists(), run.stdout[-3000:] + run.stderr[-3000:]
    found = outcomes(report)
    if set(found.values()) == {"skipped"}:
        pytest.skip("chromium cannot run here (the inner run skipped)")
    assert list(found) == [
        "test_a_call_never_answered",
        "test_chromium_crashes",
        "test_the_next_test_starts_afresh",
    ], run.stdout[-3000:]
    hung = found.pop("test_a_call_never_answered")
    assert hung.startswith("Failed: Timeout"), hung  # its own limit ended it, and it alone
    assert found == {
        "test_chromium_crashes": "passed",
        "test_the_next_test_starts_afresh": "passed",
    }


def test_a_chromium_that_answers_nothing_is_ended_at_the_limit(browser):
    """What bounds a context's close, which takes no timeout: past the limit the chromium's
    own process is ended, and the call waiting on it fails at once."""
    page = browser.new_context().new_page()
    with pytest.raises(PlaywrightError), killed_after(browser, 1) as limit:
        page.evaluate("() => new Promise(() => {})")  # waits for ever
    assert limit.reached and not browser.is_connected()
