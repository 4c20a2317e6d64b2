"""Junk sent to every address of the app, anonymous and as a director: never a 5xx, and
nothing invalid is ever stored.

Every URL comes from the URL resolver; PARAMS lists, by hand, what each one needs, so a
new URL that is not listed here fails the test instead of going untested. The values are
real objects: a tournament of each of the four games with a published round, its tables
and a hand waiting to be accepted. The junk: NUL characters, numbers too big for any
column, negative numbers, long text, unicode, empty values, several values for one name,
unknown names, and files that are not what they claim to be; and the classes a probe of the
laptop's server found (issue 48): other scripts' digits wherever a number is read (the
superscript "²" passes str.isdigit(), then int() fails), paging below one row and past
reason, ids past 64 bits in an address, bodies past what a form sends, two directors
making the same name at once, and backups with junk where an id belongs.

Run it on PostgreSQL too (DATABASE_URL=postgres://...): it refuses a NUL in text and a
smallint over 32767 where SQLite stores both.
"""

from __future__ import annotations

import json
import os
import re
import threading
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

import pytest
from django.apps import apps
from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.contrib.contenttypes.models import ContentType
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.http import QueryDict
from django.test import Client
from django.urls import URLResolver, get_resolver
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from backup.exporting import export_tournament
from backup.importing import BackupError, import_json
from club.models import Club, Player, Season
from rules import RULESETS
from scoring import entry
from scoring.models import Hand, Ruling
from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.helpers import SIMPLE_HAND, published_round
from tournament import own_links
from tournament.inputs import COLUMN_RANGES
from tournament.linking import link_entrants
from tournament.models import Entrant, Table, Tournament

pytestmark = [pytest.mark.django_db, pytest.mark.sweep]

ENTRANTS = {**ONE_TABLE, "columbus-6-card-kitty": 4}  # two 6 Card Kitty tables

# What each address needs, by name (or, for Django's unnamed admin addresses, by route).
PARAMS: dict[str, tuple[str, ...]] = {
    "login": (),
    "logout": (),
    "home": (),
    "rules_help": ("game",),
    "tournament_new": (),
    "tournament_import": (),
    "tournament_export": ("slug",),
    # Deleting a night: its typed name, which junk never is (nothing good is sent to it).
    "tournament_delete": ("slug",),
    "tournament": ("slug",),
    "tournament_edit": ("slug",),
    "entrants": ("slug",),
    "entrants_import": ("slug",),
    "entrant_edit": ("slug", "pk"),
    "entrant_withdraw": ("slug", "pk"),
    "checkin": ("slug",),
    "checkin_toggle": ("slug", "pk"),
    "checkin_all": ("slug",),
    "checkin_new_link": ("slug", "pk"),
    "checkin_pdf": ("slug",),
    "self_checkin": ("slug",),
    "self_checkin_link": ("slug", "checkin_token"),
    "rounds": ("slug",),
    "round_draw": ("slug",),
    "round": ("slug", "number"),
    "round_edit": ("slug", "number"),
    "round_publish": ("slug", "number"),
    "round_delete": ("slug", "number"),
    "pairings": ("slug", "number"),
    "pairings_pdf": ("slug", "number"),
    "sheets_pdf": ("slug", "number"),
    "sheet_pdf": ("slug", "number", "table"),
    "table_link": ("token",),
    "table_link_preview": ("token",),
    "link_manifest": ("token",),
    "service_worker": (),
    **{f"link_{a}": ("token",) for a in ("enter", "accept", "dispute", "edit", "sign")},
    "link_correction": ("token",),
    "link_take-back": ("token",),
    "link_first-dealer": ("token",),
    "link_call": ("token",),
    # A player's own link: their steps, and their side's actions bound to a round.
    **{f"own_{a}": ("own_token",) for a in ("link", "manifest", "check_in", "leave", "stay")},
    **{
        f"own_{a}": ("own_token", "number")
        for a in ("link_round", "link_preview", "enter", "accept", "dispute", "edit", "sign")
        + ("correction", "take-back", "first-dealer", "call")
    },
    "console": ("slug", "number"),
    "start_clock": ("slug", "number"),
    "announce": ("slug", "number"),
    "take_back_announcement": ("slug", "number", "pk"),
    "console_answer_call": ("slug", "number", "table"),
    "confirm_leaving": ("slug", "number", "pk"),
    "turn_down_leaving": ("slug", "number", "pk"),
    "director_table": ("slug", "number", "table"),
    "director_table_preview": ("slug", "number", "table"),
    **{
        f"director_{a}": ("slug", "number", "table")
        for a in ("enter", "accept", "dispute", "edit", "sign")
        + (
            "first-dealer",
            "ruling",
            "withdraw-ruling",
            "strike",
            "reopen",
            "answer-correction",
            "new-link",
            "clear-pin-tries",
            "answer-call",
        )
    },
    "standings": ("slug",),
    "standings_projector": ("slug",),
    "standings_pdf": ("slug",),
    "standings_entrant": ("slug", "pk"),
    "sheet_check": ("slug",),
    "playoff_size": ("slug",),
    "playoff_create": ("slug",),
    "playoff_next": ("slug",),
    "playoff_undo": ("slug",),
    "player": ("club", "player"),
    "pair": ("club", "a", "b"),
    "club": ("club",),
    "ladder_settings": ("club",),
    "season_new": ("club",),
    "season": ("club", "season"),
    "season_edit": ("club", "season"),
    "season_ladder_csv": ("club", "season"),
    "season_ladder_xlsx": ("club", "season"),
    "player_link": ("slug",),
    "club_new": (),
    "register": ("club",),
    "register_merge": ("club",),
    "register_player": ("club", "player"),
    # Django's admin (the director account is not staff: it is sent to the admin's login).
    "admin:index": (),
    "admin:login": (),
    "admin:logout": (),
    "admin:password_change": (),
    "admin:password_change_done": (),
    "admin:autocomplete": (),
    "admin:jsi18n": (),
    "admin:view_on_site": ("content_type_id", "object_id"),
    "admin:app_list": ("app_label",),
    "admin:auth_group_changelist": (),
    "admin:auth_group_add": (),
    "admin:auth_group_history": ("object_id",),
    "admin:auth_group_delete": ("object_id",),
    "admin:auth_group_change": ("object_id",),
    "admin:auth_user_changelist": (),
    "admin:auth_user_add": (),
    "admin:auth_user_history": ("object_id",),
    "admin:auth_user_delete": ("object_id",),
    "admin:auth_user_change": ("object_id",),
    "ratings": ("club", "game"),
    "ratings_csv": ("club", "game"),
    "ratings_xlsx": ("club", "game"),
    "rating_pair": ("club", "game"),
    "rating": ("club", "game", "player"),
    "admin:auth_user_password_change": ("id",),
    "admin/auth/group/<path:object_id>/": ("object_id",),
    "admin/auth/user/<path:object_id>/": ("object_id",),
    "admin/(?P<url>.*)$": ("url",),
}

# The actions a table page posts to.
ACTIONS = (
    "enter",
    "accept",
    "dispute",
    "edit",
    "sign",
    "correction",
    "take-back",
    "first-dealer",
    "ruling",
    "withdraw-ruling",
    "strike",
    "reopen",
    "answer-correction",
    "new-link",
    "clear-pin-tries",
    "call",
    "answer-call",
)


def action_of(address) -> str:
    """The table action an address carries out ("link_sign" signs), else ""."""
    for prefix in ("link_", "own_", "director_"):
        if address.key.startswith(prefix) and address.key[len(prefix) :] in ACTIONS:
            return address.key[len(prefix) :]
    return ""


@dataclass(frozen=True)
class Address:
    key: str  # the name, or the route of an unnamed one
    route: str  # the whole route, with its parameters as in the URL conf
    params: tuple[str, ...]


def addresses(resolver=None, namespace: str = "", prefix: str = "") -> list[Address]:
    found = []
    for entry_ in (resolver or get_resolver()).url_patterns:
        route = prefix + str(entry_.pattern)
        if isinstance(entry_, URLResolver):
            inner = namespace + (f"{entry_.namespace}:" if entry_.namespace else "")
            found += addresses(entry_, inner, route)
        else:
            key = namespace + entry_.name if entry_.name else route
            found.append(Address(key, route, tuple(entry_.pattern.regex.groupindex)))
    return found


ADDRESSES = addresses()


def fill(route: str, values: dict[str, str]) -> str:
    """The route with its parameters filled: <conv:name> and (?P<name>...) alike."""
    url = re.sub(r"<(?:\w+:)?(\w+)>", lambda m: values[m[1]], route)
    url = re.sub(r"\(\?P<(\w+)>[^)]*\)", lambda m: values[m[1]], url)
    return "/" + url.replace("^", "").replace("$", "")


@dataclass
class World:
    tournaments: dict[str, int]  # game -> tournament id
    director_id: int

    def values(self, game: str, action: str) -> dict[str, str]:
        tournament = Tournament.objects.get(pk=self.tournaments[game])
        table = Table.objects.filter(round__tournament=tournament).order_by("number").first()
        entrant = tournament.entrants.order_by("pk").first()
        seated = table.seats.get(position=0).entrant
        players = list(Player.objects.filter(club=tournament.club).values_list("pk", flat=True))
        return {
            "game": game,
            "slug": tournament.slug,
            "pk": str(entrant.pk),
            "number": "1",
            "table": str(table.number),
            "token": table.seats.get(position=0).token,
            "own_token": own_links.links_for([seated], tournament.is_partnership)[
                (seated.pk, 1)
            ].token,
            "checkin_token": entrant.checkin_token,
            "content_type_id": str(ContentType.objects.get_for_model(Tournament).pk),
            "object_id": str(self.director_id),
            "id": str(self.director_id),
            "app_label": "auth",
            "url": "no-such-page/",
            "club": tournament.club.slug,
            "player": str(players[0]),
            "a": str(players[0]),
            "b": str(players[-1]),
            "season": "season",
        }


HANDS = SIMPLE_HAND


def build_world(director) -> World:
    """A tournament of each game, published, with round 1 published and a hand waiting."""
    tournaments = {}
    for game in GAMES:
        tournament = make_tournament(
            game, entrants=ENTRANTS[game], published=True, slug=game, self_checkin=True
        )
        link_entrants(tournament, tournament.entrants.all())  # the club's register
        table = published_round(tournament).tables.order_by("number").first()
        own_links.links_for(tournament.entrants.all(), tournament.is_partnership)  # printed
        actor = entry.Actor(side=1, label="Table link")
        entry.enter_hand(table, HANDS[game], actor=actor, nonce="w", slot=(1, 1))
        tournaments[game] = tournament.pk
        tournament.club.staff.add(director)
    # The club's season of the first game; the director keeps the club, so the junk
    # reaches the season and ladder forms too.
    club = Tournament.objects.get(pk=tournaments[GAMES[0]]).club
    club.staff.add(director)
    day = Tournament.objects.get(pk=tournaments[GAMES[0]]).date
    Season.objects.create(
        club=club, game=GAMES[0], name="Season", slug="season", starts=day, ends=day
    )
    return World(tournaments, director.pk)


def good_payload(address: Address, action: str, game: str, world: World) -> dict[str, str]:
    """What the page itself would send to this address, so junk in one field goes deep."""
    tournament = Tournament.objects.get(pk=world.tournaments[game])
    table = Table.objects.filter(round__tournament=tournament).order_by("number").first()
    hand = Hand.objects.filter(table=table).order_by("-number", "-attempt").first()
    ruling = Ruling.objects.filter(table=table).first()
    entrants = list(tournament.entrants.order_by("pk").values_list("pk", flat=True))
    players = list(tournament.club.players.order_by("pk").values_list("pk", flat=True))
    player = table.seats.order_by("position").first().entrant.players[0]
    slot = entry.next_slot(entry.table_result(table)) or (1, 1)
    record = HANDS[game]
    by_action = {
        "enter": {
            "nonce": f"fuzz-{Hand.objects.count()}",
            "slot": f"{slot[0]}:{slot[1]}",
            **record,
        },
        "dispute": {"reason": "they took 2 books"},
        "edit": {"reason": "miscounted", **{f"edit-{k}": v for k, v in record.items()}},
        "sign": {"player": player, "typed": player},
        # On the entered hand, not "next": see the known failure at the end of this file.
        "ruling": {
            "code": "misdeal",
            "hand": str(hand.pk),
            "offender": "0",
            "choice": "",
            "amount": "2",
            "note": "7 cards",
        },
        "withdraw-ruling": {"ruling": str(ruling.pk if ruling else 1), "reason": "wrong"},
        "strike": {"reason": "entered at the wrong table"},
        "reopen": {"reason": "a miscount"},
        "correction": {"reason": "hand 2 was 11 books"},
        "answer-correction": {"request": "1", "answer": "the sheet is right"},
        "new-link": {"side": "1"},
        "clear-pin-tries": {"side": "1"},
        "call": {"reason": "ruling"},
        "first-dealer": {"first_dealer": "1"},
    }
    table_action = {
        "hand": str(hand.pk),
        "version": str(hand.version),
        "side": "0",
        **by_action.get(action, {}),
        "confirm": "1",
    }
    new = {
        "name": "Fuzz night",
        "date": "2026-11-27",
        "venue": "Hall",
        "game": game,
        "rounds": "4",
        "paper": "letter",
        "published": "on",
        "first_round": "random",
        "seed_by_standings": "on",
        "bye_points": "3",
        "verify_hands": "on",
        "boston_pot": "12.50",
        "tiebreaks": "",
        "playoff_size": "2",
        **{
            f"opt_{o.key}": "on" if o.default is True else str(o.default)
            for o in tournament.ruleset.options
            if o.default is not False
        },
    }
    by_name = {
        **({address.key: table_action} if action_of(address) else {}),
        "table_link_preview": {"side": "0", **record},
        "director_table_preview": record,
        "tournament_new": {**new, "club": str(tournament.club_id)},
        "tournament_edit": {**new, "slug": tournament.slug, "staff": str(world.director_id)},
        "tournament_import": {"club": str(tournament.club_id), "replace": "on"},
        "entrants": {"name": "Newcomer", "player1": "Ann", "player2": "Bob"},
        "entrant_edit": {"name": "Renamed", "player1": "Ann", "player2": "Bob"},
        "checkin": {"q": "1", "link": str(entrants[0])},
        "announce": {"text": "Coffee is on in the back room"},
        "sheet_check": {"round": "1", "table": "1", "code": "K7QM-4XPA-9DZ2"},
        "checkin_toggle": {"q": "1", "checked_in": "1"},
        "checkin_new_link": {"q": "", "place": "1"},
        "self_checkin": {
            "q": tournament.entrants.order_by("pk").first().name,
            "entrant": str(entrants[0]),
        },
        "round_edit": {
            "action": "swap",
            "entrant": str(entrants[0]),
            "other": str(entrants[-1]),
            "table": "1",
        },
        "standings": {"view": "live", "sort": "name", "_export": "csv"},
        "standings_projector": {"rows": "5", "every": "5", "screen": "2"},
        "playoff_size": {"size": "2"},
        "playoff_create": {"through": str(entrants[0])},
        "login": {"username": "td", "password": "pw-for-tests-1"},
        "season_new": {
            "game": game,
            "name": "Spring",
            "starts": "2026-03-01",
            "ends": "2026-05-31",
        },
        "season_edit": {
            "game": game,
            "name": "Season",
            "slug": "season",
            "starts": "2026-01-01",
            "ends": "2026-12-31",
        },
        "ladder_settings": {"ladder_points": "12,9,7", "ladder_played": "2", "ladder_best": "8"},
        "player_link": {"entrant": str(entrants[0]), "slot": "1", "player": "new"},
        "club_new": {"name": "Fuzz club"},
        "register": {"q": "North"},
        "register_player": {"name": "Renamed Player"},
        "register_merge": {
            "kept": str(players[0]),
            "merged": str(players[-1]),
            "confirm": "1",
        },
    }
    return by_name.get(address.key, {})


# --- the junk ---------------------------------------------------------------------------

CHARS = st.characters(exclude_categories=("Cs",))  # a lone surrogate cannot be sent at all
TEXT = st.one_of(
    st.just(""),
    st.just("\x00"),
    st.text(CHARS, max_size=12),
    st.text(CHARS, max_size=6).map(lambda s: f"{s}\x00{s}"),
    st.integers(min_value=-(10**30), max_value=10**30).map(str),
    st.sampled_from(
        ["40000", "-1", "-32769", "2147483648", "9" * 40, "1e999", "NaN", "-0", "1.5", " 3 "]
        + ["0x1F", "true", "on", "junk", "null", "[]", "{}", "1:1", "0:0", "99999:1"]
    ),
    st.integers(min_value=301, max_value=3000).map(lambda n: "é" * n),
)
FILES = st.one_of(
    st.binary(max_size=64),
    st.sampled_from(
        [
            b"player1,player2\nAnn\x00,Bob\n",
            b"name\n" + b"x" * 500 + b"\n",
            b"[" * 5000 + b"]" * 5000,
            json.dumps({"format": "kitty-td/tournament", "version": 1, "tournament": []}).encode(),
            b"\xff\xfe\x00",
        ]
    ),
).map(lambda data: SimpleUploadedFile("junk.csv", data))
VALUE = st.one_of(TEXT, st.lists(TEXT, min_size=2, max_size=3))  # several values for one name


def form_keys() -> list[str]:
    """The names the app's forms read, so the junk reaches them (plus unknown names)."""
    keys = (
        "side hand version nonce slot reason code offender choice amount note confirm ruling "
        "pin request answer correction_minutes staff "
        "player typed q checked_in action entrant other table size through prefix view "
        "_export sort rows every screen name player1 player2 slug date venue game rounds "
        "paper published first_round seed_by_standings bye_points verify_hands boston_pot "
        "tiebreaks playoff_size username password next starts ends ladder_points ladder_played "
        "ladder_best slot kept merged club text round_minutes"
    ).split()
    for ruleset in RULESETS.values():
        for size in ruleset.table_sizes:
            for field in ruleset.hand_fields(size, ruleset.resolve_options({})):
                keys += [field.name, f"edit-{field.name}"]
        keys += [f"opt_{option.key}" for option in ruleset.options]
    return sorted(set(keys))


KEYS = st.one_of(st.sampled_from(form_keys()), st.text(CHARS, min_size=1, max_size=8))
JUNK = st.dictionaries(KEYS, VALUE, max_size=8).flatmap(
    lambda data: st.one_of(st.just(data), FILES.map(lambda f: {**data, "file": f}))
)


# --- what must hold ---------------------------------------------------------------------

MODELS = [
    m for m in apps.get_models() if m._meta.app_label in ("club", "tournament", "scoring", "auth")
]


# Kept by the pages that read them, not stored by a visitor: a table's outcome (any page
# that reads the standings scores and keeps a table that had none; checked against the
# facts after every test, in conftest), and a player's own link (made, one a player,
# the first time a page shows it: tournament/own_links.py).
DERIVED = {"scoring.TableOutcome", "tournament.OwnLink"}


COUNTED = [m for m in MODELS if m._meta.label not in DERIVED]


def counts() -> dict[str, int]:
    """What a visitor could have stored: each table's rows, in one query (it runs before
    and after every junk request; a COUNT per model took two dozen round trips)."""
    quote = connection.ops.quote_name
    sql = " UNION ALL ".join(
        f"SELECT {i}, COUNT(*) FROM {quote(m._meta.db_table)}" for i, m in enumerate(COUNTED)
    )
    with connection.cursor() as cursor:
        cursor.execute(sql)
        return {COUNTED[i]._meta.label: n for i, n in cursor.fetchall()}


def invalid_rows() -> list[str]:
    """Every stored row as the models and rulesets define valid; the problems, in words."""
    problems = []
    for model in MODELS:
        relations = [f.name for f in model._meta.concrete_fields if f.is_relation]
        for obj in model.objects.all():
            where = f"{model._meta.label} {obj.pk}"
            try:
                obj.clean_fields(exclude=relations)
            except ValidationError as exc:
                problems.append(f"{where}: {exc.message_dict}")
            for field in model._meta.concrete_fields:
                value = field.value_from_object(obj)
                if isinstance(value, str) and "\x00" in value:
                    problems.append(f"{where}: {field.name} holds a NUL")
                low, high = COLUMN_RANGES.get(field.get_internal_type(), (None, None))
                if isinstance(value, int) and low is not None and not low <= value <= high:
                    problems.append(f"{where}: {field.name} = {value} overflows its column")
    for tournament in Tournament.objects.all():
        tournament.game_options  # raises if the stored options cannot be read  # noqa: B018
    for hand in Hand.objects.exclude(record=None).select_related("table__round__tournament"):
        tournament = hand.table.round.tournament
        size = tournament.ruleset.players_at_table(hand.table.seats.count())
        tournament.ruleset.parse_hand(hand.record, size, tournament.game_options)
    for ruling in Ruling.objects.select_related("table__round__tournament"):
        tournament = ruling.table.round.tournament
        size = tournament.ruleset.players_at_table(ruling.table.seats.count())
        if ruling.offender is not None and not 0 <= ruling.offender < tournament.ruleset.sides(
            size
        ):
            problems.append(f"ruling {ruling.pk}: offender {ruling.offender}")
    return problems


def send(client: Client, method: str, url: str, payload: dict):
    if method == "get":
        payload = {k: v for k, v in payload.items() if not hasattr(v, "read")}
        return client.get(url, payload)
    return client.post(url, payload)


class Writes:
    """Whether a statement since `seen` was last cleared wrote to a table the sweep checks
    (installed with connection.execute_wrapper): only then are the stored rows read back
    and checked, and what the sweep knows of the night (a token, a hand's version) read
    again. The session's and the login throttle's tables are not the night's."""

    CHECKED = {m._meta.db_table for m in MODELS}
    WRITE = re.compile(r'\s*(?:INSERT\s+INTO|UPDATE|DELETE\s+FROM|REPLACE\s+INTO)\s+"?(\w+)', re.I)
    READ = re.compile(r"\s*(?:SELECT|SAVEPOINT|RELEASE|ROLLBACK|BEGIN|COMMIT|PRAGMA)\b", re.I)

    seen = True

    def __call__(self, execute, sql, params, many, context):
        if not self.READ.match(sql):
            write = self.WRITE.match(sql)
            self.seen |= write is None or write[1] in self.CHECKED  # unknown: a write
        return execute(sql, params, many, context)


WRITES = Writes()
KNOWN: dict[tuple, dict] = {}  # the night's values and good payloads, read since the last write


def known(key: tuple, read) -> dict:
    if WRITES.seen:
        KNOWN.clear()
        WRITES.seen = False
    if key not in KNOWN:
        KNOWN[key] = read()
    return KNOWN[key]


@pytest.fixture(autouse=True)
def writes_noted():
    KNOWN.clear()
    WRITES.seen = True
    with connection.execute_wrapper(WRITES):
        yield


def as_who(client: Client, world: World, as_director: bool) -> None:
    """The client as the director, or as no one. Logged in or out again only when the
    last answer says otherwise (a junk request to log out did it): a login each request
    was a tenth of the sweep."""
    if getattr(client, "as_director", None) == as_director:
        return
    if as_director:
        client.force_login(get_user_model().objects.get(pk=world.director_id))
    else:
        client.logout()
    client.as_director = as_director


def check(client, world, address, game, action, method, payload, *, as_director, junk_in=None):
    """Send it and check what must hold.

    junk_in: None sends the junk alone; a set of indices sends the page's own good values
    for this address less those, with the junk on top, so junk in one field goes deep.
    """
    action = action_of(address) or action
    if junk_in is not None:
        good = known(
            (address.key, action, game), lambda: good_payload(address, action, game, world)
        )
        kept = {k: v for i, (k, v) in enumerate(good.items()) if i not in junk_in}
        payload = {**kept, **payload}
    as_who(client, world, as_director)
    url = fill(address.route, known((game, action), lambda: world.values(game, action)))
    said = f"{method.upper()} {url} {payload!r}"
    before = counts()
    WRITES.seen = False
    response = send(client, method, url, payload)
    SENT[response.status_code // 100] += 1
    assert response.status_code < 500, said
    user = getattr(response.wsgi_request, "user", None)
    client.as_director = None if user is None else user.is_authenticated
    after = counts()
    if not as_director:
        # The public changes nothing; only a table's own link writes, and only a whole,
        # valid action (the server cannot tell a scorer's tap from one that looks like it).
        table_write = address.key.startswith(("link_", "own_")) and response.status_code == 302
        assert after == before or table_write, f"{said} stored something"
    if after != before or WRITES.seen:
        assert invalid_rows() == [], said


# --- the tests --------------------------------------------------------------------------

SENT: Counter[int] = Counter()  # the junk requests sent, by class of answer (2 for 2xx)


@pytest.fixture(scope="module", autouse=True)
def sweep_count():
    yield
    total = sum(SENT.values())
    by_class = ", ".join(f"{k}xx {n}" for k, n in sorted(SENT.items()))
    print(f"\njunk requests sent: {total} ({by_class}); backups: {BACKUPS[0]}")


def test_what_could_be_stored_is_counted_table_by_table(world):
    """The sweep's measure of "stored nothing": each model's rows, as the ORM counts them."""
    counted = counts()
    assert counted == {m._meta.label: m.objects.count() for m in COUNTED}
    assert counted["scoring.Hand"] > 0 and counted["tournament.Table"] > 0
    Club.objects.create(name="Counted")
    assert counts()["club.Club"] == counted["club.Club"] + 1


def test_a_write_to_the_night_is_seen_and_a_login_or_a_page_read_is_not(world):
    """What decides when the stored rows are checked again (Writes)."""
    client = Client()
    client.force_login(get_user_model().objects.get(pk=world.director_id))  # last_login
    WRITES.seen = False
    client.get(f"/t/{GAMES[0]}/")  # a session and a page read
    assert not WRITES.seen
    Hand.objects.filter(table__round__tournament=world.tournaments[GAMES[0]]).update(version=9)
    assert WRITES.seen


def test_every_address_is_listed_with_its_params():
    listed = {a.key: a.params for a in ADDRESSES}
    assert listed == PARAMS, "list each new address in PARAMS, with the parameters it needs"


@pytest.fixture
def world(director):
    return build_world(director)


NUL_ALL = {key: "\x00" for key in form_keys()}
HUGE_ALL = {key: ["9" * 40, "x" * 400] for key in form_keys()}


# Digits of another script, as a phone keyboard set to it types them (Arabic-Indic).
OTHER_DIGITS = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")


def bad_values(good: str) -> tuple[str, ...]:
    """A NUL, and then a number too big for a small column, or text too long to keep; for a
    number, also one too long for Python to read (over 4,300 digits) and the same number
    in another script's digits: decimal ones int() reads, and superscripts, digits to
    str.isdigit() that int() cannot read ("²" was a 500 wherever isdigit() let it by)."""
    if good.isdigit():
        superscript = good.translate(str.maketrans("0123456789", SCRIPTS[3]))
        return ("\x00", "40000", "9" * 5000, good.translate(OTHER_DIGITS), superscript)
    return ("\x00", "x" * 400)


# Digits as a phone types them in other scripts: decimal ones int() reads as ours
# (Arabic-Indic, Devanagari, fullwidth), and digits str.isdigit() passes that int() cannot
# read at all (superscripts, circled): "²" was a 500 wherever isdigit() let it through.
SCRIPTS = ("٠١٢٣٤٥٦٧٨٩", "०१२३४५६७८९", "０１２３４５６７８９", "⁰¹²³⁴⁵⁶⁷⁸⁹", "⓪①②③④⑤⑥⑦⑧⑨")
# Numbers read from an address's query as well as its form: paging (django-tables2), the
# entrant whose own links the check-in page shows, the projector's screens.
FROM_THE_ADDRESS = {"per_page": "100", "page": "1", "link": "1", "rows": "5", "screen": "2"}


def number_junk(good: str) -> tuple[str, ...]:
    """A number in other scripts' digits, below zero, zero, and past any column (a page of
    -1 rows was a 500; a million drew every row of a big night at once). Of the scripts,
    one of each kind, as bad_values sends them: Python reads every decimal script alike
    (int(), a pattern's \\d), and refuses every other digit alike (though isdigit() passes it)."""
    scripts = tuple(good.translate(str.maketrans("0123456789", s)) for s in SCRIPTS[::3])
    return (*scripts, "-1", "0", "9" * 25, str(2**63), "1000000")


@pytest.fixture(autouse=True)
def quick_passwords(settings):
    """Junk sent to the login page checks a password each time: a quick hash will do."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.mark.parametrize("as_director", [False, True], ids=["anonymous", "director"])
def test_every_address_takes_nul_and_huge_values_without_a_5xx(world, as_director):
    """A fixed sweep, so no address is missed: every address and table action, both
    methods, all fields junk at once, then each good field in turn made junk."""
    client = Client()
    for index, address in enumerate(ADDRESSES):
        game = GAMES[index % len(GAMES)]
        for action in [action_of(address) or ACTIONS[0]]:
            for method in ("get", "post"):
                for payload in (NUL_ALL, HUGE_ALL):
                    check(
                        client,
                        world,
                        address,
                        game,
                        action,
                        method,
                        payload,
                        as_director=as_director,
                    )
            # Field by field: a table link's pages anonymously, the rest as the director.
            reachable = as_director != address.key.startswith(("table_link", "link_", "own_"))
            fields = good_payload(address, action, game, world) if reachable else {}
            for i, (key, good) in enumerate(fields.items()):
                for bad in bad_values(good):
                    check(
                        client,
                        world,
                        address,
                        game,
                        action,
                        "post",
                        {key: bad},
                        as_director=as_director,
                        junk_in={i},
                    )


EVERY = object()  # read all at once: each value may be read


class NotingReads(QueryDict):
    """A request's query (request.GET) that notes the names a view reads the value of, one
    by one, or EVERY when it reads them all (a form given the whole query). A query copied
    and written out whole again, into the page's own links (a poll's address, a table's
    sort and paging links), reads no number: that alone notes nothing."""

    read: set = set()
    echoing = False

    def __getitem__(self, key):  # get() too
        self.read.add(key)
        return super().__getitem__(key)

    def getlist(self, key, default=None):
        self.read.add(key)
        return super().getlist(key, default)

    def __iter__(self):  # items(), values(), dict()
        self.read.add(EVERY)
        return super().__iter__()

    def lists(self):
        if not self.echoing:
            self.read.add(EVERY)
        return super().lists()

    def copy(self):
        return self.echoed(super().copy)

    def urlencode(self, safe=None):
        return self.echoed(super().urlencode, safe)

    def echoed(self, write, *args):
        was, type(self).echoing = type(self).echoing, True
        try:
            return write(*args)
        finally:
            type(self).echoing = was


def noting_reads(get_response):
    """Middleware, first of all: the query as a NotingReads."""

    def middleware(request):
        request.GET = NotingReads(request.META.get("QUERY_STRING", ""))
        return get_response(request)

    return middleware


@pytest.mark.parametrize("as_director", [False, True], ids=["anonymous", "director"])
def test_every_number_an_address_reads_takes_any_scripts_digits_and_any_paging(
    world, as_director, settings
):
    """Every number read from an address's query (paging, the projector's screens, the
    entrant whose links to show, and the forms a page reads from its query), in each
    other script's digits, below zero and past reason, one at a time among the page's
    own good values: the page or a 4xx, never a 5xx, and nothing stored. (The forms'
    numbers sent by POST: the field-by-field sweep above, with bad_values.)"""
    client = Client()
    if as_director:
        client.force_login(get_user_model().objects.get(pk=world.director_id))
    settings.MIDDLEWARE = [f"{__name__}.noting_reads", *settings.MIDDLEWARE]
    swept = set()
    for index, address in enumerate(ADDRESSES):
        game = GAMES[index % len(GAMES)]
        action = action_of(address) or ACTIONS[0]
        url = fill(address.route, world.values(game, action))
        reachable = as_director != address.key.startswith(("table_link", "link_", "own_"))
        good = good_payload(address, action, game, world) if reachable else {}
        numbers = {k: v for k, v in {**FROM_THE_ADDRESS, **good}.items() if v.isdigit()}
        before = counts()
        for key, value in numbers.items():
            # Asked with its good value first: a number the page does not read, junk cannot
            # reach (the junk asks the same, that value alone changed), so it is not sent.
            NotingReads.read = set()
            response = client.get(url, {**good, key: value})
            SENT[response.status_code // 100] += 1
            assert response.status_code < 500, f"GET {url} {key}={value!r}"
            if not NotingReads.read & {key, EVERY}:
                continue
            swept.add((address.key, key))
            for junk in number_junk(value):
                response = client.get(url, {**good, key: junk})
                SENT[response.status_code // 100] += 1
                assert response.status_code < 500, f"GET {url} {key}={junk!r}"
        assert counts() == before, f"GET {url} stored something"
    # Numbers these pages are known to read, so a noting that fails sweeps nothing unseen.
    assert {("standings_projector", "rows"), ("ratings", "per_page")} <= swept


@pytest.mark.parametrize("as_director", [False, True], ids=["anonymous", "director"])
def test_a_body_past_what_any_form_sends_gives_no_5xx_anywhere(world, as_director):
    """A form's body past Django's caps (its size, DATA_UPLOAD_MAX_MEMORY_SIZE, and its
    number of fields) on every address: refused, never a 5xx, nothing stored. A body past
    the laptop server's own cap is refused before it is read (test_probe_findings)."""
    client = Client()
    if as_director:
        client.force_login(get_user_model().objects.get(pk=world.director_id))
    big = b"name=" + b"x" * django_settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    fields = django_settings.DATA_UPLOAD_MAX_NUMBER_FIELDS + 1
    many = "&".join(f"f{i}=1" for i in range(fields)).encode()
    before = counts()
    for index, address in enumerate(ADDRESSES):
        game = GAMES[index % len(GAMES)]
        url = fill(address.route, world.values(game, action_of(address) or ACTIONS[0]))
        for body in (big, many):
            response = client.generic(
                "POST", url, data=body, content_type="application/x-www-form-urlencoded"
            )
            SENT[response.status_code // 100] += 1
            assert response.status_code < 500, f"POST {url} ({len(body):,} bytes)"
    assert counts() == before


@pytest.mark.parametrize("as_director", [False, True], ids=["anonymous", "director"])
def test_an_id_past_64_bits_in_any_address_is_a_4xx(world, as_director):
    """Every number in an address (<int:...>) past what a key column holds: a pair of
    players 2**63 was an OverflowError on SQLite, a 500."""
    client = Client()
    if as_director:
        client.force_login(get_user_model().objects.get(pk=world.director_id))
    numbered = [a for a in ADDRESSES if re.search(r"<int:", a.route)]
    assert len(numbered) > 20
    for index, address in enumerate(numbered):
        game = GAMES[index % len(GAMES)]
        values = world.values(game, action_of(address) or ACTIONS[0])
        for name in re.findall(r"<int:(\w+)>", address.route):
            for big in (2**63, 2**64, 10**30):
                url = fill(address.route, {**values, name: str(big)})
                before = counts()
                for method in ("get", "post"):
                    response = send(client, method, url, {})
                    SENT[response.status_code // 100] += 1
                    said = f"{method.upper()} {url}"
                    if response.status_code == 302:  # a director's page: the login first
                        assert not as_director and "/login/" in response["Location"], said
                    else:
                        assert 400 <= response.status_code < 500, said
                assert counts() == before, url


# FUZZ_EXAMPLES=5000 for a long sweep (`python3 dev.py test tests/test_fuzz_inputs.py -s`
# prints how many junk requests were sent, by class of answer).
FUZZ = settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", 150)),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


@pytest.mark.parametrize("as_director", [False, True], ids=["anonymous", "director"])
@FUZZ
@given(
    address=st.sampled_from(ADDRESSES),
    game=st.sampled_from(GAMES),
    action=st.sampled_from(ACTIONS),
    method=st.sampled_from(["get", "post"]),
    payload=JUNK,
    junk_in=st.one_of(st.none(), st.sets(st.integers(0, 8), max_size=3)),
)
def test_junk_anywhere_gives_no_5xx_and_stores_nothing_invalid(
    world, as_director, address, game, action, method, payload, junk_in
):
    check(
        Client(),
        world,
        address,
        game,
        action,
        method,
        payload,
        as_director=as_director,
        junk_in=junk_in,
    )


# --- a backup file with junk in any one place --------------------------------------------

JSON_JUNK = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(10**20), max_value=10**20),
    st.sampled_from([-1, 9, 40000, 2**31, 1.5, "", "\x00", "a\x00b", "x" * 400, [], {}, [[[]]]]),
    st.sampled_from(["²", "1²", ["²"], [None], [2**63], 2**63, -(2**63) - 1]),
    st.text(CHARS, max_size=10),
    st.lists(st.integers(), max_size=3),
    st.dictionaries(st.text(CHARS, max_size=4), st.integers(), max_size=2),
)


def places(value, path=()):
    """Every place in the file's JSON: (path, ...) for each dict key and list item."""
    if isinstance(value, dict):
        for key, item in value.items():
            yield path + (key,)
            yield from places(item, path + (key,))
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield path + (i,)
            yield from places(item, path + (i,))


@pytest.fixture
def exported(world):
    """A backup of each game's tournament, under another address (slug)."""
    files = {}
    for game, pk in world.tournaments.items():
        data = export_tournament(Tournament.objects.get(pk=pk))
        data["tournament"]["slug"] = f"{game}-copy"
        files[game] = data
    return files


BACKUPS = [0]  # the junk backup files sent


def import_with_junk(backup: dict, path: tuple, junk):
    """The backup with `junk` at `path`, imported: the night it made, or None when it was
    refused whole (nothing stored: checked)."""
    backup = json.loads(json.dumps(backup))
    container = backup
    for step in path[:-1]:
        container = container[step]
    container[path[-1]] = junk
    before = counts()
    BACKUPS[0] += 1
    try:
        return import_json(json.dumps(backup))
    except BackupError:
        assert counts() == before, (path, junk)
        return None


@settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", 120)),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data(), game=st.sampled_from(GAMES), junk=JSON_JUNK)
def test_a_backup_with_junk_anywhere_is_refused_whole_or_restored_valid(exported, data, game, junk):
    path = data.draw(st.sampled_from(sorted(places(exported[game]), key=str)))
    imported = import_with_junk(exported[game], path, junk)
    if imported is None:
        return
    try:
        assert imported.slug == f"{game}-copy" or path[:2] == ("tournament", "slug")
        assert invalid_rows() == [], path
    finally:
        imported.delete()  # the next example imports the same address again


# A whole night of each game (tests/data/backups: rulings, byes, signatures, the history),
# with a playoff's seeds and a side's correction request, for the places junk goes.
NIGHTS = Path(__file__).parent / "data" / "backups"
# The keys that hold a record's id or number, and what the probe's files held instead: a
# digit int() cannot read, null, a list of either, past 64 bits, a fraction, a yes.
ID_KEYS = {"id", "entrant", "hand", "caused_by", "playoff_seeds", "side", "position"}
ID_KEYS |= {"entered_by", "offender", "first_dealer", "number", "attempt", "version"}
ID_JUNK = ("²", None, ["²"], [None], 2**63, 1.5, True)


def night_with_every_shape(name: str) -> dict:
    night = json.loads((NIGHTS / f"{name}.json").read_text())
    night["tournament"]["slug"] = f"{name}-copy"
    night["tournament"]["playoff_seeds"] = [e["id"] for e in night["entrants"][:2]]
    signed = next(t for r in night["rounds"] for t in r["tables"] if t["signatures"])
    signed["corrections"] = [{"side": 0, "reason": "hand 1", "asked_at": night["exported"]}]
    return night


def id_places(night: dict) -> list[tuple]:
    """The first place of each shape (the same keys, any list's index) that holds an id."""
    first: dict[tuple, tuple] = {}
    for path in places(night):
        if isinstance(path[-1], str) and path[-1] in ID_KEYS:
            first.setdefault(tuple(p if isinstance(p, str) else 0 for p in path), path)
    return sorted(first.values(), key=str)


@pytest.mark.parametrize("name", sorted(p.stem for p in NIGHTS.glob("*.json") if "." not in p.stem))
def test_a_backup_with_junk_for_any_id_is_refused_whole_or_restored_valid(name):
    """A backup whose playoff seeds were ["²"] or [null] was a 500: every place that holds
    an id, in a whole night of each game, with each junk: refused with the place named, or
    restored valid; never another error."""
    night = night_with_every_shape(name)
    import_json(json.dumps(night)).delete()  # the night as it is restores
    where = id_places(night)
    assert {"playoff_seeds", "caused_by", "offender", "side"} <= {p[-1] for p in where}
    for path in where:
        for junk in ID_JUNK:
            imported = import_with_junk(night, path, junk)
            if imported is not None:
                assert invalid_rows() == [], (path, junk)
                imported.delete()


def test_withdrawing_a_ruling_on_a_hand_not_yet_entered_leaves_the_table_readable(
    director_client, kitty
):
    published_round(kitty)
    url = f"/t/{kitty.slug}/round/1/table/1/"
    ruling = {"code": "misdeal", "hand": "next", "offender": "0", "confirm": "1"}
    assert director_client.post(url + "ruling/", ruling).status_code == 302
    withdraw = {"ruling": Ruling.objects.get().pk, "reason": "ruled on the wrong table"}
    assert director_client.post(url + "withdraw-ruling/", withdraw).status_code == 302
    assert director_client.get(url).status_code == 200
    assert director_client.get(f"/t/{kitty.slug}/standings/").status_code == 200


@pytest.mark.parametrize("as_director", [False, True], ids=["anonymous", "director"])
@pytest.mark.parametrize("charset", ["utf-16", "utf-32", "latin-1", "no-such-charset"])
def test_a_post_in_another_charset_is_refused_with_400_everywhere(world, as_director, charset):
    """Forms are sent as UTF-8 by every browser for these pages; a crafted charset on any
    address, the anonymous login included, is a 4xx, never a 5xx, and stores nothing."""
    client = Client()
    if as_director:
        client.force_login(get_user_model().objects.get(pk=world.director_id))
    before = counts()
    statuses = {}
    for index, address in enumerate(ADDRESSES):
        game = GAMES[index % len(GAMES)]
        url = fill(address.route, world.values(game, action_of(address) or ACTIONS[0]))
        body = "username=director&password=x&hand=1&version=1&side=0&pin=123456"
        encoded = body.encode(charset if charset != "no-such-charset" else "utf-8")
        response = client.generic(
            "POST",
            url,
            data=encoded,
            content_type=f"application/x-www-form-urlencoded; charset={charset}",
        )
        statuses[url] = response.status_code
        SENT[response.status_code // 100] += 1
    assert {url: s for url, s in statuses.items() if s >= 500} == {}
    if charset != "no-such-charset":  # an unknown one is read as UTF-8, as Django does
        assert statuses["/login/"] == 400
    assert counts() == before


# --- two directors sending the same name at the same moment -------------------------------

# Each form that makes something named: its address and what it takes, for a night (of
# the club) and a name; and the rows of that name.
SAME_NAME = {
    "club": (
        lambda t: "/club/new/",
        lambda t, name: {"name": name},
        lambda name: Club.objects.filter(name=name),
    ),
    "tournament": (
        lambda t: "/t/new/",
        lambda t, name: {
            "name": name,
            "date": "2026-11-27",
            "game": "cutthroat-pinochle",
            "rounds": "4",
            "paper": "letter",
            "first_round": "random",
            "boston_pot": "0",
            "club": str(t.club_id),
        },
        lambda name: Tournament.objects.filter(name=name),
    ),
    "season": (
        lambda t: f"/club/{t.club.slug}/new-season/",
        lambda t, name: {
            "game": t.game,
            "name": name,
            "starts": "2026-01-01",
            "ends": "2026-12-31",
        },
        lambda name: Season.objects.filter(name=name),
    ),
    "entrant": (
        lambda t: f"/t/{t.slug}/entrants/",
        lambda t, name: {"name": name, "player1": f"{name} A", "player2": f"{name} B"},
        lambda name: Entrant.objects.filter(name=name),
    ),
}


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("what", sorted(SAME_NAME))
def test_two_directors_making_the_same_name_at_once_get_no_5xx_and_make_one(what, director):
    """The probe's directors each made the same club (or night) 50 times at once: 14 (4) of
    the second answers were 500s, the database refusing the second row. Each pair sent
    together: one is made, the other told so by its field, never a 5xx."""
    tournament = make_tournament(GAMES[0], entrants=0, slug="same-name")
    tournament.staff.add(director)
    tournament.club.staff.add(director)
    url_of, data_of, rows_of = SAME_NAME[what]
    url = url_of(tournament)
    answers: Counter[int] = Counter()

    def send_it(data: dict, start: threading.Barrier, statuses: list[int]) -> None:
        client = Client(raise_request_exception=False)
        client.force_login(director)
        try:
            start.wait(10)
            statuses.append(client.post(url, data).status_code)
        finally:
            connection.close()  # this thread's own

    for attempt in range(12):
        name = f"Same {what} {attempt}"
        together, statuses = threading.Barrier(2), []
        data = data_of(tournament, name)
        pair = [threading.Thread(target=send_it, args=(data, together, statuses)) for _ in range(2)]
        for thread in pair:
            thread.start()
        for thread in pair:
            thread.join(60)
        answers.update(statuses)
        SENT.update(s // 100 for s in statuses)
        assert len(statuses) == 2 and max(statuses) < 500, (name, statuses)
        assert sorted(statuses)[0] == 302 and rows_of(name).count() == 1, (name, statuses)
    print(f"\n{what}: answers {dict(answers)}")
