"""A rank as every ranking page shows it: "=3" when shared, with its words for a screen
reader (leaderboard.listings.rank_cell)."""

from django import template

from leaderboard.listings import rank_cell

register = template.Library()


@register.simple_tag
def shown_rank(rank: int, tied: bool):
    return rank_cell(rank, tied)
