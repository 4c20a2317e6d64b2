"""An Ascot round: a set number of deals, each player's score the sum of them."""

from __future__ import annotations

from collections.abc import Sequence

from ..base import HandScore, MatchResult, Ruling, add_points, counted, leader, tally_of
from ..ruleset import Ruleset


class MatchRules(Ruleset):
    """Where a round at one table stands after the hands scored so far."""

    def match_result(
        self,
        scores: Sequence[HandScore],
        table_size: int,
        options: dict,
        round_rulings: Sequence[Ruling] = (),
        names: Sequence[str] | None = None,
    ) -> MatchResult:
        """A set number of deals; each player's score is the sum of the deals."""
        self.check_round_rulings(round_rulings, table_size)
        planned = self.hands_in_round(table_size, options)
        hands = counted(scores)[:planned]
        totals = add_points(table_size, hands)
        tally = tally_of(table_size, hands)
        names = self.side_names(table_size, names)
        line = ", ".join(f"{name} {total}" for name, total in zip(names, totals, strict=True))
        if len(hands) < planned:
            return MatchResult(
                False,
                totals,
                None,
                hands_played=len(hands),
                explanation=f"{len(hands)} of {planned} deals played: {line}.",
                tally=tally,
            )
        winner = leader(totals)
        head = f"{names[winner]} wins" if winner is not None else "Tied for the highest"
        return MatchResult(
            True,
            totals,
            winner,
            hands_played=len(hands),
            explanation=f"{head} after {planned} deals: {line}.",
            tally=tally,
        )
