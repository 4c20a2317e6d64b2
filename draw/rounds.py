"""Drawing, editing and publishing rounds: load plain records, call pairing, store.

Pairing itself is pure (the `pairing` package); this module is the draw manager: it
reads the standings and past meetings in a fixed number of queries, asks for a draw,
and stores it as tables and seats (tournament.draws).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from django.db import transaction

import pairing
from leaderboard.board import standings_for
from plumbing import signals
from scoring.entry import Actor
from scoring.results import results_for
from scoring.rulings import apply_departures
from tournament.draws import store_draw, stored_draw
from tournament.models import Bye, Entrant, Round, Table, Tournament


class RoundError(Exception):
    """Why a round cannot be drawn or changed, in words for the director."""


@dataclass
class DraftView:
    round: Round
    tables: list[tuple[Table, list[Entrant]]]
    byes: list[Entrant]
    errors: list[str]
    warnings: list[str]
    repeats: int = 0


def pairing_records(tournament: Tournament, active: list[Entrant]) -> list[pairing.Entrant]:
    """Everyone to pair, with rounds won, points and whom they have met."""
    rows, _ = standings_for(tournament)
    by_id = {row.entrant: row for row in rows}
    sat_out = Counter(
        Bye.objects.filter(round__tournament=tournament, round__playoff=False)
        .exclude(round__status=Round.Status.DRAFT)
        .values_list("entrant_id", flat=True)
    )
    records = []
    for entrant in active:
        row = by_id[entrant.pk]
        records.append(
            pairing.Entrant(
                id=entrant.pk,
                wins=row.wins if tournament.is_partnership else row.score,
                points=row.points if tournament.is_partnership else row.games_won,
                order=entrant.order,
                opponents=tuple(row.opponents),
                byes=row.byes or sat_out.get(entrant.pk, 0),
            )
        )
    return records


def sizes_allowed(tournament: Tournament) -> tuple[int, ...]:
    if tournament.is_partnership:
        return (2,)
    return tuple(s for s in tournament.ruleset.table_sizes)


@transaction.atomic
def draw_next_round(tournament: Tournament, seed: int | None = None) -> Round:
    """Make the next round's draft from the entrants checked in now."""
    tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
    if tournament.round_set.filter(playoff=True).exists():
        raise RoundError("The playoff has begun: no more regular rounds can be drawn.")
    rounds = list(tournament.round_set.filter(playoff=False))
    if any(r.status == Round.Status.DRAFT for r in rounds):
        raise RoundError("A draft is waiting: publish it or delete it first.")
    if rounds:
        last = rounds[-1]
        unfinished = [
            r.table.number
            for r in results_for(tournament, rounds=[last.number]).values()
            if not r.match.complete
        ]
        if unfinished:
            listed = ", ".join(str(n) for n in sorted(unfinished))
            raise RoundError(f"Round {last.number} is still being played at table(s) {listed}.")
    if len(rounds) >= tournament.rounds:
        raise RoundError(f"All {tournament.rounds} rounds have been drawn.")
    number = len(rounds) + 1
    active = list(tournament.entrants.filter(checked_in=True, withdrawn=False))
    records = pairing_records(tournament, active)
    rng = random.Random(seed)
    try:
        if tournament.is_partnership:
            draw = pairing.pair_teams(
                records, number, rng, random_first_round=tournament.first_round == "random"
            )
        else:
            draw = pairing.seat_players(
                records,
                number,
                rng,
                prefer_four=4 in tournament.ruleset.table_sizes,
                seed_by_standings=tournament.seed_by_standings,
            )
    except ValueError as exc:
        raise RoundError(str(exc)) from exc
    round_ = Round.objects.create(tournament=tournament, number=number)
    store_draw(round_, draw)
    return round_


def draft_view(round_: Round) -> DraftView:
    tournament = round_.tournament
    entrants = {e.pk: e for e in tournament.entrants.all()}
    draw = stored_draw(round_)
    errors: list[str] = []
    warnings: list[str] = []
    repeats = 0
    if round_.status == Round.Status.DRAFT:
        seated = [i for t in draw.tables for i in t] + list(draw.byes)
        must = [e for e in entrants.values() if e.active or e.pk in seated]
        records = pairing_records(tournament, must)
        errors, warnings = pairing.check_draw(
            draw,
            records,
            partnership=tournament.is_partnership,
            sizes_allowed=sizes_allowed(tournament),
            names={i: e.name for i, e in entrants.items()},
        )
        repeats = pairing.repeated_pairs(draw.tables, records)
        for i in seated:
            if i in entrants and not entrants[i].active:
                errors.append(f"{entrants[i].name} is no longer checked in.")
    tables = list(round_.tables.all())
    by_number = dict(enumerate(draw.tables, start=1))
    return DraftView(
        round=round_,
        tables=[(t, [entrants[i] for i in by_number.get(t.number, ())]) for t in tables],
        byes=[entrants[i] for i in draw.byes],
        errors=errors,
        warnings=warnings,
        repeats=repeats,
    )


def _edit(round_: Round, change) -> list[str]:
    if round_.status != Round.Status.DRAFT:
        raise RoundError("Only a draft can be changed; this round is published.")
    draw = stored_draw(round_)
    try:
        edited = change(draw)
    except ValueError as exc:
        raise RoundError(str(exc)) from exc
    with transaction.atomic():
        store_draw(round_, edited)
    return draft_view(round_).warnings


def swap_entrants(round_: Round, a: int, b: int) -> list[str]:
    return _edit(round_, lambda draw: pairing.swap(draw, a, b))


def move_entrant(round_: Round, entrant: int, table_number: int) -> list[str]:
    """Move one entrant; refused when it leaves a table the game cannot play."""
    tournament = round_.tournament
    sizes = sizes_allowed(tournament)
    unit = "teams" if tournament.is_partnership else "players"

    def change(draw: pairing.Draw) -> pairing.Draw:
        moved = pairing.move(draw, entrant, table_number)
        for number, table in enumerate(moved.tables, start=1):
            if table and len(table) not in sizes:
                raise ValueError(
                    f"That would leave table {number} with {len(table)} {unit}; "
                    "swap two entrants instead."
                )
        return moved

    return _edit(round_, change)


def publish(round_: Round) -> None:
    view = draft_view(round_)
    if view.errors:
        raise RoundError("Fix the draft first: " + " ".join(view.errors))
    with transaction.atomic():
        # The clock is not started here: the director starts it on the console when play
        # begins, since players need a while to find their tables after publishing.
        round_.status = Round.Status.PUBLISHED
        round_.save(update_fields=["status"])
        apply_departures(round_, Actor(label="Automatic: a team left"))
        signals.send_on_commit(signals.round_published, sender=Round, round=round_)
    Tournament.objects.filter(pk=round_.tournament_id, status=Tournament.Status.SETUP).update(
        status=Tournament.Status.RUNNING
    )


def delete_draft(round_: Round) -> None:
    if round_.status != Round.Status.DRAFT:
        raise RoundError("Only a draft can be deleted.")
    round_.delete()
