"""A club's ratings at each game: loaded from the nights' facts, rated, stored, checked.

What counts: every table of the club's published nights of the game whose sheet every
side signed (the public counting), in order of night date, night, round and table, and
at which cards were played: a round forfeited before any hand (6 Card Kitty rule 7, a
team not seated in time) is won and lost in the standings, but it is no game, and says
nothing of anyone's skill. A
table counts when every player at it is linked to the club's register; one waiting for
a link (a near match the director has not confirmed) is left out and counted, so the
page can say so, and so is a table where one register entry sits on two sides.

Loading costs a fixed number of queries whatever the number of nights: the nights, the
stored table outcomes (scoring.outcomes; a table without a current one is scored and
stored there first), the entrants with their register links. The derived ratings are
stored with a fingerprint of those facts (every write at a table is logged as a
scoring Change: those at signed tables; the register links; the nights' dates,
publication and options); a read whose fingerprint differs brings them up to date, in
one transaction: by rating only the tables signed since, when the tables rated before
are still the first ones, unchanged and in order (a digest of them is stored), else by
rating every table again.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
from collections import Counter, defaultdict
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Count, F, Max, OuterRef, Subquery, Sum

from club.models import Club, Player
from league import ratings as league
from plumbing import live
from rules import RULESETS, get_ruleset
from scoring import outcomes
from scoring.models import Change, Signature
from season.models import PlayerRating, RatingSet
from tournament.models import Entrant, Round, Table, Tournament

# Bumped when the rating arithmetic changes: every stored set is then rebuilt. 2: a
# round forfeited before any hand is not rated.
METHOD = "plackett-luce-2"
ENTRANTS = outcomes.FIELDS.index("entrants")
TOTALS = outcomes.FIELDS.index("totals")
WINNER = outcomes.FIELDS.index("winner")
COMPLETE = outcomes.FIELDS.index("complete")
PLAYED = outcomes.FIELDS.index("played")


# -- the fingerprint ----------------------------------------------------------------------
def fingerprints(club: Club) -> dict[str, str]:
    """Each game's fingerprint of the facts its ratings derive from: three queries for
    every game at once."""
    nights = defaultdict(list)
    for row in (
        Tournament.objects.filter(club=club)
        .order_by("id")
        .values_list("game", "id", "date", "published", "options")
    ):
        nights[row[0]].append((row[1], str(row[2]), row[3], json.dumps(row[4], sort_keys=True)))
    game = "table__round__tournament__game"
    # Only a table with a signature can count: the hands entered at tables still playing
    # (most of a night's writes) leave the ratings as they are. Signing, reopening (the
    # signatures go) and any write at a signed sheet are logged at a signed table or
    # take one out of this count.
    signed = Signature.objects.filter(table__round__tournament__club=club).values("table_id")
    changes = {
        row[game]: (row["n"], row["last"])
        for row in Change.objects.filter(table_id__in=signed)
        .values(game)
        .annotate(n=Count("id"), last=Max("id"))
        .order_by()
    }
    # Weighted by the entrant's id, so moving a link from one entrant to another shows.
    links = {
        row["tournament__game"]: (row["n1"], row["n2"], row["w1"], row["w2"])
        for row in Entrant.objects.filter(tournament__club=club)
        .values("tournament__game")
        .annotate(
            n1=Count("member1"),
            n2=Count("member2"),
            w1=Sum(F("id") * F("member1_id")),
            w2=Sum(F("id") * F("member2_id")),
        )
        .order_by()
    }
    return {
        slug: live.version(
            METHOD,
            ruleset.scoring_version,  # new scoring code: new outcomes, so new ratings
            nights.get(slug),
            changes.get(slug),
            links.get(slug),
        )
        for slug, ruleset in RULESETS.items()
    }


# -- the facts ----------------------------------------------------------------------------
@dataclass(frozen=True)
class RatingFacts:
    """What the ratings are derived from: the rated tables in order, and those left out."""

    matches: list[league.Match]
    unlinked: int
    clashes: int


def facts(club: Club, game: str) -> RatingFacts:
    ruleset = get_ruleset(game)
    nights = {
        t.pk: t
        for t in Tournament.objects.filter(club=club, game=game, published=True).order_by(
            "date", "id"
        )
    }
    teams = _teams(nights)
    matches, unlinked, clashes = [], 0, 0
    for table in _tables(nights):
        if not (table.final and table.complete):
            continue
        if not table.played:
            continue  # forfeited before any hand (rule 7): no game was played to rate
        sides = [teams.get(entrant) for entrant in table.entrants]
        if not all(sides):
            unlinked += 1
            continue
        players = [p for side in sides for p in side]
        if len(set(players)) != len(players):
            clashes += 1
            continue
        places = ruleset.places(table.totals, table.winner)
        matches.append(league.Match(table.id, tuple(sides), places))
    return RatingFacts(matches, unlinked, clashes)


@dataclass(frozen=True)
class Played:
    """One table's result, as the ratings read it."""

    id: int
    final: bool
    entrants: tuple[int, ...]
    totals: tuple[int, ...]
    winner: int | None
    complete: bool
    played: bool = True  # cards were played (standings.Outcome.played)


def _tables(nights: dict[int, Tournament]) -> list[Played]:
    """Every table of the nights' published rounds, in order (night as given, round,
    table), from its stored outcome: one query, and one decode for them all. A night with
    a table not stored, or stored under other options, is read through scoring.outcomes,
    which scores and stores it."""
    rows = list(
        Table.objects.filter(round__tournament__in=list(nights))
        .exclude(round__status=Round.Status.DRAFT)
        .values_list(
            "id",
            "number",
            "round__number",
            "round__tournament_id",
            "outcome__data",
            "outcome__final",
            "outcome__options",
        )
    )
    options = {pk: outcomes.fingerprint(night) for pk, night in nights.items()}
    stale = {row[3] for row in rows if row[4] is None or row[6] != options[row[3]]}
    kept = [row for row in rows if row[3] not in stale]
    decoded = json.loads("[" + ",".join(row[4] for row in kept) + "]")
    found = {
        row[0]: Played(
            row[0],
            row[5],
            tuple(o[ENTRANTS]),
            tuple(o[TOTALS]),
            o[WINNER],
            o[COMPLETE],
            o[PLAYED],
        )
        for row, o in zip(kept, decoded, strict=True)
    }
    for night in stale:
        for c in outcomes.stored_outcomes(nights[night]):
            o = c.outcome
            found[c.table_id] = Played(
                c.table_id, c.final, o.entrants, o.totals, o.winner, o.complete, o.played
            )
    order = {pk: index for index, pk in enumerate(nights)}
    rows.sort(key=lambda row: (order[row[3]], row[2], row[1]))
    return [found[row[0]] for row in rows if row[0] in found]


def _teams(nights: dict[int, Tournament]) -> dict[int, tuple[int, ...]]:
    """Each entrant's register entries, when every player it names is linked (one query)."""
    teams = {}
    for pk, player1, player2, member1, member2 in Entrant.objects.filter(
        tournament__in=list(nights)
    ).values_list("id", "player1", "player2", "member1_id", "member2_id"):
        named = len([p for p in (player1, player2) if p]) or 1
        linked = tuple(m for m in (member1, member2) if m is not None)
        if len(linked) == named:
            teams[pk] = linked
    return teams


# -- stored, and checked --------------------------------------------------------------------
def _steps_json(steps: list[league.Step], by_key: dict) -> list[list]:
    """A player's steps as stored: [table id, side, place, mu, sigma after, every side's
    players, every side's place] each."""
    return [
        [
            step.key,
            step.side,
            step.place,
            step.after.mu,
            step.after.sigma,
            by_key[step.key].teams,
            by_key[step.key].places,
        ]
        for step in steps
    ]


def _history_rows(history: league.History, matches: list[league.Match]) -> list[PlayerRating]:
    by_key = {m.key: m for m in matches}
    rows = []
    for player, steps in history.steps.items():
        now = steps[-1].after
        rows.append(
            PlayerRating(
                player_id=player,
                mu=now.mu,
                sigma=now.sigma,
                shown=now.shown,
                tables=len(steps),
                history=_dumps(_steps_json(steps, by_key)),
            )
        )
    return rows


def _dumps(history: list) -> str:
    return json.dumps(history, separators=(",", ":"))


def _digests(matches: list[league.Match], at: int) -> tuple[str, str]:
    """Digests of the first `at` matches and of them all: the tables rated, in order, each
    with its sides and places. A stored set whose tables are the start of today's rated
    tables, the same and in the same order, is carried on instead of rebuilt."""
    digest, first = hashlib.sha256(), ""
    for index, match in enumerate(matches):
        if index == at:
            first = digest.hexdigest()
        digest.update(repr((match.key, match.teams, match.places)).encode())
    whole = digest.hexdigest()
    return (whole if at == len(matches) else first), whole


def derive(club: Club, game: str) -> tuple[RatingFacts, list[PlayerRating]]:
    """The ratings from the facts now (unsaved rows)."""
    found = facts(club, game)
    return found, _history_rows(league.rate(found.matches), found.matches)


def _carry_on(kept: RatingSet, new: list[league.Match]) -> None:
    """Rate only the tables signed since the set was stored, going on from the stored
    ratings of their players: the same numbers as rating them all again (league.rate),
    without the arithmetic and the rewrite of every player's row."""
    involved = {player for match in new for team in match.teams for player in team}
    stored = {row.player_id: row for row in kept.players.filter(player_id__in=involved)}
    start = {pk: league.Rating(row.mu, row.sigma) for pk, row in stored.items()}
    history = league.rate(new, start)
    by_key = {m.key: m for m in new}
    rows = []
    for player, steps in history.steps.items():
        row = stored.get(player) or PlayerRating(ratings=kept, player_id=player, history="[]")
        now = steps[-1].after
        # The stored history's JSON array, continued without reading it back.
        more = _dumps(_steps_json(steps, by_key))
        joined = row.history[:-1] + "," + more[1:] if row.history != "[]" else more
        rows.append(
            PlayerRating(
                ratings=kept,
                player_id=player,
                mu=now.mu,
                sigma=now.sigma,
                shown=now.shown,
                tables=(row.tables or 0) + len(steps),
                history=joined,
            )
        )
    # Written again as new rows: far cheaper than an UPDATE per changed row.
    PlayerRating.objects.filter(pk__in=[row.pk for row in stored.values()]).delete()
    PlayerRating.objects.bulk_create(rows, batch_size=500)


def rebuild(club: Club, game: str, fingerprint: str | None = None, full: bool = False) -> RatingSet:
    """Bring the club's stored ratings at the game up to the facts. When the tables rated
    before are still the first ones rated, unchanged and in order (the usual case: the
    newest tables were signed), only the new ones are rated; else, or with `full`, every
    table is rated again and the set replaced.

    The fingerprint is taken before the facts are read: a write in between leaves the set
    stamped with the older one, so the next read brings it up to date again."""
    fingerprint = fingerprint or fingerprints(club)[game]
    with transaction.atomic():
        # Made if missing, then locked: the same queries whether it existed or not.
        RatingSet.objects.bulk_create(
            [RatingSet(club=club, game=game, fingerprint="")], ignore_conflicts=True
        )
        kept = RatingSet.objects.select_for_update().get(club=club, game=game)
        found = facts(club, game)
        before, after = _digests(found.matches, kept.rated)
        if not full and kept.digest and kept.digest == before:
            _carry_on(kept, found.matches[kept.rated :])
        else:
            kept.players.all().delete()
            rows = _history_rows(league.rate(found.matches), found.matches)
            for row in rows:
                row.ratings = kept
            PlayerRating.objects.bulk_create(rows, batch_size=500)
        kept.fingerprint, kept.digest = fingerprint, after
        kept.rated, kept.unlinked, kept.clashes = (
            len(found.matches),
            found.unlinked,
            found.clashes,
        )
        kept.save()
    return kept


def current(club: Club, game: str) -> RatingSet:
    """The club's ratings at the game as they stand: the stored set when its facts have
    not changed (five queries), else rebuilt first."""
    fingerprint = fingerprints(club)[game]
    kept = RatingSet.objects.filter(club=club, game=game).first()
    if kept is not None and kept.fingerprint == fingerprint:
        return kept
    return rebuild(club, game, fingerprint)


def check(club: Club, game: str) -> list[str]:
    """The stored ratings against those derived from the facts now: the differences in
    words (none if the store is right). A set whose facts changed since it was stored is
    not read by any page (it is rebuilt first) and is not compared."""
    kept = RatingSet.objects.filter(club=club, game=game).first()
    if kept is None or kept.fingerprint != fingerprints(club)[game]:
        return []
    where = f"{club.slug} {game}"
    found, rows = derive(club, game)
    differences = []
    counts = (len(found.matches), found.unlinked, found.clashes)
    if counts != (kept.rated, kept.unlinked, kept.clashes):
        stored = (kept.rated, kept.unlinked, kept.clashes)
        differences.append(
            f"{where}: tables rated, unlinked, clashes stored {stored}, derived {counts}"
        )
    if kept.digest != _digests(found.matches, 0)[1]:
        differences.append(f"{where}: the digest of the tables rated differs")
    derived = {row.player_id: row for row in rows}
    stored = {row.player_id: row for row in kept.players.all()}
    for player in sorted(derived.keys() | stored.keys()):
        a, b = stored.get(player), derived.get(player)
        if a is None or b is None:
            differences.append(
                f"{where}: player {player} {'not stored' if a is None else 'not derived'}"
            )
            continue
        fields = ("mu", "sigma", "shown", "tables")
        if any(getattr(a, f) != getattr(b, f) for f in fields) or json.loads(
            a.history
        ) != json.loads(b.history):
            differences.append(
                f"{where}: player {player}: stored {a.shown} over {a.tables} tables, "
                f"derived {b.shown} over {b.tables}"
            )
    return differences


# -- what the pages read ------------------------------------------------------------------
@dataclass(frozen=True)
class Ranked:
    """A player's line in the club's ratings at a game."""

    rank: int
    player: Player
    rating: league.Rating
    tables: int
    tied: bool = False  # the rank is shared: shown "=3", as the standings and ladder say


def ranked(kept: RatingSet) -> list[Ranked]:
    """Every rated player, best displayed rating first (one query); an equal rating
    shares its rank."""
    rows = (
        kept.players.select_related("player")
        .defer("history")
        .order_by("-shown", "player__name", "player_id")
    )
    found: list[Ranked] = []
    for index, row in enumerate(rows, start=1):
        rank = found[-1].rank if found and found[-1].rating.shown == row.shown else index
        found.append(Ranked(rank, row.player, league.Rating(row.mu, row.sigma), row.tables))
    shared = Counter(r.rank for r in found)
    return [dataclasses.replace(r, tied=True) if shared[r.rank] > 1 else r for r in found]


@dataclass(frozen=True)
class GameRating:
    """A player's rating at one game, for the player's own page."""

    game: str
    name: str
    rating: league.Rating
    tables: int
    rank: int
    of: int
    tied: bool = False  # another player has the same rating: "=3 of 12"


def for_player(player: Player) -> list[GameRating]:
    """The player's rating at each game the club rates them in, in the games' order: a
    fixed number of queries (the fingerprints, the sets, a rebuild where one is stale,
    the player's rows with their rank)."""
    club = player.club
    prints = fingerprints(club)
    kept = {s.game: s for s in RatingSet.objects.filter(club=club)}
    played = set(
        Tournament.objects.filter(club=club, published=True).values_list("game", flat=True)
    )
    for game in played:
        if game not in kept or kept[game].fingerprint != prints[game]:
            kept[game] = rebuild(club, game, prints[game])
    ahead = PlayerRating.objects.filter(ratings=OuterRef("ratings"), shown__gt=OuterRef("shown"))
    rows = {
        row.ratings_id: row
        for row in PlayerRating.objects.filter(player=player, ratings__in=kept.values())
        .defer("history")
        .annotate(
            ahead=Subquery(ahead.values("ratings").annotate(n=Count("id")).values("n")),
            of=Subquery(
                PlayerRating.objects.filter(ratings=OuterRef("ratings"))
                .values("ratings")
                .annotate(n=Count("id"))
                .values("n")
            ),
            level=Subquery(
                PlayerRating.objects.filter(ratings=OuterRef("ratings"), shown=OuterRef("shown"))
                .values("ratings")
                .annotate(n=Count("id"))
                .values("n")
            ),
        )
    }
    found = []
    for game, ruleset in RULESETS.items():
        row = rows.get(kept[game].pk) if game in kept else None
        if row is not None:
            rating = league.Rating(row.mu, row.sigma)
            rank = (row.ahead or 0) + 1
            found.append(
                GameRating(game, ruleset.name, rating, row.tables, rank, row.of, row.level > 1)
            )
    return found
