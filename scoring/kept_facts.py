"""The shape of what a table's history keeps as a change's before and after.

The app writes a hand's record (its facts by name, each a plain value), the signatures
a reopening took away, a side and its signer, with the sheet as every side signed it
(scoring.check_code), a ruling's effect or note. A backup file may hold anything: its
history is imported only in these shapes, and the pages read it in no other.
"""

from __future__ import annotations

from typing import Any

from . import check_code


def malformed(value: Any) -> str:
    """What is wrong with a kept before or after, in words; "" when it has a known shape."""
    if value is None:
        return ""
    if not isinstance(value, dict):
        return f"expected facts by name, not {type(value).__name__}"
    for key, item in value.items():
        if key == "signatures":
            if not isinstance(item, list) or not all(_signature(s) for s in item):
                return "signatures: expected a list of sides with their signers' names"
        elif key == "sheet":
            if not check_code.well_formed(item):
                return "sheet: not a signed sheet's content"
        elif item is not None and not isinstance(item, str | int | float | bool):
            return f"{key}: expected a plain value, not {type(item).__name__}"
    return ""


def _signature(item: Any) -> bool:
    return (
        isinstance(item, dict)
        and isinstance(item.get("name"), str)
        and isinstance(item.get("side"), int)
        and not isinstance(item["side"], bool)
    )
