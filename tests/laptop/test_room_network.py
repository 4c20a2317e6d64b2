"""The night served from a laptop to a phone that is another host on the room's network.

Two network namespaces on this machine, joined by a veth pair: the "laptop" runs the
README's command itself (`python3 dev.py run --port N`, on a database of its own), the
"phone" runs a real chromium. The director, on the laptop, asks for everything at
127.0.0.1; the table cards they download still carry the laptop's address on the room's
network, the address the run command printed. The phones open those links over plain
HTTP (not a secure context: no service worker), enter hands, accept them on the other
side's phone, and keep a hand entered with the network down until it is back.

The demo's round 2 has no table where a hand can be entered at once: tables 1 and 2 have
all their hands (waiting for signatures), table 3 waits for hand 3 to be accepted, and
table 4's hand 1 is disputed. The phones set the disputed table right themselves (the side
that entered the hand corrects it, the other accepts it), then play on there.

Nothing is sent anywhere but to the two namespaces' own addresses and their loopback.
"""

from __future__ import annotations

import contextlib
import html
import http.cookiejar
import io
import os
import re
import signal
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.parse
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from tests.laptop import netns

pytestmark = [pytest.mark.browser, pytest.mark.spawns]

ROOT = Path(__file__).resolve().parents[2]
PORT = 8123
NIGHT = "Friday Night Kitty"
ROUND = 2
READY = "Stop with Ctrl+C."
START_SECONDS = 150  # migrate, collectstatic and the demo: ~20-30 s on two slow cores
# What the test's own environment may hold that would change the run command's night.
NOT_PASSED_ON = (
    "LAPTOP", "DEBUG", "SECRET_KEY", "SECRET_KEY_FALLBACKS", "ALLOWED_HOSTS", "PHONE_ADDRESS",
    "BACKUP_TO", "CSRF_TRUSTED_ORIGINS", "SECURE_SSL_REDIRECT", "PROXY_COUNT",
    "DJANGO_SETTINGS_MODULE", "DJANGO_ALLOW_ASYNC_UNSAFE",
)  # fmt: skip
# As tests/browser/conftest.py launches chromium and sizes a phone (importing it would set
# its environment for the whole session).
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking"]
PHONE = {"width": 390, "height": 844}
FORM_PLAIN = "plain: names trump, high cards win (uptown)"
FORM_NO = "no: no trump, the bidder names the direction"


# --- the room: two hosts and the wire between them ------------------------------------------


@pytest.fixture(scope="module")
def room():
    try:
        made = netns.Room.make()
    except netns.Unavailable as why:
        pytest.skip(f"no second host for the phone: {why}")
    try:
        yield made
    finally:
        made.remove()


# --- the laptop: the README's run command ---------------------------------------------------


@dataclass
class Night:
    """The server as the run command started it, and what it printed."""

    process: subprocess.Popen
    folder: Path
    lines: list[str] = field(default_factory=list)
    ready: threading.Event = field(default_factory=threading.Event)

    @property
    def output(self) -> str:
        return "\n".join(self.lines)

    @property
    def database(self) -> Path:
        return self.folder / "night.sqlite3"

    def read(self) -> None:  # in a thread of its own, until the server's output ends
        for line in self.process.stdout:
            self.lines.append(line.rstrip("\n"))
            if line.strip() == READY:
                self.ready.set()
        self.ready.set()  # the server ended: nothing more will come

    def stop(self) -> None:
        """The run command and its child (the server): their own process group."""
        for sig, grace in ((signal.SIGTERM, 10), (signal.SIGKILL, 10)):
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self.process.pid, sig)
            try:
                self.process.wait(grace)
                break
            except subprocess.TimeoutExpired:
                continue
        # The server (dev.py's child) may outlive dev.py by a moment; the group is gone when
        # signalling it finds nobody.
        end = time.monotonic() + 10
        while time.monotonic() < end:
            try:
                os.killpg(self.process.pid, signal.SIGKILL)
            except ProcessLookupError:
                return
            time.sleep(0.1)


@pytest.fixture(scope="module")
def night(room, tmp_path_factory):
    folder = tmp_path_factory.mktemp("room-night")
    env = {k: v for k, v in os.environ.items() if k not in NOT_PASSED_ON}
    env.update(
        DATABASE_URL=f"sqlite:///{folder / 'night.sqlite3'}",
        DATA_DIR=str(folder / "var"),
        STATIC_ROOT=str(folder / "static"),
        PYTHONUNBUFFERED="1",
        PYTHONIOENCODING="utf-8",  # the terminal's QR code is drawn in half blocks
    )
    process = subprocess.Popen(
        room.command(room.laptop, sys.executable, "dev.py", "run", "--port", str(PORT)),
        cwd=ROOT,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        encoding="utf-8",
        errors="replace",
        start_new_session=True,  # its own process group, stopped whole at the end
    )
    served = Night(process, folder)
    reader = threading.Thread(target=served.read, name="run-command-output", daemon=True)
    reader.start()
    try:
        started = served.ready.wait(START_SECONDS)
        assert started, f"not serving after {START_SECONDS} s:\n{served.output}"
        assert process.poll() is None, f"the run command ended ({process.returncode}):\n" + (
            served.output
        )
        yield served
    finally:
        served.stop()
        reader.join(10)


# --- the director, on the laptop itself -------------------------------------------------------


class Director:
    """A browser-less director on the laptop: cookies, CSRF, every request at 127.0.0.1 from
    inside the laptop's namespace."""

    def __init__(self, room: netns.Room):
        self.room = room
        self.base = f"http://127.0.0.1:{PORT}"
        self.opener = urllib.request.build_opener(
            urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar())
        )

    def _open(self, path: str, data: dict | None = None) -> tuple[str, str, bytes]:
        body = urllib.parse.urlencode(data).encode() if data is not None else None
        with self.opener.open(self.base + path, data=body, timeout=30) as response:
            kind = response.headers.get("Content-Type", "")
            return response.url, kind, response.read()

    def get(self, path: str) -> tuple[str, str, bytes]:
        return netns.call_in(self.room.laptop, self._open, path)

    def post(self, path: str, data: dict) -> tuple[str, str, bytes]:
        return netns.call_in(self.room.laptop, self._open, path, data)

    def page(self, path: str) -> str:
        url, kind, body = self.get(path)
        assert kind.startswith("text/html"), (path, kind)
        return body.decode()

    def log_in(self, username: str, password: str) -> None:
        form = self.page("/login/")
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', form)
        assert token, form
        url, _, body = self.post(
            "/login/",
            {"csrfmiddlewaretoken": token[1], "username": username, "password": password},
        )
        assert urllib.parse.urlsplit(url).path != "/login/", body.decode()[:2000]
        assert "Log out" in body.decode()


def text_of(page: str) -> str:
    """A page's words, one space between each."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", page)).split())


# --- what the paper and the terminal say ------------------------------------------------------


@dataclass(frozen=True)
class Card:
    """One table's card: North-South's link, then East-West's (as printed and as scanned)."""

    table: int
    links: tuple[str, str]


def table_cards(pdf: bytes) -> list[Card]:
    """Each table card's links, read from its QR codes; the printed links must say the same,
    North-South's part first."""
    import pypdfium2
    import zxingcpp
    from pypdf import PdfReader

    texts = ["".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(pdf)).pages]
    document = pypdfium2.PdfDocument(pdf)
    cards = []
    for number, squashed in enumerate(texts):
        table = re.search(rf"North-South·Table(\d+)·Round{ROUND}", squashed)
        if table is None:
            continue  # the list by name
        printed = re.findall(r"https?://[^/]+/s/[\w-]+/", squashed)
        image = document[number].render(scale=3).to_pil()
        scanned = [code.text for code in zxingcpp.read_barcodes(image)]
        assert len(printed) == 2 and sorted(scanned) == sorted(printed), (squashed, scanned)
        cards.append(Card(int(table[1]), (printed[0], printed[1])))
    return cards


def terminal_qr(lines: list[str]) -> str:
    """The QR code the run command drew in the terminal, read back: segno's compact drawing
    puts two rows of modules in each line, a block standing for light (dark terminals)."""
    from PIL import Image

    drawn = [line for line in lines if line and set(line) <= set("█▀▄ ")]
    assert drawn, "no QR code in the run command's output"
    top_bottom = {"█": (1, 1), "▀": (1, 0), "▄": (0, 1), " ": (0, 0)}
    scale, width = 8, max(len(line) for line in drawn)
    image = Image.new("L", (width * scale, len(drawn) * 2 * scale), 255)
    for y, line in enumerate(drawn):
        for x, char in enumerate(line):
            for half, light in enumerate(top_bottom[char]):
                if not light:
                    box = (x * scale, (2 * y + half) * scale)
                    image.paste(0, (*box, box[0] + scale, box[1] + scale))
    import zxingcpp

    codes = zxingcpp.read_barcodes(image)
    assert len(codes) == 1, "the terminal's QR code did not scan"
    return codes[0].text


def hands_at(database: Path, token: str) -> list[tuple[int, int, str]]:
    """(number, attempt, status) of every hand stored at the table of a side's link, read
    from the laptop's database file as it stands."""
    uri = f"{Path(database).resolve().as_uri()}?mode=ro"
    with contextlib.closing(sqlite3.connect(uri, uri=True, timeout=20)) as db:
        return db.execute(
            "SELECT h.number, h.attempt, h.status FROM scoring_hand h "
            "JOIN tournament_seat s ON s.table_id = h.table_id WHERE s.token = ? "
            "ORDER BY h.number, h.attempt",
            (token,),
        ).fetchall()


# --- the phones ---------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def phone_browser(room, tmp_path_factory):
    """Debian's headless chromium, started inside the phone's namespace: Playwright
    launches a wrapper that execs it there, and talks to it over the pipe it inherits."""
    try:
        from playwright.sync_api import sync_playwright

        from tests.browser.chromium import executable
    except ImportError as exc:  # pragma: no cover - playwright is in requirements.txt
        pytest.skip(f"playwright is not installed: {exc}")
    path = executable()
    if not path or not os.path.exists(path):
        pytest.skip(f"no chromium: {path or 'chromium-headless-shell nor chromium'} not found")
    wrapper = room.wrapper(room.phone, path, tmp_path_factory.mktemp("phone"))
    playwright = sync_playwright().start()
    try:
        try:
            browser = playwright.chromium.launch(
                executable_path=wrapper, headless=True, args=ARGS, timeout=30_000
            )
        except Exception as exc:  # no browser here, not a failure of the product
            pytest.skip(f"chromium could not start in a namespace: {str(exc).splitlines()[0]}")
        yield browser
        browser.close()
    finally:
        playwright.stop()


@dataclass
class Phone:
    """A scorer's phone: its own browser context (cookies, storage) and page."""

    context: object
    page: object
    problems: list[str]


@contextlib.contextmanager
def phone(browser):
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True)
    context.set_default_timeout(15_000)
    problems: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda error: problems.append(f"{page.url}: {error}"))
    page.on(
        "console",
        lambda message: (
            problems.append(f"{page.url}: {message.text}")
            if "Content Security Policy" in message.text or "Refused to" in message.text
            else None
        ),
    )
    try:
        yield Phone(context, page, problems)
    finally:
        context.close()
    assert not problems, "\n".join(problems)


def row(page, number: int):
    """A hand's line on the sheet the page shows."""
    first = page.locator("td:first-child", has_text=re.compile(rf"^Hand {number}(?!\d)"))
    return page.locator("table.sheet tbody tr").filter(has=first)


def token_of(link: str) -> str:
    return urllib.parse.urlsplit(link).path.split("/")[2]


# --- the test ---------------------------------------------------------------------------------


def test_a_phone_on_the_room_network_plays_a_table_from_its_card(room, phone_browser, night):
    from playwright.sync_api import expect

    from tests.browser.steps import accept, entry_form, tap_choice

    # The terminal: where phones join, which is the laptop's one address on the room's
    # network, as its QR code says too.
    printed = re.search(r"Kitty TD: phones join at (http://([\d.]+):(\d+)/)$", night.output, re.M)
    assert printed, night.output
    origin, host, port = printed[1], printed[2], int(printed[3])
    room_addresses = [a for a in room.ipv4_addresses(room.laptop) if not a.startswith("127.")]
    assert room_addresses == [room.laptop_ip]
    assert (host, port) == (room.laptop_ip, PORT), night.output
    assert f"On this laptop: http://127.0.0.1:{PORT}/ (printed links use {origin})" in night.output
    assert terminal_qr(night.lines) == origin
    login = re.search(r"^Director login: (\S+) / (\S+)$", night.output, re.M)
    assert login, night.output
    kept = (night.folder / "var" / "director-login.txt").read_text().split()
    assert kept == [login[1], login[2]]

    # The director, on the laptop at 127.0.0.1: logs in, finds the night's round in play,
    # and downloads its table cards.
    director = Director(room)
    director.log_in(login[1], login[2])
    home = director.page("/")
    slug = re.search(rf'href="/t/([\w-]+)/">(?:<strong>)?{NIGHT}<', home)
    assert slug, text_of(home)
    round_page = director.page(f"/t/{slug[1]}/round/{ROUND}/")
    words = text_of(round_page)
    assert f"Round {ROUND} In play" in words, words
    assert f"Phones join at {origin.rstrip('/')} (on the hall's Wi-Fi)" in words, words
    href = re.search(r'href="([^"]+)"[^>]*>Table cards and list \(PDF\)<', round_page)
    assert href, words
    _, kind, pdf = director.get(html.unescape(href[1]))
    assert kind == "application/pdf"
    (night.folder / f"round-{ROUND}-table-cards.pdf").write_bytes(pdf)
    cards = table_cards(pdf)
    assert len(cards) == 4, cards
    for card in cards:
        for link in card.links:
            # Asked for at 127.0.0.1, printed for the phones: the room's address.
            assert link.startswith(origin + "s/"), link

    with phone(phone_browser) as north_south, phone(phone_browser) as east_west:
        ns, ew = north_south.page, east_west.page

        # Each table's card, scanned by North-South's phone: what is due there now.
        due = {}
        for card in cards:
            ns.goto(card.links[0])
            expect(ns.get_by_text("This phone scores for North-South")).to_be_visible()
            due[card.table] = ns.locator(".next-step").inner_text().strip()
        disputed = {
            card: int(found[1])
            for card in cards
            if (found := re.fullmatch(r"Hand (\d+) is disputed: .*", due[card.table]))
        }
        assert len(disputed) == 1, due
        # They came from the phone's own address: another host on the room's network.
        peers = room.peers(room.laptop, PORT)
        assert room.phone_ip in peers and peers <= {room.phone_ip, "127.0.0.1"}, peers
        [(card, hand)] = disputed.items()
        ns_link, ew_link = card.links

        # North-South's phone on its card's link: over plain HTTP on the room's network, so
        # no secure context; the page says what that leaves out, and no worker registers.
        ns.goto(ns_link)
        heading = re.compile(rf"^Table {card.table}\b")
        expect(ns.get_by_role("heading", name=heading)).to_be_visible()
        assert ns.url == ns_link
        assert ns.evaluate("window.isSecureContext") is False
        expect(ns.locator(".plain-http")).to_be_visible()
        expect(ns.locator(".plain-http")).to_contain_text("came over plain HTTP")
        assert ns.evaluate("'serviceWorker' in navigator") is False
        assert north_south.context.service_workers == []

        # East-West entered the disputed hand: they correct it on their own phone, and
        # North-South accept it on theirs.
        ew.goto(ew_link)
        expect(ew.get_by_text("This phone scores for East-West")).to_be_visible()
        expect(ew.get_by_role("heading", name=f"Hand {hand}: disputed")).to_be_visible()
        correction = ew.locator("form[action$='/edit/']")
        tap_choice(correction, "Books taken by the bidding team", "9")
        correction.get_by_label("Reason", exact=True).fill("Counted again together: 9 books")
        correction.get_by_role("button", name="Save the correction").tap()
        expect(ew.get_by_text(f"Hand {hand} corrected.")).to_be_visible()
        ns.reload()
        accept(ns, hand, "East-West", "North-South")

        # North-South enter the next hand; East-West accept it on their own phone, and
        # North-South's page follows by itself.
        number = hand + 1
        expect(ns.get_by_role("heading", name=f"Hand {number}", exact=True)).to_be_visible()
        form = entry_form(ns)
        tap_choice(form, "Bidding team", "North-South")
        tap_choice(form, "Bid", "5")
        tap_choice(form, "Form", FORM_PLAIN)
        tap_choice(form, "Books taken by the bidding team", "12")
        expect(form.locator(".preview")).to_contain_text("Scores as:")
        form.get_by_role("button", name=f"Enter hand {number}").tap()
        expect(ns.get_by_text(f"Hand {number} stored.")).to_be_visible()
        expect(ns.locator(".next-step")).to_have_text(
            f"Waiting for East-West to check hand {number} and accept it."
        )
        expect(row(ns, number)).to_contain_text("waiting to be accepted")
        ew.reload()
        accept(ew, number, "North-South", "East-West")
        expect(ns.locator(".next-step")).to_have_text(
            f"Enter hand {number + 1} when it has been played.", timeout=20_000
        )
        expect(row(ns, number)).not_to_contain_text("waiting to be accepted")
        assert hands_at(night.database, token_of(ns_link))[-1] == (number, 1, "accepted")

        # The Wi-Fi drops: the next hand waits on the phone, with no secure context, and is
        # stored once, when the network is back.
        number += 1
        north_south.context.set_offline(True)
        form = entry_form(ns)
        tap_choice(form, "Bidding team", "East-West")
        tap_choice(form, "Bid", "4")
        tap_choice(form, "Form", FORM_NO)
        tap_choice(form, "Direction of the “no” bid", "uptown (high cards win)")
        tap_choice(form, "Books taken by the bidding team", "10")
        form.get_by_role("button", name=f"Enter hand {number}").tap()
        waiting = ns.locator(".net-status.queue")
        expect(waiting).to_have_text(f"1 hand waiting to send: hand {number}.")
        expect(ns.get_by_role("heading", name=f"Hand {number + 1}", exact=True)).to_be_visible()
        assert [h for h in hands_at(night.database, token_of(ns_link)) if h[0] == number] == []
        north_south.context.set_offline(False)
        expect(ns.get_by_text(f"Hand {number} stored.")).to_be_visible(timeout=20_000)
        expect(waiting).to_be_hidden()
        ew.reload()
        accept(ew, number, "North-South", "East-West")
        expect(ns.locator(".next-step")).to_have_text(
            f"Enter hand {number + 1} when it has been played.", timeout=20_000
        )
        expect(row(ns, number)).not_to_contain_text("waiting to be accepted")
        assert east_west.context.service_workers == []

    stored = hands_at(night.database, token_of(ns_link))
    assert [(n, s) for n, _, s in stored] == [(n, "accepted") for n in range(1, number + 1)]
