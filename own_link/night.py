"""Where a player's own link stands in the night: whose link it is, the newest round the
players may see, and the player's place in it (a seat, a bye, or not drawn).

The player's page reads the link with the newest round's id, then the seats of the
player's table there with its history length: two queries at a table (one before the first
round, three on a bye); the page is drawn again only when one of them changed (`version`).
At a table, both reads also bring the fingerprint of the rows that version is made of, so
that the page's next poll is one query, of that fingerprint alone (tables.unchanged_poll,
`POLLS`)."""

from __future__ import annotations

from dataclasses import dataclass

from django.http import Http404

from plumbing import live
from tables.next_table import newest_for
from tables.reads import facts_stored, history_length, newest_public_round
from tables.unchanged_poll import LinkPolls, row, table_fingerprint, text
from tournament.models import Entrant, OwnLink, Round, Seat, Table, Tournament
from tournament.own_links import player_name

NOT_VALID = "This link is not valid: ask the director for your own link."


def _fingerprint(link: str) -> str:
    """What the page's version at a table is made of, for the link's row named `link`: the
    link, its entrant, the entrant's seat in the newest public round and that seat's table
    (tables.unchanged_poll.table_fingerprint: its round, tournament and history)."""
    newest = (
        f'(SELECT n."id" FROM "{Round._meta.db_table}" n'
        f' WHERE n."tournament_id" = e."tournament_id"'
        f' AND n."status" <> \'{Round.Status.DRAFT.value}\' ORDER BY n."number" DESC LIMIT 1)'
    )
    values = [*row(OwnLink, link), *row(Entrant, "e"), *row(Seat, "s")]
    values.append(text(table_fingerprint('s."table_id"')))
    return (
        f'(SELECT {" || ".join(values)} FROM "{Entrant._meta.db_table}" e'
        f' LEFT JOIN "{Seat._meta.db_table}" s ON s."entrant_id" = e."id" AND s."table_id" IN'
        f' (SELECT p."id" FROM "{Table._meta.db_table}" p WHERE p."round_id" = {newest})'
        f' WHERE e."id" = {link}."entrant_id")'
    )


POLLS = LinkPolls(OwnLink, _fingerprint)

# With the club and the player's register entries: the page links to their season and
# rating pages, in the same read whoever the player is. With the newest round the players
# may see (its id): the player's table there is the next read.
_LINK = OwnLink.objects.select_related(
    "entrant__tournament__club", "entrant__member1", "entrant__member2"
).annotate(newest_round=newest_public_round("entrant__tournament", "pk"))
# The page's own read brings the fingerprint its next poll checks (an action's needs none).
_PAGE_LINK = _LINK.annotate(fingerprint=POLLS.column)
# The player's table in a round, with every seat at it (as a side's link reads them), the
# table's history length (the page's version) and whether anything is stored there.
_SEATED = (
    Seat.objects.select_related("entrant", "table__round__tournament")
    .annotate(**history_length("table"), **facts_stored("table"))
    .order_by("position")
)


@dataclass
class Night:
    """One player's night as their link shows it now."""

    link: OwnLink
    round: Round | None  # the newest public round, if any
    seats: list[Seat]  # every seat at the player's table in that round (none: not seated)
    bye: bool = False  # not seated in that round: a bye (or sitting out)
    # At a table: the fingerprint of the rows the page's version is made of, as both reads
    # saw it (None when a write came between them: the version may mix two states).
    fingerprint: str | None = None

    @property
    def entrant(self):
        return self.link.entrant

    @property
    def tournament(self) -> Tournament:
        return self.link.entrant.tournament

    @property
    def player(self) -> str:
        link = self.link
        return player_name(link.entrant, link.place, self.tournament.is_partnership)

    def is_newest(self, number: int) -> bool:
        """Whether round `number` is the newest the players may see."""
        return self.round is not None and self.round.number == number

    @property
    def seat(self) -> Seat | None:
        return next((s for s in self.seats if s.entrant_id == self.link.entrant_id), None)

    @property
    def table(self):
        seat = self.seat
        return seat.table if seat is not None else None

    @property
    def seated(self) -> list:
        return [(s.position, s.entrant) for s in self.seats]

    @property
    def alert(self) -> str:
        """What the phone alerts for once (a buzz, a sound): each round's table as it is
        drawn. Empty before the first round."""
        if self.round is None:
            return ""
        where = f"t{self.table.number}" if self.table is not None else "bye"
        return f"r{self.round.number}-{where}"

    def facts(self) -> tuple:
        """What the page shows outside the table itself: part of its version."""
        round_ = self.round
        return (
            self.link.token,
            live.fields_of(self.entrant),
            round_ and (round_.pk, round_.state_shown_to_players),
            self.seat and self.seat.pk,
            self.bye,
        )


def night_of(token: str, *, page: bool = False) -> Night:
    """The player's night by their link; 404 for a link that is not (or no longer) one.
    `page`: for the player's page, with the fingerprint its next poll checks."""
    link = (_PAGE_LINK if page else _LINK).filter(token=token).first()
    if link is None:
        raise Http404(NOT_VALID)
    if link.newest_round is None:  # before the first round
        return Night(link, None, [])
    query = _SEATED.filter(
        table__round_id=link.newest_round, table__seats__entrant_id=link.entrant_id
    )
    if page:  # the fingerprint again, as this second read sees it
        query = query.annotate(fingerprint=POLLS.of(link.pk))
    seats = list(query)
    if seats:  # at a table: two queries in all, the page's version with them
        same = page and seats[0].fingerprint == link.fingerprint
        fingerprint = link.fingerprint if same else None
        return Night(link, seats[0].table.round, seats, fingerprint=fingerprint)
    round_ = newest_for(link.entrant.tournament_id, link.entrant_id)  # a bye, or not drawn
    if round_ is None:  # the round went back to a draft meanwhile
        return Night(link, None, [])
    return Night(link, round_, [], round_.sits_out)


def seats_in_round(night: Night, number: int) -> list[Seat]:
    """Every seat at the player's table in round `number` (public rounds only): a form
    posted from that round's page acts there, whatever round is newest now."""
    if night.is_newest(number):
        return night.seats
    return list(
        Seat.objects.select_related("entrant", "table__round__tournament")
        .filter(
            table__round__tournament_id=night.tournament.pk,
            table__round__number=number,
            table__seats__entrant_id=night.link.entrant_id,
        )
        .exclude(table__round__status=Round.Status.DRAFT)
        .annotate(**history_length("table"), **facts_stored("table"))
        .order_by("position")
    )
