"""The standings as a django-tables2 table: sortable on the page, exported as CSV or XLSX."""

from __future__ import annotations

import django_tables2 as tables

from scoring import standings

NUM = {"th": {"class": "num"}, "td": {"class": "num"}}
LABELS = {**standings.METRICS, "losses": "Rounds lost", "bostons": "Bostons", "byes": "Byes"}


class StandingsTable(tables.Table):
    """One row per entrant; the metric columns are added per tournament (its own order)."""

    rank = tables.Column("Rank", order_by=("rank", "name_key"), attrs=NUM)
    name = tables.Column("Entrant", order_by=("name_key",), linkify=lambda record: record["url"])
    played = tables.Column("Played", attrs=NUM)

    class Meta:
        template_name = "django_tables2/table.html"
        attrs = {"class": "list standings"}
        row_attrs = {
            "data-href": lambda record: record["url"],
            "class": lambda record: " ".join(record["classes"]),
        }
        empty_text = "No entrants yet."

    def render_rank(self, record) -> str:
        return record["shown_rank"]

    def value_rank(self, record) -> str:
        return record["shown_rank"]


def standings_table(rows: list[dict], columns: tuple[str, ...], entrant_label: str, **kw):
    extra = [(key, tables.Column(LABELS[key], attrs=NUM)) for key in columns]
    table = StandingsTable(rows, extra_columns=extra, **kw)
    table.columns["name"].column.verbose_name = entrant_label
    return table
