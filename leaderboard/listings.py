"""The standings as a django-tables2 table: sortable on the page, exported as CSV or XLSX;
each row marked for the page (the cut line, a tie across it, withdrawn)."""

from __future__ import annotations

import django_tables2 as tables
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django_tables2.export import TableExport
from tablib import Dataset

import standings

from .board import OTHER_LABELS, Board

NUM = {"th": {"class": "num"}, "td": {"class": "num"}}
# The club's words; a game's own (Board.labels) head its standings' columns.
LABELS = {**standings.METRICS, **OTHER_LABELS}


def rank_cell(rank: int, tied: bool) -> SafeString | str:
    """A rank as every ranking page shows it (the standings, the season's ladder, the
    ratings): "=3" when shared, with its words for a screen reader, which would read
    "=3" out as "equals 3"; a dash, "not ranked yet", for rank 0 (the standings: no table
    or bye counted yet)."""
    if not tied and rank:
        return str(rank)
    return format_html(
        '<span class="{}" title="{}"><span aria-hidden="true">{}</span>'
        '<span class="visually-hidden">{}</span></span>',
        "shared-rank" if rank else "no-rank",
        standings.rank_words(rank, tied),
        standings.rank_text(rank, tied),
        standings.rank_words(rank, tied),
    )


class StandingsTable(tables.Table):
    """One row per entrant; the metric columns are added per tournament (its own order)."""

    # Those with no rank yet (a dash) sort after every rank.
    rank = tables.Column("Rank", order_by=("rank_key", "name_key"), attrs=NUM)
    name = tables.Column("Entrant", order_by=("name_key",))
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
        return rank_cell(record["rank"], record["tied"])

    def value_rank(self, record) -> str:
        return record["shown_rank"]

    def render_name(self, record) -> SafeString:
        """The name, a link to the entrant's record; a bye marked after it."""
        link = format_html('<a href="{}">{}</a>', record["url"], record["name"])
        if not record["bye_note"]:
            return link
        return format_html('{} <span class="badge bye">{}</span>', link, record["bye_note"])

    def value_name(self, record) -> str:
        return record["name"]


def standings_table(
    rows: list[dict],
    columns: tuple[str, ...],
    entrant_label: str,
    labels: dict[str, str] | None = None,
    **kw,
):
    labels = labels or LABELS
    extra = [(key, tables.Column(labels[key], attrs=NUM)) for key in columns]
    table = StandingsTable(rows, extra_columns=extra, **kw)
    table.columns["name"].column.verbose_name = entrant_label
    return table


def table_rows(b: Board, url_for) -> list[dict]:
    """Plain rows for the sortable table: shown rank, name, metrics, and the row's marks."""
    cut = b.cut
    tied = set(cut.tied) if cut else set()
    qualifiers = set(cut.sure) if cut else set()
    data = []
    for index, row in enumerate(b.rows, start=1):
        entrant = b.entrants[row.entrant]
        classes = []
        if cut and index == cut.line_after:
            classes.append("cut")
        if row.entrant in tied:
            classes.append("tie-cut")
        elif row.entrant in qualifiers:
            classes.append("in")
        if entrant.withdrawn:
            classes.append("withdrawn")
        item = {
            "rank": row.rank,
            "rank_key": row.rank if row.ranked else len(b.rows) + 1,
            "shown_rank": standings.shown_rank(row),
            "tied": row.tied,
            "name": entrant.name,
            "bye_note": standings.bye_note(row),
            "name_key": entrant.name.casefold(),
            "url": url_for(entrant),
            "played": row.played,
            "classes": classes,
        }
        for key in b.columns:
            item[key] = getattr(row, key)
        data.append(item)
    return data


# A spreadsheet runs a cell that starts like a formula: an entrant named "=HYPERLINK(...)"
# would be a link, or worse, on the director's laptop. Such text gets a leading quote (the
# OWASP advice for CSV injection); numbers, a score of -40 too, stay numbers.
FORMULA_START = ("=", "+", "-", "@", "\t", "\r")


def neutralised(value):
    if isinstance(value, str) and value.startswith(FORMULA_START):
        return "'" + value
    return value


class SafeExport(TableExport):
    """django-tables2's CSV/XLSX export with every text cell neutralised."""

    def table_to_dataset(self, table, exclude_columns, dataset_kwargs=None):
        plain = super().table_to_dataset(table, exclude_columns, dataset_kwargs)
        safe = Dataset(title=plain.title, headers=[neutralised(h) for h in plain.headers])
        for row in plain:
            safe.append([neutralised(value) for value in row])
        return safe
