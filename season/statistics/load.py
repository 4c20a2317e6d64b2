"""Loading what the statistics read: every counted hand of the public tables a player (or a
partnership) sat at, over all the club's published nights, in a fixed number of queries.

What counts is what the public standings count: a table of a published night in a round
made public, signed by every side (rule 40 and its like); of its hands, the accepted ones,
scored by the night's own ruleset and options from the stored facts (scoring.results, the
one place hands and rulings become scores). A hand's points are what the round counted
(a 6 Card Kitty tiebreaker counts none, a Pinochle player pays only the chips they have).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db.models import Q

from club.models import Club, Player
from league.statistics import (
    Statistics,
    TableHands,
    for_pair,
    for_player,
    partners,
    waiting_partners,
)
from rules import RULESETS, Ruleset
from scoring.results import TableResult, results_across
from tournament.models import Round, Table, Tournament


@dataclass
class GameTables:
    """One game's public tables where the players sat, as the statistics read them."""

    ruleset: Ruleset
    tables: list[TableHands] = field(default_factory=list)
    nights: dict[int, Tournament] = field(default_factory=dict)

    def nights_of(self, ids: Iterable[int]) -> list[Tournament]:
        """The nights among ``ids``, latest first."""
        return sorted((self.nights[i] for i in ids), key=lambda t: (t.date, t.pk), reverse=True)


def public_tables(club: Club, players: Iterable[int]):
    """The tables of the club's published nights, in public rounds, where any of the
    players sat (signed or not: the signatures are read with the hands)."""
    players = list(players)
    sat = Q(seats__entrant__member1__in=players) | Q(seats__entrant__member2__in=players)
    return (
        Table.objects.filter(round__tournament__club=club, round__tournament__published=True)
        .exclude(round__status=Round.Status.DRAFT)
        .filter(sat)
        .distinct()
    )


def described(result: TableResult) -> TableHands:
    """A signed table as the statistics read it: its sides' register players, each hand
    described by the game's ruleset, and the side of every ruling naming an offender."""
    ruleset = result.table.round.tournament.ruleset
    hands = []
    offenders = [r.offender for r in result.round_rulings if r.offender is not None]
    for scored in result.hands:
        facts = ruleset.hand_facts(scored.record, scored.score, result.size)
        if scored.tally is not None:  # what the round counted of it
            facts = dataclasses.replace(facts, points=scored.tally.points)
        hands.append(facts)
        offenders += [r.offender for r in scored.rulings if r.offender is not None]
    sides = tuple(
        frozenset(pk for pk in (entrant.member1_id, entrant.member2_id) if pk is not None)
        for entrant in result.sides
    )
    waiting = tuple(
        tuple(
            name
            for name, pk in (
                (entrant.player1, entrant.member1_id),
                (entrant.player2, entrant.member2_id),
            )
            if name and pk is None
        )
        for entrant in result.sides
    )
    return TableHands(
        night=result.round.tournament_id,
        sides=sides,
        hands=tuple(hands),
        offenders=tuple(offenders),
        waiting=waiting,
    )


def load(club: Club, players: Iterable[int]) -> dict[str, GameTables]:
    """Per game (in the games' own order), the signed public tables where any of the
    players sat: six queries whatever the number of nights."""
    found = {slug: GameTables(ruleset) for slug, ruleset in RULESETS.items()}
    for result in results_across(public_tables(club, players)).values():
        if not result.final:
            continue  # still open: the public pages count signed sheets only
        tournament = result.table.round.tournament
        game = found[tournament.game]
        game.tables.append(described(result))
        game.nights[tournament.pk] = tournament
    return {slug: game for slug, game in found.items() if game.tables}


@dataclass(frozen=True)
class Waiting:
    """A partner not on the register yet: a near match the director has not confirmed,
    named as typed that night (no page of their own to link to)."""

    name: str
    pk: None = None


@dataclass
class GameStatistics:
    """One game's section of a player's (or a partnership's) page."""

    ruleset: Ruleset
    statistics: Statistics
    nights: list[Tournament]
    rows: list[tuple[str, str]]
    # A player's partnerships (games of partnerships): (partner, the two's statistics); a
    # partner waiting to be confirmed on the register is a Waiting.
    partners: list[tuple[Player | Waiting, Statistics]] = field(default_factory=list)


def summary(ruleset: Ruleset, stats: Statistics) -> list[tuple[str, str]]:
    """The figures as the page lists them, in the game's words ("Times the Cat")."""
    role = ruleset.bidder_role
    won = "Bids won by the team" if ruleset.partnerships else f"Times {role}"
    made = "Bids made" if ruleset.partnerships else f"{role[0].upper()}{role[1:]} success"
    rows = [
        ("Nights played", str(len(stats.nights))),
        ("Hands played", str(stats.hands)),
        (won, str(stats.won)),
        (made, f"{stats.made}{shown_percent(stats.made_percent)}"),
        ("Average points per hand", shown(stats.average_points)),
    ]
    if "boston" in ruleset.feats:
        rows.append(("Bostons", str(stats.bostons)))
    if "contra" in ruleset.feats:
        rows += [
            (
                "Contra against their game",
                f"{stats.contra_received}, made {stats.contra_received_made}",
            ),
            ("Contra by their side", f"{stats.contra_given}, beaten {stats.contra_given_beaten}"),
        ]
    if "double_set" in ruleset.feats:
        rows.append(("Double sets", str(stats.double_sets)))
    rows.append(("Penalties ruled against", str(stats.penalties)))
    return rows


def shown(number: float | None) -> str:
    return "\N{EN DASH}" if number is None else f"{number:.2f}"  # 1.00, 4.39: one way


def shown_percent(number: int | None) -> str:
    return "" if number is None else f" ({number}%)"


def player_games(club: Club, player: Player) -> list[GameStatistics]:
    """The player's statistics in each game they played: seven queries in all."""
    games = load(club, [player.pk])
    sections = []
    for game in games.values():
        stats = for_player(game.tables, player.pk)
        section = GameStatistics(
            game.ruleset, stats, game.nights_of(stats.nights), summary(game.ruleset, stats)
        )
        if game.ruleset.partnerships:
            section.partners = list(partners(game.tables, player.pk).items())
            # A partner waiting to be confirmed is listed too, by the name typed: the
            # player played those nights and hands, and their own figures above count
            # them, so the rows add up to those figures (5 nights and 34 hands, not 4 and
            # 30 as if that night had been played alone).
            waiting = waiting_partners(game.tables, player.pk)
            section.partners += [(Waiting(name), stats) for name, stats in waiting.items()]
        sections.append(section)
    ids = {other for section in sections for other, _ in section.partners if isinstance(other, int)}
    named = Player.objects.in_bulk(ids) if ids else {}
    for section in sections:
        found = [
            (named[other] if isinstance(other, int) else other, stats)
            for other, stats in section.partners
            if not isinstance(other, int) or other in named
        ]
        section.partners = sorted(found, key=lambda pair: (-pair[1].hands, pair[0].name))
    return sections


def pair_games(club: Club, a: Player, b: Player) -> list[GameStatistics]:
    """The partnership's statistics in each game of partnerships the two played together."""
    sections = []
    for game in load(club, [a.pk]).values():
        stats = for_pair(game.tables, a.pk, b.pk)
        if game.ruleset.partnerships and stats.nights:
            nights = game.nights_of(stats.nights)
            sections.append(
                GameStatistics(game.ruleset, stats, nights, summary(game.ruleset, stats))
            )
    return sections
