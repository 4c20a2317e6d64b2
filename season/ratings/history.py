"""One player's ratings at a game, as their page reads them: each table rated with who
sat where and what it did to the rating, their partnerships, the chart's line.
Three queries whatever the number of nights: the player's stored row, the tables' nights,
the names of everyone they met."""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from club.models import Player
from league import ratings as league
from season.models import PlayerRating, RatingSet
from tournament.models import Table


@dataclass(frozen=True)
class Line:
    """A table rated: where, with whom, against whom, the place and the change."""

    night: str
    slug: str
    date: object
    round: int
    table: int
    partners: list[str]
    opponents: list[str]
    place: int
    sides: int
    before: league.Rating
    after: league.Rating

    @property
    def change(self) -> float:
        return self.after.shown - self.before.shown


@dataclass
class Partnership:
    """A partner the player played with: their tables together and the pair's rating."""

    partner: Player
    tables: int = 0
    first: int = 0
    rating: league.Rating = field(default_factory=league.Rating)


@dataclass(frozen=True)
class PlayerRatings:
    rating: league.Rating | None
    lines: list[Line]
    partnerships: list[Partnership]

    @property
    def steps(self) -> list[league.Rating]:
        """The rating before any table, then after each."""
        return [league.START] + [line.after for line in self.lines]


def player_ratings(kept: RatingSet, player: Player) -> PlayerRatings:
    row = PlayerRating.objects.filter(ratings=kept, player=player).first()
    if row is None:
        return PlayerRatings(None, [], [])
    history = json.loads(row.history)
    tables = {
        t["id"]: t
        for t in Table.objects.filter(pk__in=[h[0] for h in history]).values(
            "id",
            "number",
            "round__number",
            "round__tournament__name",
            "round__tournament__slug",
            "round__tournament__date",
        )
    }
    met = {p for h in history for side in h[5] for p in side}
    players = {p.pk: p for p in Player.objects.filter(pk__in=met)}
    current = {
        r.player_id: league.Rating(r.mu, r.sigma)
        for r in PlayerRating.objects.filter(ratings=kept, player__in=met).only(
            "player_id", "mu", "sigma"
        )
    }
    lines, partners = [], {}
    before = league.START
    for table_id, side, place, mu, sigma, teams, places in history:
        after = league.Rating(mu, sigma)
        t = tables[table_id]
        mates = [p for p in teams[side] if p != player.pk]
        others = [p for s, team in enumerate(teams) if s != side for p in team]
        lines.append(
            Line(
                night=t["round__tournament__name"],
                slug=t["round__tournament__slug"],
                date=t["round__tournament__date"],
                round=t["round__number"],
                table=t["number"],
                partners=[players[p].name for p in mates],
                opponents=[players[p].name for p in others],
                place=place,
                sides=len(teams),
                before=before,
                after=after,
            )
        )
        for mate in mates:
            pair = partners.setdefault(mate, Partnership(players[mate]))
            pair.tables += 1
            pair.first += place == min(places)
        before = after
    now = league.Rating(row.mu, row.sigma)
    for mate, pair in partners.items():
        pair.rating = league.combined([now, current[mate]])
    ordered = sorted(partners.values(), key=lambda p: (-p.tables, p.partner.name))
    return PlayerRatings(now, lines, ordered)
