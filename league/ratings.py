"""Ratings across nights: every player's skill from the tables they played, in order.

openskill's Plackett-Luce model (Weng and Lin's Bayesian rating, the family TrueSkill
belongs to, without its patent): it rates teams of any size and any number of sides at
once, ranked with ties, so one model serves a 6 Card Kitty table (two partnerships of
two) and a three- or four-player table (each player a side of one). Of openskill's
models it is the one made for full rankings of several sides, and its default.

A rating is a belief: `mu` the skill, `sigma` how unsure we are of it. The displayed
rating is openskill's ordinal, mu - 3 sigma: what the player is at least, almost surely.
It starts at 0 (25 - 3 x 8.33) and climbs as results come in, so a player with one lucky
night does not top a regular. sigma never grows (openskill's limit_sigma): more tables,
more certainty.

Pure and deterministic: the same matches in the same order give the same numbers.
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

from openskill.models import PlackettLuce

MODEL = PlackettLuce(limit_sigma=True)
START_MU = MODEL.mu
START_SIGMA = MODEL.sigma
SPREAD = 3  # the displayed rating is mu - SPREAD * sigma (openskill's ordinal)


@dataclass(frozen=True)
class Rating:
    mu: float = START_MU
    sigma: float = START_SIGMA

    @property
    def shown(self) -> float:
        """The displayed rating: the skill we are almost sure the player has."""
        return self.mu - SPREAD * self.sigma


START = Rating()


@dataclass(frozen=True)
class Match:
    """One table: its sides (each a tuple of player ids: two for a partnership, one at a
    free-for-all) and each side's place, 1 first; an equal place is a tie."""

    key: Hashable
    teams: tuple[tuple[int, ...], ...]
    places: tuple[int, ...]

    def __post_init__(self):
        if len(self.teams) != len(self.places) or len(self.teams) < 2:
            raise ValueError("A match has at least two sides, each with a place.")
        players = [p for team in self.teams for p in team]
        if not all(self.teams) or len(set(players)) != len(players):
            raise ValueError("Each side has players, and a player plays on one side only.")


@dataclass(frozen=True)
class Step:
    """A player's rating after one match, with what they did in it."""

    key: Hashable
    side: int
    place: int
    before: Rating
    after: Rating

    @property
    def change(self) -> float:
        return self.after.shown - self.before.shown


@dataclass
class History:
    """Every player's rating now and after each match they played, in order."""

    steps: dict[int, list[Step]] = field(default_factory=dict)

    def current(self, player: int) -> Rating:
        steps = self.steps.get(player)
        return steps[-1].after if steps else START

    @property
    def players(self) -> list[int]:
        return list(self.steps)


def _rate(match: Match, made: dict) -> dict:
    """openskill's ratings after the match, from theirs before it (a newcomer's made)."""
    teams = [[made.get(p) or MODEL.rating() for p in team] for team in match.teams]
    rated = MODEL.rate(teams, ranks=[float(place) for place in match.places])
    return {
        player: new
        for team, new_team in zip(match.teams, rated, strict=True)
        for player, new in zip(team, new_team, strict=True)
    }


def rate(matches: Iterable[Match], start: Mapping[int, Rating] | None = None) -> History:
    """Every player's rating after each match, the matches taken in the order given.

    `start`: the players' ratings before the first match, to go on from ratings rated
    before (START for anyone not in it). A rating is its two numbers and nothing else, so
    going on from the ratings after the first k matches gives exactly what rating all of
    them at once gives."""
    start = start or {}
    history = History()
    # openskill's own rating of each player now, kept from match to match.
    made: dict = {p: MODEL.rating(mu=r.mu, sigma=r.sigma) for p, r in start.items()}
    for match in matches:
        after = _rate(match, made)
        for side, (team, place) in enumerate(zip(match.teams, match.places, strict=True)):
            for player in team:
                steps = history.steps.setdefault(player, [])
                before = steps[-1].after if steps else start.get(player, START)
                new = after[player]
                steps.append(Step(match.key, side, place, before, Rating(new.mu, new.sigma)))
        made.update(after)
    return history


def combined(ratings: Sequence[Rating]) -> Rating:
    """A partnership's rating as openskill rates a team: the skills added up, the
    uncertainties added as variances. Its displayed rating is mu - 3 sigma like a
    player's, on the scale of a pair (two players' worth)."""
    return Rating(sum(r.mu for r in ratings), math.sqrt(sum(r.sigma * r.sigma for r in ratings)))
