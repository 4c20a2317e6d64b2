"""The table page is every other page: the same header, navigation, messages and scripts
around its own content, for a side's phone and for a director, in each game. Its live
part is drawn by Jinja2 (config/jinja2.py) and placed in the page every page extends
(templates/base.html)."""

from dataclasses import dataclass, field
from html.parser import HTMLParser

import pytest
from django.contrib.messages import constants
from django.test import Client
from django.utils.html import escape

from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.helpers import SIMPLE_HAND, enter, published_round, side_link, table_of

pytestmark = pytest.mark.django_db


@dataclass
class Shell:
    """What a page shows and loads outside its own content (`<main>`), as lines: each
    link, button and form with the words it shows, each stylesheet, icon and script."""

    head: list[str] = field(default_factory=list)
    top: list[str] = field(default_factory=list)  # the header and anything before <main>
    end: list[str] = field(default_factory=list)  # after </main>: the scripts
    nonces: list[str] = field(default_factory=list)  # the tags that carry a CSP nonce
    policy: str = ""  # the Content-Security-Policy it is served with


class _Reader(HTMLParser):
    SHOWN = {"a": "href", "button": "name"}  # each with the words it shows

    def __init__(self, here: str):
        super().__init__(convert_charrefs=True)
        self.here = here
        self.shell = Shell()
        self.part: list[str] | None = None
        self.in_title = self.in_main = False
        self.open: list[str] = []  # the line being read: its mark, then its words

    def _line(self, line: str) -> None:
        if self.part is not None and not self.in_main and line.strip():
            self.part.append(" ".join(line.split()))

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "nonce" in attrs:
            self.shell.nonces.append(tag)
        if tag == "head":
            self.part = self.shell.head
        elif tag == "body":
            self.part = self.shell.top
        elif tag == "main":
            self.in_main = True
        elif tag == "title":
            self.in_title = True  # each page's own
        elif tag == "link" and attrs.get("rel") != "manifest":  # the side's app: its own
            self._line(f"[link {attrs.get('rel')} {attrs.get('href')}]")
        elif tag == "meta":
            self._line(f"[meta {' '.join(f'{k}={v}' for k, v in sorted(attrs.items()))}]")
        elif tag == "script":
            self._line(f"[script src={attrs.get('src')}{' defer' if 'defer' in attrs else ''}]")
        elif tag in self.SHOWN:
            shown = attrs.get(self.SHOWN[tag]) or ""
            shown = shown.replace(f"?next={self.here}", "?next={this page}")  # back to it
            self._flush()
            self.open = [f"[{tag} {shown}]"]
        elif tag == "form":
            self._line(f"[form {attrs.get('method')} {attrs.get('action')}]")
        elif tag == "input" and attrs.get("type") == "hidden":
            self._line(f"[input {attrs.get('name')}]")  # a token: its value is each page's

    def handle_endtag(self, tag):
        if tag == "head":
            self._flush()
            self.part = None
        elif tag == "main":
            self.in_main = False
            self.part = self.shell.end
        elif tag == "title":
            self.in_title = False
        elif tag in self.SHOWN:
            self._flush()

    def handle_data(self, data):
        if self.in_title or self.in_main or self.part is None:
            return
        if self.open:
            self.open.append(data)
        else:
            self._line(data)

    def _flush(self):
        if self.open:
            self._line(" ".join(self.open))
            self.open = []


def shell(client: Client, url: str) -> Shell:
    response = client.get(url)
    assert response.status_code == 200, url
    reader = _Reader(here=url)
    reader.feed(response.content.decode())
    reader.close()
    reader.shell.policy = response["Content-Security-Policy"]
    return reader.shell


@pytest.mark.parametrize("game", GAMES)
def test_a_sides_phone_sees_the_table_page_in_the_page_every_page_has(game):
    tournament = make_tournament(game, entrants=ONE_TABLE[game], published=True)
    table = table_of(published_round(tournament))
    phone = Client()
    slug = tournament.slug
    mine = shell(phone, side_link(table, 0))
    assert mine == shell(phone, f"/t/{slug}/standings/")
    assert mine.top == [
        "[a /] Kitty TD",
        f"[a /t/{slug}/] {tournament.name}",
        f"[a /t/{slug}/rounds/] Rounds",
        f"[a /t/{slug}/standings/] Standings",
        "[a /login/?next={this page}] Director login",
    ]
    assert "[link stylesheet /static/kitty.css]" in mine.head
    assert [line for line in mine.head if line.endswith("name=htmx-config]")]
    assert mine.end == [
        "[script src=/static/django_htmx/htmx-2.min.js defer]",
        "[script src=/static/kitty.js defer]",
    ]
    # Nothing inline: no script or style needs a nonce, and the policy allows none.
    assert mine.nonces == [] and "'unsafe-inline'" not in mine.policy
    assert "script-src 'self'" in mine.policy


@pytest.mark.parametrize("game", GAMES)
def test_a_director_sees_the_table_page_in_the_page_every_page_has(game, director):
    tournament = make_tournament(game, entrants=ONE_TABLE[game], published=True)
    table = table_of(published_round(tournament))
    laptop = Client()
    laptop.force_login(director)
    slug = tournament.slug
    mine = shell(laptop, f"/t/{slug}/round/1/table/{table.number}/")
    assert mine == shell(laptop, f"/t/{slug}/rounds/")
    assert mine.top == [
        "[a /] Kitty TD",
        f"[a /t/{slug}/] {tournament.name}",
        f"[a /t/{slug}/entrants/] Entrants",
        f"[a /t/{slug}/checkin/] Check-in",
        f"[a /t/{slug}/rounds/] Rounds",
        f"[a /t/{slug}/standings/] Standings",
        "td",
        "[form post /logout/]",
        "[input csrfmiddlewaretoken]",
        "[button ] Log out",
    ]


@pytest.mark.parametrize("game", GAMES)
def test_the_table_page_tells_its_message_where_every_page_does(game):
    """A hand stored: the page the phone is sent back to says so, above its content."""
    tournament = make_tournament(game, entrants=ONE_TABLE[game], published=True)
    table = table_of(published_round(tournament))
    phone = Client()
    stored = enter(phone, table, SIMPLE_HAND[game], side=0)
    assert stored.status_code == 302
    page = phone.get(stored["Location"])
    (told,) = page.context["messages"]
    assert told.level == constants.SUCCESS
    main = page.content.decode().split("<main>", 1)[1]
    said = f'<ul class="messages"><li class="success">{escape(told.message)}</li></ul>'
    assert main.lstrip().startswith(said)  # first, above the table
