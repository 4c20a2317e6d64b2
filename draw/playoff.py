"""The playoff's writes: seed the cut, draw each bracket round, take the bracket back.

Which teams meet is pure (`pairing.playoff`); each round is stored like any other draw
(tournament.draws), published at once.
"""

from __future__ import annotations

from django.db import transaction

import pairing
from leaderboard.board import Counting, board, standings_for
from leaderboard.bracket import make_cut
from pairing import playoff
from scoring.models import Hand
from scoring.results import results_for
from tournament.draws import store_draw
from tournament.models import Round, Tournament


class PlayoffError(Exception):
    """Why the playoff cannot be made or moved on, in words for the director."""


def _store_round(tournament: Tournament, matches, number: int) -> Round:
    """A playoff round, published at once so the table links work (played like any other);
    the better seed sits first, North-South."""
    round_ = Round.objects.create(
        tournament=tournament,
        number=number,
        playoff=True,
        status=Round.Status.PUBLISHED,
    )
    draw = pairing.Draw(
        tables=tuple((m.high, m.low) for m in matches if not m.bye),
        byes=tuple(m.high for m in matches if m.bye),
    )
    store_draw(round_, draw)
    return round_


def _check_regular_rounds_over(tournament: Tournament) -> int:
    rounds = list(tournament.round_set.all())
    if any(r.playoff for r in rounds):
        raise PlayoffError("The playoff has already been drawn.")
    if any(r.status == Round.Status.DRAFT for r in rounds):
        raise PlayoffError("A draft round is waiting: publish it or delete it first.")
    if len(rounds) < tournament.rounds:
        raise PlayoffError(
            f"Only {len(rounds)} of {tournament.rounds} rounds have been played. To end the "
            "night early, lower the number of rounds in the settings."
        )
    unfinished = [
        f"{r.round.number}/{r.table.number}"
        for r in results_for(tournament).values()
        if not r.match.complete
    ]
    if unfinished:
        raise PlayoffError(
            "Every table must finish first; still playing (round/table): "
            + ", ".join(sorted(unfinished))
            + "."
        )
    return max((r.number for r in rounds), default=0)


@transaction.atomic
def create_playoff(tournament: Tournament, chosen: list[int] | None = None) -> Round:
    """Seed the top of the standings (as the director sees them) and draw the first round."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if not tournament.is_partnership:
        raise PlayoffError("The playoff bracket is for team games (6 Card Kitty).")
    if not tournament.playoff_size:
        raise PlayoffError("Choose how many teams advance first.")
    last = _check_regular_rounds_over(tournament)
    rows, entrants = standings_for(tournament)
    try:
        c = make_cut(tournament, rows, entrants)
        seeds = playoff.settle(c, chosen or [])
    except ValueError as exc:
        raise PlayoffError(str(exc)) from exc
    tournament.playoff_seeds = list(seeds)
    tournament.save(update_fields=["playoff_seeds"])
    return _store_round(tournament, playoff.first_round(seeds), last + 1)


@transaction.atomic
def draw_next_playoff_round(tournament: Tournament) -> Round:
    """The winners of neighbouring matches meet, once every match of the round is decided."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if not tournament.playoff_seeds:
        raise PlayoffError("There is no playoff yet.")
    b = board(tournament, Counting(only_signed=False)).bracket
    assert b is not None
    if b.champion is not None:
        raise PlayoffError(f"The playoff is over: {b.champion.name} won the final.")
    if not b.can_draw_next:
        waiting = [
            f"table {m.result.table.number}"
            for m in b.rounds[-1].matches
            if m.result is not None and m.winner is None
        ]
        raise PlayoffError(
            "Every playoff match must be decided first (a tie plays the one-hand tiebreaker "
            "of rule 6); still playing: " + ", ".join(waiting) + "."
        )
    last = tournament.round_set.order_by("-number").values_list("number", flat=True).first()
    return _store_round(tournament, [m.match for m in b.rounds[-1].matches], (last or 0) + 1)


@transaction.atomic
def undo_playoff(tournament: Tournament) -> None:
    """Take the bracket back (a wrong cut, say) while no playoff hand has been entered."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    rounds = tournament.round_set.filter(playoff=True)
    if Hand.objects.filter(table__round__in=rounds).exists():
        raise PlayoffError(
            "Hands have been entered in the playoff: it can no longer be taken back."
        )
    rounds.delete()
    tournament.playoff_seeds = []
    tournament.save(update_fields=["playoff_seeds"])
