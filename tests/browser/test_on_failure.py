"""A failed browser test's report says what its pages showed (tests/browser/on_failure.py)."""

from __future__ import annotations

import pytest

from tests.browser.on_failure import report_pages

pytestmark = pytest.mark.browser


def test_the_report_gives_each_pages_address_text_and_screenshot(browser):
    context = browser.new_context()
    try:
        first, second = context.new_page(), context.new_page()
        first.set_content("<h1>Table 3</h1><p>Waiting for the other side to accept.</p>")
        second.set_content("<p>Round 2 is not published yet.</p>")
        said = report_pages("tests/browser/test_x.py::test_y[ascot]", [context, first])
    finally:
        context.close()
    assert "Waiting for the other side to accept." in said
    assert "Round 2 is not published yet." in said
    assert said.count("page 1: about:blank") == 1 and "page 3" not in said  # each page once
    shots = [line.removeprefix("screenshot: ") for line in said.splitlines() if "shot" in line]
    assert len(shots) == 2
    for number, shot in enumerate(shots, 1):
        assert shot.endswith(f"test_x.py-test_y-ascot-{number}.png")
    for shot in shots:
        with open(shot, "rb") as png:
            assert png.read(8) == b"\x89PNG\r\n\x1a\n"


def test_a_page_that_cannot_be_read_is_said_and_the_rest_still_reported(browser):
    context = browser.new_context()
    page = context.new_page()
    page.set_content("<p>Hand 4 accepted.</p>")
    gone = context.new_page()
    gone.close()
    try:
        said = report_pages("t::closed", [page, gone])
    finally:
        context.close()
    assert "Hand 4 accepted." in said and "page 2: (closed)" in said
    assert "t-closed-2.png" not in said  # no screenshot named for the page that had none
