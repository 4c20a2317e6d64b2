"""Past one server: two app instances behind one nginx, sharing one PostgreSQL.

docs/production.md, "Two app servers behind one proxy". The module makes that setup on
loopback: a fresh PostgreSQL database (migrated, static files collected once into one
folder, a published round of two tables and a director), two gunicorn instances of one
worker each on their own ports (DEBUG off, the same SECRET_KEY and DATABASE_URL, each
with its own hash seed, as two machines have), and Debian's nginx in front of them,
round robin, setting the headers a TLS proxy sets. Every request goes through nginx,
which names the instance that answered it (`X-Upstream`, from `$upstream_addr`), and
every request is checked to go to the other instance than the one before: so each step
of a night below is proven to cross from one process to the other.

What a process keeps to itself, and why requests alternating between two processes
find the same (the tests below show each that a request can reach):
- the session, the login lockout, a hand's one-time key, a side's PIN tries, each table's
  stored outcome, the ratings: in the database, shared;
- the CSRF token and the flash messages: cookies, signed with the shared SECRET_KEY;
- a live page's version (plumbing.live): a digest of facts read from the database,
  the same in every process (no set in it, whose order would follow the hash seed);
- a side's or a player's own link's version as last derived, with the fingerprint of the
  rows it came from (tables.unchanged_poll): a poll checks that fingerprint in the database
  before using it;
- PostgreSQL's prepared statements: the SQL, not the rows, per connection;
- the blank hand form (tables.model, lru_cache): derived from its key;
- the standings' facts a poll reads (leaderboard.version, Django's cache in the process):
  one second old at most, then read again from the database;
- the scoring code's version (rules.ruleset, scoring.outcomes): the code both run;
- the laptop's writer lock and copies (laptop/): SQLite's and the laptop's only.

Skipped unless the test run itself is on PostgreSQL (whose server it uses for its own
scratch database, dropped at the end) and nginx is installed (.ci/run installs it).
Every port is chosen free at run time on 127.0.0.1; every process is stopped at the end.
"""

from __future__ import annotations

import contextlib
import csv
import html
import http.client
import io
import json
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from django.db import connection

from tests.support.nginx import binary as nginx_binary
from tests.support.nginx import command as nginx_command
from tests.support.nginx import configuration as nginx_configuration
from tests.support.phone import HANDS, Forms
from tests.support.served import NOT_INHERITED, SET_UP, free_port

ROOT = Path(__file__).resolve().parents[1]
HOST = "127.0.0.1"
SITE = "td.example.org"  # the site's name, as the phones ask for it through the proxy
READY_PATH = "/rules/columbus-6-card-kitty/"  # a page that reads the database


NGINX = nginx_binary()

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.spawns,
    pytest.mark.skipif(
        connection.vendor != "postgresql" or "DATABASE_URL" not in os.environ,
        reason="two instances share one PostgreSQL: run the tests on PostgreSQL "
        "(DATABASE_URL=postgres://...), whose server gets a scratch database",
    ),
    pytest.mark.skipif(
        NGINX is None,
        reason="needs Debian's nginx in front of the two instances (apt-get install "
        "nginx-light; .ci/run installs it)",
    ),
]

# The proxy of docs/production.md with two upstreams. It listens on plain HTTP on
# loopback and stands in for the TLS proxy: it sets X-Forwarded-Proto to https, as
# `$scheme` is there. `proxy_next_upstream off`: a request an instance failed is failed,
# not quietly answered by the other. One worker process: strict round robin.
NGINX_HTTP = """\
    map $request_uri $kittytd_uri {{
        ~^(?<before>/s/)[^/?]+(?<after>.*)$                    $before…$after;
        ~^(?<before>/p/)[^/?]+(?<after>.*)$                    $before…$after;
        ~^(?<before>/t/[^/]+/checkin/me/)[^/?]+(?<after>.*)$   $before…$after;
        default                                                $request_uri;
    }}
    log_format kittytd '$remote_addr [$time_local] "$request_method $kittytd_uri" '
                       '$status $body_bytes_sent $request_time $upstream_addr';
    access_log {tmp}/nginx-access.log kittytd;
    upstream kittytd {{
        server {a};
        server {b};
    }}
    server {{
        listen {host}:{port};
        client_max_body_size 21m;
        location / {{
            proxy_pass http://kittytd;
            proxy_next_upstream off;
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-Proto https;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            add_header X-Upstream $upstream_addr always;
        }}
    }}
"""

# In the scratch database: the schema, the static files both instances serve (one
# collectstatic, one manifest), and served.py's night (a published round, director td).
SET_UP_SITE = (
    "import django\ndjango.setup()\n"
    "from django.core.management import call_command\n"
    "call_command('migrate', verbosity=0)\n"
    "call_command('collectstatic', interactive=False, verbosity=0)\n" + SET_UP
)

# What a fresh process reads from the database after the night: table 1's hands, the
# standings (names, points for and against, played) beside the points summed straight from
# the accepted hands, and any stored outcome that differs from the facts.
FACTS = """
import django
django.setup()
import json, sys
from scoring.models import Hand, TableOutcome
from scoring.outcomes import verify
from leaderboard.board import standings_for
from tests.scoring.test_concurrency_pg import recomputed_points
from tournament.models import Tournament

tournament = Tournament.objects.get(slug=json.loads(sys.argv[1]))
table = tournament.round_set.get(number=1).tables.get(number=1)
rows, entrants = standings_for(tournament)
recomputed = recomputed_points(tournament)
print(json.dumps({
    "hands": [
        [h.number, h.attempt, h.status, h.entered_by, h.nonce]
        for h in Hand.objects.filter(table=table).order_by("number", "attempt")
    ],
    "standings": {
        entrants[r.entrant].name: [r.points, r.conceded, r.played]
        for r in rows if r.played
    },
    "recomputed": {entrants[e].name: list(p) for e, p in recomputed.items()},
    "outcomes": TableOutcome.objects.filter(table=table).count(),
    "differences": list(verify(tournament)),
}))
"""


@dataclass
class Answer:
    status: int
    text: str
    headers: dict[str, str]
    upstream: str  # the instance that answered, as nginx names it (host:port)


@dataclass
class Browser:
    """One phone or laptop at the site: its own cookies, through the proxy only."""

    site: Site
    cookies: dict[str, str] = field(default_factory=dict)

    def send(
        self,
        method: str,
        path: str,
        data: dict | None = None,
        *,
        avoid: str | None = None,
        htmx: bool = False,
    ) -> Answer:
        """The request through nginx; with `avoid`, answered by the other instance."""
        return self.site.send(self, method, path, data, avoid=avoid, htmx=htmx)

    def page(self, path: str, *, avoid: str | None = None) -> tuple[Answer, Forms]:
        answer = self.send("GET", path, avoid=avoid)
        assert answer.status == 200, self.site.failure(answer)
        return answer, Forms(answer.text)


@dataclass
class Site:
    port: int  # nginx's
    folder: Path  # the static files, the logs, nginx's configuration
    instances: dict[str, subprocess.Popen]  # "127.0.0.1:port": its gunicorn
    logs: dict[str, Path]
    env: dict[str, str]
    slug: str
    links: list[tuple[str, str]]  # per table: North-South's and East-West's own links
    director: tuple[str, str]
    last: str | None = None  # the instance that answered the last request through nginx
    answered_by: list[str] = field(default_factory=list)

    def send(self, browser, method, path, data=None, *, avoid=None, htmx=False) -> Answer:
        if avoid is not None and self.last != avoid:
            # nginx alternates: the next request would go to `avoid`; one between first.
            filler = self.send(Browser(self), "GET", READY_PATH)
            assert filler.status == 200, self.failure(filler)
        headers = {"Host": SITE}
        body = None
        if data is not None:
            body = urllib.parse.urlencode(data)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Origin"] = f"https://{SITE}"  # as the browser at the site sends it
        if htmx:
            headers["HX-Request"] = "true"
        if browser.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in browser.cookies.items())
        conn = http.client.HTTPConnection(HOST, self.port, timeout=30)
        try:
            conn.request(method, path, body=body, headers=headers)
            response = conn.getresponse()
            text = response.read().decode()
            for name, value in response.getheaders():
                if name.lower() == "set-cookie":
                    key, _, rest = value.partition("=")
                    value = rest.split(";", 1)[0]
                    if value in ("", '""'):
                        browser.cookies.pop(key.strip(), None)
                    else:
                        browser.cookies[key.strip()] = value
            answer = Answer(
                response.status,
                text,
                {k.lower(): v for k, v in response.getheaders()},
                response.getheader("X-Upstream", ""),
            )
        finally:
            conn.close()
        assert answer.upstream in self.instances, self.failure(answer)
        assert answer.upstream != self.last, (
            f"nginx sent two requests in a row to {answer.upstream}: {self.answered_by}"
        )
        assert avoid is None or answer.upstream != avoid
        assert answer.status < 500, self.failure(answer)
        self.last = answer.upstream
        self.answered_by.append(answer.upstream)
        return answer

    def failure(self, answer: Answer) -> str:
        said = "\n".join(f"--- {name}:\n{self.log(name)}" for name in self.logs)
        return f"{answer.status} from {answer.upstream}:\n{answer.text[:1500]}\n{said}"

    def log(self, name: str) -> str:
        try:
            return self.logs[name].read_text(errors="replace")[-3000:]
        except OSError:
            return "(no log)"

    def run(self, program: str, *args) -> dict:
        """A Python program in a fresh process with the instances' settings; the JSON it
        prints last."""
        done = subprocess.run(
            [sys.executable, "-c", program, *(json.dumps(a) for a in args)],
            cwd=ROOT,
            env=self.env,
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert done.returncode == 0, f"{done.stdout}\n{done.stderr}"
        return json.loads(done.stdout.strip().splitlines()[-1])


def admin_sql(url: str, *statements: str) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True, connect_timeout=10) as conn:
        for statement in statements:
            conn.execute(statement)


def gunicorn(upstream: str) -> list[str]:
    """An instance as docs/production.md runs it, with one worker: each instance is one
    process, so every request alternating between them alternates processes."""
    return [
        *(sys.executable, "-m", "gunicorn", "config.wsgi", "-w", "1", "-b", upstream),
        *("--timeout", "30", "--graceful-timeout", "5", "--log-level", "warning"),
    ]


def started(command, log: Path, ready, env=None, tries: int = 3) -> tuple[subprocess.Popen, int]:
    """`command(port)` started on a free loopback port, once `ready(port, process)` says it
    serves; another port when the one chosen was taken in between."""
    for attempt in range(tries):
        port = free_port()
        with open(log, "ab") as out:
            process = subprocess.Popen(
                command(port),
                cwd=ROOT,
                env=env,
                stdin=subprocess.DEVNULL,
                stdout=out,
                stderr=subprocess.STDOUT,
            )
        try:
            ready(port, process)
            return process, port
        except AssertionError:
            stop(process)
            if "in use" not in log.read_text(errors="replace") or attempt == tries - 1:
                raise
    raise AssertionError("unreachable")


def waiting(process: subprocess.Popen, log: Path, within: float, asks) -> None:
    """Until `asks()` is true; fails when the process stops or the time is up."""
    deadline = time.monotonic() + within
    while True:
        said = f"{process.args[0]} ...:\n{log.read_text(errors='replace')[-3000:]}"
        assert process.poll() is None, f"stopped while starting: {said}"
        assert time.monotonic() < deadline, f"not serving within {within:.0f} s: {said}"
        with contextlib.suppress(OSError, http.client.HTTPException):
            if asks():
                return
        time.sleep(0.1)


def serves_a_page(port: int) -> bool:
    """The instance, asked directly as the proxy asks it, serves a page."""
    conn = http.client.HTTPConnection(HOST, port, timeout=5)
    try:
        conn.request("GET", READY_PATH, headers={"Host": SITE, "X-Forwarded-Proto": "https"})
        response = conn.getresponse()
        response.read()
        return response.status == 200
    finally:
        conn.close()


def listens(port: int) -> bool:
    socket.create_connection((HOST, port), timeout=1).close()
    return True


def stop(process: subprocess.Popen, sig: int = signal.SIGTERM) -> None:
    if process.poll() is None:
        process.send_signal(sig)
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("two-instances")
    server = urllib.parse.urlsplit(os.environ["DATABASE_URL"])
    name = f"kittytd_two_{secrets.token_hex(4)}"
    admin_url = server._replace(path="/postgres").geturl()
    database_url = server._replace(path=f"/{name}").geturl()
    inherited = {k: v for k, v in os.environ.items() if k not in NOT_INHERITED}
    env = {
        **inherited,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DEBUG": "0",
        "SECRET_KEY": secrets.token_urlsafe(50),  # one key: sessions, CSRF, messages, codes
        "ALLOWED_HOSTS": SITE,
        "DATABASE_URL": database_url,
        "CONN_MAX_AGE": "60",
        "PROXY_COUNT": "1",
        "STATIC_ROOT": str(tmp / "static"),  # one collectstatic, served by both
        "LOG_LEVEL": "ERROR",
        "PYTHONUNBUFFERED": "1",
    }
    processes: list[subprocess.Popen] = []  # the instances, then nginx
    admin_sql(admin_url, f"CREATE DATABASE {name}")
    try:
        password = "pw-for-two-instances-1"
        night = {"tables": 2, "slug": "two-night", "password": password}
        done = subprocess.run(
            [sys.executable, "-c", SET_UP_SITE, json.dumps(night)],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=180,
        )
        assert done.returncode == 0, f"setting up:\n{done.stdout}\n{done.stderr}"
        night = json.loads(done.stdout.strip().splitlines()[-1])

        instances, logs = {}, {}
        for seed in ("1", "2"):  # two machines share no hash seed: nor do these
            log = tmp / f"gunicorn-{seed}.log"
            process, port = started(
                lambda port: gunicorn(f"{HOST}:{port}"),
                log,
                lambda port, process, log=log: waiting(
                    process, log, 60, lambda: serves_a_page(port)
                ),
                env={**env, "PYTHONHASHSEED": seed},
            )
            processes.append(process)
            instances[f"{HOST}:{port}"], logs[f"{HOST}:{port}"] = process, log

        a, b = instances
        nginx_log = logs["nginx"] = tmp / "nginx-error.log"

        def nginx(port: int) -> list[str]:
            http = NGINX_HTTP.format(tmp=tmp, a=a, b=b, host=HOST, port=port)
            (tmp / "nginx.conf").write_text(nginx_configuration(tmp, http, connections=64))
            return nginx_command(NGINX, tmp)

        proxy, port = started(
            nginx,
            nginx_log,
            lambda port, process: waiting(process, nginx_log, 15, lambda: listens(port)),
        )
        processes.append(proxy)
        yield Site(
            port=port,
            folder=tmp,
            instances=instances,
            logs=logs,
            env=env,
            slug=night["slug"],
            links=[tuple(t["links"]) for t in night["tables"]],
            director=("td", password),
        )
    finally:
        # nginx first (SIGQUIT: it finishes what it sends), then the instances.
        for process in reversed(processes):
            stop(process, signal.SIGQUIT if process.args[0] == NGINX else signal.SIGTERM)
        admin_sql(admin_url, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture(scope="module")
def director(site) -> Browser:
    """The director, signed in: the login page drawn by one instance, its form (and CSRF
    token) posted to the other, and the session it made read by both."""
    browser = Browser(site)
    shown, forms = browser.page("/login/")
    form = next(f for _, f in forms.forms if "username" in f)
    username, password = site.director
    signed_in = browser.send(
        "POST",
        "/login/",
        {**form, "username": username, "password": password},
        avoid=shown.upstream,
    )
    assert signed_in.status == 302, site.failure(signed_in)
    assert "sessionid" in browser.cookies
    return browser


# --- reading the pages --------------------------------------------------------------------

LIVE = re.compile(r'<div id="live"[^>]*\shx-get="([^"]+)"')
PER_REQUEST = re.compile(r'(name="(?:csrfmiddlewaretoken|nonce)" value=")[^"]*"')


def live_url(text: str) -> str:
    """The address a live page polls, with the version of the facts it shows."""
    found = LIVE.search(text)
    assert found, f"not a live page:\n{text[:1000]}"
    return html.unescape(found.group(1))


def version(url: str) -> str:
    return urllib.parse.parse_qs(urllib.parse.urlsplit(url).query)["since"][0]


def without_per_request(text: str) -> str:
    """A page as any instance draws it: the CSRF token (masked anew for each request) and
    the one-time key (new for each page) taken out."""
    return PER_REQUEST.sub(r'\1"', text)


def entry_form(text: str) -> str:
    found = re.search(r'<form[^>]*action="[^"]*/enter/".*?</form>', text, re.S)
    assert found, "no hand form on the page"
    return found.group(0)


def console_row(text: str, table: int) -> str:
    """The console's row of a table, its tags taken out."""
    for row in re.findall(r"<tr[^>]*>(.*?)</tr>", text, re.S):
        cells = [
            " ".join(re.sub(r"<[^>]+>", " ", c).split())
            for c in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)
        ]
        if cells and cells[0] == str(table):
            return " | ".join(cells)
    raise AssertionError(f"no row for table {table} on the console")


# --- the tests ----------------------------------------------------------------------------


def test_nginx_alternates_and_both_instances_serve_one_release(site):
    """Each instance draws the same page and the same service worker, and serves the
    static files named on the other's pages (one collectstatic, one manifest)."""
    phone = Browser(site)
    rules = [phone.send("GET", READY_PATH) for _ in range(4)]
    assert {r.upstream for r in rules} == set(site.instances)
    assert all(r.status == 200 for r in rules)
    assert len({without_per_request(r.text) for r in rules}) == 1

    workers = [phone.send("GET", "/sw.js") for _ in range(2)]
    assert [w.status for w in workers] == [200, 200]
    assert workers[0].text == workers[1].text
    assert workers[0].upstream != workers[1].upstream

    script = re.search(r'src="(/static/kitty\.[0-9a-f]+\.js)"', rules[0].text)
    assert script, "the page names no hashed kitty.js"
    for _ in range(2):
        served = phone.send("GET", script.group(1))
        assert served.status == 200 and "immutable" in served.headers["cache-control"]
    assert rules[0].headers["strict-transport-security"].startswith("max-age=")


def test_the_directors_session_is_read_by_both_instances(site, director):
    console = f"/t/{site.slug}/round/1/console/"
    seen = [director.send("GET", console) for _ in range(2)]
    assert [s.status for s in seen] == [200, 200], site.failure(seen[0])
    assert seen[0].upstream != seen[1].upstream
    assert all("Round 1 console" in s.text for s in seen)
    # Without the session, the console is the login's.
    assert Browser(site).send("GET", console).status == 302


def test_a_hand_entered_through_one_instance_is_seen_by_polls_through_the_other(site, director):
    """A live page loaded from one instance is polled by the other: the same facts are
    the same version there (204), and a hand stored through one is news to the other."""
    north_link, east_link = site.links[1]  # table 2
    north, east = Browser(site), Browser(site)
    console = f"/t/{site.slug}/round/1/console/"
    # The director's live standings count a table still playing (the public's, signed
    # sheets only: a hand entered is not news there).
    standings = f"/t/{site.slug}/standings/?view=live"

    watching = {}
    for who, browser, path in (
        ("east", east, east_link),
        ("console", director, console),
        ("standings", director, standings),
    ):
        shown, _ = browser.page(path)
        url = live_url(shown.text)
        unchanged = browser.send("GET", url, htmx=True, avoid=shown.upstream)
        assert unchanged.status == 204, f"{who}: {site.failure(unchanged)}"
        watching[who] = (browser, url)

    shown, forms = north.page(north_link)
    form = forms.form("/enter/")
    stored = north.send("POST", north_link + "enter/", {**form, **HANDS[0]}, avoid=shown.upstream)
    assert stored.status == 302, site.failure(stored)

    east_browser, east_url = watching["east"]
    news = east_browser.send("GET", east_url, htmx=True, avoid=stored.upstream)
    assert news.status == 200 and news.text.lstrip().startswith('<div id="live"')
    assert Forms(news.text).form("/accept/") is not None, "no hand to accept on the poll"
    again = east_browser.send("GET", live_url(news.text), htmx=True, avoid=news.upstream)
    assert again.status == 204

    director_browser, console_url = watching["console"]
    news = director_browser.send("GET", console_url, htmx=True, avoid=stored.upstream)
    assert news.status == 200
    assert "waiting to be accepted" in console_row(news.text, 2)
    again = director_browser.send("GET", live_url(news.text), htmx=True, avoid=news.upstream)
    assert again.status == 204

    director_browser, standings_url = watching["standings"]
    news = director_browser.send("GET", standings_url, avoid=stored.upstream)
    assert news.status == 200 and version(live_url(news.text)) != version(standings_url)


def test_a_table_played_through_both_instances(site, director):
    """Table 1's four hands, every step crossing instances: North-South's page from one,
    its form (one-time key, CSRF token) posted to the other, the same form sent again to
    the first (one hand stored), the message read back from either, East-West's poll and
    accept on the other. The console, the standings and a fresh process then agree."""
    north_link, east_link = site.links[0]
    north, east = Browser(site), Browser(site)
    east_shown, _ = east.page(east_link)
    east_url = live_url(east_shown.text)
    for number, hand in enumerate(HANDS, start=1):
        # The hand form (its blank inputs kept by each process, tables.model) is
        # drawn alike by both instances, the CSRF token and one-time key aside.
        drawn = [north.page(north_link) for _ in range(2)]
        assert drawn[0][0].upstream != drawn[1][0].upstream
        assert len({without_per_request(entry_form(a.text)) for a, _ in drawn}) == 1
        shown, forms = drawn[1]
        form = forms.form("/enter/")
        assert form["slot"] == f"{number}:1"
        data = {**form, **hand}
        stored = north.send("POST", north_link + "enter/", data, avoid=shown.upstream)
        assert stored.status == 302, site.failure(stored)
        told = north.send("GET", north_link, avoid=stored.upstream)
        assert f"Hand {number} stored." in told.text  # the message cookie, signed by one
        resent = north.send("POST", north_link + "enter/", data, avoid=stored.upstream)
        assert resent.status == 302, site.failure(resent)  # the retry: the same hand
        told = north.send("GET", north_link, avoid=resent.upstream)
        assert f"Hand {number} stored." in told.text  # told again, stored once (below)

        polled = east.send("GET", east_url, htmx=True, avoid=stored.upstream)
        assert polled.status == 200, site.failure(polled)
        east_url = live_url(polled.text)
        accept = Forms(polled.text).form("/accept/")
        assert accept is not None, f"hand {number} is not waiting on East-West's poll"
        accepted = east.send("POST", east_link + "accept/", accept, avoid=polled.upstream)
        assert accepted.status == 302, site.failure(accepted)

    both = north.page(north_link)[0], north.page(north_link)[0]
    assert without_per_request(both[0].text) == without_per_request(both[1].text)

    # Each side signs on its own link, the form from one instance posted to the other;
    # the check code (made with the SECRET_KEY) one instance prints, the other confirms.
    for side, (browser, link) in enumerate(((north, north_link), (east, east_link))):
        shown, forms = browser.page(link)
        sign = forms.form("/sign/", side=str(side))
        assert sign is not None, f"side {side} is offered no signature"
        sign["typed"] = sign["player"]  # the name typed out, as the form asks
        signed = browser.send("POST", link + "sign/", sign, avoid=shown.upstream)
        assert signed.status == 302, site.failure(signed)
    shown, _ = north.page(north_link)
    code = re.search(r'Check code <strong class="code">([^<]+)</strong>', shown.text)
    assert code, "no check code on the signed sheet"
    check = f"/t/{site.slug}/check/?" + urllib.parse.urlencode(
        {"round": 1, "table": 1, "code": code.group(1)}
    )
    checked = Browser(site).send("GET", check, avoid=shown.upstream)
    assert "Matches the record" in checked.text, site.failure(checked)

    facts = site.run(FACTS, site.slug)
    assert [h[:4] for h in facts["hands"]] == [[n, 1, "accepted", 0] for n in (1, 2, 3, 4)]
    assert len({h[4] for h in facts["hands"]}) == 4  # four one-time keys, each stored once
    assert facts["differences"] == [] and facts["outcomes"] == 1
    points = facts["standings"]
    assert len(points) == 2 and all(p[2] == 1 for p in points.values())
    assert {name: p[:2] for name, p in points.items()} == facts["recomputed"]

    console = f"/t/{site.slug}/round/1/console/"
    rows = [console_row(director.send("GET", console).text, 1) for _ in range(2)]
    assert rows[0] == rows[1] and "signed" in rows[0]
    totals = sorted(p[0] for p in points.values())
    assert sorted(int(t) for t in re.findall(r"-?\d+", rows[0].split(" | ")[4])) == totals

    for _ in range(2):
        download = director.send("GET", f"/t/{site.slug}/standings/?_export=csv")
        assert download.status == 200, site.failure(download)
        table = list(csv.DictReader(io.StringIO(download.text)))
        shown = {r["Team"]: r for r in table if r["Played"] == "1"}
        assert set(shown) == set(points)
        for name, (scored, conceded, _played) in points.items():
            row = shown[name]
            assert (row["Points"], row["Points conceded"]) == (str(scored), str(conceded)), row


def test_wrong_passwords_through_both_instances_lock_the_login_on_both(site):
    """Wrong passwords, alternating between the instances, lock the login at the fifth
    (axes counts them in the database, not in the process), and the lock holds on
    either instance."""
    browser = Browser(site)
    answered = []
    for _ in range(7):
        _, forms = browser.page("/login/")
        form = next(f for _, f in forms.forms if "username" in f)
        wrong = {**form, "username": "td2", "password": "no"}
        avoid = answered[-1][1] if answered else None  # each try on the other instance
        tried = browser.send("POST", "/login/", wrong, avoid=avoid)
        answered.append((tried.status, tried.upstream))
    assert [status for status, _ in answered] == [200] * 4 + [429] * 3
    assert {upstream for _, upstream in answered[:4]} == set(site.instances)
    assert {upstream for _, upstream in answered[4:]} == set(site.instances)


def test_the_proxy_log_names_both_instances_and_no_side_link(site):
    """Its own requests, so that it holds on a worker given it before the others: each
    instance answers, a player's own link and a side's action address are asked for,
    and the log names both instances and neither credential."""
    own = secrets.token_urlsafe(24)  # a player's own link: masked whatever the answer
    north_link, _ = site.links[0]
    path = site.folder / "nginx-access.log"
    before = len(path.read_text())
    phone = Browser(site)
    first = phone.send("GET", READY_PATH)
    phone.send("GET", READY_PATH, avoid=first.upstream)  # the other instance answers
    assert phone.send("GET", f"/p/{own}/").status < 500
    assert phone.send("GET", north_link + "enter/").status < 500
    # nginx writes a request's line once its answer is sent: the phone can have it first.
    log, end = path.read_text(), time.monotonic() + 10
    while "/enter/" not in log[before:] and time.monotonic() < end:
        time.sleep(0.05)
        log = path.read_text()
    written = log[before:]
    for upstream in site.instances:
        assert upstream in written
    assert own not in log and '"GET /p/\\xE2\\x80\\xA6/"' in written
    for links in site.links:
        for link in links:
            assert link.strip("/").split("/")[-1] not in log
    assert "GET /s/\\xE2\\x80\\xA6/enter/" in written  # nginx writes the "…" as its bytes
