"""The season ladder as a django-tables2 table: the page and the CSV/XLSX downloads read
the same rows and columns."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.html import format_html

from leaderboard.listings import NUM, rank_cell


class NightColumn(tables.Column):
    """A night's points for the player: "(6)" when dropped (not among the best N), empty
    when the player was not there."""

    def render(self, value):
        points, counted = value
        if counted:
            return str(points)
        return format_html('<span class="dropped" title="dropped">({})</span>', points)

    def value(self, value):
        points, counted = value
        return points if counted else f"({points})"


class LadderTable(tables.Table):
    rank = tables.Column("Rank", attrs=NUM)
    player = tables.Column("Player", linkify=lambda record: record["url"])
    total = tables.Column("Total", attrs=NUM)
    played = tables.Column("Nights", attrs=NUM)

    class Meta:
        template_name = "django_tables2/table.html"
        attrs = {"class": "list standings ladder"}
        orderable = False
        empty_text = "No one on the ladder yet: no signed results in the season's nights."

    def render_rank(self, record):
        return rank_cell(record["place"], record["tied"])

    def value_rank(self, record):
        return record["rank"]  # the download's "=3", without the page's markup


def night_headers(nights) -> list[str]:
    """Each night's column heading: its date (a second night on one date numbered)."""
    headers, seen = [], {}
    for night in nights:
        date = night.tournament.date
        label = f"{date:%b} {date.day}"
        seen[label] = seen.get(label, 0) + 1
        headers.append(label if seen[label] == 1 else f"{label} ({seen[label]})")
    return headers


def ladder_table(board, url_for) -> LadderTable:
    keys = [f"night_{n.tournament.pk}" for n in board.nights]
    data = []
    for row in board.rows:
        item = {
            "rank": row.shown_rank,  # "=3": the download's too
            "place": row.rank,
            "tied": row.tied,
            "player": board.players[row.player].name,
            "url": url_for(row.player),
            "total": row.total,
            "played": row.played,
        }
        for night, key in zip(board.nights, keys, strict=True):
            c = row.nights.get(night.tournament.pk)
            item[key] = (c.points, c.counted) if c else None
        data.append(item)
    extra = [
        (key, NightColumn(header, default=""))  # right-aligned by the stylesheet: no per-cell attrs
        for key, header in zip(keys, night_headers(board.nights), strict=True)
    ]
    return LadderTable(data, extra_columns=extra)
