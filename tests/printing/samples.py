"""Sheets, pairings and standings as a club night would produce them."""

from __future__ import annotations

from printing import (
    HandLine,
    Pairings,
    RulingLine,
    Sheet,
    SideInfo,
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
            status="corrected",
            note="bid was entered as 9",
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
        RulingLine(None, "40", "Score sheet", "Warning for an unsigned sheet", withdrawn=True),
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
            URL,
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
