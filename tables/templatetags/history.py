"""Showing a history entry: its before/after as words, not raw data, and the whole line."""

from django import template
from django.utils.html import conditional_escape as escape  # as format_html escapes
from django.utils.safestring import SafeString, mark_safe
from django.utils.timezone import template_localtime

register = template.Library()


@register.filter
def facts(value) -> str:
    """{"level": 5, "books": 12} → "level 5, books 12"; signatures → "North-South: Ann"."""
    if not value:
        return ""
    signatures = value.get("signatures") if isinstance(value, dict) else None
    if isinstance(signatures, list) and all(
        isinstance(s, dict) and isinstance(s.get("name"), str) for s in signatures
    ):
        return "signed by " + ", ".join(s["name"] for s in signatures)
    if isinstance(value, dict):
        shown = []
        for key, item in value.items():
            if item is None or item is False or item == "":
                continue
            label = key.replace("_", " ")
            shown.append(label if item is True else f"{label} {item}")
        return ", ".join(shown)
    return str(value)


@register.filter
def history_line(change) -> SafeString:
    """One entry of a table's history as its page lists it: when, who, what, on which
    hand, why, what it was and became (`was`/`now`: the facts in words, when the page
    worded them), and the check code of a signing. Built here with f-strings, not by
    template tags or format_html: every page of the table lists the whole history."""
    at = template_localtime(change.at).strftime("%H:%M:%S")  # the `time` filter's "H:i:s"
    line = f"<time>{at}</time> {escape(change.actor)}"
    if change.imported:
        line += ' <small class="muted">(imported)</small>'
    line += f": {escape(change.action)}"
    if change.hand:
        line += f" {escape(change.hand)}"
    if change.reason:
        line += f" — “{escape(change.reason)}”"
    if change.before:
        was = facts(getattr(change, "was", "") or change.before)
        line += f' <small class="muted">was: {escape(was)}</small>'
        if change.after:
            now = facts(getattr(change, "now", "") or change.after)
            line += f' <small class="muted">now: {escape(now)}</small>'
    if getattr(change, "code", ""):
        line += (
            ' <small class="muted">— final; check code '
            f'<span class="code">{escape(change.code)}</span></small>'
        )
    return mark_safe(line)
