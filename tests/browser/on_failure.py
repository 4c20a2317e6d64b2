"""What a failed browser test's pages showed when it failed: each open page's address and
text in the failure's report, and a screenshot of each under test-artifacts/failures/, so
that a red run says what the user would have seen without running it again.

Every call is bounded (a page that does not answer within a few seconds is passed over),
and nothing here can fail the test a second time: what cannot be read is said so."""

from __future__ import annotations

import re
from pathlib import Path

from playwright.sync_api import Browser, BrowserContext, Page

FOLDER = Path(__file__).resolve().parents[2] / "test-artifacts" / "failures"
WAIT_MS = 5_000
TEXT_LIMIT = 3_000  # characters of each page's text in the report


def pages_of(values) -> list:
    """The open pages among a test's fixtures' values: Playwright's (a page, a context's, a
    browser's), a WebDriver session (WebKit) or a Marionette phone (Firefox)."""
    found: list = []
    for value in values:
        if isinstance(value, Page):
            found.append(value)
        elif isinstance(value, BrowserContext):
            found += value.pages
        elif isinstance(value, Browser) and value.is_connected():
            found += [page for context in value.contexts for page in context.pages]
        elif hasattr(value, "get_screenshot_as_png") or hasattr(value, "marionette"):
            found.append(value)
    unique: list = []
    for page in found:
        if not any(page is seen for seen in unique):
            unique.append(page)
    return unique


def shown(page, path: Path) -> tuple[str, str]:
    """The page's address and text; its screenshot written to `path`."""
    if isinstance(page, Page):
        if page.is_closed():
            return "(closed)", ""
        page.screenshot(path=str(path), timeout=WAIT_MS)
        return page.url, page.inner_text("body", timeout=WAIT_MS)
    if hasattr(page, "marionette"):  # Firefox: Marionette's own calls
        marionette = page.marionette
        path.write_bytes(marionette.screenshot(format="binary"))
        return marionette.get_url(), marionette.find_element("tag name", "body").text
    path.write_bytes(page.get_screenshot_as_png())  # WebKit: selenium's WebDriver
    return page.current_url, page.find_element("tag name", "body").text


def report_pages(nodeid: str, values) -> str:
    """The report's section: each page's address, screenshot path and text."""
    FOLDER.mkdir(parents=True, exist_ok=True)
    stem = re.sub(r"[^A-Za-z0-9_.-]+", "-", nodeid.split("/")[-1]).strip("-")[:120]
    lines: list[str] = []
    for number, page in enumerate(pages_of(values), 1):
        path = FOLDER / f"{stem}-{number}.png"
        path.unlink(missing_ok=True)  # an earlier run's, which this page may not replace
        try:
            url, text = shown(page, path)
        except Exception as exc:  # a page gone with the failure: say so, go on
            lines.append(f"page {number}: could not be read ({type(exc).__name__}: {exc})")
            continue
        text = text.strip()
        if len(text) > TEXT_LIMIT:
            text = text[:TEXT_LIMIT] + " …"
        shot = [f"screenshot: {path}"] if path.exists() else []
        lines += [f"page {number}: {url}", *shot, text, ""]
    return "\n".join(lines) or "no page was open"
