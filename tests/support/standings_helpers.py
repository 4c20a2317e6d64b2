"""Playing rounds quickly for the standings and playoff tests: accepted hands, signed sheets."""

from scoring.models import Hand, Signature
from tests.support.helpers import published_round


def made(side: int, books: int = 10) -> dict:
    """Side `side` bids 4 plain and takes `books`: 10 books make +4, 13 is a Boston."""
    return {"bidding_team": side, "level": 4, "form": "plain", "direction": None, "books": books}


def play_table(table, sides: list[int], sign: bool = True, books: int = 10) -> None:
    """One accepted hand per entry of `sides`, won by that side (saved one by one, as any
    write outside the table page is: the table's stored outcome is dropped, to be scored
    again when read)."""
    for n, side in enumerate(sides, start=1):
        Hand.objects.create(
            table=table,
            number=n,
            nonce=f"{table.pk}-{n}",
            status=Hand.Status.ACCEPTED,
            record=made(side, books),
        )
    if sign:
        for side in (0, 1):
            Signature.objects.create(table=table, side=side, name="x")


def play_round(
    tournament, seed: int = 1, sign: bool = True, winner=lambda table: 0, books=lambda table: 10
):
    """Draw, publish and play a round: at each table `winner(table)` wins all four hands."""
    round_ = published_round(tournament, seed=seed)
    for table in round_.tables.all():
        play_table(table, [winner(table)] * 4, sign=sign, books=books(table))
    return round_
