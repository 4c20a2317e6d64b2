"""What the demo nights' pages and printed PDFs say, pinned word for word.

The demo (demo.demo.build_demo) is built once, on a fixed day and a fixed clock, and every
page of its four nights (6 Card Kitty, 3 Legged Kitty, Ascot, Cut Throat Pinochle) is
fetched as its reader fetches it: the tournament, rounds, pairings, consoles, each table
as each side and as the director sees it, standings, projector, an entrant's record, the
check page, self check-in, and each PDF. Each page is turned into text: what a reader
sees (its text) and can do (its links, forms and controls), without the markup around
them; what differs from run to run (links' tokens, PINs, csrf tokens, nonces, check
codes) becomes a placeholder. The text must equal its file under tests/data/golden/: a
change of modules, templates or views meant to leave the pages alone shows here if a
page changed after all.

After a change that is meant to change what a page says, write the files again and
review their diff in git before committing:

    GOLDEN_UPDATE=1 .venv/bin/python -m pytest -q tests/test_golden_pages.py
    git diff tests/data/golden/
"""

from __future__ import annotations

import base64
import datetime
import difflib
import os
import random
import re
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlencode
from zoneinfo import ZoneInfo

import pytest
from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from demo import demo as demo_module
from tests.printing.pdftext import pages_text

ROOT = Path(__file__).parent.parent
GOLDEN = ROOT / "tests" / "data" / "golden"
UPDATE = os.environ.get("GOLDEN_UPDATE") == "1"
# The demo's day and the clock's time when it is built: every night falls on the next
# matching weekday from it (the Friday night tonight), every stored time is this evening.
TODAY = datetime.date(2025, 11, 21)  # a Friday
CLOCK = datetime.time(19, 0)
DIRECTOR = "director"  # as setup_demo names the demo's director
MAX_MESSAGE = 30_000  # characters of the failure message
EXAMPLE_CODE = "K7QM-4XPA-9DZ2"  # the check page's example: no sheet's code


def model(name: str):
    """A model by its class name, whichever app holds it (a refactor may move it)."""
    (found,) = [m for m in apps.get_models() if m.__name__ == name]
    return found


# ---------------------------------------------------------------------------------------
# A page as text: what a reader sees and can do.

SKIPPED = {"script", "style", "noscript", "template"}
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source"}
VOID |= {"track", "wbr"}
# Tags that run inside a line of text: every other tag ends the line of text before it.
INLINE = {"abbr", "b", "bdi", "cite", "code", "data", "del", "dfn", "em", "i", "ins", "kbd"}
INLINE |= {"label", "mark", "output", "q", "s", "samp", "small", "span", "strong", "sub"}
INLINE |= {"sup", "time", "u", "var"}
# Elements shown as a line of their own with their text: `[a href=/x/] Text`.
CONTROLS = {
    "a": ("href", "target", "download"),
    "button": ("type", "name", "value", "formaction", "formmethod", "disabled"),
    "option": ("value", "selected", "disabled"),
    "textarea": ("name", "disabled", "readonly", "placeholder"),
    "summary": (),
}
# Elements shown as a line without text of their own.
MARKS = {
    "form": ("method", "action"),
    "input": ("type", "name", "value", "checked", "disabled", "readonly", "placeholder"),
    "select": ("name", "multiple", "disabled"),
    "img": ("src", "alt"),
    "iframe": ("src",),
}
# A part of the page that polls for news by itself (htmx): `[live hx-get=... every 15s]`.
LIVE = ("hx-get", "hx-post", "hx-trigger")
FLAGS = {"checked", "selected", "disabled", "readonly", "multiple", "download"}


def _mark(tag: str, attrs: dict, names: tuple) -> str:
    shown = []
    for name in names:
        if name in attrs:
            value = attrs[name]
            shown.append(name if name in FLAGS and not value else f"{name}={value or ''}")
    return "[" + " ".join([tag, *shown]) + "]"


class _Text(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.lines: list[str] = []
        self.words: list[str] = []  # the text being read, for the next line
        self.skipping = 0
        self.controls: list[tuple[str, str]] = []  # the controls being read: tag, mark

    def _end_line(self) -> None:
        text = " ".join("".join(self.words).split())
        self.words = []
        if text:
            self.lines.append(text)

    def _break(self) -> None:
        """A block's edge: a new line, but a control's text goes on (in one line)."""
        if self.controls:
            self.words.append(" ")
        else:
            self._end_line()

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag in SKIPPED:
            self.skipping += 1
        if self.skipping:
            return
        if tag in CONTROLS:
            self._break()
            self.controls.append((tag, _mark(tag, attrs, CONTROLS[tag])))
            return
        if tag in INLINE:
            if tag == "label":
                self.words.append(" ")
            return
        self._break()
        if tag in MARKS:
            self.lines.append(_mark(tag, attrs, MARKS[tag]))
        if any(name in attrs for name in LIVE):
            self.lines.append(_mark("live", attrs, LIVE))

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.handle_endtag(tag)

    def handle_endtag(self, tag):
        if tag in SKIPPED:
            self.skipping = max(0, self.skipping - 1)
            return
        if self.skipping:
            return
        if self.controls and self.controls[-1][0] == tag:
            _, mark = self.controls.pop()
            if self.controls:  # a control inside another: its text goes on in that one
                self.words.append(" ")
                return
            text = " ".join("".join(self.words).split())
            self.words = []
            self.lines.append(f"{mark} {text}".rstrip())
        elif tag not in INLINE:
            self._break()

    def handle_data(self, data):
        if not self.skipping:
            self.words.append(data)

    def close(self):
        super().close()
        while self.controls:
            self.handle_endtag(self.controls[-1][0])
        self._end_line()


def page_text(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    parser.close()
    return "\n".join(parser.lines) + "\n"


def pdf_text(pdf: bytes) -> str:
    out = []
    for number, text in enumerate(pages_text(pdf), start=1):
        out.append(f"=== page {number} ===")
        out.extend(" ".join(line.split()) for line in text.splitlines())
    return "\n".join(out) + "\n"


# ---------------------------------------------------------------------------------------
# What differs from one run to the next.

SYMBOL = "[0-9A-HJKMNP-TV-Z]"  # scoring.check_code's alphabet: Crockford's base 32
# A check code as printed ("K7QM-4XPA-9DZ2"), or as a link to the check page has it.
CODE = re.compile(
    rf"(?:(?<=%3D)|(?<![0-9A-Za-z]))({SYMBOL}{{4}}-{SYMBOL}{{4}}-{SYMBOL}{{4}})(?![0-9A-Za-z])"
    rf"|(?<=code=)({SYMBOL}{{12}})(?![0-9A-Za-z])|(?<=code%3D)({SYMBOL}{{12}})(?![0-9A-Za-z])"
)
RULES = [
    (re.compile(r"(name=csrfmiddlewaretoken value=)[^\] ]+"), r"\1<csrf>"),
    (re.compile(r"(name=nonce value=)[^\] ]+"), r"\1<nonce>"),
    (re.compile(r"([?&]since=)[0-9a-f]+"), r"\1<version>"),
    (re.compile(r"(src=data:[a-z/+]+)[;,][^\] ]+"), r"\1,<data>"),  # a QR code, say
    # The release at the foot of a director's page: each release says its own.
    (re.compile(r"^Kitty TD \d+\.\d+\.\d+\S*$", re.M), "Kitty TD <release>"),
]


class Scrubber:
    """Each night's random values (read from the database) become placeholders naming
    what they are: a side's link `<token r1t4s0>` (round 1, table 4, side 0) and its PIN,
    an entrant's check-in link `<checkin e3>` (the third entered), a player's own link
    `<own e3p2>` (the third entrant's second player), and check codes
    `<code 2>`, numbered in the order the night's pages show them first. The clock is
    fixed, so times and dates are kept as the pages say them."""

    def __init__(self, slug: str):
        self.literal: dict[str, str] = {}
        self.pins: dict[str, str] = {}
        Seat, Entrant = model("Seat"), model("Entrant")
        seats = Seat.objects.filter(table__round__tournament__slug=slug)
        for seat in seats.select_related("table__round"):
            at = f"r{seat.table.round.number}t{seat.table.number}s{seat.position}"
            self.literal[seat.token] = f"<token {at}>"
            for shown in (seat.pin, f"{seat.pin[:3]} {seat.pin[3:]}"):  # as typed, as printed
                self.pins[shown] = f"<pin {at}>"
        for entrant in Entrant.objects.filter(tournament__slug=slug):
            self.literal[entrant.checkin_token] = f"<checkin e{entrant.order}>"
        for link in model("OwnLink").objects.filter(entrant__tournament__slug=slug):
            self.literal[link.token] = f"<own e{link.entrant.order}p{link.place}>"
        # A printed link may wrap inside its token (at a "-", say): a line's end in it too.
        self.tokens = re.compile(
            "|".join("\n?".join(map(re.escape, token)) for token in self.literal)
        )
        self.codes: dict[str, str] = {}

    def _code(self, match: re.Match) -> str:
        code = match.group(0).replace("-", "")
        if match.group(0) == EXAMPLE_CODE:
            return match.group(0)
        if code not in self.codes:
            self.codes[code] = f"<code {len(self.codes) + 1}>"
        return self.codes[code]

    def __call__(self, text: str) -> str:
        text = self.tokens.sub(lambda m: self.literal[m.group(0).replace("\n", "")], text)
        text = re.sub(
            r"(PIN:? )(\d{3} \d{3}|\d{6})\b",
            lambda m: m.group(1) + self.pins.get(m.group(2), "<pin ?>"),
            text,
        )
        for pattern, placeholder in RULES:
            text = pattern.sub(placeholder, text)
        text = CODE.sub(self._code, text)
        return text


# ---------------------------------------------------------------------------------------
# The pages.


def fetch(client: Client, url: str, data: dict | None = None) -> tuple[str, bytes]:
    response = client.get(url, data or {})
    asked = url + ("?" + urlencode(data) if data else "")
    assert response.status_code == 200, f"GET {asked} answered {response.status_code}"
    return asked, response.content


def night_pages(slug: str, director: Client, anyone: Client) -> dict[str, str]:
    """Every page of the night, as text (not yet scrubbed), by its golden file's name."""
    tournament = model("Tournament").objects.get(slug=slug)
    Round = model("Round")
    pages: dict[str, str] = {}

    def html(name: str, client: Client, url: str, data: dict | None = None) -> str:
        asked, content = fetch(client, url, data)
        pages[name] = f"GET {asked}\n" + page_text(content.decode())
        return pages[name]

    def pdf(name: str, client: Client, url: str) -> None:
        asked, content = fetch(client, url)
        pages[name] = f"GET {asked}\n" + pdf_text(content)

    html("tournament", director, reverse("tournament", args=[slug]))
    html("tournament-public", anyone, reverse("tournament", args=[slug]))
    html("rounds", director, reverse("rounds", args=[slug]))
    signed = []  # (round, table, the director's page) of each signed sheet
    for round_ in tournament.round_set.exclude(status=Round.Status.DRAFT).order_by("number"):
        n = round_.number
        at = f"round-{n}/"
        html(at + "round", director, reverse("round", args=[slug, n]))
        html(at + "pairings", anyone, reverse("pairings", args=[slug, n]))
        html(at + "console", director, reverse("console", args=[slug, n]))
        for table in round_.tables.order_by("number"):
            t = table.number
            for seat in table.seats.order_by("position"):
                side_link = reverse("table_link", args=[seat.token])
                html(f"{at}table-{t}-side-{seat.position}", Client(), side_link)
            page = html(
                f"{at}table-{t}-director", director, reverse("director_table", args=[slug, n, t])
            )
            signed.append((n, t, page))
        pdf(at + "sheets-pdf", director, reverse("sheets_pdf", args=[slug, n]))
        pdf(at + "pairings-pdf", director, reverse("pairings_pdf", args=[slug, n]))
    html("standings-public", anyone, reverse("standings", args=[slug]))
    html("standings-director", director, reverse("standings", args=[slug]))
    html("standings-director-live", director, reverse("standings", args=[slug]), {"view": "live"})
    html("projector", anyone, reverse("standings_projector", args=[slug]))
    first = tournament.entrants.order_by("order").first()
    html("entrant-1", anyone, reverse("standings_entrant", args=[slug, first.pk]))
    pdf("standings-pdf", director, reverse("standings_pdf", args=[slug]))
    pdf("checkin-codes-pdf", director, reverse("checkin_pdf", args=[slug]))
    check = reverse("sheet_check", args=[slug])
    html("check", anyone, check)
    for name, (n, t, code) in check_codes(signed).items():
        html(name, anyone, check, {"round": n, "table": t, "code": code})
    if tournament.self_checkin:
        html("self-checkin", anyone, reverse("self_checkin", args=[slug]))
    return pages


def check_codes(tables: list[tuple[int, int, str]]) -> dict[str, tuple[int, int, str]]:
    """Codes to look up on the check page, read off the director's table pages: the code of
    the night's first signed sheet, and the code of each earlier paper of a sheet corrected
    after signing (its history gives every paper's code)."""
    codes = {}
    for n, t, page in tables:
        now = re.search(r"Check code (\S+)", page)
        if now is None:
            continue
        at = f"check-round-{n}-table-{t}"
        if not codes:
            codes[at] = (n, t, now.group(1))
        papers = dict.fromkeys(re.findall(r"final; check code (\S+)", page))
        for number, code in enumerate(papers, start=1):
            if code != now.group(1):
                codes[f"{at}-paper-{number}"] = (n, t, code)
    return codes


# ---------------------------------------------------------------------------------------


class Clock:
    """timezone.now() at CLOCK on TODAY, a millisecond later at each reading: every time a
    page shows is the same from run to run, in the same order as the facts happened."""

    def __init__(self):
        local = datetime.datetime.combine(TODAY, CLOCK, ZoneInfo(settings.TIME_ZONE))
        self.now = local.astimezone(datetime.UTC)

    def __call__(self) -> datetime.datetime:
        self.now += datetime.timedelta(milliseconds=1)
        return self.now


def fixed_secret(kind: str, pk: int, size: int = 24) -> str:
    """A token as tournament.models makes them (secrets.token_urlsafe), but the same every
    run: a printed link wraps by its letters' widths."""
    data = random.Random(f"{kind} {pk}").randbytes(size)
    return base64.urlsafe_b64encode(data).decode().rstrip("=")


@pytest.fixture
def demo_nights(monkeypatch):
    """The demo as setup_demo makes it, built on TODAY at CLOCK, its director running
    every night; the random links and PINs made fixed."""
    monkeypatch.setattr(timezone, "now", Clock())
    on_weekday = demo_module.on_weekday
    monkeypatch.setattr(
        demo_module, "on_weekday", lambda weekday, today=None: on_weekday(weekday, today or TODAY)
    )
    user = get_user_model().objects.create_user(DIRECTOR, password="pw-for-tests-1")
    model("Director").objects.create(user=user)
    demo_module.build_demo()
    for tournament in model("Tournament").objects.filter(slug__in=demo_module.DEMO_SLUGS):
        tournament.staff.add(user)
    Seat, Entrant = model("Seat"), model("Entrant")
    for pk in Seat.objects.values_list("pk", flat=True):
        pin = f"{random.Random(f'pin {pk}').randrange(10**6):06d}"
        Seat.objects.filter(pk=pk).update(token=fixed_secret("seat", pk), pin=pin)
    for pk in Entrant.objects.values_list("pk", flat=True):
        Entrant.objects.filter(pk=pk).update(checkin_token=fixed_secret("entrant", pk))
    OwnLink = model("OwnLink")  # every player's own link, as the codes print them
    for entrant in Entrant.objects.select_related("tournament"):
        for place in (1, 2) if entrant.tournament.is_partnership else (1,):
            secret = {"token": fixed_secret("own", 2 * entrant.pk + place)}
            OwnLink.objects.update_or_create(entrant=entrant, place=place, defaults=secret)
    return user


@pytest.mark.django_db(transaction=True, reset_sequences=True)
def test_the_demo_pages_say_what_they_said(demo_nights):
    director = Client()
    director.force_login(demo_nights)
    anyone = Client()
    written, missing, differences = set(), [], []
    for slug in demo_module.DEMO_SLUGS:
        scrub = Scrubber(slug)
        for name, text in night_pages(slug, director, anyone).items():
            text = scrub(text)
            path = GOLDEN / slug / f"{name}.txt"
            written.add(path)
            where = path.relative_to(ROOT)
            if UPDATE:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
            elif not path.exists():
                missing.append(f"{where}: no golden file")
            elif text != (expected := path.read_text(encoding="utf-8")):
                diff = difflib.unified_diff(
                    expected.splitlines(keepends=True),
                    text.splitlines(keepends=True),
                    fromfile=f"{where} (golden)",
                    tofile=f"{where} (now)",
                )
                differences.append((str(where), "".join(diff)))
    stale = sorted(set(GOLDEN.rglob("*.txt")) - written)
    if UPDATE:
        for path in stale:
            path.unlink()
        return
    missing += [f"{path.relative_to(ROOT)}: no such page any more" for path in stale]
    if not (differences or missing):
        return
    report = "\n".join(
        [f"{len(differences)} page(s) differ from their golden file:"] * bool(differences)
        + [f"  {name}" for name, _ in differences]
        + missing
        + ["GOLDEN_UPDATE=1 writes the files again (then review their diff in git).", ""]
        + [diff for _, diff in differences]
    )
    if len(report) > MAX_MESSAGE:
        report = report[:MAX_MESSAGE] + f"\n... and {len(report) - MAX_MESSAGE} characters more"
    pytest.fail(report, pytrace=False)
