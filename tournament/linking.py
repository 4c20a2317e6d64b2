"""Linking a night's players to the club's register.

An entrant's players are linked when it is registered (form, CSV or a restored backup)
by league.names' rules: an exact match (the same text as an entry's name or alias) is
linked; a name near no entry makes a new entry; a name near one or more entries is left
unlinked, for the director to confirm which, or that it is a new player. What was typed
is never changed: the link is beside it.

Everything the club derives across nights (the ladder, ratings, statistics) reads these
links, so merging two entries (register.tidy) or confirming a link is all it takes for
them to follow.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from django.db import IntegrityError, transaction

from club.models import Club, Player
from club.register import same_name
from league.names import Entry, Register, register

from .models import Entrant, Tournament

# An entrant's player slots: the link field, and the typed name's field at each kind of game.
LINKS = {1: "member1", 2: "member2"}


class LinkError(Exception):
    """Why a link, a rename or a merge cannot be made, in words for the director."""


def typed_players(entrant: Entrant, partnership: bool) -> list[tuple[int, str]]:
    """(slot, typed name) of each of the entrant's players: a team's two players, or the
    one player of a game of players each on their own."""
    if partnership:
        return [(n, name) for n, name in ((1, entrant.player1), (2, entrant.player2)) if name]
    return [(1, entrant.name)]


def club_register(club: Club) -> Register:
    """The club's register indexed for matching (one query)."""
    rows = club.players.values_list("pk", "name", "aliases")
    return register(Entry(pk, name, tuple(aliases or ())) for pk, name, aliases in rows)


def _new_player(club: Club, name: str, aliases: list[str], index: Register) -> Player | None:
    """A new register entry for a name near no other. None when another registration made
    one of that name in the meantime (the unique name refuses it): left to confirm."""
    name = name.strip()[:100]
    aliases = [a for a in dict.fromkeys(a.strip()[:100] for a in aliases) if a and a != name]
    try:
        with transaction.atomic():
            player = Player.objects.create(club=club, name=name, aliases=aliases)
    except IntegrityError:
        return None
    index.add(Entry(player.pk, player.name, tuple(aliases)))
    return player


def _find(index: Register, names: list[str]) -> tuple[int | None, set[int]]:
    """The entry one of the names matches exactly, else the entries near any of them."""
    near: set[int] = set()
    for name in names:
        found = index.match(name)
        if found.exact is not None:
            return found.exact, set()
        near |= set(found.near)
    return None, near


def link_entrants(
    tournament: Tournament,
    entrants: Iterable[Entrant],
    slots: dict[int, set[int]] | None = None,
    index: Register | None = None,
    known: dict[tuple[int, int], tuple[str, list[str]]] | None = None,
) -> None:
    """Link the entrants' unlinked players (or, with `slots`, only those slots by entrant
    id) by the matching rules; stores the links.

    known: (entrant id, slot) -> the register name and aliases the player had where the
    night was played (a restored backup): each is tried as well as the typed name, and a
    new entry takes that name and those aliases."""
    partnership = tournament.is_partnership
    index = index or club_register(tournament.club)
    entrants = list(entrants)
    # A player plays once a night: an entry linked here already is not linked again.
    taken = played_in(tournament, exclude=[e.pk for e in entrants])
    changed = []
    with transaction.atomic():
        for entrant in entrants:
            taken |= {getattr(entrant, f + "_id") for f in LINKS.values()} - {None}
            wanted = slots.get(entrant.pk, set()) if slots is not None else set(LINKS)
            touched = False
            for slot, typed in typed_players(entrant, partnership):
                field = LINKS[slot]
                if slot not in wanted or getattr(entrant, field + "_id") is not None:
                    continue
                name, aliases = (known or {}).get((entrant.pk, slot), (typed, []))
                exact, near = _find(index, list(dict.fromkeys([typed, name, *aliases])))
                if exact is not None:
                    if exact not in taken:  # else the same player twice: the director says
                        setattr(entrant, field + "_id", exact)
                        taken.add(exact)
                        touched = True
                elif not near:
                    player = _new_player(tournament.club, name, [typed, *aliases], index)
                    if player is not None:
                        setattr(entrant, field + "_id", player.pk)
                        taken.add(player.pk)
                        touched = True
            if touched:  # a link made; a name left to confirm changes nothing stored
                changed.append(entrant)
        # One short UPDATE each: quicker than one bulk CASE over hundreds of rows.
        for entrant in changed:
            Entrant.objects.filter(pk=entrant.pk).update(
                **{f: getattr(entrant, f + "_id") for f in LINKS.values()}
            )


def played_in(tournament: Tournament, exclude: Iterable[int] = ()) -> set[int]:
    """The register entries linked to the tournament's entrants (but those excluded)."""
    rows = tournament.entrants.exclude(pk__in=list(exclude)).values_list(*LINKS.values())
    return {pk for row in rows for pk in row if pk is not None}


def relink(tournament: Tournament, entrant: Entrant, before: dict[int, str]) -> None:
    """After an edit: each player whose typed name changed is linked again from scratch."""
    now = dict(typed_players(entrant, tournament.is_partnership))
    changed = {slot for slot in LINKS if now.get(slot) != before.get(slot)}
    for slot in changed:
        setattr(entrant, LINKS[slot] + "_id", None)
    if changed:
        entrant.save(update_fields=[LINKS[slot] for slot in changed])
        link_entrants(tournament, [entrant], slots={entrant.pk: changed})


# --- what the director confirms ---------------------------------------------------------


@dataclass
class Choice:
    player: Player
    nights: int


@dataclass
class Pending:
    """A typed name left unlinked, and the register entries it is near."""

    entrant: Entrant
    slot: int
    typed: str
    choices: list[Choice]
    # Near entries who play in another entry of this night already: not the same player,
    # unless that entry is the mistake (said, not offered).
    playing: list[Player] = field(default_factory=list)


def nights_played(club: Club) -> dict[int, tuple[int, object]]:
    """Each register entry's nights at the club and the date of the last (one query)."""
    nights: dict[int, dict[int, object]] = {}
    rows = Entrant.objects.filter(tournament__club=club).values_list(
        "member1_id", "member2_id", "tournament_id", "tournament__date"
    )
    for member1, member2, tournament_id, date in rows:
        for member in (member1, member2):
            if member is not None:
                nights.setdefault(member, {})[tournament_id] = date
    return {pk: (len(dates), max(dates.values())) for pk, dates in nights.items()}


def to_confirm(tournament: Tournament) -> list[Pending]:
    """The tournament's unlinked players with the entries each is near (four queries)."""
    partnership = tournament.is_partnership
    entrants = list(tournament.entrants.filter(member1=None))
    if partnership:
        entrants += tournament.entrants.filter(member2=None).exclude(member1=None)
    if not entrants:
        return []
    index = club_register(tournament.club)
    pending = []
    for entrant in sorted(entrants, key=lambda e: (e.order, e.pk)):
        for slot, typed in typed_players(entrant, partnership):
            if getattr(entrant, LINKS[slot] + "_id") is None:
                pending.append(Pending(entrant, slot, typed, index.match(typed).near))
    wanted = {pk for p in pending for pk in p.choices}
    players = tournament.club.players.in_bulk(wanted)
    nights = nights_played(tournament.club) if wanted else {}
    tonight = played_in(tournament) if wanted else set()
    for p in pending:
        near = [players[pk] for pk in p.choices if pk in players]
        p.playing = [player for player in near if player.pk in tonight]
        p.choices = [
            Choice(player, nights.get(player.pk, (0, None))[0])
            for player in near
            if player.pk not in tonight
        ]
    return pending


def add_alias(player: Player, name: str) -> None:
    name = name.strip()
    if name and name != player.name and name not in player.aliases:
        player.aliases = [*player.aliases, name]
        player.save(update_fields=["aliases"])


def confirm(entrant: Entrant, slot: int, player: Player | None) -> Player:
    """Link one typed name: to `player` (the typed name becomes its alias, so it links at
    once next time), or to a new register entry of that name (player None)."""
    tournament = entrant.tournament
    typed = dict(typed_players(entrant, tournament.is_partnership)).get(slot)
    if typed is None:
        raise LinkError("This entrant has no such player.")
    with transaction.atomic():
        if player is None:
            name = typed.strip()
            clash = same_name(tournament.club, name)
            if clash:
                raise LinkError(
                    f"The register already has {clash.name}, whose name only differs in case, "
                    "accents, spacing or punctuation: choose it, or change the name typed so "
                    "the two can be told apart."
                )
            player = Player.objects.create(club=tournament.club, name=name)
        else:
            if player.club_id != tournament.club_id:
                raise LinkError("That player is in another club's register.")
            other = LINKS[3 - slot] if tournament.is_partnership else None
            if other and getattr(entrant, other + "_id") == player.pk:
                raise LinkError(f"{player.name} is this team's other player already.")
            if player.pk in played_in(tournament, exclude=[entrant.pk]):
                raise LinkError(f"{player.name} plays in another entry of this night already.")
            add_alias(player, typed)
        setattr(entrant, LINKS[slot], player)
        entrant.save(update_fields=[LINKS[slot]])
    return player
