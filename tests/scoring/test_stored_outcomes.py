"""The standings read each table's stored outcome; every kind of fact that changes a table
changes its stored outcome with it, and re-deriving everything from the facts finds no
difference. Checked in each game."""

import dataclasses
import json

import pytest
from django.core.management import CommandError, call_command
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

import standings
from backup.exporting import export_json
from backup.importing import import_json
from leaderboard.board import byes_for, standings_for, tiebreak_order
from rules import RULESETS
from scoring import entry, outcomes, rulings
from scoring.models import Hand, Signature, TableOutcome
from scoring.results import results_for
from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.helpers import (
    FINISHING,
    SIMPLE_HAND,
    accepted_hands,
    as_record,
    published_round,
    side_link,
    table_of,
)
from tournament.models import Round

pytestmark = pytest.mark.django_db
TOTALS = outcomes.FIELDS.index("totals")


def derived(tournament) -> list[tuple]:
    """The standings scored from the facts alone, as a fresh computation would."""
    entrants = {e.pk: e for e in tournament.entrants.all()}
    every = [
        r.outcome()
        for r in results_for(tournament).values()
        if r.round.status != Round.Status.DRAFT and not r.round.playoff
    ]
    rows = standings.compute(
        entrants,
        every,
        byes_for(tournament),
        tiebreak_order(tournament),
        only_complete=False,
        withdrawn=[pk for pk, e in entrants.items() if e.withdrawn],
    )
    return [(r.entrant, r.rank, r.points, r.wins, r.played) for r in rows]


def read(tournament) -> list[tuple]:
    rows, _ = standings_for(tournament, include_incomplete=True)
    return [(r.entrant, r.rank, r.points, r.wins, r.played) for r in rows]


def follows(tournament) -> list[tuple]:
    """The standings read from the stored outcomes equal the derived ones, and nothing
    stored differs from the facts."""
    assert outcomes.verify(tournament) == []
    now = read(tournament)
    assert now == derived(tournament)
    return now


def game_table(game: str):
    options, hands = FINISHING[game]
    tournament = make_tournament(game, entrants=ONE_TABLE[game], published=True, options=options)
    return table_of(published_round(tournament)), hands


@pytest.mark.parametrize("game", GAMES)
def test_each_write_at_the_table_moves_the_standings_with_it(game, director):
    table, hands = game_table(game)
    tournament = table.round.tournament
    follows(tournament)
    director_actor = entry.Actor(user=director, label="Director td")
    seen = [read(tournament)]

    def step():
        seen.append(follows(tournament))

    for number, data in enumerate(hands, start=1):
        hand = entry.enter_hand(
            table,
            as_record(table, data),
            actor=entry.Actor(side=0),
            nonce=f"h{number}",
            slot=(number, 1),
        )
        step()
        entry.accept_hand(table, hand.pk, actor=entry.Actor(side=1), version=hand.version)
        step()
    assert seen[-1] != seen[0]  # the accepted hands count
    for seat in table.seats.order_by("position"):
        name = seat.entrant.players[0]
        entry.sign(
            table,
            side=seat.position,
            player=name,
            typed=name,
            actor=entry.Actor(side=seat.position),
        )
        step()
    assert TableOutcome.objects.get(table=table).final
    entry.reopen(table, actor=director_actor, reason="a miscount")
    step()
    assert not TableOutcome.objects.get(table=table).final
    first = Hand.objects.get(table=table, number=1, attempt=1)
    # A misdeal ruled on hand 1 voids it: its points go.
    ruling = rulings.record(
        table,
        rulings.Proposal(code="misdeal", hand=str(first.pk), offender=0, choice="", note="7 cards"),
        actor=director_actor,
    )
    step()
    assert seen[-1] != seen[-2]
    rulings.withdraw(table, ruling.pk, actor=director_actor, reason="wrong table")
    step()
    assert seen[-1] == seen[-3]


@pytest.mark.parametrize("game", GAMES)
def test_an_option_changed_scores_the_tables_again(game):
    table, hands = game_table(game)
    tournament = table.round.tournament
    accepted_hands(table, hands)
    follows(tournament)
    stored_under = TableOutcome.objects.get(table=table).options
    option = tournament.ruleset.options[0]
    value = (
        option.default + 1
        if isinstance(option.default, int) and not isinstance(option.default, bool)
        else not option.default
    )
    tournament.options = {**tournament.options, option.key: value}
    tournament.save()
    follows(tournament)
    assert TableOutcome.objects.get(table=table).options != stored_under


def test_a_team_that_leaves_forfeits_the_later_rounds_at_their_own_tables(director):
    tournament = make_tournament(entrants=4, published=True)
    first = published_round(tournament)
    for table in first.tables.all():
        accepted_hands(table, [SIMPLE_HAND["columbus-6-card-kitty"]] * 4)
    second = published_round(tournament, seed=2)
    follows(tournament)
    table = first.tables.get(number=1)
    code = next(i.code for i in tournament.ruleset.infractions if i.later_rounds)
    rulings.record(
        table,
        rulings.Proposal(code=code, hand="", offender=0, choice="", note="went home"),
        actor=entry.Actor(user=director, label="Director td"),
    )
    follows(tournament)
    assert second.tables.filter(rulings__isnull=False).exists()


def test_a_fact_saved_outside_the_table_page_drops_the_stored_outcome():
    table, hands = game_table("columbus-6-card-kitty")
    tournament = table.round.tournament
    Hand.objects.create(
        table=table,
        number=1,
        nonce="script",
        status=Hand.Status.ACCEPTED,
        record=as_record(table, hands[0]),
    )
    follows(tournament)  # scored when read, and stored
    assert TableOutcome.objects.filter(table=table).exists()
    Signature.objects.create(table=table, side=0, name="x")  # e.g. from the admin
    assert not TableOutcome.objects.filter(table=table).exists()
    follows(tournament)


def test_the_standings_read_no_hand_once_every_outcome_is_stored(db):
    tournament = make_tournament(entrants=8, published=True)
    round_ = published_round(tournament)
    for table in round_.tables.all():
        accepted_hands(table, [SIMPLE_HAND["columbus-6-card-kitty"]])
    with CaptureQueriesContext(connection) as queries:
        standings_for(tournament)
    assert not [q for q in queries.captured_queries if "scoring_hand" in q["sql"]]
    assert Client().get(f"/t/{tournament.slug}/standings/").status_code == 200


def test_a_restored_backup_scores_its_tables_from_the_facts(director):
    table, hands = game_table("ascot")
    tournament = table.round.tournament
    accepted_hands(table, hands)
    before = [row[1:] for row in follows(tournament)]
    saved = export_json(tournament)
    tournament.delete()
    restored = import_json(saved)
    assert [row[1:] for row in follows(restored)] == before


def test_check_results_reports_a_stored_outcome_that_differs_and_fixes_it(capsys):
    table, hands = game_table("cutthroat-pinochle")
    tournament = table.round.tournament
    accepted_hands(table, hands[:1])
    call_command("check_results")
    assert "0 differences in 1 tables." in capsys.readouterr().out
    row = TableOutcome.objects.get(table=table)
    data = json.loads(row.data)
    data[3] = [99, 0, 0]  # the totals
    row.data = json.dumps(data)
    row.save()
    with pytest.raises(CommandError, match="run with --fix"):
        call_command("check_results", tournament.slug)
    assert "stored" in capsys.readouterr().out
    call_command("check_results", "--fix")
    assert outcomes.verify(tournament) == []
    with pytest.raises(CommandError, match="No such tournament: nope"):
        call_command("check_results", "nope")
    assert Client().get(side_link(table, 0)).status_code == 200


@pytest.mark.parametrize("game", GAMES)
def test_new_scoring_code_scores_the_stored_tables_again_by_itself(game, monkeypatch):
    """A release that fixes a game's scoring: the standings show the fixed figures at once,
    with no `check_results --fix` (the stored outcomes carry the scoring's version)."""
    table, hands = game_table(game)
    tournament = table.round.tournament
    accepted_hands(table, hands)
    before = follows(tournament)
    ruleset = type(tournament.ruleset)
    matched = ruleset.match_result

    def fixed(self, *args, **kwargs):  # the "fix": the first side's total is 7 more
        match = matched(self, *args, **kwargs)
        return dataclasses.replace(match, totals=(match.totals[0] + 7, *match.totals[1:]))

    def totals() -> list[int]:
        return json.loads(TableOutcome.objects.get(table=table).data)[TOTALS]

    stored = totals()
    monkeypatch.setattr(ruleset, "match_result", fixed)
    assert read(tournament) == before  # the same code version: the stored rows stand
    assert totals() == stored
    monkeypatch.setattr(ruleset, "scoring_version", property(lambda self: "the fixed code"))
    follows(tournament)  # read: derived by the new code, stored, and equal to a fresh one
    assert totals()[0] > stored[0]  # the fixed figures
    assert totals()[1:] == stored[1:]


def test_the_scoring_version_follows_the_code_of_the_game_and_of_the_shared_rules(tmp_path):
    from rules import ruleset as ruleset_module

    game = tmp_path / "game"
    game.mkdir()
    (game / "scoring.py").write_text("POINTS = 1\n")
    first = ruleset_module._code_digest.__wrapped__(game)
    assert ruleset_module._code_digest.__wrapped__(game) == first  # the same code, the same
    (game / "scoring.py").write_text("POINTS = 2\n")
    assert ruleset_module._code_digest.__wrapped__(game) != first
    versions = {r.slug: r.scoring_version for r in RULESETS.values()}
    assert len(set(versions.values())) == len(versions)  # each game its own
