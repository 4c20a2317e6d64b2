"""A season's ladder as its pages read it: the nights' public standings, loaded at once.

A season's nights are the club's published tournaments of the season's game dated from
its start to its end. Each night's places are its public standings (sheets signed by
every side), computed by the pure `standings` from each table's stored outcome, as the
night's own standings page does; the pure `league.ladder` turns places into points.
Every night's outcomes, entrants and byes load in one query each, whatever the number
of nights (a night with a table not stored yet is scored from its facts, as its own
standings page would).
"""

from __future__ import annotations

from dataclasses import dataclass

import standings
from club.models import Club, Player, Season
from leaderboard.board import tiebreak_order
from league import ladder as league
from scoring.outcomes import stored_outcomes_of
from tournament.models import Bye, Entrant, Round, Tournament


@dataclass(frozen=True)
class NightOfSeason:
    tournament: Tournament
    in_progress: bool
    signed: int  # tables signed by every side (regular rounds)
    tables: int
    unlinked: int  # players who played but are not linked to the register yet


@dataclass
class SeasonLadder:
    season: Season
    scheme: league.Scheme
    nights: list[NightOfSeason]
    rows: list[league.Row]
    players: dict[int, Player]
    progress: dict[int, list[int]]

    @property
    def in_progress(self) -> list[NightOfSeason]:
        return [n for n in self.nights if n.in_progress]

    @property
    def unlinked(self) -> int:
        return sum(n.unlinked for n in self.nights)


def scheme_of(club: Club) -> league.Scheme:
    """The club's points (checked by the settings form; a list spoiled elsewhere falls back
    to the default, so a page never fails on it)."""
    try:
        points = league.parse_points(club.ladder_points)
    except ValueError:
        default = Club._meta.get_field("ladder_points").default
        points = league.parse_points(default)
    return league.Scheme(points, club.ladder_played, club.ladder_best or None)


def season_nights(season: Season):
    return Tournament.objects.filter(
        club_id=season.club_id,
        game=season.game,
        published=True,
        date__gte=season.starts,
        date__lte=season.ends,
    ).order_by("date", "pk")


def season_ladder(season: Season) -> SeasonLadder:
    club = season.club
    scheme = scheme_of(club)
    tournaments = list(season_nights(season))
    ids = [t.pk for t in tournaments]
    tables = stored_outcomes_of(tournaments)
    entrants: dict[int, list[tuple]] = {pk: [] for pk in ids}
    for row in Entrant.objects.filter(tournament__in=ids).values_list(
        "tournament_id", "id", "withdrawn", "player1", "player2", "member1_id", "member2_id"
    ):
        entrants[row[0]].append(row[1:])
    byes: dict[int, list[standings.Bye]] = {pk: [] for pk in ids}
    for night, number, entrant in (
        Bye.objects.filter(round__tournament__in=ids, round__playoff=False)
        .exclude(round__status=Round.Status.DRAFT)
        .values_list("round__tournament_id", "round__number", "entrant_id")
    ):
        byes[night].append(standings.Bye(number, entrant))

    nights, finishes_by_night = [], []
    for tournament in tournaments:
        regular = [t for t in tables[tournament.pk] if not t.playoff]
        finishes, unlinked = _places(tournament, regular, entrants[tournament.pk], byes)
        finishes_by_night.append(league.Night(tournament.pk, finishes))
        signed = sum(1 for t in regular if t.final)
        rounds = len({t.round for t in regular})
        finished = tournament.status == Tournament.Status.FINISHED
        nights.append(
            NightOfSeason(
                tournament=tournament,
                in_progress=signed < len(regular) or (rounds < tournament.rounds and not finished),
                signed=signed,
                tables=len(regular),
                unlinked=unlinked,
            )
        )
    ids_played = {p for night in finishes_by_night for f in night.finishes for p in f.players}
    players = {p.pk: p for p in Player.objects.filter(pk__in=ids_played)}
    names = {pk: p.name for pk, p in players.items()}
    return SeasonLadder(
        season=season,
        scheme=scheme,
        nights=nights,
        rows=league.ladder(finishes_by_night, scheme, names),
        players=players,
        progress=league.progress(finishes_by_night, scheme),
    )


def _places(
    tournament: Tournament,
    regular: list,
    entrants: list[tuple],
    byes: dict[int, list[standings.Bye]],
) -> tuple[tuple[league.Finish, ...], int]:
    """The night's public standings as finishing places of those who played (a table
    signed, or a bye): places counted among them alone, ties sharing the better place."""
    signed = [t.outcome for t in regular if t.final]
    bye_points = tournament.bye_points
    night_byes = (
        [standings.Bye(b.round, b.entrant, bye_points) for b in byes[tournament.pk]]
        if tournament.is_partnership
        else []
    )
    rows = standings.compute(
        [e[0] for e in entrants],
        signed,
        night_byes,
        tiebreak_order(tournament),
        only_complete=True,
        withdrawn=[e[0] for e in entrants if e[1]],
    )
    members = {e[0]: tuple(m for m in e[4:] if m is not None) for e in entrants}
    # The players an entrant has: its typed names (a team's two), else the one player.
    expected = {e[0]: len([n for n in e[2:4] if n]) or 1 for e in entrants}
    finishes, unlinked, place, last_rank = [], 0, 0, None
    played = [r for r in rows if r.played]
    for position, row in enumerate(played, start=1):
        if row.rank != last_rank:
            place, last_rank = position, row.rank
        players = members[row.entrant]
        unlinked += max(0, expected[row.entrant] - len(players))
        if players:
            finishes.append(league.Finish(players, place))
    return tuple(finishes), unlinked
