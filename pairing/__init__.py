"""Pairings and seatings for a round: plain records in, a plain draw out, no Django.

The Django layer loads the entrants as `Entrant` records, calls `pair_teams` (partnership
game) or `seat_players` (3-player games), lets the director edit the result with `swap`
and `move` under `check_draw`, and stores it.
"""

from .drafts import check_draw, move, swap
from .players import improve_seating, seat_players, table_sizes
from .records import Draw, Entrant, meetings, rank, repeated_pairs
from .teams import pair_teams

__all__ = [
    "Draw",
    "Entrant",
    "check_draw",
    "improve_seating",
    "meetings",
    "move",
    "pair_teams",
    "rank",
    "repeated_pairs",
    "seat_players",
    "swap",
    "table_sizes",
]
