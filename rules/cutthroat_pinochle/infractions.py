"""Cut Throat Pinochle's irregularities: the text names only the deal (The Deal)."""

from __future__ import annotations

from ..base import Infraction
from ..effects import Void

INFRACTIONS = (
    Infraction(
        code="misdeal",
        rule="The Deal",
        title="Misdeal",
        text="Each player receives 15 cards. [...] The dealer cannot change the starting "
        "number of cards dealt per player once established.",
        scope="hand",
        chooser="director",
        summary="The hand is void: no chips change hands, and the same dealer deals again.",
        does=Void(),
    ),
)
