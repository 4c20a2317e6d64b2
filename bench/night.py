"""A modelled night: how many tables one machine holds as a club night really loads it.

The stress bench (bench/load.py) plays every hand at once; a night is mostly waiting.
Here every page that is open during a round asks what it asks, when it asks it:

- each side's phone on its own table page (2 per table), polling it every
  EVERY.table_page seconds (plumbing/live.py) as htmx does: GET <the page's hx-get
  address, ?since=<version>> with `HX-Request: true` and the clock the page shows (as
  static/kitty.js adds it), answered 204 while nothing changed, with the clock alone when
  only the clock changed, else with the live part (whose hx-get address is the next poll's).
  Every phone is in sight all round: a page out of sight (a locked phone) does not poll
  (static/kitty.js), so a real night asks less;
- the director's console, polling every EVERY.console seconds; the projector's standings
  (templates/standings/projector.html: the next screen every EVERY.projector seconds, the
  whole page each time); the public standings open on `--standings-share` phones per
  table (default 1: a player of each table who is not scoring), polling every
  EVERY.standings seconds;
- hands: North-South enters each hand, about one every `--pace` seconds per table
  (default 300: a card hand takes about five minutes; `--compressed` is 20 s, for a
  shorter run in which the tables finish their round). The first hand of each table
  comes at a uniformly random moment within one pace of its page opening, so hands arrive
  at the steady rate tables/pace from the start of play. Entering is as kitty.js does
  it: `--previews` score previews while typing (POST preview/), the hand posted (302), the
  page loaded again; East-West sees it at its next poll, accepts 2 to 8 s later (302) and
  its page loads again. After the last hand, each side signs 5 to 15 s after its page
  offers it;
- the round-start burst: the director publishes the round (through the server, on the
  round's page), then every phone loads its table page within `--burst` seconds (10),
  with its static files and manifest the first time (`--warm-phones`: already cached
  from an earlier round); the console and projector open, the director starts the clock;
- the round-end burst: after `--play` seconds (default 120, 45 for `--find`), every
  side's phone (`--end-share`, default 1) opens the standings within `--burst` seconds
  and polls them for `--tail` seconds more (default one standings poll period); the
  others stay on their table page.

The client is one asyncio loop speaking HTTP/1.1 over asyncio streams: one keep-alive
connection per phone, as a browser keeps one, opened again when the server closes it
(gunicorn's sync workers close every one; the laptop's server keeps it); it
reports its own CPU and how late its loop woke for what it had scheduled (a late client
measures itself, not the server). A page's static files are fetched one after the other
on its connection (a browser fetches them side by side); only the HTML's time is the page
load's.

The server is as bench/load.py starts it: on SQLite (`--database sqlite`), the README's
laptop server `manage.py serve --local` (granian, LAPTOP=1); on PostgreSQL, gunicorn
(`--workers` sync workers, production settings; `--gunicorn-threads N`: threaded workers,
which keep a connection between requests; `--proxy`: nginx in front, as docs/production.md
runs it, serving the static files itself). On SQLite, `--server` also takes the other
servers the laptop's could be (bench/laptop_servers.py: waitress unpatched, cheroot), and
a list of them, `--server serve,waitress,cheroot`: the same night (the same seed) for each,
one after the other in the same run, then their figures side by side. Its app is wrapped
by bench/served_cpu.py
so that each answer says the CPU its thread spent on it: CPU per request by kind. The
processes' CPU (server, PostgreSQL's backends of the bench's database, the client, other
programs) is reported per phase and for the phase's busiest five seconds; and the "CPU
ceiling": the tables at which each phase's server and database CPU would fill the cores
the server may use (one for serve, its GIL). The machine may be shared: the other
programs' share is printed, and figures taken beside them are noisy.

It prints, per kind of request, count, p50/p95/p99, failures and 5xx, and the app's CPU
per request; per phase, the CPU of each part; and whether the night was held: taps
(enter, accept, sign) p99 under 300 ms, polls (table, console, standings) p99 under
1 s, no 5xx, no failure; and the seconds in which most of the slow requests were sent (a
burst, or a steady queue). With `--find`, it searches the largest number of tables held
(doubling from `--find-start`, then bisecting to within `--find-within`), each step a
fresh night (10 s start burst, `--play` 45 s, 10 s end burst, 16 s of standings polls:
about 80 s, plus the set-up), and says what saturated first: the server's CPU (on
SQLite its one core), the database, the client, or none (requests waiting).

Run from the repository root (PostgreSQL at 127.0.0.1:5432 for the second):
    .venv/bin/python bench/night.py --database sqlite --tables 100 [--compressed]
    .venv/bin/python bench/night.py --tables 200 [--workers 4]
    .venv/bin/python bench/night.py --database sqlite --find
    .venv/bin/python bench/night.py --database sqlite --tables 250 --server serve,waitress,cheroot
    .venv/bin/python bench/night.py --find
    .venv/bin/python bench/night.py --database sqlite --find --standings-share 0 --end-share 0
                                        (the table pages alone: what the standings cost)
"""

from __future__ import annotations

import argparse
import asyncio
import html
import os
import random
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.load import (  # noqa: E402  (the stress bench's machinery, shared)
    HOST,
    Page,
    admin_sql,
    cpu_seconds,
    free_port,
    log_summary,
    manage,
    percentile,
    server_command,
    set_up_round,
    stop_server,
    wait_until_up,
)
from bench.served_cpu import HEADER as CPU_HEADER  # noqa: E402
from tests.support import nginx  # noqa: E402
from tests.support.phone import HANDS  # noqa: E402

DATABASE = "kittytd_night"
SLUG = "load-bench"  # set_up_round's tournament
TAP_P99 = 0.300
POLL_P99 = 1.0
TAPS = ("enter", "accept", "sign")
POLLS = (
    "poll 204",
    "poll clock",
    "poll changed",
    "console poll 204",
    "console poll changed",
    "standings poll 204",
    "standings poll changed",
)
KINDS = (
    *TAPS,
    "preview",
    "poll 204",
    "poll clock",
    "poll changed",
    "page load",
    "standings load",
    "standings poll 204",
    "standings poll changed",
    "console load",
    "console poll 204",
    "console poll changed",
    "projector",
    "static",
    "manifest",
    "publish",
    "start clock",
    "director page",
)
PHASES = ("round start", "play", "round end")


# --- what the client saw ---------------------------------------------------------------


@dataclass
class Row:
    seconds: list[float] = field(default_factory=list)
    failures: int = 0
    errors_5xx: int = 0
    cpu: float = 0.0  # the app's thread, summed over the answers that said it
    cpu_n: int = 0


class Stats:
    """Latencies by (phase, kind), what failed, and how late the client sent."""

    def __init__(self):
        self.rows: dict[tuple[str, str], Row] = {}
        self.lag: dict[str, list[float]] = {}
        self.errors: Counter[str] = Counter()
        self.connections = 0
        self.retried = 0
        # The app's CPU by the phase in which the answer came, when that work was done
        # (a request queued across a phase boundary is counted where it was served).
        self.cpu_answered: Counter[str] = Counter()
        # (when it was sent, in seconds from the publication; seconds; kind): when the slow
        # answers were asked for tells a burst from a steady queue.
        self.sent: list[tuple[float, float, str]] = []

    def add(self, phase, kind, seconds, status, ok, cpu, error="") -> None:
        row = self.rows.setdefault((phase, kind), Row())
        row.seconds.append(seconds)
        if not ok:
            row.failures += 1
            self.errors[f"{kind}: {status or error or 'no answer'}"] += 1
        if status >= 500:
            row.errors_5xx += 1
        if cpu is not None:
            row.cpu += cpu
            row.cpu_n += 1

    def merged(self, kinds, phases=PHASES) -> Row:
        out = Row()
        for (phase, kind), row in self.rows.items():
            if kind in kinds and phase in phases:
                out.seconds += row.seconds
                out.failures += row.failures
                out.errors_5xx += row.errors_5xx
                out.cpu += row.cpu
                out.cpu_n += row.cpu_n
        return out


class Clock:
    """The night's timeline, in the event loop's seconds from the round's publication."""

    def __init__(self, burst: float, play: float, tail: float):
        self.t0 = 0.0
        self.burst, self.play, self.tail = burst, play, tail

    @property
    def play_end(self) -> float:
        return self.t0 + self.burst + self.play

    @property
    def end(self) -> float:
        return self.play_end + self.burst + self.tail

    def boundaries(self) -> list[float]:
        return [self.t0, self.t0 + self.burst, self.play_end, self.end]

    def phase(self, t: float) -> str:
        if t < self.t0:
            return "setup"
        if t < self.t0 + self.burst:
            return "round start"
        return "play" if t < self.play_end else "round end"


# How late the loop woke each sleeper, (when it was due, seconds late): a client too busy
# to send on time measures itself, not the server.
LATE: list[tuple[float, float]] = []


async def sleep_until(t: float) -> None:
    loop = asyncio.get_running_loop()
    delay = t - loop.time()
    if delay > 0:
        await asyncio.sleep(delay)
        LATE.append((t, loop.time() - t))


class Client:
    def __init__(self, port: int, timeout: float, clock: Clock):
        self.port, self.timeout, self.clock = port, timeout, clock
        self.host = f"{HOST}:{port}".encode()
        self.stats = Stats()
        self.tables: list[Table] = []


class Phone:
    """A browser: one keep-alive connection (opened again when the server closes it; a
    request on a kept connection that the server closed meanwhile is sent again once, as
    browsers do), its cookies, its cache of static files."""

    def __init__(self, client: Client, warm: bool = False):
        self.client, self.warm = client, warm
        self.reader: asyncio.StreamReader | None = None
        self.writer: asyncio.StreamWriter | None = None
        self.used = 0
        self.cookies: dict[str, str] = {}
        self.cached: dict[str, float] = {}  # static address -> fresh until

    def drop(self) -> None:
        if self.writer is not None:
            self.writer.close()
        self.reader = self.writer = None

    async def exchange(self, method: str, path: str, body: bytes | None, extra: tuple):
        head = [f"{method} {path} HTTP/1.1", "Host: " + self.client.host.decode()]
        head.append("Accept-Encoding: gzip, deflate")
        if self.cookies:
            head.append("Cookie: " + "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        head.extend(extra)
        if body is not None:
            head.append("Content-Type: application/x-www-form-urlencoded")
            head.append(f"Content-Length: {len(body)}")
        request = ("\r\n".join(head) + "\r\n\r\n").encode() + (body or b"")
        for attempt in (0, 1):
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection(HOST, self.client.port)
                self.used = 0
                self.client.stats.connections += 1
            reused = self.used > 0
            try:
                self.writer.write(request)
                answer = await self.reader.readuntil(b"\r\n\r\n")
            except (asyncio.IncompleteReadError, ConnectionError) as exc:
                self.drop()
                nothing = not isinstance(exc, asyncio.IncompleteReadError) or not exc.partial
                if reused and attempt == 0 and nothing:
                    self.client.stats.retried += 1
                    continue
                raise
            return await self.answer(method, answer)
        raise ConnectionError("unreachable")

    async def answer(self, method: str, head: bytes):
        lines = head.decode("latin-1").split("\r\n")
        status = int(lines[0].split(" ", 2)[1])
        headers: dict[str, str] = {}
        for line in lines[1:]:
            name, colon, value = line.partition(":")
            if not colon:
                continue
            name, value = name.strip().lower(), value.strip()
            if name == "set-cookie":
                self.keep_cookie(value)
            else:
                headers[name] = value
        reader = self.reader
        if method == "HEAD" or status in (204, 304) or status < 200:
            body = b""
        elif "chunked" in headers.get("transfer-encoding", ""):
            parts = []
            while True:
                size = int((await reader.readuntil(b"\r\n")).split(b";")[0], 16)
                if size == 0:
                    while await reader.readuntil(b"\r\n") != b"\r\n":
                        pass
                    break
                parts.append(await reader.readexactly(size))
                await reader.readexactly(2)
            body = b"".join(parts)
        elif "content-length" in headers:
            body = await reader.readexactly(int(headers["content-length"]))
        else:
            body = await reader.read()
            headers["connection"] = "close"
        self.used += 1
        if headers.get("connection", "").lower() == "close":
            self.drop()
        return status, headers, body

    def keep_cookie(self, value: str) -> None:
        pair, _, attributes = value.partition(";")
        name, _, content = pair.partition("=")
        if "max-age=0" in attributes.lower().replace(" ", ""):
            self.cookies.pop(name.strip(), None)
        else:
            self.cookies[name.strip()] = content.strip()

    async def request(
        self,
        kind: str,
        method: str,
        path: str,
        data: dict | None = None,
        *,
        expect: tuple[int, ...] = (200,),
        extra: tuple = (),
        split: bool = False,
    ) -> tuple[int, dict, bytes]:
        client, loop = self.client, asyncio.get_running_loop()
        phase = client.clock.phase(loop.time())
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        status, headers, content, error = 0, {}, b"", ""
        start, sent_at = time.perf_counter(), loop.time() - client.clock.t0
        try:
            async with asyncio.timeout(client.timeout):
                status, headers, content = await self.exchange(method, path, body, extra)
        except Exception as exc:  # a failure to count, not to stop the night
            self.drop()
            error = type(exc).__name__
        seconds = time.perf_counter() - start
        cpu = headers.get(CPU_HEADER.lower())
        if cpu:
            client.stats.cpu_answered[client.clock.phase(loop.time())] += float(cpu)
        ok = status in expect
        if split:  # a poll: "unchanged" (204), the clock alone, or anything else
            alone = "hx-retarget" in headers
            kind = f"{kind} {204 if status == 204 else 'clock' if alone else 'changed'}"
        client.stats.add(phase, kind, seconds, status, ok, float(cpu) if cpu else None, error)
        client.stats.sent.append((sent_at, seconds, kind))
        return status, headers, content

    async def load(self, kind: str, path: str) -> str | None:
        """A page opened: its HTML, then what it names that the phone has not cached."""
        status, _, body = await self.request(kind, "GET", path)
        if status != 200:
            return None
        text = body.decode()
        await self.fetch_static(text)
        return text

    ASSETS = re.compile(r'<(?:link rel="(?:stylesheet|icon|manifest)" href|script src)="([^"]+)"')

    async def fetch_static(self, text: str) -> None:
        if self.warm:
            return
        now = asyncio.get_running_loop().time()
        for url in self.ASSETS.findall(text):
            if self.cached.get(url, -1.0) > now:
                continue
            kind = "manifest" if url.endswith(".webmanifest") else "static"
            status, headers, _ = await self.request(kind, "GET", html.unescape(url))
            age = re.search(r"max-age=(\d+)", headers.get("cache-control", ""))
            if status == 200:
                # Fetched once a round at least (the manifest says no-cache: the browser
                # asks for it when it opens the page).
                self.cached[url] = now + (int(age.group(1)) if age else 24 * 3600)


# --- the pages -------------------------------------------------------------------------

HX_GET = re.compile(r'hx-get="([^"]*)"')
CLOCK = re.compile(r'id="round-clock" data-clock="([^"]*)"')
PREVIEW = re.compile(r'data-preview="([^"]*)"')
CHECKED = re.compile(r'name="player" value="([^"]*)" checked')
POLL_HEADERS = ("HX-Request: true", "HX-Target: live", "HX-Trigger: live")


def shown_clock(text: str) -> str:
    found = CLOCK.search(text)
    return found.group(1) if found else ""


def poll_address(text: str, page: str) -> str | None:
    found = HX_GET.search(text)
    if not found:
        return None
    url = html.unescape(found.group(1))
    return page.split("?")[0] + url if url.startswith("?") else url


@dataclass
class View:
    """What a side's page offers, read as a browser shows it (the live part included)."""

    poll: str | None = None
    clock: str = ""  # the clock the page shows, which kitty.js adds to each poll
    enter: dict | None = None
    enter_action: str = ""
    preview: str = ""
    accept: dict | None = None
    accept_action: str = ""
    sign: dict | None = None
    sign_action: str = ""

    @classmethod
    def read(cls, text: str, page: str, side: int) -> View:
        view = cls(poll=poll_address(text, page))
        view.clock = shown_clock(text)
        for action, body in Page(text).forms:
            hidden = {k: html.unescape(v) for k, v in Page.HIDDEN.findall(body)}
            if action.endswith("/enter/") and view.enter is None:
                view.enter, view.enter_action = hidden, action
                found = PREVIEW.search(text)
                view.preview = html.unescape(found.group(1)) if found else ""
            elif action.endswith("/accept/") and view.accept is None and 'name="pin"' not in body:
                view.accept, view.accept_action = hidden, action
            elif (
                action.endswith("/sign/")
                and view.sign is None
                and hidden.get("side") == str(side)
                and 'name="pin"' not in body
            ):
                player = CHECKED.search(body)
                name = html.unescape(player.group(1)) if player else ""
                view.sign = {**hidden, "player": name, "typed": name}
                view.sign_action = action
        return view


@dataclass
class Table:
    links: tuple[str, str]
    entered: int = 0
    accepted: int = 0
    signed: int = 0
    next_hand: float = 0.0


@dataclass
class Model:
    tables: int
    pace: float
    previews: int
    standings_share: float
    end_share: float
    burst: float
    play: float
    warm: bool
    table_every: float
    console_every: float
    standings_every: float
    projector_every: float


def jitter(low: float, high: float) -> float:
    return random.uniform(low, high)


async def side_phone(client: Client, model: Model, table: Table, side: int) -> None:
    """One side's phone at its table page, from the round's start to the standings."""
    loop, clock = asyncio.get_running_loop(), client.clock
    phone = Phone(client, model.warm)
    page = f"/s/{table.links[side]}/"
    at = clock.t0 + jitter(0, model.burst)
    await sleep_until(at)
    text = await phone.load("page load", page)
    view = View.read(text, page, side) if text else View()
    if side == 0:
        table.next_hand = loop.time() + jitter(0, model.pace)
    next_poll = loop.time() + model.table_every
    seen_at: dict[str, float] = {}
    # At the round's end the phone opens the standings, or stays on its table page.
    to_standings = random.random() < model.end_share
    until = clock.play_end if to_standings else clock.end
    while True:
        now = loop.time()
        if now >= until:
            break
        due, act = None, None
        if view.sign is not None:
            seen_at.setdefault("sign", now + jitter(5, 15))
            due, act = seen_at["sign"], "sign"
        elif side == 0 and view.enter is not None and table.entered == table.accepted:
            due, act = table.next_hand, "enter"
        elif side == 1 and view.accept is not None:
            seen_at.setdefault("accept", now + jitter(2, 8))
            due, act = seen_at["accept"], "accept"
        if due is not None and due <= next_poll:
            if due >= until:
                break
            await sleep_until(due)
            if loop.time() >= until:
                break
            text = await tap(phone, model, table, view, act)
            seen_at.pop(act, None)
            if text is not None:
                view = View.read(text, page, side)
            next_poll = loop.time() + model.table_every
            continue
        if next_poll >= until:
            await sleep_until(until)
            break
        await sleep_until(next_poll)
        if view.poll is None:  # the page never came: open it again
            text = await phone.load("page load", page)
            view = View.read(text, page, side) if text else View()
            next_poll = loop.time() + model.table_every
            continue
        status, headers, body = await phone.request(
            "poll",
            "GET",
            f"{view.poll}&clock={urllib.parse.quote(view.clock)}",
            extra=POLL_HEADERS,
            expect=(200, 204),
            split=True,
        )
        if status == 200 and "hx-retarget" not in headers:  # swapped in: it polls from now
            fresh = View.read(body.decode(), page, side)
            fresh.poll = fresh.poll or view.poll
            view = fresh
            next_poll = loop.time() + model.table_every
        else:  # htmx's timer goes on; a tick while a poll is on its way is dropped
            if status == 200:  # the clock alone, swapped in for the page's own
                view.clock = shown_clock(body.decode())
            next_poll += model.table_every
            while next_poll <= loop.time():
                next_poll += model.table_every
    if to_standings:
        await standings_phone(client, model, phone, clock.play_end + jitter(0, model.burst))


async def tap(phone: Phone, model: Model, table: Table, view: View, act: str):
    """A tap as the page makes it: its POST (302) and the page loaded again."""
    page = (view.enter_action or view.accept_action or view.sign_action).rsplit("/", 2)[0] + "/"
    if act == "enter":
        hand = HANDS[table.entered % len(HANDS)]
        fields = {**{k: view.enter[k] for k in ("csrfmiddlewaretoken", "nonce", "slot")}, **hand}
        for _ in range(model.previews):  # typing: a preview at each pause
            await asyncio.sleep(jitter(1, 3))
            await phone.request("preview", "POST", view.preview, fields)
        await asyncio.sleep(jitter(1, 3))
        status, _, _ = await phone.request(
            "enter", "POST", view.enter_action, fields, expect=(302,)
        )
        if status == 302:
            table.entered += 1
        table.next_hand = asyncio.get_running_loop().time() + model.pace * jitter(0.5, 1.5)
    elif act == "accept":
        status, _, _ = await phone.request(
            "accept", "POST", view.accept_action, view.accept, expect=(302,)
        )
        if status == 302:
            table.accepted += 1
    else:
        status, _, _ = await phone.request(
            "sign", "POST", view.sign_action, view.sign, expect=(302,)
        )
        if status == 302:
            table.signed += 1
    return await phone.load("page load", page)


@dataclass
class Live:
    """A page whose live part a phone polls as htmx does, its requests "<kind> load" and
    "<kind> poll": the text it last loaded, the address it polls and when it polls next."""

    phone: Phone
    kind: str
    page: str
    every: float
    text: str | None = None
    poll: str | None = None
    next_poll: float = 0.0

    async def open(self) -> None:
        self.text = await self.phone.load(f"{self.kind} load", self.page)
        self.poll = poll_address(self.text, self.page) if self.text else None
        self.next_poll = asyncio.get_running_loop().time() + self.every

    async def tick(self) -> None:
        """At the next poll's time: the page opened again if it never came, else its poll."""
        await sleep_until(self.next_poll)
        if self.poll is None:
            await self.open()
            return
        status, _, body = await self.phone.request(
            f"{self.kind} poll",
            "GET",
            self.poll,
            extra=POLL_HEADERS,
            expect=(200, 204),
            split=True,
        )
        now = asyncio.get_running_loop().time()
        if status == 200:  # swapped in: the new part polls from now
            self.poll = poll_address(body.decode(), self.page) or self.poll
            self.next_poll = now + self.every
        else:  # htmx's timer goes on; a tick while a poll is on its way is dropped
            self.next_poll += self.every
            while self.next_poll <= now:
                self.next_poll += self.every


async def standings_phone(client: Client, model: Model, phone: Phone, at: float) -> None:
    """The public standings open at `at`, polled until the run ends."""
    loop, clock = asyncio.get_running_loop(), client.clock
    await sleep_until(at)
    if loop.time() >= clock.end:
        return
    live = Live(phone, "standings", f"/t/{SLUG}/standings/", model.standings_every)
    await live.open()
    while live.next_poll < clock.end:
        await live.tick()


async def projector(client: Client, model: Model) -> None:
    loop, clock = asyncio.get_running_loop(), client.clock
    phone = Phone(client)
    page = f"/t/{SLUG}/standings/projector/"
    at = clock.t0 + 1
    await sleep_until(at)
    text = await phone.load("projector", page)
    poll = poll_address(text, page) if text else page
    next_poll = loop.time() + model.projector_every
    while next_poll < clock.end:
        await sleep_until(next_poll)
        status, _, body = await phone.request("projector", "GET", poll or page, extra=POLL_HEADERS)
        if status == 200:
            poll = poll_address(body.decode(), page) or poll
        next_poll = loop.time() + model.projector_every


async def director_login(phone: Phone, username: str, password: str) -> None:
    """Signed in before the round (not timed in any phase)."""
    status, _, body = await phone.request("login", "GET", "/login/")
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]*)"', body.decode())
    data = {"csrfmiddlewaretoken": token.group(1) if token else ""}
    data.update(username=username, password=password)
    status, _, _ = await phone.request("login", "POST", "/login/", data, expect=(302,))
    if status != 302:
        raise RuntimeError(f"the director could not sign in: {status}")


async def publish(phone: Phone) -> None:
    """The director taps Publish on the round's page."""
    page = f"/t/{SLUG}/round/1/"
    _, _, body = await phone.request("director page", "GET", page)
    form = Page(body.decode()).form("/publish/")
    if form is None:
        raise RuntimeError(f"{page}: no Publish button")
    status, _, _ = await phone.request("publish", "POST", page + "publish/", form, expect=(302,))
    if status != 302:
        raise RuntimeError(f"publishing the round answered {status}")


async def console(client: Client, model: Model, phone: Phone) -> None:
    """The director's console, open all round; the clock started once the phones are in."""
    loop, clock = asyncio.get_running_loop(), client.clock
    page = f"/t/{SLUG}/round/1/console/"
    live = Live(phone, "console", page, model.console_every)
    await live.open()
    started = False
    while live.next_poll < clock.end:
        if not started and clock.t0 + model.burst <= live.next_poll and live.text:
            await sleep_until(clock.t0 + model.burst)
            form = Page(live.text).form("/start-clock/")
            if form is not None:
                await phone.request(
                    "start clock", "POST", page + "start-clock/", form, expect=(302,)
                )
                live.text = await phone.load("console load", page)
                live.poll = poll_address(live.text, page) if live.text else live.poll
            started = True
            live.next_poll = loop.time() + model.console_every
            continue
        await live.tick()


# --- CPU ---------------------------------------------------------------------------------


class DatabaseCpu:
    """CPU of PostgreSQL's backends serving the bench's database (named in their command
    line), sampled every second so that a backend whose connection closed (CONN_MAX_AGE)
    still counts what it used: the other programs' databases on the same server do not."""

    def __init__(self, database: str):
        self.mark = f" {database} "
        self.tick = os.sysconf("SC_CLK_TCK")
        self.base: dict[int, float] = {}
        self.last: dict[int, float] = {}
        self.ours: dict[int, bool | None] = {}
        self.lock = threading.Lock()
        self.scan(first=True)

    def scan(self, first: bool = False) -> None:
        for name in os.listdir("/proc"):
            if not name.isdigit():
                continue
            pid = int(name)
            known = self.ours.get(pid, None)
            if known is False:
                continue  # not PostgreSQL
            if known is None:  # unknown, or PostgreSQL's but not yet this database's
                try:
                    cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")
                except OSError:
                    continue
                if not cmdline.startswith((b"postgres", b"/usr/lib/postgresql")):
                    self.ours[pid] = False
                    continue
                # A backend names its database once it has started: asked again until then.
                if self.mark.encode() not in cmdline + b" ":
                    self.ours[pid] = None
                    continue
                self.ours[pid] = True
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            used = (int(fields[11]) + int(fields[12])) / self.tick
            with self.lock:
                if pid not in self.base:
                    self.base[pid] = used if first else 0.0
                self.last[pid] = used

    def seconds(self) -> float:
        self.scan()
        with self.lock:
            return sum(self.last[p] - self.base[p] for p in self.last)


class Sampler(threading.Thread):
    """Every second, the CPU used so far by each part: the server, PostgreSQL, the client,
    the machine (bench/load.py's cpu_seconds) and this database's backends. A phase's
    totals hide a burst of ten seconds in it; its busiest seconds show it."""

    def __init__(self, server_pid: int, postgres: bool, proxy_pid: int | None = None):
        super().__init__(daemon=True)
        self.server_pid, self.postgres, self.proxy_pid = server_pid, postgres, proxy_pid
        self.database = DatabaseCpu(DATABASE) if postgres else None
        self.series: list[tuple[float, dict[str, float]]] = []
        self.stopping = threading.Event()

    def snapshot(self) -> tuple[float, dict[str, float]]:
        used = cpu_seconds(self.server_pid, self.postgres)
        if self.proxy_pid is not None:
            used["proxy"] = proxy_seconds(self.proxy_pid)
        if self.database is not None:
            used["database"] = self.database.seconds()
        return time.perf_counter(), used

    def run(self) -> None:
        while not self.stopping.wait(1.0):
            self.series.append(self.snapshot())

    def busiest(self, start: float, end: float, window: float = 5.0) -> dict[str, float]:
        """Cores used by each part in the `window` seconds of [start, end] in which the
        server and PostgreSQL used the most."""
        inside = [(t, u) for t, u in self.series if start <= t <= end]
        best: dict[str, float] = {}
        top = -1.0
        for i, (t, u) in enumerate(inside):
            j = next((j for j in range(i + 1, len(inside)) if inside[j][0] - t >= window), None)
            if j is None:
                break
            t2, u2 = inside[j]
            spent = {k: (u2[k] - u[k]) / (t2 - t) for k in u}
            load = sum(spent.get(k, 0.0) for k in ("server", "database", "proxy"))
            if load > top:
                top, best = load, spent
        return best


def proxy_seconds(pid: int) -> float:
    """CPU used so far by nginx: its master and its workers."""
    tick, used = os.sysconf("SC_CLK_TCK"), 0.0
    for name in filter(str.isdigit, os.listdir("/proc")):
        try:
            fields = Path(f"/proc/{name}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(name) == pid or int(fields[1]) == pid:
            used += sum(int(fields[i]) for i in (11, 12, 13, 14)) / tick
    return used


def lag_p99(stats: Stats, phase: str) -> float:
    values = stats.lag.get(phase, [])
    return percentile(values, 99) if values else 0.0


# --- one night -------------------------------------------------------------------------


@dataclass
class Night:
    tables: int
    stats: Stats
    walls: dict[str, float]
    cpu: dict[str, dict[str, float]]  # phase -> part -> seconds
    peaks: dict[str, dict[str, float]]  # phase -> part -> cores, in its busiest 5 s
    held: bool
    why: list[str]
    tap_p99: float
    poll_p99: float
    hands: str
    saturated: str
    log: list[str]


def night_env(args, scratch: Path) -> dict[str, str]:
    """The server's environment, as bench/load.py sets it for the same server."""
    postgres = args.database == "postgres"
    base = args.postgres.rstrip("/")
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings",
        "DATABASE_URL": (
            f"{base}/{DATABASE}" if postgres else f"sqlite:///{scratch / 'night.sqlite3'}"
        ),
        "ALLOWED_HOSTS": HOST,
        "SECURE_SSL_REDIRECT": "0",
        "STATIC_ROOT": str(scratch / "static"),
        "LOG_LEVEL": "ERROR",
    }
    if args.server == "gunicorn":
        env["DEBUG"] = "0"
        env.setdefault("SECRET_KEY", secrets.token_urlsafe(50))
        env["CONN_MAX_AGE"] = os.environ.get("CONN_MAX_AGE", "60")
    else:
        env["LAPTOP"] = "1"
        env["DATA_DIR"] = str(scratch / "var")
    return env


def served_command(args, port: int) -> list[str]:
    """bench/load.py's command for the server, its app wrapped by bench/served_cpu.py;
    gunicorn's threaded workers with --gunicorn-threads (they keep a connection open between
    requests, as sync workers do not)."""
    if args.server in LAPTOP_CANDIDATES:
        threads = ["--threads", str(args.threads)] if args.threads else []
        return [
            sys.executable,
            "bench/laptop_servers.py",
            args.server,
            "--port",
            str(port),
            *threads,
        ]
    wrapped = {"config.wsgi": "bench.served_cpu:application"}
    command = [wrapped.get(part, part) for part in server_command(args.server, args, port)]
    if args.server == "serve":
        command += ["--app", "bench.served_cpu:application"]
    if args.server == "gunicorn" and args.gunicorn_threads:
        command += ["--worker-class", "gthread", "--threads", str(args.gunicorn_threads)]
        command += ["--keep-alive", str(KEEP_ALIVE_SECONDS)]
    return command


# The other servers the laptop's could be (bench/laptop_servers.py), measured beside serve.
LAPTOP_CANDIDATES = ("waitress", "cheroot")


# A phone's connection is kept across its polls (every 5 s at a table, 15 s on the
# standings) when the server waits longer than that for its next request.
KEEP_ALIVE_SECONDS = 20

# docs/production.md's proxy, on loopback and plain HTTP: it holds the phones' connections,
# serves the static files from STATIC_ROOT itself (their names carry their content's hash:
# cached for good), and passes the rest to gunicorn, on kept connections when gunicorn keeps
# them (threaded workers).
NGINX_HTTP = """\
    access_log off;
    keepalive_timeout 75s;
    keepalive_requests 100000;
    include {mime_types};
    upstream kittytd {{
        server {upstream};
        keepalive 64;
    }}
    server {{
        listen {host}:{port} backlog=4096;
        client_max_body_size 21m;
        location /static/ {{
            alias {static}/;
            add_header Cache-Control "max-age=315360000, public, immutable";
            add_header X-Content-Type-Options nosniff;
        }}
        location / {{
            proxy_pass http://kittytd;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
        }}
    }}
"""


def start_proxy(scratch: Path, upstream_port: int, env: dict[str, str]) -> tuple:
    """nginx in front of the server: (its process, the port phones connect to)."""
    binary = nginx.binary()
    if binary is None:
        raise SystemExit("--proxy needs nginx (Debian: apt-get install nginx-light)")
    folder = scratch / "nginx"
    folder.mkdir(exist_ok=True)
    port = free_port()
    known = ("/etc/nginx/mime.types", "/usr/local/etc/nginx/mime.types")
    mime_types = next((p for p in known if Path(p).exists()), "/dev/null")
    http = NGINX_HTTP.format(
        upstream=f"{HOST}:{upstream_port}",
        host=HOST,
        port=port,
        static=env["STATIC_ROOT"],
        mime_types=mime_types,
    )
    (folder / "nginx.conf").write_text(nginx.configuration(folder, http, connections=16384))
    command = nginx.command(binary, folder)
    proxy = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    until = time.monotonic() + 15
    while time.monotonic() < until:
        if proxy.poll() is not None:
            raise RuntimeError("nginx stopped: " + (folder / "nginx-error.log").read_text())
        try:
            socket.create_connection((HOST, port), timeout=1).close()
            return proxy, port
        except OSError:
            time.sleep(0.1)
    proxy.kill()
    raise RuntimeError("nginx did not start listening")


def fresh_database(args, scratch: Path, env: dict[str, str]) -> None:
    if args.database == "postgres":
        base = args.postgres.rstrip("/")
        admin_sql(
            f"{base}/postgres",
            f"DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)",
            f"CREATE DATABASE {DATABASE}",
        )
    else:
        for suffix in ("", "-wal", "-shm"):
            (scratch / f"night.sqlite3{suffix}").unlink(missing_ok=True)
        shutil.rmtree(scratch / "var", ignore_errors=True)
    if args.server == "serve":
        return  # serve migrates the night and collects the static files as it starts
    manage(env, 300, "migrate", "-v", "0")
    if not (scratch / "static").exists():
        manage(env, 300, "collectstatic", "--no-input", "-v", "0")


def make_director() -> tuple[str, str]:
    from django.contrib.auth import get_user_model
    from django.db import connections

    from tournament.models import Director

    password = secrets.token_urlsafe(16)
    user = get_user_model().objects.create_superuser("director", "", password)
    Director.objects.create(user=user)
    connections.close_all()
    return "director", password


def count_hands() -> tuple[int, int, int] | None:
    from django.db import DatabaseError, connections

    from scoring.models import Hand

    try:
        stored = Hand.objects.count()
        accepted = Hand.objects.filter(status=Hand.Status.ACCEPTED).count()
        doubled = stored - len(set(Hand.objects.values_list("table_id", "number", "attempt")))
        return stored, accepted, doubled
    except DatabaseError:
        return None
    finally:
        connections.close_all()


def poll_periods() -> dict[str, float]:
    from plumbing.live import EVERY

    return {
        "table_every": EVERY.table_page,
        "console_every": EVERY.console,
        "standings_every": EVERY.standings,
        "projector_every": EVERY.projector,
    }


async def drive(client: Client, model: Model, links, login, boundaries_cpu) -> None:
    loop = asyncio.get_running_loop()
    director = Phone(client)
    client.clock.t0 = loop.time() + 3600  # "setup" until published
    await director_login(director, *login)
    boundaries_cpu(0)  # the round-start phase begins as the director taps Publish
    client.clock.t0 = loop.time()
    await publish(director)
    client.clock.t0 = loop.time()  # the phones learn of it now
    tables = [Table(links=tuple(pair)) for pair in links]
    tasks = [side_phone(client, model, t, s) for t in tables for s in (0, 1)]
    viewers = round(model.standings_share * model.tables)
    tasks += [
        standings_phone(
            client, model, Phone(client, model.warm), client.clock.t0 + jitter(0, model.burst)
        )
        for _ in range(viewers)
    ]
    tasks += [projector(client, model), console(client, model, director)]

    async def marks():
        for index, at in enumerate(client.clock.boundaries()[1:], start=1):
            await sleep_until(at)
            boundaries_cpu(index)

    tasks.append(marks())
    client.tables = tables
    await asyncio.gather(*tasks)


def run_night(args, tables: int, scratch: Path, quiet: bool = False) -> Night:
    """One fresh night of `tables` tables, from the database to the server's stop."""
    postgres = args.database == "postgres"
    env = night_env(args, scratch)
    os.environ.update(env)
    fresh_database(args, scratch, env)
    port = free_port()
    log = tempfile.TemporaryFile()
    server = subprocess.Popen(
        served_command(args, port),
        cwd=ROOT,
        env=env,
        stdout=log,
        stderr=subprocess.STDOUT,
        start_new_session=True,  # stop_server may kill it with its worker
    )
    proxy = sampler = None
    try:
        wait_until_up(port, server, 180, args.server)
        if args.proxy:
            proxy, port = start_proxy(scratch, port, env)
        sampler = Sampler(server.pid, postgres, proxy.pid if proxy else None)
        # The round's draft and the director, in this process, once the schema is there.
        links = set_up_round(tables, publish_round=False)
        login = make_director()
        model = Model(
            tables=tables,
            pace=args.pace,
            previews=args.previews,
            standings_share=args.standings_share,
            end_share=args.end_share,
            burst=args.burst,
            play=args.play,
            warm=args.warm_phones,
            **poll_periods(),
        )
        tail = model.standings_every + 1 if args.tail is None else args.tail
        clock = Clock(args.burst, args.play, tail)
        client = Client(port, args.timeout, clock)
        marks: list[tuple[float, dict[str, float]]] = []
        sampler.start()

        def boundary(index: int) -> None:
            marks.append(sampler.snapshot())

        if not quiet:
            print(describe(args, model, tail), flush=True)
        LATE.clear()
        asyncio.run(drive(client, model, links, login, boundary))
        for due, late in LATE:
            client.stats.lag.setdefault(clock.phase(due), []).append(late)
        walls, cpu, peaks = {}, {}, {}
        for phase, (a, b) in zip(PHASES, zip(marks, marks[1:], strict=False), strict=False):
            walls[phase] = b[0] - a[0]
            cpu[phase] = {k: b[1][k] - a[1][k] for k in a[1]}
            peaks[phase] = sampler.busiest(a[0], b[0])
    finally:
        if sampler is not None:
            sampler.stopping.set()
        if proxy is not None:
            proxy.send_signal(signal.SIGQUIT)  # it finishes what it is sending
            proxy.wait(timeout=20)
        text = stop_server(server, log, 20)
        log.close()
    summary = log_summary(text)
    counted = count_hands()
    stats = client.stats
    entered = sum(t.entered for t in client.tables)
    accepted = sum(t.accepted for t in client.tables)
    if counted is None:
        hands = f"hands: phones saw {entered} stored, {accepted} accepted; database not read"
    else:
        stored, in_db, doubled = counted
        # A tap the phone had no answer to may or may not have been stored.
        unsure = {k: client.stats.merged((k,)).failures for k in ("enter", "accept")}
        fits = (
            entered <= stored <= entered + unsure["enter"]
            and accepted <= in_db <= accepted + unsure["accept"]
            and not doubled
        )
        hands = (
            f"hands: phones were told {entered} stored and {accepted} accepted "
            f"({unsure['enter']} entries and {unsure['accept']} accepts unanswered); the "
            f"database has {stored} stored, {in_db} accepted, {doubled} doubled: "
            + ("ok" if fits else "WRONG")
        )
    taps = stats.merged(TAPS)
    polls = stats.merged(POLLS)
    every = stats.merged(KINDS + ("login",), ("setup", *PHASES))
    tap_p99 = percentile(taps.seconds, 99) if taps.seconds else 0.0
    poll_p99 = percentile(polls.seconds, 99) if polls.seconds else 0.0
    why = []
    if tap_p99 >= TAP_P99:
        why.append(f"taps p99 {1000 * tap_p99:.0f} ms")
    if poll_p99 >= POLL_P99:
        why.append(f"polls p99 {1000 * poll_p99:.0f} ms")
    if every.errors_5xx:
        why.append(f"{every.errors_5xx} 5xx")
    failures = every.failures
    if failures:
        why.append(f"{failures} failures")
    if not taps.seconds and args.pace <= args.play:
        why.append("no tap made")
    night = Night(
        tables=tables,
        stats=stats,
        walls=walls,
        cpu=cpu,
        peaks=peaks,
        held=not why,
        why=why,
        tap_p99=tap_p99,
        poll_p99=poll_p99,
        hands=hands,
        saturated="",
        log=summary,
    )
    night.saturated = saturation(args, night)
    return night


SERVERS = {
    "serve": "serve (granian, one worker process)",
    "waitress": "waitress unpatched (an unchanged poll as an empty 200)",
    "cheroot": "cheroot",
}


def describe(args, model: Model, tail: float) -> str:
    workers = (
        f"{args.workers} workers of {args.gunicorn_threads} threads"
        if args.gunicorn_threads
        else f"{args.workers} sync workers"
    )
    server = (
        f"gunicorn, {workers}, on PostgreSQL {DATABASE}"
        + (", behind nginx (static files from nginx)" if args.proxy else "")
        if args.server == "gunicorn"
        else f"{SERVERS[args.server]}, {args.threads or 8} threads, LAPTOP=1, on SQLite"
    )
    viewers = round(model.standings_share * model.tables)
    return (
        f"night: {model.tables} tables; {server}\n"
        f"  pages open: {2 * model.tables} side phones (table poll every {model.table_every:g} "
        f"s), {viewers} standings phones ({model.standings_share:g} per table, every "
        f"{model.standings_every:g} s; at the round's end {model.end_share:.0%} of the side "
        f"phones open them too), the console (every {model.console_every:g} s), the "
        f"projector (every {model.projector_every:g} s)\n"
        f"  a hand every ~{model.pace:g} s per table, {model.previews} previews each, "
        f"accepted 2-8 s after it shows; phones {'warm' if model.warm else 'cold'} (static "
        f"files {'cached' if model.warm else 'fetched at their first page'})\n"
        f"  round start burst {model.burst:g} s, play {model.play:g} s, round end burst "
        f"{model.burst:g} s + {tail:g} s of standings polls; machine: {os.cpu_count()} cores, "
        f"load average {os.getloadavg()[0]:.1f} at the start (other work shares the cores: "
        "the figures are noisy)"
    )


def cores(night: Night, phase: str, busiest: bool = False) -> dict[str, float]:
    """Cores used by each part over the phase, or in its busiest five seconds."""
    wall = 1.0 if busiest else night.walls.get(phase) or 1.0
    spent = dict((night.peaks if busiest else night.cpu).get(phase, {}))
    machine = spent.pop("machine", 0.0)
    database = spent.pop("database", None)
    used = {k: v / wall for k, v in spent.items()}
    if database is not None:
        used["PostgreSQL (this database)"] = database / wall
    known = sum(spent.values())
    used["other programs"] = max(0.0, machine - known) / wall
    used["machine"] = machine / wall
    return used


def saturation(args, night: Night) -> str:
    """What was full in the busiest five seconds of the phase that failed most (of play,
    when the night was held)."""

    def strain(phase: str) -> float:
        taps = night.stats.merged(TAPS, (phase,)).seconds
        polls = night.stats.merged(POLLS, (phase,)).seconds
        return max(
            percentile(taps, 99) / TAP_P99 if taps else 0.0,
            percentile(polls, 99) / POLL_P99 if polls else 0.0,
        )

    phases = [p for p in PHASES if night.walls.get(p)]
    worst = max(phases, key=strain) if not night.held and phases else "play"
    used = cores(night, worst, busiest=True) if night.peaks.get(worst) else cores(night, worst)
    n = os.cpu_count() or 1
    lag = lag_p99(night.stats, worst)
    server = used.get("server", 0.0)
    database = used.get("PostgreSQL (this database)", 0.0)
    client = used.get("bench client", 0.0)
    other = used.get("other programs", 0.0)
    figures = (
        f"{worst}, its busiest 5 s: server {server:.2f} cores, "
        + (f"PostgreSQL {database:.2f}, " if args.database == "postgres" else "")
        + f"client {client:.2f}, other programs {other:.2f}, machine "
        f"{used.get('machine', 0.0):.2f} of {n}; client late p99 {1000 * lag:.0f} ms"
    )
    if lag > 0.25 or client > 0.8:
        verdict = "the client (late sending what it scheduled: its figures include itself)"
    elif args.server != "gunicorn" and server >= 0.85:
        verdict = (
            "the server's one core (Django and SQLite in one Python process: the GIL lets "
            "the app use one core)"
        )
    elif used.get("machine", 0.0) >= 0.9 * n:
        parts = {"the server": server, "PostgreSQL": database, "other programs": other}
        top = max(parts, key=parts.get)
        verdict = f"the machine's {n} cores ({top} using the most)"
    elif database >= 0.8:
        verdict = "the database"
    else:
        verdict = "no CPU full: requests wait (threads or workers busy, locks, connections)"
    return f"{verdict} [{figures}]"


def ceilings(night: Night, args) -> dict[str, tuple[float, float]]:
    """Per phase: the server's and the database's CPU per table (ms of CPU per second of the
    phase), and the tables at which that demand would fill the cores the server may use
    (serve: one, its GIL; gunicorn: the machine's, less what the client used). A ceiling
    from CPU alone, which other programs' load disturbs less than it does latency: the
    latency limits are reached before it."""
    n = os.cpu_count() or 1
    out = {}
    for phase in PHASES:
        wall, spent = night.walls.get(phase), night.cpu.get(phase)
        if not wall or not spent or not night.tables:
            continue
        served = sum(spent.get(k, 0.0) for k in ("server", "database", "proxy"))
        demand = served / wall / night.tables
        client = spent.get("bench client", 0.0) / wall
        room = 1.0 if args.server != "gunicorn" else max(0.1, n - client)
        out[phase] = (1000 * demand, room / demand if demand else float("inf"))
    return out


def print_ceilings(night: Night, args) -> None:
    found = ceilings(night, args)
    if not found:
        return
    room = "one core (the app's GIL)" if args.server != "gunicorn" else "the machine's cores"
    print(
        f"CPU ceiling (tables whose server + database CPU would fill {room}), from this "
        f"{night.tables}-table night: "
        + "; ".join(
            f"{phase} {ms:.1f} ms/s per table -> {tables:.0f}"
            for phase, (ms, tables) in found.items()
        )
    )


def print_slow(stats: Stats, over: float = 0.25, top: int = 6) -> None:
    """The seconds of the night (from the publication) in which the most requests were sent
    that waited more than `over`, with their kinds: a burst, or a steady queue."""
    slow = [(int(at), kind) for at, seconds, kind in stats.sent if seconds > over and at >= 0]
    if not slow:
        return
    by_second = Counter(at for at, _ in slow)
    print(f"slow (> {1000 * over:.0f} ms): {len(slow)} requests; the seconds most were sent in:")
    for at, n in sorted(by_second.most_common(top)):
        kinds = Counter(kind for t, kind in slow if t == at)
        print(f"  {at:>4} s: {n:>4}  " + ", ".join(f"{k} {c}" for k, c in kinds.most_common(4)))


def report(night: Night, args) -> None:
    stats = night.stats
    total_wall = sum(night.walls.values()) or 1.0
    print(
        f"{'kind':<22}{'n':>7}{'req/s':>8}{'p50 ms':>9}{'p95 ms':>9}{'p99 ms':>9}"
        f"{'max ms':>9}{'fail':>6}{'5xx':>5}{'app CPU ms':>12}"
    )

    def line(label: str, row: Row) -> None:
        if not row.seconds:
            return
        v = row.seconds
        cpu = f"{1000 * row.cpu / row.cpu_n:.2f}" if row.cpu_n else "-"
        print(
            f"{label:<22}{len(v):>7}{len(v) / total_wall:>8.1f}"
            f"{1000 * percentile(v, 50):>9.1f}{1000 * percentile(v, 95):>9.1f}"
            f"{1000 * percentile(v, 99):>9.1f}{1000 * max(v):>9.1f}"
            f"{row.failures:>6}{row.errors_5xx:>5}{cpu:>12}"
        )

    for kind in KINDS:
        line(kind, stats.merged((kind,)))
    print("groups:")
    line("taps (enter/accept/sign)", stats.merged(TAPS))
    line("polls (table/console/standings)", stats.merged(POLLS))
    line("full page loads", stats.merged(("page load", "standings load", "console load")))
    line("standings (all)", stats.merged(tuple(k for k in KINDS if "standings" in k)))
    print("per phase (p99 ms; CPU in cores used, and ms per request):")
    for phase in PHASES:
        wall = night.walls.get(phase)
        if not wall:
            continue
        everything = stats.merged(KINDS, (phase,))
        n = len(everything.seconds)
        taps = stats.merged(TAPS, (phase,)).seconds
        polls = stats.merged(POLLS, (phase,)).seconds
        loads = stats.merged(("page load", "standings load"), (phase,)).seconds

        def p99(values: list[float]) -> str:
            return f"{1000 * percentile(values, 99):.0f}" if values else "-"

        print(
            f"  {phase:<12} {wall:6.1f} s  {n:>6} req ({n / wall:6.1f}/s)  taps {p99(taps)}, "
            f"polls {p99(polls)}, page loads {p99(loads)}; client late p99 "
            f"{1000 * lag_p99(stats, phase):.0f} ms"
        )
        spent = dict(night.cpu.get(phase, {}))
        machine = spent.pop("machine", 0.0)
        known = sum(v for k, v in spent.items() if k != "database")
        names = {"PostgreSQL": "PostgreSQL (all)", "database": "PostgreSQL (this database)"}
        parts = [
            f"{names.get(k, k)} {v / wall:.2f} ({1000 * v / max(n, 1):.2f} ms/req)"
            for k, v in spent.items()
        ]
        app = stats.cpu_answered.get(phase, 0.0)
        parts.append(f"app threads {app / wall:.2f} ({1000 * app / max(n, 1):.2f})")
        parts.append(f"other programs {max(0.0, machine - known) / wall:.2f}")
        print("               " + ", ".join(parts))
        peak = cores(night, phase, busiest=True) if night.peaks.get(phase) else {}
        if peak:
            print(
                "               busiest 5 s: "
                + ", ".join(f"{names.get(k, k)} {v:.2f}" for k, v in peak.items())
            )
    print(
        f"client: {stats.connections} connections opened, {stats.retried} requests sent again "
        "on a connection the server had closed"
    )
    if stats.errors:
        print("failures: " + ", ".join(f"{n} x {e}" for e, n in stats.errors.most_common(8)))
    print(night.hands)
    if night.log:
        print(f"{args.server} log, failing lines:", *night.log[:10], sep="\n  ")
    tapped = f"{1000 * night.tap_p99:.0f} ms" if stats.merged(TAPS).seconds else "none made"
    print(
        f"held: {'yes' if night.held else 'NO (' + ', '.join(night.why) + ')'} — taps p99 "
        f"{tapped} (< {1000 * TAP_P99:.0f}), polls p99 {1000 * night.poll_p99:.0f} ms "
        f"(< {1000 * POLL_P99:.0f}), no 5xx, no failure"
    )
    print(f"busiest: {night.saturated}")
    print_slow(stats)
    print_ceilings(night, args)


def find(args, scratch: Path) -> int:
    """Doubling from --find-start until a night is not held, then bisecting."""
    held: Night | None = None
    failed: Night | None = None
    tables = args.find_start
    steps: list[Night] = []
    print(
        f"find: each step a fresh night, {args.burst:g} s start burst, {args.play:g} s of play, "
        f"{args.burst:g} s end burst (+ standings polls); a hand every ~{args.pace:g} s per table",
        flush=True,
    )
    while True:
        night = run_night(args, tables, scratch, quiet=True)
        steps.append(night)
        verdict = "held" if night.held else "NOT held (" + ", ".join(night.why) + ")"
        print(
            f"  {tables:>5} tables: {verdict};"
            f" taps p99 {1000 * night.tap_p99:.0f} ms, polls p99 {1000 * night.poll_p99:.0f} ms; "
            f"{night.saturated}",
            flush=True,
        )
        found = ceilings(night, args)
        print(
            "          CPU ceiling: "
            + ", ".join(f"{phase} {tables:.0f} tables" for phase, (_, tables) in found.items()),
            flush=True,
        )
        if args.verbose:
            report(night, args)
        if night.held:
            held = night
        else:
            failed = night
        if failed is None:
            if tables >= args.find_max:
                break
            tables = min(args.find_max, tables * 2)
            continue
        low = held.tables if held else 0
        high = failed.tables
        if high - low <= max(1, args.find_within * max(low, 1)) or low == 0 and high <= 1:
            break
        tables = (low + high) // 2 if low else max(1, high // 2)
        if held is None and tables < 1:
            break
    print()
    if held is None:
        print(f"largest held: none (the smallest tried, {failed.tables} tables, was not)")
    else:
        beyond = f"; {failed.tables} tables were not" if failed else " (the most tried)"
        print(f"largest held: {held.tables} tables{beyond}")
    if failed is not None:
        print(f"saturates first, at {failed.tables} tables: {failed.saturated}")
        print(f"details of the {failed.tables}-table night:")
        report(failed, args)
    if held is not None:
        print(f"details of the {held.tables}-table night:")
        report(held, args)
    return 0


def side_by_side(nights: dict[str, Night]) -> None:
    """The servers' figures from the same night, one line each."""
    print(
        f"\n{'server':<10}{'held':>5}{'taps p99':>10}{'polls p99':>11}{'loads p99':>11}"
        f"{'conns':>7}  round start ms/req: server, app, server's own / app; ceiling"
    )
    for name, night in nights.items():
        stats = night.stats
        loads = stats.merged(("page load", "standings load"), ("round start",)).seconds
        spent = night.cpu.get("round start", {})
        n = len(stats.merged(KINDS, ("round start",)).seconds) or 1
        server = 1000 * spent.get("server", 0.0) / n
        app = 1000 * stats.cpu_answered.get("round start", 0.0) / n
        own = (server - app) / app if app else float("nan")
        found = ceilings(night, argparse.Namespace(server=name))
        ceiling = min((tables for _, tables in found.values()), default=0)
        print(
            f"{name:<10}{'yes' if night.held else 'NO':>5}{1000 * night.tap_p99:>8.0f} ms"
            f"{1000 * night.poll_p99:>8.0f} ms{1000 * percentile(loads, 99) if loads else 0:>8.0f}"
            f" ms{stats.connections:>7}  {server:.2f}, {app:.2f}, {own:.2f}; {ceiling:.0f} tables"
        )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--database", choices=("postgres", "sqlite"), default="postgres")
    parser.add_argument(
        "--server",
        help="default: gunicorn on PostgreSQL, serve (the README's run command) on SQLite; on "
        f"SQLite also {', '.join(LAPTOP_CANDIDATES)}, or several: serve,waitress,cheroot",
    )
    parser.add_argument("--workers", type=int, default=4, help="gunicorn's worker processes")
    parser.add_argument(
        "--gunicorn-threads",
        type=int,
        help="gunicorn's threaded workers (gthread) with this many threads each, keeping the "
        "connections open between requests (default: sync workers, which close each one)",
    )
    parser.add_argument(
        "--proxy",
        action="store_true",
        help="nginx in front of gunicorn, as docs/production.md runs it: it holds the phones' "
        "connections and serves the static files",
    )
    parser.add_argument("--threads", type=int, help="serve's threads (default: serve's own)")
    parser.add_argument(
        "--pace", type=float, help="seconds between a table's hands (default 300; 20 compressed)"
    )
    parser.add_argument(
        "--compressed",
        action="store_true",
        help="a hand every 20 s per table: a shorter run in which the round is played out",
    )
    parser.add_argument("--previews", type=int, default=2, help="score previews per hand typed")
    parser.add_argument(
        "--standings-share",
        type=float,
        default=1.0,
        help="phones with the public standings open, per table (besides the side phones)",
    )
    parser.add_argument(
        "--end-share",
        type=float,
        default=1.0,
        help="side phones that open the standings at the round's end (the others stay on "
        "their table page)",
    )
    parser.add_argument("--burst", type=float, default=10, help="seconds of each burst")
    parser.add_argument("--play", type=float, help="seconds of play (default 120; --find: 45)")
    parser.add_argument(
        "--tail",
        type=float,
        help="seconds of standings polls after the round-end burst (default: one poll period)",
    )
    parser.add_argument("--warm-phones", action="store_true", help="static files cached already")
    parser.add_argument("--timeout", type=float, default=30, help="seconds per request")
    parser.add_argument("--find", action="store_true", help="search the largest night held")
    parser.add_argument("--find-start", type=int, default=50)
    parser.add_argument("--find-max", type=int, default=4000)
    parser.add_argument(
        "--find-within", type=float, default=0.1, help="bisect until within this share"
    )
    parser.add_argument("--verbose", action="store_true", help="--find: each step's figures")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--postgres",
        default=os.environ.get("BENCH_POSTGRES", f"postgres://postgres@{HOST}:5432"),
        help="the PostgreSQL server (loopback only); the bench makes its own database",
    )
    args = parser.parse_args(argv)
    servers = (args.server or ("gunicorn" if args.database == "postgres" else "serve")).split(",")
    for name in servers:
        if name not in ("gunicorn", "serve", *LAPTOP_CANDIDATES):
            parser.error(f"no server {name!r}")
        if name == "gunicorn" and args.database == "sqlite":
            parser.error("gunicorn runs on PostgreSQL here; SQLite is served by `serve`")
        if name != "gunicorn" and (args.proxy or args.gunicorn_threads):
            parser.error("--proxy and --gunicorn-threads are for gunicorn on PostgreSQL")
        if name != "gunicorn" and args.database == "postgres":
            parser.error(f"{name} is a laptop's server: use --database sqlite")
    if args.find and len(servers) > 1:
        parser.error("--find searches for one server at a time")
    if args.pace is None:
        args.pace = 20.0 if args.compressed else 300.0
    if args.play is None:
        args.play = 45.0 if args.find else 120.0
    if urllib.parse.urlsplit(args.postgres).hostname not in (HOST, "localhost"):
        parser.error("the bench only talks to a PostgreSQL server on 127.0.0.1")
    scratch = Path(tempfile.mkdtemp(prefix="kittytd-night-"))
    began = time.perf_counter()
    try:
        code, nights = 0, {}
        for name in servers:
            args.server = name
            random.seed(args.seed)  # the same night for each server
            if args.find:
                code = find(args, scratch)
                continue
            if len(servers) > 1:
                print(f"\n=== {name}")
            nights[name] = night = run_night(args, args.tables, scratch)
            report(night, args)
            code = code or (1 if night.stats.merged(KINDS).errors_5xx else 0)
        if len(nights) > 1:
            side_by_side(nights)
        print(f"run {time.perf_counter() - began:.0f} s")
        return code
    finally:
        if args.database == "postgres":
            admin_sql(
                f"{args.postgres.rstrip('/')}/postgres",
                f"DROP DATABASE IF EXISTS {DATABASE} WITH (FORCE)",
            )
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
