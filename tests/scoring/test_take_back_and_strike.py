"""A hand that does not belong on the sheet (entered at the wrong table, or by mistake):
the side that entered it takes it back while no other side has accepted it; a director
strikes any hand, with a reason. Either way the hand is kept with the facts and the
history says so, and nothing derived counts it: the sheet (page and paper), the totals,
the standings. Through the web, as the players and the director do it, in every game."""

from __future__ import annotations

import html
import io
import json
import re

import pytest
from django.core.management import call_command
from django.test import Client
from pypdf import PdfReader

from backup.exporting import export_json, export_tournament
from backup.importing import BackupError, import_json
from leaderboard.board import standings_for
from scoring import entry, outcomes
from scoring.models import Change, Hand, TableOutcome
from scoring.results import results_for
from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.helpers import (
    FINISHING,
    accept_pending,
    accepted_hands,
    as_record,
    enter,
    page_form_values,
    published_round,
    side_link,
    sign_every_side,
    table_of,
)

pytestmark = pytest.mark.django_db

WRONG_TABLE = "Entered at the wrong table: table 4's hand"


def hand_for(game: str, number: int) -> dict[str, str]:
    """A hand each game's form takes as hand `number`, each scoring differently from the
    one before (so a hand taken off shows in the totals); none ends the round."""
    return {
        "columbus-6-card-kitty": {
            "bidding_team": str(number % 2),
            "level": "5",
            "form": "plain",
            "books": "12",
        },
        "three-legged-kitty": {
            "cat": str(number % 3),
            "number": "7",
            "contract": "hearts",
            "tricks": "8",
        },
        "ascot": {"bid": "60", "game": "suit", "card_points": "70", "declarer": str(number % 4)},
        "cutthroat-pinochle": {
            "bidder": str(number % 3),
            "bid": "25",
            "trump": "hearts",
            "meld": "30",
            "counters": "20",
            "took_trick": "on",
        },
    }[game]


def night(game: str, **options):
    tournament = make_tournament(game, entrants=ONE_TABLE[game], published=True, options=options)
    return table_of(published_round(tournament))


def result_of(table):
    return results_for(table.round.tournament, tables=[table])[table.pk]


def director_url(table) -> str:
    return f"/t/{table.round.tournament.slug}/round/{table.round.number}/table/{table.number}/"


def take_back_form(page) -> dict[str, str]:
    pending = page.context["pending"]
    return {"hand": str(pending.hand.pk), "version": str(pending.hand.version)}


def shown(response) -> str:
    """The page's text as read: blanks as one space, entities as their characters."""
    return html.unescape(" ".join(response.content.decode().split()))


def expected_match(table, numbers: list[int]):
    """The round as the ruleset scores these hands alone, straight from their records
    (not through scoring.results, which is what is checked)."""
    tournament = table.round.tournament
    ruleset, options = tournament.ruleset, tournament.game_options
    result = result_of(table)
    scores = []
    on_sheet = {"struck_at": None, "taken_back_at": None}
    for hand in Hand.objects.filter(table=table, number__in=numbers, **on_sheet):
        record = ruleset.parse_hand(hand.record, result.size, options, hand.number)
        scores.append(
            ruleset.score_hand(record, result.size, options, (), hand.number, result.names)
        )
    return ruleset.match_result(scores, result.size, options, [], result.names)


# --- taking back -------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_entering_side_takes_back_a_hand_not_yet_accepted(client, game):
    table = night(game)
    assert enter(client, table, hand_for(game, 1), side=0).status_code == 302
    hand = Hand.objects.get(table=table)

    # The other side checks it: it may dispute it, never take it back.
    theirs = client.get(side_link(table, 1))
    assert theirs.context["take_back"] is False and "/take-back/" not in shown(theirs)
    refused = client.post(side_link(table, 1) + "take-back/", take_back_form(theirs))
    assert refused.status_code == 403
    assert "Only the side that entered Hand 1 can take it back" in shown(refused)
    assert Hand.objects.get(pk=hand.pk).on_sheet

    mine = client.get(side_link(table, 0))
    assert mine.context["take_back"] is True and "Take back hand 1" in shown(mine)
    response = client.post(side_link(table, 0) + "take-back/", take_back_form(mine))
    assert response.status_code == 302
    hand.refresh_from_db()
    assert hand.taken_back_at is not None and hand.record is not None  # kept, off the sheet
    result = result_of(table)
    assert result.pending == [] and result.hands == [] and result.removed == [hand]
    page = client.get(side_link(table, 1))
    assert page.context["pending"] is None and page.context["slot"] == (1, 1)
    assert "check and accept" not in shown(page)
    said = Change.objects.get(table=table, action="took back")
    assert said.hand == hand and said.before == hand.record
    assert said.actor.endswith("(own link)") and said.actor in shown(page)
    assert "took back Hand 1" in shown(page)
    # A second tap of the same button changes nothing.
    assert client.post(side_link(table, 0) + "take-back/", take_back_form(mine)).status_code == 302
    assert Change.objects.filter(table=table, action="took back").count() == 1

    # It never counted: the hand that really comes first is hand 1 again.
    assert enter(client, table, hand_for(game, 1), side=0).status_code == 302
    assert accept_pending(client, table, side=1).status_code == 302
    result = result_of(table)
    assert [(h.hand.number, h.hand.attempt) for h in result.hands] == [(1, 1)]
    assert result.hands[0].hand.pk != hand.pk
    assert result.match.totals == expected_match(table, [1]).totals
    assert Hand.objects.filter(table=table).count() == 2


def test_a_hand_taken_back_is_never_stored_again_by_its_form_sent_again(client):
    """The phone sends a hand again, with the same one-time key, when it did not hear the
    answer. Sent after the hand was taken back, it is refused in words (410: the phone
    drops it and says why), never stored again in the number now due."""
    table = night("columbus-6-card-kitty")
    url = side_link(table, 0)
    form = {**page_form_values(client.get(url)), **hand_for("columbus-6-card-kitty", 1)}
    assert client.post(url + "enter/", form).status_code == 302
    assert client.post(url + "enter/", form).status_code == 302  # a retry: the same hand
    assert Hand.objects.filter(table=table).count() == 1
    client.post(url + "take-back/", take_back_form(client.get(url)))

    again = client.post(url + "enter/", form)
    assert again.status_code == 410
    assert "Hand 1 was taken back by North-South: it was not stored again" in shown(again)
    assert Hand.objects.filter(table=table).count() == 1
    assert result_of(table).pending == [] and client.get(url).context["slot"] == (1, 1)

    # Entered afresh (a new form), then the old form once more: still refused.
    assert enter(client, table, hand_for("columbus-6-card-kitty", 1), side=0).status_code == 302
    assert client.post(url + "enter/", form).status_code == 410
    [waiting] = result_of(table).pending
    assert waiting.nonce != form["nonce"] and Hand.objects.filter(table=table).count() == 2


def test_an_accepted_hand_is_not_taken_back(client):
    table = night("cutthroat-pinochle")
    enter(client, table, hand_for("cutthroat-pinochle", 1), side=0)
    before = client.get(side_link(table, 0))  # the Take back button, before the accept
    assert accept_pending(client, table, side=1).status_code == 302
    page = client.get(side_link(table, 0))
    assert page.context["take_back"] is False and "/take-back/" not in shown(page)
    refused = client.post(side_link(table, 0) + "take-back/", take_back_form(before))
    assert refused.status_code == 409
    assert "Hand 1 has been accepted and counts: only the director can strike it now" in shown(
        refused
    )
    assert [h.hand.on_sheet for h in result_of(table).hands] == [True]


def test_a_take_back_and_an_accept_at_the_same_moment_one_wins(client):
    """Both phones show the waiting hand; each taps. Whichever the table's lock lets in
    first wins, and the other is told what happened (409) and changes nothing."""
    table = night("columbus-6-card-kitty")
    enter(client, table, hand_for("columbus-6-card-kitty", 1), side=0)
    entering, checking = client.get(side_link(table, 0)), client.get(side_link(table, 1))
    accept = {**take_back_form(checking), "side": "1"}
    assert client.post(side_link(table, 0) + "take-back/", take_back_form(entering)).status_code
    late = client.post(side_link(table, 1) + "accept/", accept)
    assert late.status_code == 409
    assert "Hand 1 was taken back by North-South: it is no longer on the sheet" in shown(late)
    assert result_of(table).hands == [] and not Change.objects.filter(action="accepted").exists()

    # The other way round: the accept first, then the take-back, refused.
    enter(client, table, hand_for("columbus-6-card-kitty", 1), side=0)
    entering, checking = client.get(side_link(table, 0)), client.get(side_link(table, 1))
    accept = {**take_back_form(checking), "side": "1"}
    assert client.post(side_link(table, 1) + "accept/", accept).status_code == 302
    late = client.post(side_link(table, 0) + "take-back/", take_back_form(entering))
    assert late.status_code == 409 and "has been accepted and counts" in shown(late)
    assert [h.hand.number for h in result_of(table).hands] == [1]


def test_a_director_strikes_rather_than_takes_back(director_client):
    table = night("three-legged-kitty")
    enter(director_client, director_url(table), hand_for("three-legged-kitty", 1), side=0)
    hand = Hand.objects.get(table=table)
    assert hand.entered_by == 0  # the director entered it for a side: it counts at once
    form = {"hand": str(hand.pk), "version": str(hand.version)}
    assert director_client.post(director_url(table) + "take-back/", form).status_code == 404
    with pytest.raises(entry.EntryError, match="a director strikes a hand"):
        entry.take_back(table, hand.pk, actor=entry.Actor(user=object()), version=hand.version)


# --- striking ----------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_the_director_strikes_a_hand_with_a_reason(director_client, game):
    table = night(game)
    tournament = table.round.tournament
    accepted_hands(table, [hand_for(game, n) for n in (1, 2, 3)])
    url = director_url(table)
    before = result_of(table)
    assert before.match.totals == expected_match(table, [1, 2, 3]).totals
    page = director_client.get(url)
    assert [r.label for r in page.context["strike_rows"]] == ["Hand 1", "Hand 2", "Hand 3"]
    second = Hand.objects.get(table=table, number=2)
    history = Change.objects.filter(table=table).count()

    # No reason: refused by the field, nothing changed.
    blank = director_client.post(url + "strike/", {"hand": second.pk, "reason": "   "})
    assert blank.status_code == 400
    assert blank.context["strike_form"].errors["reason"] == [
        "Give the reason for striking the hand."
    ]
    assert Hand.objects.get(pk=second.pk).on_sheet
    assert Change.objects.filter(table=table).count() == history

    response = director_client.post(url + "strike/", {"hand": second.pk, "reason": WRONG_TABLE})
    assert response.status_code == 302
    second.refresh_from_db()
    assert second.struck_at is not None and second.struck_reason == WRONG_TABLE
    assert second.struck_by == "Director td" and second.status == Hand.Status.ACCEPTED

    # The sheet, the totals and the stored outcome count hands 1 and 3 only; the others
    # keep the numbers they were checked under.
    result = result_of(table)
    expected = expected_match(table, [1, 3])
    assert [h.hand.number for h in result.hands] == [1, 3]
    assert result.match.totals == expected.totals != before.match.totals
    assert entry.next_slot(result) == (4, 1)
    stored = json.loads(TableOutcome.objects.get(table=table).data)
    assert stored[outcomes.FIELDS.index("totals")] == list(expected.totals)
    for link in (url, side_link(table, 0)):
        page = director_client.get(link)
        assert [r.label for r in page.context["sheet"].rows] == ["Hand 1", "Hand 3"]
        assert f"struck Hand 2 — “{WRONG_TABLE}”" in shown(page)
    said = Change.objects.get(table=table, action="struck")
    assert said.reason == WRONG_TABLE and said.before == second.record

    # The paper: hands 1 and 3, then the blank rows from 4; the totals as above.
    pdf = director_client.get(url + "sheet.pdf")
    assert pdf.status_code == 200
    played, blanks, totals = printed_rows(pdf.content)
    assert played == ["1", "3"]
    assert "2" not in blanks and len(set(played + blanks)) == len(played + blanks)
    # Each side's total, in order, on the Total line (which may print more: a kitty's).
    n = len(expected.totals)
    assert list(expected.totals) in [totals[i : i + n] for i in range(len(totals))], totals

    # The standings: as a fresh computation from the facts, and so after rescoring all.
    rows, _ = standings_for(tournament, include_incomplete=True)
    standing = [(r.entrant, r.rank, r.points, r.wins, r.played) for r in rows]
    assert outcomes.verify(tournament) == []
    TableOutcome.objects.all().delete()
    assert standings_now(tournament) == standing
    call_command("check_results", "--fix")
    call_command("check_results")  # no difference left: no error
    assert standings_now(tournament) == standing


def standings_now(tournament):
    rows, _ = standings_for(tournament, include_incomplete=True)
    return [(r.entrant, r.rank, r.points, r.wins, r.played) for r in rows]


def printed_rows(pdf: bytes) -> tuple[list[str], list[str], list[int]]:
    """The printed sheet's hand rows: the labels of the rows with a hand on them, the
    labels of the blank rows to fill in, and the figures of the totals line."""
    [page] = PdfReader(io.BytesIO(pdf)).pages
    lines = page.extract_text(extraction_mode="layout").splitlines()
    start = next(i for i, line in enumerate(lines) if "Dealer" in line)
    end = next(i for i in range(start, len(lines)) if lines[i].strip().startswith("Total"))
    played, blanks = [], []
    for line in lines[start + 1 : end]:
        if found := re.match(r"\s*(\d+)\*?\s+[^\W\d]", line):
            played.append(found.group(1))
        elif found := re.match(r"\s*(\d+)\s*$", line):
            blanks.append(found.group(1))
    return played, blanks, [int(n) for n in re.findall(r"-?\d+", lines[end])]


def test_a_hand_waiting_or_the_last_one_struck_leaves_its_number_due_again(director_client):
    game = "columbus-6-card-kitty"
    table = night(game)
    url = director_url(table)
    accepted_hands(table, [hand_for(game, n) for n in (1, 2)])
    last = Hand.objects.get(table=table, number=2)
    assert director_client.post(url + "strike/", {"hand": last.pk, "reason": "x"}).status_code
    assert entry.next_slot(result_of(table)) == (2, 1)
    # One waiting to be accepted may be struck too.
    client = Client()
    enter(client, table, hand_for(game, 2), side=1)
    [waiting] = result_of(table).pending
    response = director_client.post(url + "strike/", {"hand": waiting.pk, "reason": "typo"})
    assert response.status_code == 302
    result = result_of(table)
    assert result.pending == [] and entry.next_slot(result) == (2, 1)
    assert enter(client, table, hand_for(game, 2), side=0).status_code == 302
    assert [h.number for h in result_of(table).pending] == [2]
    # The waiting hand's other side, whose page still showed it, is told what happened.
    stale = client.post(side_link(table, 0) + "accept/", {"hand": waiting.pk, "version": 1})
    assert stale.status_code == 409 and "Hand 2 was struck by the director" in shown(stale)


def test_only_a_director_strikes_a_hand(client, player_client):
    table = night("ascot")
    accepted_hands(table, [hand_for("ascot", 1)])
    hand = Hand.objects.get(table=table)
    strike = {"hand": hand.pk, "reason": "not ours"}
    assert client.post(side_link(table, 0) + "strike/", strike).status_code == 404
    assert player_client.post(director_url(table) + "strike/", strike).status_code == 403
    with pytest.raises(entry.EntryError, match="Only a director strikes") as refused:
        entry.strike_hand(table, hand.pk, actor=entry.Actor(side=1), reason="not ours")
    assert refused.value.status == 403
    assert "/strike/" not in shown(Client().get(side_link(table, 1)))
    assert Hand.objects.get(pk=hand.pk).on_sheet


def test_a_signed_sheet_is_reopened_before_a_hand_is_struck(director_client, director):
    game = "columbus-6-card-kitty"
    options, hands = FINISHING[game]
    table = night(game, **options)
    accepted_hands(table, hands)
    sign_every_side(table)
    url = director_url(table)
    hand = Hand.objects.get(table=table)
    page = director_client.get(url)
    assert page.context["strike_form"] is None and "/strike/" not in shown(page)
    refused = director_client.post(url + "strike/", {"hand": hand.pk, "reason": WRONG_TABLE})
    assert refused.status_code == 409 and "reopen it (with a reason)" in shown(refused)
    assert Hand.objects.get(pk=hand.pk).on_sheet and result_of(table).final

    director_client.post(url + "reopen/", {"reason": "A hand of table 4 on this sheet"})
    assert director_client.post(url + "strike/", {"hand": hand.pk, "reason": WRONG_TABLE})
    result = result_of(table)
    assert result.hands == [] and not result.match.complete and not result.final
    assert entry.next_slot(result) == (1, 1)
    actions = list(Change.objects.filter(table=table).values_list("action", flat=True))
    assert actions[-2:] == ["reopened", "struck"]
    # Both sides' pages list it among the changes made after signing.
    assert f"struck Hand 1 — “{WRONG_TABLE}”" in shown(Client().get(side_link(table, 1)))


# --- a backup ----------------------------------------------------------------------------


@pytest.mark.parametrize("game", GAMES)
def test_a_backup_keeps_the_hands_taken_back_and_struck(director, game):
    table = night(game)
    tournament = table.round.tournament
    [_, second, _] = accepted_hands(table, [hand_for(game, n) for n in (1, 2, 3)])
    director_actor = entry.Actor(user=director, label="Director td")
    entry.strike_hand(table, second.pk, actor=director_actor, reason=WRONG_TABLE)
    waiting = entry.enter_hand(
        table,
        as_record(table, hand_for(game, 4)),
        actor=entry.Actor(side=1),
        nonce="wrong",
        slot=(4, 1),
    )
    entry.take_back(table, waiting.pk, actor=entry.Actor(side=1), version=waiting.version)
    before = result_of(table)
    standing = standings_by_name(tournament)

    data = export_tournament(tournament)
    assert data["version"] == 2  # a Kitty TD reading only version 1 would count them
    tournament.delete()
    restored = import_json(json.dumps(data))
    table = table_of(restored.round_set.get())
    kept = {(h.number, h.on_sheet): h for h in Hand.objects.filter(table=table)}
    assert set(kept) == {(1, True), (2, False), (3, True), (4, False)}
    struck, taken_back = kept[2, False], kept[4, False]
    assert struck.struck_reason == WRONG_TABLE and struck.struck_by == "Director td"
    assert struck.struck_at is not None and taken_back.taken_back_at is not None
    result = result_of(table)
    assert [h.hand.number for h in result.hands] == [1, 3] and result.pending == []
    assert result.match.totals == before.match.totals
    assert entry.next_slot(result) == (4, 1)
    assert standings_by_name(restored) == standing
    assert Change.objects.get(table=table, action="struck").reason == WRONG_TABLE
    assert Change.objects.get(table=table, action="took back").hand == taken_back


def standings_by_name(tournament) -> list[tuple]:
    names = {e.pk: e.name for e in tournament.entrants.all()}
    return [(names[row[0]], *row[1:]) for row in standings_now(tournament)]


def test_a_night_with_every_hand_on_its_sheet_is_still_a_version_1_file(kitty):
    table = table_of(published_round(kitty))
    accepted_hands(table, [hand_for("columbus-6-card-kitty", 1)])
    assert json.loads(export_json(kitty))["version"] == 1


def test_a_file_with_a_hand_taken_back_after_it_was_accepted_is_refused(director):
    table = night("three-legged-kitty")
    tournament = table.round.tournament
    accepted_hands(table, [hand_for("three-legged-kitty", 1)])
    data = export_tournament(tournament)
    data["tournament"]["slug"] = "copy"
    hand = data["rounds"][0]["tables"][0]["hands"][0]
    hand["taken_back_at"] = hand["created"]
    with pytest.raises(BackupError, match="hands\\[0\\]: taken_back_at: only a side's own hand"):
        import_json(json.dumps(data))
    hand["taken_back_at"], hand["struck_at"] = None, hand["created"]
    with pytest.raises(BackupError, match="a struck hand keeps the reason"):
        import_json(json.dumps(data))


@pytest.mark.parametrize("game", GAMES)
def test_a_struck_hand_is_in_no_player_statistics(director, game):
    """The statistics read the signed tables' hands through the same results: a struck
    hand is not among a player's hands played."""
    from season.statistics.load import load
    from tournament.linking import link_entrants

    options, hands = FINISHING[game]
    table = night(game, **options)
    tournament = table.round.tournament
    link_entrants(tournament, tournament.entrants.all())
    wrong = entry.enter_hand(
        table,
        as_record(table, hand_for(game, 1)),
        actor=entry.Actor(user=director),
        nonce="wrong",
        slot=(1, 1),
    )
    entry.strike_hand(table, wrong.pk, actor=entry.Actor(user=director), reason=WRONG_TABLE)
    accepted_hands(table, [hand_for(game, n) for n in range(1, len(hands) + 1)])
    sign_every_side(table)
    players = [e.member1_id for e in tournament.entrants.all()]
    [seen] = load(tournament.club, players)[game].tables
    assert len(seen.hands) == len(hands) == len(result_of(table).hands)
    assert wrong.pk not in {h.hand.pk for h in result_of(table).hands}


def test_a_hand_struck_outside_the_app_drops_its_stored_outcome(director):
    """A script or the admin marking a hand struck: the table's stored outcome goes with
    it and is derived again when read (scoring.outcomes), as for any other fact."""
    table = night("columbus-6-card-kitty")
    accepted_hands(table, [hand_for("columbus-6-card-kitty", n) for n in (1, 2)])
    assert TableOutcome.objects.filter(table=table).exists()
    hand = Hand.objects.get(table=table, number=1)
    hand.struck_at, hand.struck_reason = hand.updated, "by a script"
    hand.save()
    assert not TableOutcome.objects.filter(table=table).exists()
    rows, _ = standings_for(table.round.tournament, include_incomplete=True)
    assert sorted(r.points for r in rows) == sorted(expected_match(table, [2]).totals)
