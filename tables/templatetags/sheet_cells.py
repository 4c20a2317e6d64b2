"""A sheet row's score cells, for the table page."""

from django import template
from django.utils.html import format_html, format_html_join
from django.utils.safestring import SafeString

register = template.Library()


def _signed(points) -> str:
    """+6, -3, +0 (as stringformat:"+d"; nothing for what is not a number)."""
    return f"{points:+d}" if isinstance(points, int) else ""


@register.filter
def score_cells(row) -> SafeString:
    """Each side's cell of the row: what the hand added and the running total once it is
    accepted, the points in brackets while it waits, a dash for a void hand. Built here,
    not by template tags: the table page draws every row on every load, and the tags'
    cost per cell was a large part of a long table's page."""
    cells = []
    for side, (points, running) in enumerate(row.cells):
        # A side sitting the hand out (Ascot's dealer at four) did not score 0: it did not
        # play; what it is given all the same (a Seeger-Fabian share) follows the words.
        out = side == row.out
        shown = _signed(points)
        if out:  # its words may wrap (sits-out): four players' columns fit a phone
            shown = "sits out" + (f", {shown}" if points else "")
        muted = "muted sits-out" if out else "muted"
        if row.void:
            cell = "—"
        elif row.status == "accepted":
            cell = format_html('<span class="sits-out">{}</span>', shown) if out else shown
            if running is not None:
                cell = format_html('{}<br><small class="muted">{}</small>', cell, running)
        elif points is not None:
            cell = format_html('<span class="{}">({})</span>', muted, shown)
        elif out:
            cell = format_html('<span class="{}">{}</span>', muted, shown)
        else:
            cell = ""
        cells.append((cell,))
    return format_html_join("", '<td class="num">{}</td>', cells)
