"""How long linking a night's players to a big club register takes, against just reading
the register.

A club of 2,000 players (real-looking names, each with an alias); a CSV night of 200
players, half of them in the register by name, a quarter near one (a letter off), a
quarter new. Linking them (tournament.linking.link_entrants: index the register, match
each name, store the links and the new entries) is timed against the bare SELECT of the
register's names that it starts from, in the same run; and the likely duplicates of the
whole register (league.names' near_pairs, the register page's top list) likewise.

Run from the repository root: python bench/register.py [--players 2000] [--night 200]
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.support import database  # noqa: E402

database.start()

import datetime  # noqa: E402
import random  # noqa: E402

from django.db import transaction  # noqa: E402

from bench.support.timing import best  # noqa: E402
from club.models import Club, Player  # noqa: E402
from tournament.linking import club_register, link_entrants  # noqa: E402
from tournament.models import Entrant, Tournament  # noqa: E402

PLAYERS = 2000
NIGHT = 200

FIRSTS = (
    "Anne Bob Cyril Dora Edith Frank Greta Hugo Ilse Jon Karl Lena Mona Nils Otto Paula "
    "Quentin Rosa Sven Tilde Ulla Viktor Wanda Xaver Yvonne Zeno Agnes Bruno Clara Dieter"
).split()
LASTS = (
    "Bell Stone Dale Frey Weber Lind Brandt Adler Roth Busch Vogel Quill Marsh Hart Penn Fox "
    "Grant Hale Irwin Judd Keane Lowe Moss Nash Oakes Pryce Reid Shaw Tate Vance Wolfe Young "
    "Ziegler Albers Becker Claes Dorn Eckert Fink Gross Haas Imhof Jung Kraus Lang Maier "
    "Neumann Ortmann Pohl Quast Richter Schulz Thiel Uhl Vogt Walter Xylander Yilmaz Zander "
    "Arndt Bauer Conrad Diehl Engel Fuchs Gerber Hahn Iske Jahn Kuhn Lorenz Mohr Noack Opitz"
).split()


def build(rng: random.Random, players: int, night: int) -> tuple[Club, list[str]]:
    club = Club.objects.create(name="Bench club", slug="bench")
    names = [f"{f} {surname}" for surname in LASTS for f in FIRSTS]
    rng.shuffle(names)
    names = names[:players]
    Player.objects.bulk_create(
        Player(club=club, name=n, aliases=[n.replace(" ", ". ", 1)]) for n in names
    )
    known = rng.sample(names, night // 2)
    near = [n[:-1] for n in rng.sample(names, night // 4)]  # a letter off
    new = [f"Newcomer {chr(65 + i // 26)}{chr(65 + i % 26)}ski" for i in range(night // 4)]
    return club, known + near + new


def night(club: Club, names: list[str], n: int) -> Tournament:
    tournament = Tournament.objects.create(
        club=club,
        name=f"Night {n}",
        slug=f"night-{n}",
        date=datetime.date(2026, 1, 1),
        game="cutthroat-pinochle",
    )
    Entrant.objects.bulk_create(
        Entrant(tournament=tournament, name=name, order=i) for i, name in enumerate(names)
    )
    return tournament


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=PLAYERS, help="in the club's register")
    parser.add_argument("--night", type=int, default=NIGHT, help="names in the night's CSV")
    args = parser.parse_args()
    most = len(FIRSTS) * len(LASTS)
    if not 0 < args.night <= args.players <= most:
        parser.error(f"a night of at least one name, a register as big or bigger, at most {most}")
    database.migrate()
    club, names = build(random.Random(17), args.players, args.night)
    tournament = night(club, names, 1)
    entrants = list(tournament.entrants.all())
    baseline = best(lambda: list(club.players.values_list("pk", "name", "aliases")))

    def link():
        with transaction.atomic():  # each run links the same night afresh
            link_entrants(tournament, entrants)
            transaction.set_rollback(True)
        for entrant in entrants:
            entrant.member1_id = None

    linking = best(link)
    pairs = best(lambda: club_register(club).near_pairs())
    found = len(club_register(club).near_pairs())
    print(f"register of {args.players:,} players, a night of {len(names)} names")
    print(f"  read the register (baseline)   {baseline * 1000:8.1f} ms")
    print(f"  link the night's players       {linking * 1000:8.1f} ms  x{linking / baseline:.0f}")
    print(f"  likely duplicates ({found} pairs) {pairs * 1000:8.1f} ms  x{pairs / baseline:.0f}")


if __name__ == "__main__":
    main()
