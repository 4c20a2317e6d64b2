"""A 6 Card Kitty round: the most points after the hands wins, a tie plays one more (rule 6)."""

from __future__ import annotations

from collections.abc import Sequence

from ..base import HandScore, HandTally, MatchResult, Ruling, add_points, counted, leader, tally_of
from ..ruleset import Ruleset
from .infractions import RoundEffect
from .record import SIDES, score_line


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
        """Rule 6: after the round's hands the most points wins; a tie is settled by one more
        hand whose points do not count. Rules 7 and 41 end the round by forfeit."""
        opts = self.resolve_options(options)
        planned = opts["hands_per_round"]
        hands = counted(scores)
        regular = hands[:planned]
        totals = add_points(2, regular)
        tally = tally_of(2, regular) + tuple(
            HandTally(points=(0, 0), running=totals, tiebreaker=True) for _ in hands[planned:]
        )
        for ruling, infraction in self.check_round_rulings(round_rulings, table_size):
            offender = self.need_offender(ruling, infraction)
            effect = self.effect_of(infraction)
            assert isinstance(effect, RoundEffect)
            return effect.end_round(offender, totals, len(regular), tally, opts)
        if len(regular) < planned:
            return MatchResult(
                complete=False,
                totals=totals,
                winner=None,
                hands_played=len(regular),
                explanation=f"{len(regular)} of {planned} hands played: {score_line(totals)}.",
                tally=tally,
            )
        winner = leader(totals)
        if winner is not None:
            return MatchResult(
                complete=True,
                totals=totals,
                winner=winner,
                hands_played=len(regular),
                explanation=f"{SIDES[winner]} win the round, {score_line(totals)}.",
                tally=tally[:planned],
            )
        for played, tiebreaker in enumerate(hands[planned:], start=1):  # rule 6
            decider = leader(tiebreaker.points)
            if decider is not None:
                return MatchResult(
                    complete=True,
                    totals=totals,
                    winner=decider,
                    hands_played=len(regular) + played,
                    explanation=f"Tied {totals[0]}-{totals[1]}; {SIDES[decider]} win the "
                    "tiebreaker hand (its points do not count).",
                    tally=tally[: planned + played],
                )
        return MatchResult(
            complete=False,
            totals=totals,
            winner=None,
            needs_tiebreaker=True,
            hands_played=len(hands),
            explanation=f"Tied {totals[0]}-{totals[1]} after {planned} hands: play one "
            "tiebreaker hand (rule 6).",
            tally=tally,
        )

    def places(self, totals: Sequence[int], winner: int | None) -> tuple[int, ...]:
        """The round's winner first, the other team second, whatever the points: a tie on
        points is settled by the tiebreaker hand, whose points do not count (rule 6), and a
        forfeit gives the round to the opponents (rules 7, 41). No winner: level."""
        if winner is None:
            return (1,) * len(totals)
        return tuple(1 if side == winner else 2 for side in range(len(totals)))
