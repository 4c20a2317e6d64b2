"""The statistics' tables as django-tables2 tables: bids by level and by form, and a
player's partnerships."""

from __future__ import annotations

import django_tables2 as tables
from django.urls import reverse

from leaderboard.listings import NUM
from league.statistics import BidLine, Statistics

from .load import shown

DASH = "\N{EN DASH}"


class BidTable(tables.Table):
    """Bids won and made, one row per level (or form) of bid."""

    key = tables.Column("Bid")
    won = tables.Column("Won", attrs=NUM)
    made = tables.Column("Made", attrs=NUM)
    percent = tables.Column("Made %", attrs=NUM, default=DASH)

    class Meta:
        template_name = "django_tables2/table.html"
        attrs = {"class": "list record bids"}
        orderable = False
        empty_text = "No bids won."


def bid_table(lines: list[BidLine], heading: str) -> BidTable:
    table = BidTable(lines)
    table.columns["key"].column.verbose_name = heading
    return table


class PartnerTable(tables.Table):
    """A player's partnerships: each partner, with the two's record together."""

    partner = tables.Column("Partner", linkify=lambda record: record["url"])
    nights = tables.Column("Nights", attrs=NUM)
    hands = tables.Column("Hands", attrs=NUM)
    won = tables.Column("Bids won", attrs=NUM)
    made = tables.Column("Made %", attrs=NUM, default=DASH)
    average = tables.Column("Avg points", attrs=NUM, default=DASH)

    class Meta:
        template_name = "django_tables2/table.html"
        attrs = {"class": "list record partners"}
        orderable = False
        empty_text = "No partners on the register yet."


def partner_table(club_slug: str, player_pk: int, partners: list) -> PartnerTable:
    """One row per partner; a partner waiting to be confirmed on the register (no page of
    their own yet) is named as typed, and says so."""
    rows = [
        {
            "partner": other.name if other.pk else f"{other.name} (waiting to be confirmed)",
            "url": reverse("pair", args=[club_slug, player_pk, other.pk]) if other.pk else None,
            "nights": len(stats.nights),
            "hands": stats.hands,
            "won": stats.won,
            "made": stats.made_percent,
            "average": shown(stats.average_points),
        }
        for other, stats in partners
    ]
    return PartnerTable(rows)


def bid_tables(ruleset, stats: Statistics) -> tuple[BidTable, BidTable]:
    return (
        bid_table(stats.by_level, ruleset.level_word),
        bid_table(stats.by_form, ruleset.form_word),
    )
