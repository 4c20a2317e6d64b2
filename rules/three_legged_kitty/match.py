"""A 3 Legged Kitty game: over at the end of the hand in which anyone reaches the target
(Winning the Game).
"""

from __future__ import annotations

from collections.abc import Sequence

from ..base import HandScore, HandTally, MatchResult, Ruling, add_points, count, counted, leader
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
        """Over at the end of the hand in which anyone reaches the target (or at the hand
        limit); the highest wins, and a tie for the highest plays one more hand, whose points
        count like any other ("Winning the Game"; rules-decisions)."""
        opts = self.resolve_options(options)
        self.check_round_rulings(round_rulings, table_size)
        names = self.side_names(table_size, names)
        target, limit = opts["target"], opts["hand_limit"]
        totals = [0] * table_size
        played = 0
        tally: list[HandTally] = []
        for score in counted(scores):
            totals = list(add_points(table_size, [HandScore(tuple(totals)), score]))
            played += 1
            tally.append(HandTally(points=score.points, running=tuple(totals)))
            if max(totals) >= target or (limit and played >= limit):
                winner = leader(totals)
                if winner is not None:
                    return MatchResult(
                        complete=True,
                        totals=tuple(totals),
                        winner=winner,
                        hands_played=played,
                        explanation=f"{names[winner]} wins with {totals[winner]} after "
                        f"{count(played, 'hand')}.",
                        tally=tuple(tally),
                    )
        line = ", ".join(f"{name} {total}" for name, total in zip(names, totals, strict=True))
        over = played and (max(totals) >= target or (limit and played >= limit))
        if over:
            return MatchResult(
                complete=False,
                totals=tuple(totals),
                winner=None,
                hands_played=played,
                explanation=f"Tied for the highest ({line}): play one more hand; it counts "
                "like any other.",
                tally=tuple(tally),
            )
        # The game ends on the score, or at the hand limit when the night set one
        # (hand_limit), whichever comes first: the line says both.
        so_far = f"{played} of at most {count(limit, 'hand')}" if limit else count(played, "hand")
        return MatchResult(
            complete=False,
            totals=tuple(totals),
            winner=None,
            hands_played=played,
            explanation=f"{so_far} played, first to {target}: {line}.",
            tally=tuple(tally),
        )
