"""Sheets, pairings and standings as a club night would produce them."""

from __future__ import annotations

from dataclasses import replace

from printing import (
    HandLine,
    Pairings,
    RulingLine,
    Sheet,
    SideInfo,
    SideLink,
    SignatureLine,
    StandingsDoc,
    TableCard,
)

LONG_NAME = "Maximiliano Bartholomew Featherstonehaugh-Wojciechowski de la Peña y Łódź"
URL = "https://kitty.example.org/t/spring-open/round/3/table/7/enter?k=Q2x8"


def kitty_sides() -> tuple[SideInfo, ...]:
    return (
        SideInfo("Aces High", ("José Núñez", "Zoë Brünhilde"), "North-South"),
        SideInfo("Łukasz & Renée", ("Łukasz Wąs", "Renée Françoise"), "East-West"),
    )


def filled_sheet(table: int = 7, **changes: object) -> Sheet:
    sides = kitty_sides()
    hands = (
        HandLine(1, "José Núñez", "Łukasz Wąs", "8 books", "9", (0, 9), (0, 9)),
        HandLine(
            2,
            "Łukasz Wąs",
            "Zoë Brünhilde",
            "10",
            "7",
            (-10, 3),
            (-10, 12),
            note="corrected: bid was entered as 9",
        ),
        HandLine(
            3,
            "Zoë Brünhilde",
            "Renée Françoise",
            "7",
            "—",
            (0, 0),
            (-10, 12),
            void=True,
            note="misdeal",
        ),
        HandLine(3, "Zoë Brünhilde", "Renée Françoise", "7", "4", (8, -7), (-2, 5)),
        HandLine(4, "Renée Françoise", "José Núñez", "9", "10", (10, 2), (8, 7)),
        HandLine(5, "José Núñez", "José Núñez", "8", "8", (8, 4), (16, 11), tiebreaker=True),
    )
    rulings = (
        RulingLine(2, "28", "Renege", "2 books transferred to East-West"),
        RulingLine(None, "40", "Score sheet", "Warning for an unsigned sheet"),
    )
    sheet = Sheet(
        tournament="Spring Open — Club Ñandú",
        date="2025-03-14",
        venue="Café Müller, Kraków",
        game="6 Card Kitty (Columbus rules)",
        round=3,
        table=table,
        sides=sides,
        hands=hands,
        planned_hands=4,
        rulings=rulings,
        totals=(16, 11),
        winner="Aces High",
        signatures=(
            SignatureLine("Aces High", "José Núñez", "2025-03-14 21:42"),
            SignatureLine("Łukasz & Renée", "Renée Françoise", "2025-03-14 21:44"),
        ),
        final=True,
    )
    return Sheet(**{**sheet.__dict__, **changes})


def blank_sheet(table: int = 7, **changes: object) -> Sheet:
    sheet = Sheet(
        tournament="Spring Open — Club Ñandú",
        date="2025-03-14",
        venue="Café Müller, Kraków",
        game="6 Card Kitty (Columbus rules)",
        round=3,
        table=table,
        sides=kitty_sides(),
        hands=(),
        planned_hands=4,
        rulings=(),
        totals=None,
        winner="",
        signatures=(),
        qr_url=URL,
    )
    return Sheet(**{**sheet.__dict__, **changes})


def pinochle_sheet() -> Sheet:
    sides = (
        SideInfo("Ana Muñoz", ("Ana Muñoz",), "Seat 1"),
        SideInfo("李小龍", ("李小龍",), "Seat 2"),
        SideInfo(LONG_NAME, (LONG_NAME,), "Seat 3"),
        SideInfo("Jürgen Groß", ("Jürgen Groß",), "Seat 4"),
    )
    return blank_sheet(sides=sides, game="Cut Throat Pinochle", planned_hands=12, qr_url="")


def pairings() -> Pairings:
    cards = (
        TableCard(
            3,
            1,
            (
                ("North-South", "Aces High (José Núñez & Zoë Brünhilde)"),
                ("East-West", "Łukasz & Renée"),
            ),
            (SideLink(URL + "ns", "204917"), SideLink(URL + "ew", "861230")),
        ),
        TableCard(3, 2, (("Seat 1", "Ana Muñoz"), ("Seat 2", "李小龍"), ("Seat 3", LONG_NAME))),
    )
    names = [
        "José Núñez",
        "Zoë Brünhilde",
        "Łukasz Wąs",
        "Renée Françoise",
        "Ana Muñoz",
        "李小龍",
        LONG_NAME,
        "Émile Zola",
        "adam smith",
    ]
    by_name = tuple((n, 1 if i < 4 else 2) for i, n in enumerate(names))
    return Pairings(
        "Spring Open — Club Ñandú", "2025-03-14", 3, cards, by_name, byes=("Ola Ødegård",)
    )


def standings() -> StandingsDoc:
    rows = (
        ("1", "Aces High", "4", "38", "+12"),
        ("2", "Łukasz & Renée", "3", "35", "+9"),
        ("3", "Ana Muñoz", "3", "30", "+4"),
        ("3", "Zoë Brünhilde", "3", "30", "+4"),
        ("5", LONG_NAME, "2", "22", "-3"),
        ("6", "李小龍", "1", "10", "-20"),
    )
    return StandingsDoc(
        "Spring Open — Club Ñandú",
        "2025-03-14",
        "Standings after round 4",
        ("Wins", "Points", "Diff"),
        rows,
        cut_after=4,
        tiebreaks="wins, then points, then points difference, then head to head",
    )


# Sheets of each game at its longest: the longest words and figures a table can sign.
SLUGS = ("columbus-6-card-kitty", "three-legged-kitty", "ascot", "cutthroat-pinochle")


def _played(
    facts: list[tuple[str, str, str, str, tuple[int, ...]]], sides: int
) -> tuple[tuple[HandLine, ...], tuple[int, ...]]:
    """Hand lines numbered from 1 with their running totals, and the totals."""
    running = (0,) * sides
    hands = []
    for number, (dealer, bidder, bid, taken, points) in enumerate(facts, start=1):
        running = tuple(a + b for a, b in zip(running, points, strict=True))
        hands.append(HandLine(number, dealer, bidder, bid, taken, points, running))
    return tuple(hands), running


def _players(*names: str) -> tuple[SideInfo, ...]:
    return tuple(SideInfo(n, (n,), f"Seat {i}") for i, n in enumerate(names, start=1))


def _game_sheet(game: str, sides, facts, planned: int, rulings, **changes) -> Sheet:
    hands, totals = _played(facts, len(sides))
    winner = max(zip(totals, (s.name for s in sides), strict=True))[1]
    sheet = Sheet(
        tournament="Spring Open — Club Ñandú",
        date="2025-03-14",
        venue="Café Müller, Kraków",
        game=game,
        round=3,
        table=7,
        sides=sides,
        hands=hands,
        planned_hands=planned,
        rulings=rulings,
        totals=totals,
        winner=winner,
        signatures=tuple(SignatureLine(s.name) for s in sides),
        qr_url=URL,
    )
    return Sheet(**{**sheet.__dict__, **changes})


def kitty_game_sheet(**changes: object) -> Sheet:
    sides = (
        SideInfo(
            "Brzęczyszczykiewicz & Ó Súilleabháin",
            ("Agnieszka Brzęczyszczykiewicz", "Siobhán Ó Súilleabháin"),
            "North-South",
        ),
        SideInfo(
            "Team Featherstonehaugh",
            ("Maximiliano Featherstonehaugh", "Bartholomew Kierkegaard"),
            "East-West",
        ),
    )
    a, c = sides[0].players
    b, d = sides[1].players
    facts = [
        (a, b, "7 special", "13 books", (0, 7)),
        (b, c, "7 no downtown", "12 books", (6, 0)),
        (c, d, "6 no uptown", "11 books", (6, 0)),
        (d, a, "5 special", "10 books", (0, 5)),
    ]
    rulings = (
        RulingLine(
            2,
            "35, 37",
            "Renege",
            "Rules 35, 37: renege by North-South, 3 books to East-West; the hand is scored "
            "again: bid 7 no, 9 books: missed, East-West +7 (the director ruled after both "
            "sides told the story the same way).",
        ),
    )
    sheet = _game_sheet("6 Card Kitty", sides, facts, 4, rulings, **changes)
    assert sheet.totals == (12, 12)  # tied: the tiebreaker decides, its points do not count
    tb = HandLine(5, a, d, "7 no downtown", "13 books", (0, 7), sheet.totals, tiebreaker=True)
    return replace(sheet, hands=(*sheet.hands, tb), winner=sides[1].name)


def three_legged_sheet(**changes: object) -> Sheet:
    sides = _players(
        "Maximiliano Featherstonehaugh", "Agnieszka Brzęczyszczykiewicz", "Siobhán Ó Súilleabháin"
    )
    a, b, c = (s.name for s in sides)
    facts = [
        (a, b, "10 No Trump", "10 tricks", (0, 10, 0)),
        (b, c, "3 Null", "6 tricks", (5, 5, 0)),
        (c, a, "7 Diamonds", "8 tricks", (7, 0, 0)),
        (a, "", "passed out", "", (0, 0, 0)),
        (b, a, "8 Spades", "9 tricks", (8, 0, 0)),
        (c, b, "9 Hearts", "9 tricks", (0, 9, 0)),
        (a, c, "4 Clubs", "2 tricks", (5, 5, 0)),
        (b, c, "8 No Trump", "10 tricks", (0, 0, 8)),
    ]
    rulings = (
        RulingLine(
            4,
            "Initial Setup",
            "Misdeal",
            "Initial Setup: misdeal; the hand is void and dealt again by "
            "Maximiliano Featherstonehaugh, no score.",
        ),
    )
    return _game_sheet("3 Legged Kitty", sides, facts, 0, rulings, **changes)


def ascot_sheet(**changes: object) -> Sheet:
    sides = _players(
        "Agnieszka Brzęczyszczykiewicz", "Siobhán Ó Súilleabháin", "José Núñez", "Zoë Brünhilde"
    )
    a, b, c, d = (s.name for s in sides)
    facts = [
        (a, b, "95 Grand KittyFree Contra Re", "72 card points", (0, 508, 0, 0)),
        (b, c, "Ramsch", "40 / 35 / 45 / 0", (40, 0, -45, 0)),
        (c, d, "110 Null Contra Re", "1 tricks", (0, 0, 0, -480)),
        (d, a, "75 NoTrump KittyFree Contra", "58 card points", (-240, 0, 0, 0)),
        (a, c, "60 suit", "61 card points", (0, 0, 61, 0)),
        (b, "", "passed out", "", (0, 0, 0, 0)),
        (c, a, "85 Grand KittyFree", "90 card points", (145, 0, 0, 0)),
        (d, b, "65 suit Contra", "70 card points", (0, 140, 0, 0)),
        (a, d, "60 Null", "0 tricks", (0, 0, 0, 75)),
        (b, d, "70 suit Contra Re", "64 card points", (0, 0, 0, 256)),
        (c, b, "Ramsch", "0 / 120 / 0 / 0", (0, -120, 0, 0)),
        (d, c, "100 Grand Contra", "95 card points", (0, 0, 270, 0)),
    ]
    rulings = (
        RulingLine(
            1,
            "Irregularities",
            "Failure to follow suit",
            "Irregularities: failure to follow suit by José Núñez, 20 card points to the "
            "declarer; Siobhán Ó Súilleabháin Grand KittyFree bid 95: 72 card points + 55 = "
            "127, made with Redouble ×4: Siobhán Ó Súilleabháin +508.",
        ),
        RulingLine(
            8,
            "Irregularities",
            "Bid or pass out of turn",
            "Irregularities: Agnieszka Brzęczyszczykiewicz −10 for a bid or pass out of turn, "
            "not multiplied.",
        ),
    )
    return _game_sheet("Ascot", sides, facts, 12, rulings, **changes)


def pinochle_game_sheet(**changes: object) -> Sheet:
    sides = _players(
        "Maximiliano Featherstonehaugh", "Agnieszka Brzęczyszczykiewicz", "Siobhán Ó Súilleabháin"
    )
    a, b, c = (s.name for s in sides)
    facts = [
        (a, b, "55 spades", "meld 150, counters 25", (-40, 120, -40)),
        (b, c, "41 hearts", "conceded after widow", (10, 10, -30)),
        (c, a, "20", "conceded before widow", (-1, 0, 0)),
        (a, b, "36 diamonds", "meld 22, counters 17", (-7, 21, -7)),
        (b, c, "30 clubs", "meld 12, counters 10", (8, 8, -16)),
        (c, a, "25 hearts", "meld 25", (4, -2, -2)),
        (a, b, "60 spades", "meld 30, counters 25", (80, -160, 80)),
        (b, c, "22 clubs", "meld 9, counters 13", (-1, -1, 2)),
        (c, a, "45 spades", "conceded after widow", (-78, 26, 26)),
    ]
    rulings = (
        RulingLine(
            3,
            "The Deal",
            "Misdeal",
            "The Deal: misdeal; the hand is void and dealt again by Siobhán Ó Súilleabháin, "
            "no chips change hands.",
        ),
    )
    return _game_sheet("Cut Throat Pinochle", sides, facts, 9, rulings, **changes)


def game_sheet(slug: str, **changes: object) -> Sheet:
    """The longest sheet of a game a table can sign."""
    return {
        "columbus-6-card-kitty": kitty_game_sheet,
        "three-legged-kitty": three_legged_sheet,
        "ascot": ascot_sheet,
        "cutthroat-pinochle": pinochle_game_sheet,
    }[slug](**changes)


def long_round(slug: str, times: int = 3) -> Sheet:
    """A game's longest sheet with its hands played ``times`` over: more than a page holds."""
    sheet = game_sheet(slug)
    regular = [h for h in sheet.hands if not h.tiebreaker]
    facts = [(h.dealer, h.bidder, h.bid, h.taken, h.points) for h in regular] * times
    hands, totals = _played(facts, len(sheet.sides))
    return replace(sheet, hands=hands, planned_hands=len(hands), totals=totals)
