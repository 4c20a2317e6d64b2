"""Showing a history entry's before/after as words, not raw data."""

from django import template

register = template.Library()


@register.filter
def facts(value) -> str:
    """{"level": 5, "books": 12} → "level 5, books 12"; signatures → "North-South: Ann"."""
    if not value:
        return ""
    if isinstance(value, dict) and "signatures" in value:
        return "signed by " + ", ".join(s["name"] for s in value["signatures"])
    if isinstance(value, dict):
        shown = []
        for key, item in value.items():
            if item is None or item is False or item == "":
                continue
            label = key.replace("_", " ")
            shown.append(label if item is True else f"{label} {item}")
        return ", ".join(shown)
    return str(value)
