"""axe-core's checks on the page a browser shows: what stops a reader using a screen reader,
a keyboard or a zoomed screen (an unnamed control, a repeated id, text too faint).

axe-core itself comes with the axe-playwright-python package (pinned in pyproject.toml's
`test` extra), which puts it in the page and runs it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import Page

# axe-core's impacts, mildest first; the two last fail a test.
IMPACTS = ("minor", "moderate", "serious", "critical")
FAILING = {"serious", "critical"}
# Every rule axe-core runs by default, and three it leaves off: a tap target smaller than
# 24 px (WCAG 2.2's 2.5.8) and a repeated id (a label or a described-by that points at
# two elements reads the first one's words for both).
OPTIONS = {
    "resultTypes": ["violations"],
    "rules": {
        rule: {"enabled": True} for rule in ("target-size", "duplicate-id", "duplicate-id-active")
    },
}


@dataclass(frozen=True)
class Finding:
    """One element that breaks one of axe-core's rules, on one page."""

    rule: str
    impact: str
    target: str  # its CSS selector (in a frame: each frame's, joined by " >> "), or its markup
    url: str
    help: str

    def __str__(self) -> str:
        return f"{self.rule} ({self.impact}) at {self.target} on {self.url}: {self.help}"


def findings(page: Page) -> list[Finding]:
    """Every element on the page that breaks one of axe-core's rules, with every folded part
    (a <details>: "Dispute it", "Correct it") opened as a reader would, so its form is seen."""
    page.locator("details:not([open]) > summary").evaluate_all(
        "summaries => summaries.forEach(s => { s.parentElement.open = true; })"
    )
    violations = Axe().run(page, options=OPTIONS).response["violations"]
    found = [
        Finding(
            rule=rule["id"],
            impact=node.get("impact") or rule["impact"] or "minor",
            target=" >> ".join(map(str, node["target"])),
            url=page.url,
            help=rule["help"],
        )
        for rule in violations
        for node in rule["nodes"]
    ]
    # A label pointing at no input names nothing; axe-core looks only at the inputs.
    for target in page.locator('label[for=""]').all():
        html = target.evaluate("label => label.outerHTML")
        found.append(
            Finding("empty-label-for", "serious", html, page.url, "A label's for is empty")
        )
    return found


def failing(found: list[Finding]) -> list[Finding]:
    """The findings that fail a test: serious and critical ones, and any repeated id (axe-core
    rates it minor, but then a label names, or a message describes, the wrong input)."""
    return [f for f in found if f.impact in FAILING or f.rule == "duplicate-id"]


def by_impact(found: list[Finding]) -> dict[str, Counter]:
    """For each impact, how many elements break each rule."""
    counts: dict[str, Counter] = {impact: Counter() for impact in IMPACTS}
    for f in found:
        counts.setdefault(f.impact, Counter())[f.rule] += 1
    return counts
