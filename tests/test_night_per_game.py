"""Round 1 of a tournament night per game, through the web as its people use it.

The director sets the night up with the game's own options, imports and checks in the
entrants, draws and publishes round 1; the table's phone enters every hand through the
table's private link and the other side accepts it (one hand is disputed, then corrected);
the director rules on an infraction; every side signs. Then the table page, the standings
(page and CSV) and the printed sheet are checked against figures worked out by hand from
the rule texts and the product's rulings (rules-decisions), never asked of the code.

Every POST is a form read from the page the user is looking at, with CSRF checks on: a
field the page does not have, or a value it does not offer, cannot be sent.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass
from html.parser import HTMLParser
from urllib.parse import quote

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from pypdf import PdfReader

from tests.printing.pdftext import squash
from tests.support.phone import Forms
from tournament.models import Seat

pytestmark = pytest.mark.django_db

# -- a browser that only sends what a page offers ----------------------------------------------


def words(html: str) -> str:
    """The page's text as a reader sees it, whitespace squeezed."""
    return " ".join(Words(html).words)


def problems(html: str) -> list[str]:
    """The messages a page shows by its fields and at its top."""
    found = re.findall(r'class="error[^"]*"[^>]*>(.*?)</(?:p|div)>', html, re.S)
    return [words(f) for f in found] or [words(html)[-1500:]]


class Words(HTMLParser):
    def __init__(self, html: str):
        super().__init__()
        self.words: list[str] = []
        self._skip = 0
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self._skip += tag in ("script", "style")

    def handle_endtag(self, tag):
        self._skip -= tag in ("script", "style")

    def handle_data(self, data):
        if not self._skip:
            self.words += data.split()


class Rows(HTMLParser):
    """The rows of the first HTML table with a class: each row's class and cells' words."""

    def __init__(self, html: str, css_class: str):
        super().__init__()
        self.css_class = css_class
        self.rows: list[tuple[str, list[str]]] = []
        self._depth = 0
        self._done = False
        self._cell: list[str] | None = None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "table" and not self._done:
            if self._depth or self.css_class in (attrs.get("class") or "").split():
                self._depth += 1
        elif self._depth and tag == "tr":
            self.rows.append((attrs.get("class") or "", []))
        elif self._depth and tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag):
        if tag == "table" and self._depth:
            self._depth -= 1
            self._done = not self._depth
        elif self._depth and tag in ("td", "th") and self._cell is not None:
            self.rows[-1][1].append(" ".join(self._cell))
            self._cell = None

    def handle_data(self, data):
        if self._cell is not None:
            self._cell += data.split()


@dataclass
class Page:
    url: str
    html: str

    def __post_init__(self):
        self.forms = Forms(self.html)

    @property
    def text(self) -> str:
        return words(self.html)

    def form(self, action: str = "", has: str = "", **match: str) -> int:
        """The index of the first form whose action ends with `action`, that has the field
        `has` and whose fields match."""
        for index, (target, fields) in enumerate(self.forms.forms):
            if not target.endswith(action):
                continue
            if has and has not in fields and has not in self.forms.offered[index]:
                continue
            if all(fields.get(k) == v for k, v in match.items()):
                return index
        raise AssertionError(f"{self.url} has no form {action!r} {has!r} {match}")


class Browser:
    """A director's laptop or a table's phone."""

    def __init__(self, user=None):
        self.client = Client(enforce_csrf_checks=True)
        if user is not None:
            self.client.force_login(user)

    def get(self, url: str) -> Page:
        response = self.client.get(url)
        assert response.status_code == 200, (url, response.status_code)
        return Page(url, response.content.decode())

    def submit(self, page: Page, index: int, values: dict, status: int | None = 302):
        """Send form `index` of the page with `values` filled in (None clears a field, as an
        unticked box). Returns the response, or the page it shows when not redirected;
        `status` None: the response, whatever it is."""
        target, fields = page.forms.forms[index]
        offered = page.forms.offered[index]
        data = dict(fields)
        for name, value in values.items():
            if value is None:
                data.pop(name, None)
                continue
            assert name in fields or name in offered, f"{page.url}: the form has no {name!r}"
            if hasattr(value, "read"):
                data[name] = value
                continue
            value = "on" if value is True else str(value)
            if name in offered:
                assert value in offered[name], f"{page.url}: {name}={value!r} not offered"
            data[name] = value
        url = target or page.url
        response = self.client.post(url, data)
        if status is None:
            return response
        html = response.content.decode()
        assert response.status_code == status, f"POST {url} {data}: {problems(html)}"
        return response if status == 302 else Page(url, response.content.decode())


Phone = tuple[Browser, str]  # a side's phone and its own link


class Checks:
    """What the players and the director check: every mismatch is listed, so one run shows
    all that is wrong. What the night cannot go on without is a plain assert."""

    def __init__(self):
        self.failures: list[str] = []

    def equal(self, what: str, got, expected) -> None:
        if got != expected:
            self.failures.append(f"{what}: got {got!r}, expected {expected!r}")

    def true(self, what: str, ok: bool) -> None:
        if not ok:
            self.failures.append(what)


# -- the nights ---------------------------------------------------------------------------------


@dataclass
class Hand:
    """One hand as the phone enters it: side `by` enters the facts, side `accept` accepts.
    With `wrong`, those values go in first; side `dispute` disputes the hand, the entering
    side corrects it and `accept` accepts the correction."""

    by: int
    accept: int
    facts: dict
    wrong: dict | None = None
    dispute: int | None = None
    refused: dict | None = None  # first tried with these facts: not offered, or refused


@dataclass
class Rule:
    """The director's ruling on `hand` through the table page; the preview must say each of
    `effect`, and after confirming the table's totals are `totals`."""

    hand: str
    code: str
    offender: int
    choice: str
    effect: tuple[str, ...]
    totals: tuple[int, ...]
    replay: bool = False  # the hand is void: it is dealt again under its number


@dataclass
class Line:
    """A row of the sheet: the hand's number, then per side (in seat order) its points and
    its running total, which adds the points down the column; a void row has no figures.
    A 6 Card Kitty tiebreaker is not listed: its points do not count (rule 6)."""

    number: int
    figures: tuple[int, ...] = ()
    void: bool = False


@dataclass
class Night:
    game: str
    entrants_csv: str
    check_in: list[str]  # searched for and checked in at the door, one tap each
    options: dict  # chosen on the New tournament page
    options_shown: dict  # what the settings page then shows in the game's option fields
    edit: dict  # changed on the settings page
    settings: dict  # the tournament page's settings table afterwards (label: value)
    steps: list
    sheet: list[Line]
    totals: tuple[int, ...]
    winner: int  # a side
    columns: tuple[str, ...]  # of the standings
    standings: dict[int, tuple[int, ...]]  # side -> its values in those columns
    signers: tuple[str, ...] = ()  # "player1"/"player2" per side; else the player's name
    tiebreaker: int | None = None  # the one hand that is a tiebreaker (its number)
    partnership: bool = False
    dealer_sits_out: bool = False  # hand n is dealt by seat (n - 1) % 4, who does not play


# 6 Card Kitty, "no" bids doubled (option), a renege moves 2 books (4 at first, edited).
# A bid of N needs 6 + N of the 13 books; made scores the books over six, missed gives the
# opponents the bid's level (rule 5), and a "no" bid's points are doubled either way.
# Side 0 is North-South, side 1 East-West.
SIX_CARD_KITTY = Night(
    game="columbus-6-card-kitty",
    entrants_csv="team,player1,player2\nAces High,Ann Archer,Bob Baker\n"
    "Jokers Wild,Cyd Carter,Dee Dunn\nLate Birds,Eve Ellis,Fay Fox\n",
    check_in=["Aces High", "Jokers Wild"],  # the Late Birds never come
    options={"opt_no_bid_multiplier": "2", "opt_renege_books": "4"},
    options_shown={"opt_no_bid_multiplier": "2", "opt_renege_books": "4"},
    edit={"opt_renege_books": "2", "boston_pot": "40"},
    settings={"Multiplier for “no” bids": "2", "Books moved for a renege": "2"},
    steps=[
        # 1: North-South bid 7 and take all 13 books, a Boston: 13 - 6 = +7.
        Hand(0, 1, {"bidding_team": 0, "level": 7, "form": "plain", "books": 13}),
        # 2: East-West bid 5 and take 10 of the 11 needed: missed, North-South +5 ...
        Hand(1, 0, {"bidding_team": 1, "level": 5, "form": "plain", "books": 10}),
        # ... until North-South's renege moves 2 books: 12, made, East-West 12 - 6 = +6.
        Rule("Hand 2", "renege", 0, "books", ("2 books", "+6"), (7, 6)),
        # 3: East-West bid 4 no uptown and take 10: made, (10 - 6) x 2 = +8. Entered first
        # with 9 books (missed: North-South +8), disputed, corrected.
        Hand(
            0,
            1,
            {"bidding_team": 1, "level": 4, "form": "no", "direction": "uptown", "books": 10},
            wrong={"books": 9},
            dispute=1,
        ),
        # 4: East-West bid 7 and take 12 of 13: missed, North-South +7. Tied 14-14.
        Hand(1, 0, {"bidding_team": 1, "level": 7, "form": "plain", "books": 12}),
        # 5, the tiebreaker (rule 6): East-West bid 5 no downtown, take 9 of 11: missed, so
        # North-South win it; its 5 x 2 = 10 points do not count.
        Hand(
            0,
            1,
            {"bidding_team": 1, "level": 5, "form": "no", "direction": "downtown", "books": 9},
        ),
    ],
    sheet=[
        Line(1, (7, 7, 0, 0)),
        Line(2, (0, 7, 6, 6)),
        Line(3, (0, 7, 8, 14)),
        Line(4, (7, 14, 0, 14)),
    ],
    totals=(14, 14),
    winner=0,
    # North-South won the round on the tiebreaker; 14 points each; the Boston of hand 1.
    columns=("Rank", "Played", "Rounds won", "Rounds lost", "Points", "Points conceded", "Bostons"),
    standings={0: (1, 1, 1, 0, 14, 14, 1), 1: (2, 1, 0, 1, 14, 14, 0)},
    signers=("player2", "player1"),
    tiebreaker=5,
    partnership=True,
)

# 3 Legged Kitty to 30 (created at 40, edited). Made: the Cat scores the bid number;
# failed: each opponent scores 5. Null X allows at most 8 - X tricks. Sides are seats.
THREE_LEGGED_KITTY = Night(
    game="three-legged-kitty",
    entrants_csv="name\nAda Quill\nBasil Stroud\nCleo Marsh\nDev Okafor\n",
    check_in=["Ada Quill", "Basil Stroud", "Cleo Marsh"],  # Dev Okafor never comes
    options={"opt_target": "40"},
    options_shown={"opt_target": "40"},
    edit={"opt_target": "30"},
    settings={"Game ends at": "30"},
    steps=[
        Hand(0, 1, {"passed_out": True}),  # 1: all pass, no score
        # 2: seat 0 Null 3 (at most 5 tricks), takes 4: made, +3.
        Hand(1, 2, {"cat": 0, "number": 3, "contract": "null", "tricks": 4}),
        # 3: seat 1 Null 2 (at most 6), takes 7: failed, seats 0 and 2 +5 each.
        Hand(2, 0, {"cat": 1, "number": 2, "contract": "null", "tricks": 7}),
        # 4: seat 2 bids 10 No Trump and takes all 10: +10.
        Hand(0, 1, {"cat": 2, "number": 10, "contract": "notrump", "tricks": 10}),
        # 5: seat 1 makes 5 Hearts (+5) ... but it was misdealt: void, dealt again.
        Hand(1, 2, {"cat": 1, "number": 5, "contract": "hearts", "tricks": 5}),
        Rule("Hand 5", "misdeal", 1, "", ("void",), (8, 0, 15), replay=True),
        # 5 again: seat 0 bids 7 Spades, takes 8: +7.
        Hand(2, 0, {"cat": 0, "number": 7, "contract": "spades", "tricks": 8}),
        # 6: seat 1 bids 6 Hearts, takes 6: +6.
        Hand(0, 1, {"cat": 1, "number": 6, "contract": "hearts", "tricks": 6}),
        # 7: seat 0 bids 10 Diamonds, takes 10: +10. Entered first as 9 tricks (failed:
        # seats 1 and 2 +5), disputed by seat 0, corrected.
        Hand(
            1,
            0,
            {"cat": 0, "number": 10, "contract": "diamonds", "tricks": 10},
            wrong={"tricks": 9},
            dispute=0,
        ),
        # 8: seat 2 bids 10 Clubs, takes 10: +10. Now 25, 6, 25.
        Hand(2, 1, {"cat": 2, "number": 10, "contract": "clubs", "tricks": 10}),
        # 9: seat 1 bids 4 Spades, takes 3: failed, seats 0 and 2 +5: 30, 6, 30. Someone
        # reached 30 and the highest is tied: one more hand.
        Hand(0, 2, {"cat": 1, "number": 4, "contract": "spades", "tricks": 3}),
        # 10: seat 2 bids 2 Clubs, takes 5: +2. 30, 6, 32: seat 2 wins.
        Hand(1, 0, {"cat": 2, "number": 2, "contract": "clubs", "tricks": 5}),
    ],
    sheet=[
        Line(1, (0, 0, 0, 0, 0, 0)),
        Line(2, (3, 3, 0, 0, 0, 0)),
        Line(3, (5, 8, 0, 0, 5, 5)),
        Line(4, (0, 8, 0, 0, 10, 15)),
        Line(5, void=True),
        Line(5, (7, 15, 0, 0, 0, 15)),
        Line(6, (0, 15, 6, 6, 0, 15)),
        Line(7, (10, 25, 0, 6, 0, 15)),
        Line(8, (0, 25, 0, 6, 10, 25)),
        Line(9, (5, 30, 0, 6, 5, 30)),
        Line(10, (0, 30, 0, 6, 2, 32)),
    ],
    totals=(30, 6, 32),
    winner=2,
    # Contracts made and failed as the Cat (the void hand not counted): a game here is the
    # race to the target, so the standings do not call them games.
    columns=("Rank", "Played", "Score", "Contracts made", "Contracts failed", "Rounds won"),
    standings={2: (1, 1, 32, 3, 0, 1), 0: (2, 1, 30, 3, 0, 0), 1: (3, 1, 6, 1, 2, 0)},
)

# Ascot at four: Ramsch on (bids from 75, Contra from 80), Seeger-Fabian on, 8 deals
# (created at 10, edited). The dealer sits out: hand n is dealt by seat (n - 1) % 4.
# Declarer: card points plus bonuses (only with 60 or more) if they reach the bid, else
# -120; Contra x2, Redouble x4. Seeger-Fabian: +50 a game won, -50 a game lost and +30
# to each of the three others (never multiplied).
ASCOT = Night(
    game="ascot",
    entrants_csv="name\nGus Hale\nHal Ives\nIda Joss\nJon Kerr\n",
    check_in=["Gus Hale", "Hal Ives", "Ida Joss", "Jon Kerr"],
    options={"opt_ramsch": True, "opt_seeger_fabian": True, "opt_deals": "10"},
    options_shown={"opt_ramsch": "on", "opt_seeger_fabian": "on", "opt_deals": "10"},
    edit={"opt_deals": "8"},
    settings={"Deals per round": "8", "Ramsch": "yes", "Seeger-Fabian scoring": "yes"},
    steps=[
        # 1 (seat 0 deals): passed out, played as Ramsch; seats 1 and 2 tie for the most
        # card points, 45, and both lose them.
        Hand(1, 2, {"passed_out": True, "ramsch_1": 45, "ramsch_2": 45, "ramsch_3": 30}),
        # 2 (seat 1 deals): seat 2 wins a Null: +75, +50 = +125. The dealer cannot declare.
        Hand(
            2,
            3,
            {"declarer": 2, "bid": 75, "game": "null", "tricks": 0},
            refused={"declarer": 1},
        ),
        # 3 (seat 2 deals): seat 3 loses a Null (one trick): -120 - 50 = -170, +30 to each
        # of the three others, the dealer too.
        Hand(3, 0, {"declarer": 3, "bid": 80, "game": "null", "tricks": 1}),
        # 4 (seat 3 deals): seat 0 Grand KittyFree bid 100, Contra and Redouble, 70 card
        # points: 70 + 55 = 125 >= 100, x4 = 500, +50 = +550.
        Hand(
            0,
            1,
            {
                "declarer": 0,
                "bid": 100,
                "game": "grand",
                "kitty_free": True,
                "contra": True,
                "redouble": True,
                "card_points": 70,
            },
        ),
        # 5 (seat 0 deals): seat 1 bids 85 in a suit, takes 80: lost, -120 - 50 = -170,
        # +30 to each of the three others.
        Hand(1, 2, {"declarer": 1, "bid": 85, "game": "suit", "card_points": 80}),
        # 6 (seat 1 deals): seat 2 bids 75 suit KittyFree, takes 55: under 60, no bonus,
        # lost (-170, +30 each) ...
        Hand(
            2,
            3,
            {"declarer": 2, "bid": 75, "game": "suit", "kitty_free": True, "card_points": 55},
        ),
        # ... but seat 3 revoked: 20 card points to the declarer, 75 + 15 = 90, made: +140.
        Rule("Hand 6", "revoke", 3, "", ("20 card points", "+90"), (610, -185, 280, -140)),
        # 7 (seat 2 deals): seat 3 NoTrump bid 75, 75 card points: made, +75 + 50 = +125.
        # Entered first as 70 (lost), disputed by seat 0, corrected.
        Hand(
            3,
            0,
            {"declarer": 3, "bid": 75, "game": "notrump", "card_points": 75},
            wrong={"card_points": 70},
            dispute=0,
        ),
        # 8 (seat 3 deals): seat 0 bids 80 in a suit, takes 90: +90 + 50 = +140.
        Hand(0, 1, {"declarer": 0, "bid": 80, "game": "suit", "card_points": 90}),
    ],
    sheet=[
        Line(1, (0, 0, -45, -45, -45, -45, 0, 0)),
        Line(2, (0, 0, 0, -45, 125, 80, 0, 0)),
        Line(3, (30, 30, 30, -15, 30, 110, -170, -170)),
        Line(4, (550, 580, 0, -15, 0, 110, 0, -170)),
        Line(5, (30, 610, -170, -185, 30, 140, 30, -140)),
        Line(6, (0, 610, 0, -185, 140, 280, 0, -140)),
        Line(7, (0, 610, 0, -185, 0, 280, 125, -15)),
        Line(8, (140, 750, 0, -185, 0, 280, 0, -15)),
    ],
    totals=(750, -185, 280, -15),
    winner=0,
    # Seeger-Fabian: the total; Score: without the Seeger-Fabian points (seat 0: 500 + 90;
    # seat 1: -45 - 120; seat 2: -45 + 75 + 90; seat 3: -120 + 75).
    columns=("Rank", "Played", "Seeger-Fabian", "Score", "Games won", "Games lost", "Rounds won"),
    standings={
        0: (1, 1, 750, 590, 2, 0, 1),
        2: (2, 1, 280, 120, 2, 0, 0),
        3: (3, 1, -15, -45, 1, 1, 0),
        1: (4, 1, -185, -165, 0, 1, 0),
    },
)

# Cut Throat Pinochle, 6 hands (created at 5, edited), 10 chips each into the kitty (30 in
# it). Base value B: 25-29 = 2, 30-34 = 4, 35-39 = 7, 40-44 = 10, 45-49 = 13, 50-54 = 16,
# 55+ = 20; spades doubles it; the kitty pays and is paid from a bid of 35, and pays only
# what it holds. A score is the change in a player's chips.
CUTTHROAT_PINOCHLE = Night(
    game="cutthroat-pinochle",
    entrants_csv="name\nKim Lowe\nLou Moss\nMax Nash\n",
    check_in=["Kim Lowe", "Lou Moss", "Max Nash"],
    options={"opt_hands": "5", "opt_kitty_ante": "10"},
    options_shown={"opt_hands": "5", "opt_kitty_ante": "10", "opt_spades_double": "on"},
    edit={"opt_hands": "6"},
    settings={
        "Hands per game": "6",
        "Chips each player puts in the kitty": "10",
        "Spades trump doubles the base value": "yes",
    },
    steps=[
        # 1: seat 0 bids 30 in hearts and melds 32: won on the meld alone, B = 4 from each.
        Hand(1, 2, {"bidder": 0, "bid": 30, "trump": "hearts", "meld": 32}),
        # 2: seat 1 bids 25 and concedes before the widow: pays the kitty 2 (kitty 32).
        Hand(2, 0, {"bidder": 1, "bid": 25, "conceded": "before_widow"}),
        # 3: seat 2 bids 45, melds 50: won on the meld, 13 from each and the kitty ...
        Hand(0, 1, {"bidder": 2, "bid": 45, "trump": "hearts", "meld": 50}),
        # ... but the deal was a misdeal: void, dealt again.
        Rule("Hand 3", "misdeal", 2, "", ("void",), (8, -6, -4), replay=True),
        # 3 again: seat 2 bids 36, concedes after the widow (single set): 7 to each player
        # and to the kitty (kitty 39).
        Hand(1, 2, {"bidder": 2, "bid": 36, "conceded": "after_widow", "trump": "clubs"}),
        # 4: seat 0 bids 40 in diamonds, melds 20, takes a trick and 12 counters: 32 < 40,
        # a double set: 2 x 10 to each player and the kitty (kitty 59). Entered first with
        # 22 counters (made), disputed by seat 1, corrected.
        Hand(
            2,
            1,
            {
                "bidder": 0,
                "bid": 40,
                "trump": "diamonds",
                "meld": 20,
                "counters": 12,
                "took_trick": True,
            },
            wrong={"counters": 22},
            dispute=1,
        ),
        # 5: seat 1 bids 50 in spades, melds 30 and takes 22 counters: 52, made; B = 16
        # doubled for spades, 32 from each player and from the kitty (kitty 27).
        Hand(
            0,
            2,
            {
                "bidder": 1,
                "bid": 50,
                "trump": "spades",
                "meld": 30,
                "counters": 22,
                "took_trick": True,
            },
        ),
        # 6: seat 2 bids 55 in spades, melds 35 and takes 21 counters: 56, made; B = 20
        # doubled, 40 from each player, and the kitty pays all it holds, 27: +107.
        Hand(
            1,
            0,
            {
                "bidder": 2,
                "bid": 55,
                "trump": "spades",
                "meld": 35,
                "counters": 21,
                "took_trick": True,
            },
        ),
    ],
    sheet=[
        Line(1, (8, 8, -4, -4, -4, -4)),
        Line(2, (0, 8, -2, -6, 0, -4)),
        Line(3, void=True),
        Line(3, (7, 15, 7, 1, -21, -25)),
        Line(4, (-60, -45, 20, 21, 20, -5)),
        Line(5, (-32, -77, 96, 117, -32, -37)),
        Line(6, (-40, -117, -40, 77, 107, 70)),
    ],
    totals=(-117, 77, 70),
    winner=1,
    # Bids made, and bids failed: conceded or set.
    columns=("Rank", "Played", "Score", "Bids made", "Bids failed", "Rounds won"),
    standings={1: (1, 1, 77, 1, 1, 1), 2: (2, 1, 70, 1, 1, 0), 0: (3, 1, -117, 1, 1, 0)},
)

NIGHTS = [SIX_CARD_KITTY, THREE_LEGGED_KITTY, ASCOT, CUTTHROAT_PINOCHLE]


# -- the night, step by step --------------------------------------------------------------------


def set_up(td: Browser, night: Night) -> str:
    """A new tournament with the game's options, then a change on its settings page.

    The options go in on the New tournament page when it offers the game's options (once
    the game is picked); else, as that page says, the game is saved first and its options
    are set on the settings page. Either way only through fields a page shows.
    """
    page = td.get(f"/t/new/?game={night.game}")
    index = page.form(has="name")
    main = {"name": "Club Night", "date": "2026-11-20", "venue": "Club hall", "rounds": "3"}
    main.update(game=night.game, published=True)
    offered = page.forms.forms[index][1].keys() | page.forms.offered[index].keys()
    now = night.options if night.options.keys() <= offered else {}
    response = td.submit(page, index, {**main, **now})
    slug = response["Location"].strip("/").split("/")[-1]
    if not now:
        page = td.get(f"/t/{slug}/edit/")
        td.submit(page, page.form(has="name"), night.options)

    page = td.get(f"/t/{slug}/edit/")
    index = page.form(has="name")
    fields = page.forms.forms[index][1]
    for key, value in night.options_shown.items():
        shown = fields.get(key)
        assert shown == value, f"settings page: {key} shows {shown!r}, expected {value!r}"
    td.submit(page, index, night.edit)
    settings = {cells[0]: cells[1] for _, cells in Rows(td.get(f"/t/{slug}/").html, "plain").rows}
    for label, value in night.settings.items():
        assert settings.get(label) == value, (label, settings)
    return slug


def register(td: Browser, slug: str, night: Night) -> None:
    """The CSV import, then check-in at the door: search a name, one tap."""
    page = td.get(f"/t/{slug}/entrants/import/")
    upload = SimpleUploadedFile("entrants.csv", night.entrants_csv.encode(), "text/csv")
    td.submit(page, page.form(has="file"), {"file": upload})
    rows = night.entrants_csv.strip().splitlines()[1:]
    assert f"Imported {len(rows)} entrants." in td.get(f"/t/{slug}/entrants/").text
    for name in night.check_in:
        page = td.get(f"/t/{slug}/checkin/?q={quote(name)}")
        taps = [i for i, (_, f) in enumerate(page.forms.forms) if f.get("checked_in") == "1"]
        assert len(taps) == 1, (name, page.text)
        td.submit(page, taps[0], {})
    counts = f"{len(night.check_in)} of {len(rows)} checked in"
    assert counts in td.get(f"/t/{slug}/checkin/").text


def draw_and_publish(td: Browser, slug: str) -> None:
    page = td.get(f"/t/{slug}/rounds/")
    td.submit(page, page.form("/rounds/draw/"), {})
    page = td.get(f"/t/{slug}/round/1/")
    td.submit(page, page.form("/round/1/publish/"), {})


def enter(checks: Checks, table: list[Phone], hand: Hand, number: int, night: Night) -> None:
    """The entering side's phone enters the hand; the other side accepts it on its own
    phone (or disputes it first, and the entering side corrects it)."""
    facts = {**hand.facts, **(hand.wrong or {})}
    phone, link = table[hand.by]
    page = phone.get(link)
    # Only a 6 Card Kitty tiebreaker's points do not count (rule 6).
    checks.equal(
        f"table page before hand {number}: says its points do not count",
        "do not count" in page.text,
        number == night.tiebreaker,
    )
    index = page.form("/enter/")
    if hand.refused:
        offered = page.forms.offered[index]
        if all(str(v) in offered.get(k, [str(v)]) for k, v in hand.refused.items()):
            bad = {**facts, **hand.refused}
            response = phone.submit(page, index, bad, status=None)
            assert response.status_code == 400, f"hand {number} with {hand.refused} is refused"
            page = phone.get(link)
            index = page.form("/enter/")
    assert page.forms.forms[index][1]["nonce"], "the entry form has its one-time key"
    assert page.forms.forms[index][1]["slot"].startswith(f"{number}:"), "the hand's number"
    phone.submit(page, index, facts)
    if hand.wrong:
        other, other_link = table[hand.dispute]
        page = other.get(other_link)
        other.submit(
            page, page.form("/dispute/", side=str(hand.dispute)), {"reason": "Count again"}
        )
        page = phone.get(link)
        assert "disputed" in page.text
        corrected = {f"edit-{k}": hand.facts[k] for k in hand.wrong}
        phone.submit(page, page.form("/edit/"), corrected)
    checker, checker_link = table[hand.accept]
    page = checker.get(checker_link)
    checker.submit(page, page.form("/accept/", side=str(hand.accept)), {})


def rule(checks: Checks, td: Browser, url: str, ruling: Rule) -> None:
    """Preview the ruling, read its effect, confirm it; the totals follow."""
    page = td.get(url)
    index = page.form("/ruling/", has="code")
    labels = page.forms.labels[index]["hand"]
    hand = next(v for v, label in labels.items() if label.startswith(ruling.hand + ":"))
    values = {
        "code": ruling.code,
        "hand": hand,
        "offender": ruling.offender,
        "choice": ruling.choice,
    }
    preview = td.submit(page, index, values, status=200)
    said = preview.text
    for effect in ruling.effect:
        checks.true(f"ruling on {ruling.hand}: the preview says {effect!r}: {said}", effect in said)
    td.submit(preview, preview.form("/ruling/", confirm="1"), {})
    checks.equal(f"totals after the ruling on {ruling.hand}", totals_on(td.get(url)), ruling.totals)


def totals_on(page: Page) -> tuple[int | str, ...]:
    rows = Rows(page.html, "sheet").rows
    return tuple(number(cell) for cell in rows[-1][1][1:])


def sign(table: list[Phone], pins: list[str], night: Night, sides: list) -> list[str]:
    """Each side chooses one of its players and types the name (rule 40): the first side
    on its own phone, then it hands the phone across and each other side signs on it with
    its PIN from the table card."""
    names = []
    phone, link = table[0]
    for side, entrant in enumerate(sides):
        name = getattr(entrant, night.signers[side]) if night.signers else entrant.name
        page = phone.get(link)
        values = {"player": name, "typed": name} | ({"pin": pins[side]} if side else {})
        phone.submit(page, page.form("/sign/", side=str(side)), values)
        names.append(name)
    return names


def check_table_page(checks: Checks, page: Page, night: Night, sides: list) -> None:
    """The sheet on screen (the phone's or the director's): each hand's points and running
    totals, the totals, the winner, the rulings, and who did what by name."""
    where = "table page"
    checks.true(f"{where}: says the sheet is signed and final", "Signed, final" in page.text)
    rows = Rows(page.html, "sheet").rows
    body, foot = rows[1:-1], rows[-1][1]
    labels = [cells[0].split(" dealt by")[0] for _, cells in body]
    marked = [
        label.split()[1]
        for (cls, _), label in zip(body, labels, strict=True)
        if "tiebreaker" in cls.split() + label.split()
    ]
    expected = [] if night.tiebreaker is None else [str(night.tiebreaker)]
    checks.equal(f"{where}: hands marked tiebreaker", marked, expected)
    hands = [f"Hand {line.number}" for line in night.sheet] + [f"Hand {n}" for n in expected]
    checks.equal(f"{where}: rows", [" ".join(label.split()[:2]) for label in labels], hands)
    for line, cells in zip(night.sheet, [cells for _, cells in body], strict=False):
        label = f"{where}: hand {line.number}"
        if night.dealer_sits_out:
            dealer = sides[(line.number - 1) % len(sides)].name
            checks.true(f"{label}: dealt by {dealer}", f"dealt by {dealer}" in cells[0])
        if line.void:
            checks.true(f"{label}: void", "void" in cells[1])
            continue
        if night.dealer_sits_out:  # the dealer's cell says so, with any points it still gets
            checks.true(f"{label}: the dealer sits out", "sits out" in " ".join(cells[2:]))
        cells = [c.replace("sits out,", "").replace("sits out", "0") for c in cells]
        figures = tuple(number(x) for cell in cells[2:] for x in cell.split())
        checks.equal(f"{label}: points and running totals", figures, line.figures)
    checks.equal(f"{where}: totals", tuple(number(c) for c in foot[1:]), night.totals)
    checks.true(
        f"{where}: winner {sides[night.winner].name} in {foot[0]!r}",
        f"winner: {sides[night.winner].name}" in foot[0],
    )
    for step in night.steps:
        if isinstance(step, Rule):
            said = all(effect in page.text for effect in step.effect)
            checks.true(f"{where}: the ruling on {step.hand} says {step.effect}", said)
    if not night.partnership:
        sheet = page.html.split('<section id="sheet">', 1)[-1].split("</section>", 1)[0]
        seats = sorted(set(re.findall(r"\bSeat \d\b", words(sheet))))
        checks.equal(f"{where}: hands and rulings name the players, not seats", seats, [])


def number(text: str) -> int | str:
    return int(text) if re.fullmatch(r"[+-]?\d+", text) else text


def sheet_rows(text: str) -> tuple[list[tuple[str, str, str]], str]:
    """The hand rows of the printed sheet (label, rest of the line, the lines under it: a
    wrapped cell, the row's words "void — replayed") and the totals line."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if "Dealer" in line and "Bidder" in line)
    end = next(i for i in range(start, len(lines)) if lines[i].strip().startswith("Total"))
    rows: list[tuple[str, str, str]] = []
    for line in lines[start + 1 : end]:
        # A row starts with its label and the dealer's name; a wrapped cell's second line
        # ("0 / 45 /") starts with no name.
        # "6*": the hand has a note below the table (a short payment, a status)
        found = re.match(r"\s*(\d+|TB)\*?\s+([^\W\d].*)$", line)
        if found:
            rows.append((found.group(1), found.group(2), ""))
        elif rows:
            label, rest, under = rows[-1]
            rows[-1] = (label, rest, f"{under}\n{line}")
    return rows, lines[end]


def trailing_numbers(text: str, count: int) -> tuple[int, ...]:
    found = re.findall(r"-?\d+", text)
    return tuple(int(n) for n in found[-count:])


def check_sheet_pdf(checks: Checks, pdf: bytes, night: Night, sides: list, signers) -> None:
    """The printed sheet, read back: every figure the players sign, and nothing cut off."""
    where = "printed sheet"
    [page] = PdfReader(io.BytesIO(pdf)).pages
    text = page.extract_text(extraction_mode="layout")
    flat = squash(text)
    checks.true(f"{where}: FINAL", "FINAL" in text)
    checks.true(f"{where}: no text cut off with '…'", "…" not in text)
    for entrant in sides:
        checks.true(f"{where}: {entrant.name} printed whole", squash(entrant.name) in flat)
    rows, total_line = sheet_rows(text)
    # Each side's points and running total; with Seeger-Fabian, a deal's score and its S-F
    # points apart; at Pinochle, the kitty's in/out and what it holds after the players'.
    per_side = 3 if night.options.get("opt_seeger_fabian") else 2
    kitty = 2 if night.game == "cutthroat-pinochle" else 0
    holds = 3 * int(night.options.get("opt_kitty_ante", 0))
    count = per_side * len(sides) + kitty
    # A blank tiebreaker row to fill in by hand is no hand; a played hand has figures.
    hands = [(label, rest, under) for label, rest, under in rows if "tiebreaker" not in under]
    expected = [str(line.number) for line in night.sheet] + ["TB"] * (night.tiebreaker is not None)
    checks.equal(f"{where}: hands (TB: tiebreaker)", [label for label, _, _ in hands], expected)
    for line, (_, rest, under) in zip(night.sheet, hands, strict=False):
        label = f"{where}: hand {line.number}"
        if line.void:
            checks.true(f"{label}: void in {rest!r} {under!r}", "void — replayed" in under)
            continue
        got = trailing_numbers(rest, count)
        if kitty:
            *got, paid, now = got
            holds += paid
            checks.equal(f"{label}: the kitty's in/out", paid, -sum(got[0::2]))
            checks.equal(f"{label}: what the kitty holds", now, holds)
        if per_side == 3:  # the deal's score and its S-F points are its points
            got = [f for i in range(0, len(got), 3) for f in (got[i] + got[i + 1], got[i + 2])]
        checks.equal(f"{label}: points and running totals", tuple(got), line.figures)
        if night.dealer_sits_out:
            dealer = sides[(line.number - 1) % len(sides)].name
            checks.true(f"{label}: dealt by {dealer}", rest.startswith(dealer))
    totals = trailing_numbers(total_line, (per_side if per_side == 3 else 1) * len(sides) + kitty)
    totals = totals[: len(totals) - kitty][per_side - 1 :: per_side] if per_side == 3 else totals
    checks.equal(f"{where}: totals", totals[: len(sides)], night.totals)
    winner = sides[night.winner].name
    checks.true(f"{where}: Winner: {winner}", squash(f"Winner: {winner}") in flat)
    for step in night.steps:
        if isinstance(step, Rule):
            said = squash(f"{step.hand} · ") in flat and all(squash(w) in flat for w in step.effect)
            checks.true(f"{where}: the ruling on {step.hand} and its effect {step.effect}", said)
    for name in signers:
        checks.true(f"{where}: signed by {name}", squash(f"Signed by {name}") in flat)
    if not night.partnership:
        rulings = text.split("Rulings", 1)[-1].split("Signatures", 1)[0]
        seats = sorted(set(re.findall(r"\bSeat \d\b", rulings)))
        checks.equal(f"{where}: rulings name the players, not seats", seats, [])


def standings_rows(page: Page) -> list[dict[str, str]]:
    rows = Rows(page.html, "standings").rows
    header = rows[0][1]
    return [dict(zip(header, cells, strict=False)) for _, cells in rows[1:]]


def check_standings(
    checks: Checks, td: Browser, public: Browser, slug: str, night: Night, sides: list
) -> None:
    """The director's standings page, its CSV export and the public page (signed sheets
    only), for every entrant who played."""
    response = td.client.get(f"/t/{slug}/standings/?_export=csv")
    shown = {
        "standings page": standings_rows(td.get(f"/t/{slug}/standings/")),
        "standings CSV": list(csv.DictReader(io.StringIO(response.content.decode()))),
        "public standings page": standings_rows(public.get(f"/t/{slug}/standings/")),
    }
    name = "Team" if night.partnership else "Player"
    for source, rows in shown.items():
        for side, expected in night.standings.items():
            entrant = sides[side].name
            row = next((r for r in rows if r.get(name) == entrant), None)
            if row is None:
                checks.failures.append(f"{source}: no row for {entrant}")
                continue
            got = tuple(number(row.get(column) or "") for column in night.columns)
            checks.equal(f"{source}: {entrant} {night.columns}", got, expected)


@pytest.mark.parametrize("night", NIGHTS, ids=lambda night: night.game)
def test_a_night_per_game(night, director):
    td = Browser(director)
    slug = set_up(td, night)
    register(td, slug, night)
    draw_and_publish(td, slug)
    seats = list(
        Seat.objects.filter(table__round__tournament__slug=slug).select_related("entrant", "table")
    )
    assert {seat.table.number for seat in seats} == {1}, "one table for those checked in"
    sides = [seat.entrant for seat in sorted(seats, key=lambda s: s.position)]
    assert sorted(e.name for e in sides) == sorted(night.check_in)
    url = f"/t/{slug}/round/1/table/1/"
    # Each side's own link and PIN, as the director's page gives them out again.
    director_page = td.get(url).html
    links = list(dict.fromkeys(re.findall(r"https?://testserver(/s/[^/\"]+/)", director_page)))
    pins = re.findall(r"PIN <strong>(\d{3} \d{3})</strong>", director_page)  # typed as shown
    assert len(links) == len(pins) == len(sides), "a link and a PIN per side"
    table = [(Browser(), link) for link in links]  # a phone per side

    checks = Checks()
    number = 0
    for step in night.steps:
        if isinstance(step, Rule):
            rule(checks, td, url, step)
            number -= step.replay
        else:
            number += 1
            enter(checks, table, step, number, night)
    signers = sign(table, pins, night, sides)

    for phone, link in table:
        check_table_page(checks, phone.get(link), night, sides)
    check_table_page(checks, td.get(url), night, sides)
    check_standings(checks, td, Browser(), slug, night, sides)
    pdf = td.client.get(url + "sheet.pdf")
    checks.equal("sheet.pdf", (pdf.status_code, pdf["Content-Type"]), (200, "application/pdf"))
    check_sheet_pdf(checks, pdf.content, night, sides, signers)
    if night.partnership:
        pot = td.get(f"/t/{slug}/standings/").text
        checks.true("Boston pot: North-South lead it", f"Leading now: {sides[0].name}" in pot)
    assert not checks.failures, "\n".join(checks.failures)
