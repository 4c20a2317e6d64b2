"""The four games as pure Python, keyed by slug; the tournament layer asks here for a ruleset.

Nothing in this package imports Django: scores are derived from a hand's facts alone.
"""

from __future__ import annotations

from .ascot import Ascot
from .base import (
    Field,
    HandFacts,
    HandScore,
    HandTally,
    Infraction,
    InvalidHand,
    InvalidOptions,
    InvalidRuling,
    MatchResult,
    Option,
    Ruling,
)
from .cutthroat_pinochle import CutthroatPinochle
from .ruleset import Ruleset
from .six_card_kitty import SixCardKitty
from .three_legged_kitty import ThreeLeggedKitty

RULESETS: dict[str, Ruleset] = {
    ruleset.slug: ruleset
    for ruleset in (SixCardKitty(), ThreeLeggedKitty(), Ascot(), CutthroatPinochle())
}


def get_ruleset(slug: str) -> Ruleset:
    """The ruleset for a slug; KeyError names the known ones."""
    try:
        return RULESETS[slug]
    except KeyError:
        raise KeyError(f"No game {slug!r}; known: {', '.join(RULESETS)}.") from None


__all__ = [
    "RULESETS",
    "Field",
    "HandFacts",
    "HandScore",
    "HandTally",
    "Infraction",
    "InvalidHand",
    "InvalidOptions",
    "InvalidRuling",
    "MatchResult",
    "Option",
    "Ruleset",
    "Ruling",
    "get_ruleset",
]
