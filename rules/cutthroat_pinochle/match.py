"""A Cut Throat Pinochle game: the chips each player wins or pays, as the bank allows (Scoring)."""

from __future__ import annotations

from collections.abc import Sequence

from ..base import (
    HandScore,
    HandTally,
    MatchResult,
    Ruling,
    add_points,
    count,
    counted,
    leader,
    signed,
)
from ..ruleset import Ruleset


class MatchRules(Ruleset):
    """Where a round at one table stands after the hands scored so far."""

    def settle(
        self, score: HandScore, chips: Sequence[int], kitty: int, names: Sequence[str]
    ) -> tuple[tuple[int, ...], int, list[int], list[str]]:
        """The hand's payments as the bank allows them: (each player's chip change, the
        kitty's change, the players who could not pay in full, notes in words).

        A debtor pays only the chips they have; the kitty pays only what it holds
        (rules-decisions: "a player who cannot pay is out of that game"). A bidder who
        owes several pays the players from their left first and the kitty last.
        """
        sides = len(chips)
        bidder = score.declarer
        if bidder is None:  # a void hand: nothing changes hands
            return (0,) * sides, 0, [], []
        change = [0] * sides
        kitty_change = 0
        short: list[int] = []
        notes: list[str] = []
        order = [(bidder + step) % sides for step in range(1, sides)]
        if score.points[bidder] >= 0:  # the others (and maybe the kitty) pay the bidder
            for seat in order:
                owed = -score.points[seat]
                paid = min(owed, chips[seat])
                change[seat] -= paid
                change[bidder] += paid
                if paid < owed:
                    short.append(seat)
                    notes.append(
                        f"{names[seat]} had only {count(chips[seat], 'chip')}: "
                        f"paid {paid} of {owed}"
                    )
            owed = -score.kitty
            paid = min(owed, kitty)
            kitty_change -= paid
            change[bidder] += paid
            if paid < owed:
                notes.append(f"the kitty held only {kitty}: paid {paid} of {owed}")
        else:  # the bidder pays the others, then the kitty
            left = chips[bidder]
            debts = [(seat, score.points[seat]) for seat in order] + [(None, score.kitty)]
            for creditor, owed in debts:
                paid = min(owed, left)
                left -= paid
                change[bidder] -= paid
                if creditor is None:
                    kitty_change += paid
                else:
                    change[creditor] += paid
            total = -score.points[bidder]
            if chips[bidder] < total:
                short.append(bidder)
                notes.append(
                    f"{names[bidder]} had only {count(chips[bidder], 'chip')}: "
                    f"paid {chips[bidder]} of {total}"
                )
        return tuple(change), kitty_change, short, notes

    def match_result(
        self,
        scores: Sequence[HandScore],
        table_size: int,
        options: dict,
        round_rulings: Sequence[Ruling] = (),
        names: Sequence[str] | None = None,
    ) -> MatchResult:
        """Over after the set number of hands, or at the end of the hand in which a player
        cannot pay ("If they are out of chips and can't pay off a bid, the game will end")."""
        opts = self.resolve_options(options)
        self.check_round_rulings(round_rulings, table_size)
        names = self.side_names(table_size, names)
        planned = opts["hands"]
        chips = [opts["starting_chips"] - opts["kitty_ante"]] * table_size
        kitty = opts["kitty_ante"] * table_size
        totals = (0,) * table_size
        tally: list[HandTally] = []
        for score in counted(scores)[:planned]:
            change, kitty_change, short, notes = self.settle(score, chips, kitty, names)
            chips = [have + delta for have, delta in zip(chips, change, strict=True)]
            kitty += kitty_change
            totals = add_points(table_size, [HandScore(totals), HandScore(change)])
            tally.append(HandTally(points=change, running=totals, note="; ".join(notes)))
            if short:
                winner = leader(totals)
                who = " and ".join(names[seat] for seat in short)
                return MatchResult(
                    True,
                    totals,
                    winner,
                    hands_played=len(tally),
                    explanation=f"{who} cannot pay and is out: game over after hand "
                    f"{len(tally)}; "
                    + (f"{names[winner]} wins." if winner is not None else "tied for the most.")
                    + f" Kitty {count(kitty, 'chip')}.",
                    tally=tuple(tally),
                )
        line = ", ".join(
            f"{name} {signed(total)}" for name, total in zip(names, totals, strict=True)
        )
        if len(tally) < planned:
            return MatchResult(
                False,
                totals,
                None,
                hands_played=len(tally),
                explanation=f"{len(tally)} of {planned} hands played: {line}; "
                f"kitty {count(kitty, 'chip')}.",
                tally=tuple(tally),
            )
        winner = leader(totals)
        head = f"{names[winner]} wins" if winner is not None else "Tied for the most"
        return MatchResult(
            True,
            totals,
            winner,
            hands_played=len(tally),
            explanation=f"{head} after {count(planned, 'hand')}: {line}; "
            f"kitty {count(kitty, 'chip')}.",
            tally=tuple(tally),
        )
