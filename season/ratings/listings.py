"""The ratings pages' tables (django-tables2) and their download (tablib)."""

from __future__ import annotations

import django_tables2 as dt
from django.utils.html import format_html
from tablib import Dataset

from leaderboard.listings import NUM, neutralised, rank_cell

from .build import Ranked
from .history import Line, Partnership


def skill(rating) -> str:
    return f"{rating.mu:.1f} ± {rating.sigma:.1f}"


class RatingsTable(dt.Table):
    rank = dt.Column("Rank", attrs=NUM)
    player = dt.Column("Player", linkify=lambda record: record["url"])
    rating = dt.Column("Rating", attrs=NUM)
    skill = dt.Column("Skill ± uncertainty", attrs=NUM)
    tables = dt.Column("Tables", attrs=NUM)

    class Meta:
        template_name = "django_tables2/table.html"
        attrs = {"class": "list ratings"}
        orderable = False
        empty_text = "No table rated yet."

    def render_rank(self, record):
        return rank_cell(record["rank"], record["tied"])


def ratings_table(ranked: list[Ranked], url_for) -> RatingsTable:
    return RatingsTable(
        [
            {
                "rank": r.rank,
                "tied": r.tied,
                "player": r.player.name,
                "url": url_for(r.player),
                "rating": f"{r.rating.shown:.1f}",
                "skill": skill(r.rating),
                "tables": r.tables,
            }
            for r in ranked
        ]
    )


class HistoryTable(dt.Table):
    """The latest table first; what a player looks for first (place, change) at the left,
    so a phone shows it without scrolling."""

    night = dt.Column("Night")
    place = dt.Column("Place", attrs=NUM)
    change = dt.Column("Change", attrs=NUM)
    rating = dt.Column("Rating", attrs=NUM)
    partners = dt.Column("With", empty_values=())
    opponents = dt.Column("Against")
    round = dt.Column("Round", attrs=NUM)
    table = dt.Column("Table", attrs=NUM)

    class Meta:
        template_name = "django_tables2/table.html"
        attrs = {"class": "list rating-history"}
        orderable = False
        empty_text = "No table rated yet."

    def render_night(self, value, record) -> str:
        return format_html(
            '<a href="{}">{}</a><small class="muted night-name">{}</small>',
            record["night_url"],
            value,
            record["night_name"],
        )

    def render_change(self, value) -> str:
        return format_html(
            '<span class="{}">{}</span>', "up" if value >= 0 else "down", f"{value:+.1f}"
        )


def history_table(lines: list[Line], partnered: bool, url_for_night) -> HistoryTable:
    rows = [
        {
            "night": f"{line.date:%b} {line.date.day}, {line.date.year}",
            "night_name": line.night,
            "night_url": url_for_night(line.slug),
            "round": line.round,
            "table": line.table,
            "partners": ", ".join(line.partners) or "—",
            "opponents": ", ".join(line.opponents),
            "place": f"{line.place} of {line.sides}",
            "change": line.change,
            "rating": f"{line.after.shown:.1f}",
        }
        for line in reversed(lines)  # the latest first
    ]
    exclude = () if partnered else ("partners",)
    return HistoryTable(rows, exclude=exclude)


class PartnershipTable(dt.Table):
    partner = dt.Column("Partner", linkify=lambda record: record["url"])
    tables = dt.Column("Tables together", attrs=NUM)
    first = dt.Column("Won together", attrs=NUM)
    rating = dt.Column("Pair's rating", attrs=NUM)
    skill = dt.Column("Pair's skill ± uncertainty", attrs=NUM)

    class Meta:
        template_name = "django_tables2/table.html"
        attrs = {"class": "list partnerships"}
        orderable = False
        empty_text = "No partner yet."


def partnership_table(pairs: list[Partnership], url_for) -> PartnershipTable:
    return PartnershipTable(
        [
            {
                "partner": p.partner.name,
                "url": url_for(p.partner),
                "tables": p.tables,
                "first": p.first,
                "rating": f"{p.rating.shown:.1f}",
                "skill": skill(p.rating),
            }
            for p in pairs
        ]
    )


def ratings_dataset(ranked: list[Ranked], title: str) -> Dataset:
    """The ratings for a spreadsheet: the numbers as numbers, names made safe."""
    data = Dataset(
        title=title[:31],  # a spreadsheet's sheet name is at most 31 characters
        headers=["Rank", "Player", "Rating", "Skill", "Uncertainty", "Tables"],
    )
    for r in ranked:
        data.append(
            [
                r.rank,
                neutralised(r.player.name),
                round(r.rating.shown, 2),
                round(r.rating.mu, 2),
                round(r.rating.sigma, 2),
                r.tables,
            ]
        )
    return data
