"""What a club's users see of its data, as JSON on stdout: the figures an upgrade must keep.

    DJANGO_SETTINGS_MODULE=config.settings DATABASE_URL=sqlite:///<db> SECRET_KEY=<key> \\
        python tests/upgrade/figures.py

Run with the working directory at the root of a checkout: the code there is what is
measured, whichever release it is (tests/upgrade/README.md makes the figures of a release
with its own code; test_upgrade.py reads them again with the code after an upgrade). So
this script uses only what every release has: the pages' URL names (django.urls.reverse),
Django's test client (anonymous on public pages; the tournament's director, by a session
in a signed cookie, on the director's table page) and model fields that every release
has. Pages are read as HTML with the standard library's parser.

It covers, for every tournament: the public standings page's tables, each round's
pairings, and for every signed table the check code its signed sheet prints, each earlier
signing's code from the table's history, and what the public check page says of each
(its verdict, its list of changes, its tables); for each club: every season's ladder, the
ratings page of each game it plays, and the statistics and rating pages of the first and
last player on each game's ratings.

Nothing run to run: no time of day, no token, no CSRF value, no address with a token in
it. It writes nothing to the database but what the ratings pages store when read (the
ratings of the club's nights, as any visitor's first read stores them).
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from html.parser import HTMLParser

# The checkout measured is the working directory, not the folder of this script.
sys.path.insert(0, os.getcwd())

VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source"}
HIDDEN = {"script", "style", "svg", "template"}


def normalized(text: str) -> str:
    return " ".join(text.split())


class Page(HTMLParser):
    """A page's tables (each a list of rows, each row its cells' text) and the text of
    the elements of the classes (and tags) asked for, each with its ancestors' classes."""

    def __init__(self, classes: set[str], tags: set[str] = frozenset()):
        super().__init__(convert_charrefs=True)
        self.classes = classes
        self.tags = tags
        self.tables: list[list[list[str]]] = []
        self.marked: list[tuple[str, set[str], str]] = []  # (class, ancestors' classes, text)
        self._stack: list[tuple[str, set[str]]] = []
        self._open: list[tuple[str, int, list[str]]] = []  # watched elements: class, depth
        self._row: list[str] | None = None
        self._cell: list[str] | None = None
        self._hidden = 0

    def handle_starttag(self, tag, attrs):
        if tag in VOID:
            if tag == "br":
                self._text(" ")
            return
        own = set((dict(attrs).get("class") or "").split())
        self._stack.append((tag, own))
        if tag in HIDDEN:
            self._hidden += 1
        elif tag == "table":
            self.tables.append([])
        elif tag == "tr" and self.tables:
            self._row = []
        elif tag in ("td", "th") and self._row is not None:
            self._cell = []
        for name in sorted((own & self.classes) | ({tag} & self.tags)):
            self._open.append((name, len(self._stack), []))

    def handle_startendtag(self, tag, attrs):
        if tag == "br":
            self._text(" ")

    def handle_endtag(self, tag):
        if tag in VOID or not any(t == tag for t, _ in self._stack):
            return
        while self._stack:
            open_tag, _ = self._stack[-1]
            self._close(open_tag)
            if open_tag == tag:
                break

    def _close(self, tag: str) -> None:
        depth = len(self._stack)
        while self._open and self._open[-1][1] == depth:
            name, _, parts = self._open.pop()
            around = set().union(*(own for _, own in self._stack[:-1]))
            self.marked.append((name, around, normalized("".join(parts))))
        self._stack.pop()
        if tag in HIDDEN:
            self._hidden -= 1
        elif tag in ("td", "th") and self._cell is not None and self._row is not None:
            self._row.append(normalized("".join(self._cell)))
            self._cell = None
        elif tag == "tr" and self._row is not None:
            if self._row:
                self.tables[-1].append(self._row)
            self._row = None

    def handle_data(self, data):
        self._text(data)

    def _text(self, data: str) -> None:
        if self._hidden:
            return
        if self._cell is not None:
            self._cell.append(data)
        for _, _, parts in self._open:
            parts.append(data)

    def texts(self, name: str, within: str | None = None) -> list[str]:
        return [
            t for n, around, t in self.marked if n == name and (within is None or within in around)
        ]


def read(client, url: str, classes: set[str] = frozenset(), tags: set[str] = frozenset()) -> Page:
    response = client.get(url)
    if response.status_code != 200:
        raise SystemExit(f"GET {url} answered {response.status_code}")
    page = Page(set(classes), set(tags))
    page.feed(response.content.decode())
    page.close()
    return page


def signed_in(user):
    """A test client signed in as `user` with nothing written: the session is a signed
    cookie (no session row), made here (no login signal, so no last_login, no access log)."""
    from importlib import import_module

    from django.conf import settings
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.test import Client

    store = import_module(settings.SESSION_ENGINE).SessionStore()
    store[SESSION_KEY] = user._meta.pk.value_to_string(user)
    store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.save()
    client = Client()
    client.cookies[settings.SESSION_COOKIE_NAME] = store.session_key
    return client


# The check page's box around its answer, and the verdict it says.
VERDICTS = {"ok-box": "matches", "warn-box": "changed after signing", "error-box": "unknown code"}


def checked(client, slug: str, round_number: int, table_number: int, code: str) -> dict:
    """What the public check page says of a code: its verdict, the changes it lists and
    the sheets it shows (the sheet now; and as signed, for a changed one)."""
    from urllib.parse import urlencode

    from django.urls import reverse

    query = urlencode({"round": round_number, "table": table_number, "code": code})
    url = f"{reverse('sheet_check', args=[slug])}?{query}"
    page = read(client, url, {*VERDICTS, "big-line"}, {"li"})
    boxes = [box for box in sorted(VERDICTS) if page.texts("big-line", within=box)]
    return {
        "verdict": VERDICTS[boxes[0]] if len(boxes) == 1 else f"not one verdict: {boxes}",
        "says": [t for box in boxes for t in page.texts("big-line", within=box)],
        "changes": [t for box in boxes for t in page.texts("li", within=box)],
        "tables": page.tables,
    }


def tournament_figures(tournament) -> dict:
    from django.contrib.auth import get_user_model
    from django.test import Client
    from django.urls import reverse

    from tournament.models import Round, Table

    slug = tournament.slug
    public = Client()
    director = signed_in(
        tournament.staff.order_by("pk").first()
        or get_user_model().objects.filter(is_superuser=True).order_by("pk").first()
    )
    rounds = tournament.round_set.exclude(status=Round.Status.DRAFT).order_by("number")
    figures = {
        "name": tournament.name,
        "standings": read(public, reverse("standings", args=[slug])).tables,
        "pairings": {
            str(r.number): read(public, reverse("pairings", args=[slug, r.number])).tables
            for r in rounds
        },
        "signed": {},
    }
    tables = Table.objects.filter(round__in=rounds).select_related("round")
    for table in tables.order_by("round__number", "number"):
        number, at = table.round.number, table.number
        page = read(director, reverse("director_table", args=[slug, number, at]), {"code"})
        printed = page.texts("code", within="check-code")
        signings = page.texts("code", within="history")
        if not printed and not signings:
            continue  # never signed
        figures["signed"][f"round {number} table {at}"] = {
            "printed": printed,  # the sheet's code now (none while it is reopened)
            "signings": signings,  # each signing's code, from the table's history
            "checked": {
                code: checked(public, slug, number, at, code)
                for code in dict.fromkeys(printed + signings)
            },
        }
    return figures


def club_figures(club) -> dict:
    from django.test import Client
    from django.urls import reverse

    from club.models import Player, Season
    from tournament.models import Tournament

    public = Client()
    games = sorted(set(Tournament.objects.filter(club=club).values_list("game", flat=True)))
    figures = {
        "name": club.name,
        "seasons": {
            season.slug: read(public, reverse("season", args=[club.slug, season.slug])).tables
            for season in Season.objects.filter(club=club).order_by("slug")
        },
        "ratings": {
            game: read(public, reverse("ratings", args=[club.slug, game])).tables for game in games
        },
        "players": {},
    }
    chosen = []  # the first and last player on each game's ratings
    for game, tables in figures["ratings"].items():
        for rows in tables:
            named = [row for row in rows[1:] if len(row) == len(rows[0])]
            if "Player" in rows[0] and named:
                column = rows[0].index("Player")
                chosen += [(named[0][column], game), (named[-1][column], game)]
    for name, game in chosen:
        player = Player.objects.get(club=club, name=name)
        figures["players"].setdefault(name, {"statistics": None, "ratings": {}})
        shown = figures["players"][name]
        if shown["statistics"] is None:
            shown["statistics"] = read(
                public, reverse("player", args=[club.slug, player.pk])
            ).tables
        shown["ratings"][game] = read(
            public, reverse("rating", args=[club.slug, game, player.pk])
        ).tables
    return figures


def main() -> None:
    # Only the figures on stdout: anything the code says meanwhile goes to stderr.
    with contextlib.redirect_stdout(sys.stderr):
        figures = measured()
    json.dump(figures, sys.stdout, indent=1, sort_keys=True, ensure_ascii=False)
    sys.stdout.write("\n")


def measured() -> dict:
    import django

    django.setup()
    from django.conf import settings
    from django.test.utils import override_settings

    from club.models import Club
    from tournament.models import Tournament

    # A session in a cookie (no row written); the static files by their plain names, so
    # the pages render with DEBUG off too (no collectstatic manifest is needed).
    storages = {**settings.STORAGES}
    storages["staticfiles"] = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}
    with override_settings(
        SESSION_ENGINE="django.contrib.sessions.backends.signed_cookies", STORAGES=storages
    ):
        return {
            "tournaments": {
                t.slug: tournament_figures(t)
                for t in Tournament.objects.filter(published=True).order_by("slug")
            },
            "clubs": {c.slug: club_figures(c) for c in Club.objects.order_by("slug")},
        }


if __name__ == "__main__":
    main()
