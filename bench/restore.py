"""How long restoring a big night's backup file takes (Restore from a backup, t/restore/):
one transaction, which holds the laptop's database, so every table's phones wait for it.

A 6 Card Kitty night of 6,000 teams and no rounds yet, the size of a file a probe sent
(1.9 MB), its players named as a generated file may name them: every first name its own,
every player of one surname ("North17 Smith", "South17 Smith"), the worst case of matching
them to the club's register by name (league.names). The file is restored into a
club whose register is empty (each player near no other becomes a new entry), then again
as another night of the same club (every name now an entry's), in an SQLite file as the
laptop's; the same with half the teams. A restore that grows with the entrants takes twice
as long for twice the teams (x2); one that grows with their square, four times (x4).

Run from the repository root: python bench/restore.py [--teams 6000]
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.support import database  # noqa: E402

database.start("restore.sqlite3")

import datetime  # noqa: E402

from backup.exporting import export_tournament  # noqa: E402
from backup.importing import import_json  # noqa: E402
from club.models import Club  # noqa: E402
from tournament.models import Entrant, Tournament  # noqa: E402

TEAMS = 6000


def night_file(teams: int) -> bytes:
    """The backup file of a night of `teams` teams, no player linked to a register."""
    club = Club.objects.create(name=f"Where it was played {teams}", slug=f"played-{teams}")
    night = Tournament.objects.create(
        club=club,
        name=f"Night of {teams}",
        slug=f"night-{teams}",
        date=datetime.date(2026, 11, 20),
        game="columbus-6-card-kitty",
    )
    Entrant.objects.bulk_create(
        Entrant(
            tournament=night,
            name=f"Team {i}",
            player1=f"North{i} Smith",
            player2=f"South{i} Smith",
            order=i,
        )
        for i in range(1, teams + 1)
    )
    return json.dumps(export_tournament(night), ensure_ascii=False).encode()


def restored(raw: bytes, club: Club, slug: str) -> float:
    """Seconds to restore the file as the night at `slug` of `club`."""
    data = json.loads(raw)
    data["tournament"]["slug"] = slug
    file = json.dumps(data, ensure_ascii=False).encode()
    start = time.perf_counter()
    import_json(file, club)
    return time.perf_counter() - start


def times(teams: int) -> tuple[int, float, float]:
    """The file's size, and the seconds to restore it into an empty register, then again."""
    raw = night_file(teams)
    club = Club.objects.create(name=f"Restored {teams}", slug=f"restored-{teams}")
    new = restored(raw, club, f"first-{teams}")
    known = restored(raw, club, f"again-{teams}")
    return len(raw), new, known


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--teams", type=int, default=TEAMS, help="in the night's file")
    args = parser.parse_args()
    if args.teams < 2:
        parser.error("at least two teams (and half of them)")
    database.migrate()
    half = args.teams // 2
    size, new, known = times(args.teams)
    _, half_new, half_known = times(half)
    print(f"a night of {args.teams:,} teams: its backup file {size / 1_000_000:.1f} MB")
    for label, full, halved in (
        ("restored, the club's register empty", new, half_new),
        ("restored again, every name an entry's", known, half_known),
    ):
        print(
            f"  {label:<40} {full:7.2f} s   {half:,} teams: {halved:6.2f} s"
            f"   x{full / halved:.1f} for twice the teams"
        )


if __name__ == "__main__":
    main()
