"""Seasons for the ladder tests: a club and a season of one game (nights are played with
demo.season and copied with tests.support.night_copies)."""

from __future__ import annotations

import datetime

from club.models import Club, Season

START = datetime.date(2026, 1, 6)


def a_club(slug: str = "kitty-club", **kwargs) -> Club:
    return Club.objects.create(name=kwargs.pop("name", "The Kitty Club"), slug=slug, **kwargs)


def a_season(club: Club, game: str, days: int = 365, **kwargs) -> Season:
    return Season.objects.create(
        club=club,
        game=game,
        name=kwargs.pop("name", "Season 2026"),
        slug=kwargs.pop("slug", "season-2026"),
        starts=kwargs.pop("starts", START),
        ends=kwargs.pop("ends", START + datetime.timedelta(days=days)),
        **kwargs,
    )
