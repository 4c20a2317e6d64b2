"""Backups made by an earlier version restore to the same scores and standings.

tests/data/backups holds the demo nights of the four games as exported before the apps
were restructured, with the standings and every table's hands, running totals and
result that version derived from them. A change that scores a stored night differently
fails here, game by game.
"""

import json
from pathlib import Path

import pytest

from backup.importing import import_json
from leaderboard.board import standings_for
from scoring.results import results_for

pytestmark = pytest.mark.django_db

DATA = Path(__file__).parent.parent / "data" / "backups"
NIGHTS = ["friday-night-kitty", "sunday-three-legged", "ascot-wednesday", "pinochle-thursday"]
ROW = "rank played wins points conceded score games_won games_lost seeger_fabian bostons".split()


def derived(tournament) -> dict:
    out = {}
    for key, signed in (("standings", False), ("standings_signed", True)):
        rows, entrants = standings_for(tournament, only_signed=signed)
        out[key] = [[entrants[r.entrant].name] + [getattr(r, k) for k in ROW] for r in rows]
    results = sorted(
        results_for(tournament).values(), key=lambda r: (r.round.number, r.table.number)
    )
    out["tables"] = [
        {
            "round": r.round.number,
            "table": r.table.number,
            "sides": [e.name for e in r.sides],
            "totals": list(r.match.totals),
            "winner": r.match.winner,
            "complete": r.match.complete,
            "hands": [
                [
                    h.hand.number,
                    list(h.score.points),
                    h.score.void,
                    list(h.tally.running) if h.tally else None,
                ]
                for h in r.hands
            ],
            "pending": [h.number for h in r.pending],
        }
        for r in results
    ]
    return out


@pytest.mark.parametrize("night", NIGHTS)
def test_an_earlier_backup_scores_and_ranks_the_same(night):
    tournament = import_json((DATA / f"{night}.json").read_bytes())
    expected = json.loads((DATA / f"{night}.expected.json").read_text())
    got = derived(tournament)
    assert got["tables"] == expected["tables"]
    assert got["standings"] == expected["standings"]
    assert got["standings_signed"] == expected["standings_signed"]
    assert any(t["hands"] for t in got["tables"])  # a night with hands played
