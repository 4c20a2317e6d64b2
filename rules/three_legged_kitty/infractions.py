"""3 Legged Kitty's irregularities: the text names only the deal (Initial Setup)."""

from __future__ import annotations

from ..base import Infraction
from ..effects import Void

INFRACTIONS = (
    Infraction(
        code="misdeal",
        rule="Initial Setup",
        title="Misdeal",
        text="Shuffle the cards, and deal 10 to each player. Set aside the rest, face down.",
        scope="hand",
        chooser="director",
        summary="The hand is void: no points, and the same dealer deals again.",
        does=Void(),
    ),
)
