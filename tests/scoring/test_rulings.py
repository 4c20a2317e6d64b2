"""Every 6 Card Kitty infraction through the director's table page, with its effect."""

import pytest
from django.test import Client

from draw.rounds import draw_next_round, publish
from leaderboard.board import standings_for
from scoring.models import Change, Hand, Ruling
from scoring.results import results_for
from tests.conftest import make_tournament
from tests.support.helpers import published_round, side_link, table_of

pytestmark = pytest.mark.django_db

# North-South bid 5 plain and take 12 books: made, North-South +6.
NS_FIVE = {"bidding_team": 0, "level": 5, "form": "plain", "direction": None, "books": 12}
NS_FIVE_NO = {**NS_FIVE, "form": "no", "direction": "uptown"}  # rule 27 is about "no" bids
NS, EW = 0, 1


def accepted_hand(table, number=1, record=NS_FIVE):
    return Hand.objects.create(
        table=table, number=number, nonce=f"h{number}", record=record, status=Hand.Status.ACCEPTED
    )


def table_url(tournament, table):
    return f"/t/{tournament.slug}/round/{table.round.number}/table/{table.number}/"


def rule(client, tournament, table, code, hand="", offender=None, choice="", amount=""):
    url = table_url(tournament, table) + "ruling/"
    data = {
        "code": code,
        "hand": hand,
        "offender": "" if offender is None else offender,
        "choice": choice,
        "amount": amount,
        "note": "",
    }
    preview = client.post(url, data)
    assert preview.status_code == 200, preview.content.decode()[:3000]
    shown = preview.context["ruling"][1]
    # The 5-minute rule before its minutes have passed: confirmed as early, as asked.
    early = {"early": "1"} if shown.early is not None else {}
    confirmed = client.post(url, {**data, "confirm": "1", **early})
    assert confirmed.status_code == 302, confirmed.content.decode()[:3000]
    return shown


def result(tournament, table):
    return results_for(tournament, tables=[table])[table.pk]


# (code, offender, choice) -> the first hand's points (North-South, East-West) afterwards;
# None means the hand is void and dealt again.
HAND_CASES = [
    ("exposed-card-10", NS, "", None),
    ("kitty-four-11", NS, "", None),
    ("wrong-dealer-12", NS, "", None),
    ("misdeal", NS, "", None),
    ("wrong-count-19", NS, "", None),
    ("exposed-card-18", EW, "redeal", None),
    ("exposed-card-18", EW, "continue", (6, 0)),
    ("said-trump-21", EW, "redeal", None),
    ("dragged-bid-22", EW, "continue", (6, 0)),
    ("out-of-turn-bid-24", NS, "redeal", None),
    ("not-progressive-23", NS, "", (6, 0)),
    ("dealer-must-bid-25", NS, "", (6, 0)),
    ("no-trump-named-26", NS, "award", (0, 5)),
    ("jokers-kept-27", NS, "award", (0, 5)),
    ("exposed-card-28", NS, "award", (0, 5)),
    ("exposed-card-28", NS, "play_on", (6, 0)),
    ("exposed-card-28", EW, "award", (5, 0)),
    ("book-not-closed-36", EW, "award", (5, 0)),
    ("short-cards", NS, "bidding", (0, 5)),
    ("short-cards", EW, "defending-take-bid", (5, 0)),
    ("short-cards", EW, "defending-play-on", (6, 0)),
    ("short-cards", NS, "both", None),
    ("renege", NS, "books", (0, 5)),  # 12 - 3 = 9 books: bid 5 missed
    ("renege", EW, "books", (7, 0)),  # 12 + 3, at most 13 books: a Boston
    ("renege", NS, "lose_hand", (0, 5)),
]


@pytest.mark.parametrize("code, offender, choice, points", HAND_CASES)
def test_a_hand_ruling_and_its_effect(director_client, kitty, code, offender, choice, points):
    table = table_of(published_round(kitty))
    hand = accepted_hand(table, record=NS_FIVE_NO if code == "jokers-kept-27" else NS_FIVE)
    assert result(kitty, table).match.totals == (6, 0)
    effect = rule(
        director_client, kitty, table, code, hand=hand.pk, offender=offender, choice=choice
    )
    infraction = kitty.ruleset.infraction(code)
    assert effect.effect.startswith("Rule")  # the preview names the rule it applies
    after = result(kitty, table)
    scored = after.hands[0].score
    if points is None:
        assert scored.void and after.match.totals == (0, 0)
        page = director_client.get(table_url(kitty, table))
        assert page.context["slot"] == (1, 2)  # the same hand, dealt again
        assert "Hand 1 (replay)" in page.content.decode()
    else:
        assert scored.points == points
    page = director_client.get(table_url(kitty, table)).content.decode()
    assert f"{infraction.cite}, {infraction.title}" in page
    assert Change.objects.filter(action__startswith="ruling").exists()


def test_rule_27_on_a_plain_bid_is_refused_by_the_field(director_client, kitty):
    table = table_of(published_round(kitty))
    hand = accepted_hand(table)  # 5 plain: no jokers to discard
    data = {"code": "jokers-kept-27", "hand": hand.pk, "offender": NS, "choice": "award"}
    page = director_client.post(table_url(kitty, table) + "ruling/", data)
    assert page.status_code == 400
    assert "Rule 27 is about a \u201cno\u201d bid" in page.content.decode()
    assert not Ruling.objects.exists() and result(kitty, table).match.totals == (6, 0)


def test_a_misdeal_before_any_hand_is_entered(director_client, kitty):
    table = table_of(published_round(kitty))
    rule(director_client, kitty, table, "misdeal", hand="next", offender=NS)
    voided = Hand.objects.get()
    assert voided.record is None and voided.number == 1
    page = director_client.get(table_url(kitty, table))
    assert page.context["slot"] == (1, 2)


def test_a_ruling_needing_the_hands_facts_is_refused_for_the_next_hand(director_client, kitty):
    table = table_of(published_round(kitty))
    url = table_url(kitty, table) + "ruling/"
    response = director_client.post(
        url, {"code": "exposed-card-28", "hand": "next", "offender": NS, "choice": "award"}
    )
    assert response.status_code == 400
    assert "enter the hand first" in response.content.decode()
    assert not Ruling.objects.exists() and not Hand.objects.exists()


def test_the_five_minute_rule_forfeits_the_round(director_client, kitty):
    round_ = published_round(kitty)
    table = table_of(round_)
    effect = rule(director_client, kitty, table, "7", offender=EW)
    assert "5 points" in effect.effect
    match = result(kitty, table).match
    assert match.complete and match.winner == NS and match.totals == (5, 0)
    rows, _ = standings_for(kitty)
    north_south = table.seats.get(position=NS).entrant_id
    row = next(r for r in rows if r.entrant == north_south)
    assert (row.wins, row.points) == (1, 5)


def test_a_team_leaving_forfeits_the_round_and_every_later_round(director_client, kitty):
    round_ = published_round(kitty, seed=4)
    table = table_of(round_)
    accepted_hand(table)  # North-South +6 before East-West leave
    leaver = table.seats.get(position=EW).entrant
    rule(director_client, kitty, table, "41", offender=EW)
    match = result(kitty, table).match
    assert match.complete and match.winner == NS and match.totals == (6, 0)
    leaver.refresh_from_db()
    assert leaver.left_in_round == 1
    for other in round_.tables.exclude(pk=table.pk):
        for number in range(1, 5):
            accepted_hand(other, number)
    second = draw_next_round(kitty, seed=4)
    publish(second)
    seat = second.tables.get(seats__entrant=leaver).seats.get(entrant=leaver)
    later = result(kitty, seat.table).match
    assert later.complete and later.winner == 1 - seat.position
    assert later.totals[1 - seat.position] == 5


def test_withdrawing_a_team_leaving_touches_only_its_own_forfeits(director_client, kitty):
    """Withdrawing a rule 41 ruling withdraws the forfeits it caused and nothing else,
    not even a rule 7 forfeit in another tournament with the same words in its note."""
    other = make_tournament(entrants=8, name="Saturday", slug="saturday")
    other_table = table_of(published_round(other))
    round_ = published_round(kitty, seed=4)
    table = table_of(round_)
    leaver = table.seats.get(position=EW).entrant
    left_note = f"Rule 41: {leaver.name} left in round 1."
    late = Ruling.objects.create(table=other_table, code="7", offender=NS, note=left_note)
    rule(director_client, kitty, table, "41", offender=EW)
    for other_table_ in round_.tables.exclude(pk=table.pk):
        for number in range(1, 5):
            accepted_hand(other_table_, number)
    publish(draw_next_round(kitty, seed=4))
    forfeit = Ruling.objects.get(caused_by__code="41")
    assert forfeit.code == "7" and forfeit.table.round.number == 2
    cause = Ruling.objects.get(code="41")
    url = table_url(kitty, table) + "withdraw-ruling/"
    director_client.post(url, {"ruling": cause.pk, "reason": "they came back"})
    forfeit.refresh_from_db()
    late.refresh_from_db()
    leaver.refresh_from_db()
    assert forfeit.withdrawn_at is not None and leaver.left_in_round is None
    assert late.withdrawn_at is None and result(other, other_table).match.forfeit


def test_withdrawing_a_ruling_restores_the_score(director_client, kitty):
    table = table_of(published_round(kitty))
    hand = accepted_hand(table)
    rule(director_client, kitty, table, "renege", hand=hand.pk, offender=NS, choice="books")
    assert result(kitty, table).match.totals == (0, 5)
    ruling = Ruling.objects.get()
    url = table_url(kitty, table) + "withdraw-ruling/"
    response = director_client.post(url, {"ruling": ruling.pk, "reason": ""})
    assert response.status_code == 400 and "Give the reason" in response.content.decode()
    director_client.post(url, {"ruling": ruling.pk, "reason": "the card was played in time"})
    assert result(kitty, table).match.totals == (6, 0)
    assert Change.objects.filter(action__startswith="ruling withdrawn").get().reason


def test_a_renege_found_after_signing_is_ruled_and_signed_again(director_client, kitty):
    round_ = published_round(kitty)
    table = table_of(round_)
    for number in range(1, 5):
        accepted_hand(table, number)
    ns = table.seats.get(position=NS).entrant
    ew = table.seats.get(position=EW).entrant
    ns_url, ew_url = side_link(table, NS), side_link(table, EW)
    scorer = Client()
    scorer.post(ns_url + "sign/", {"player": ns.player1, "typed": ns.player1})
    scorer.post(ew_url + "sign/", {"player": ew.player1, "typed": ew.player1})
    assert result(kitty, table).final
    first = Hand.objects.get(table=table, number=1)

    url = table_url(kitty, table)
    refused = director_client.post(
        url + "ruling/", {"code": "renege", "hand": first.pk, "offender": NS, "choice": "books"}
    )
    assert refused.status_code == 409 and "reopen it" in refused.content.decode()
    director_client.post(url + "reopen/", {"reason": "East-West found a renege in hand 1"})
    rule(director_client, kitty, table, "renege", hand=first.pk, offender=NS, choice="books")
    assert result(kitty, table).match.totals == (18, 5)
    # Both sides' links say what the director changed after they signed, and why.
    for url in (ns_url, ew_url):
        changed = scorer.get(url).context["after_signing"]
        assert changed[0].reason == "East-West found a renege in hand 1"
        assert any(c.action.startswith("ruling") for c in changed)
    scorer.post(ns_url + "sign/", {"player": ns.player2, "typed": ns.player2})
    scorer.post(ew_url + "sign/", {"player": ew.player2, "typed": ew.player2})
    assert result(kitty, table).final
    actions = list(Change.objects.filter(table=table).values_list("action", flat=True))
    reopened = actions.index("reopened")
    assert [a for a in actions[reopened:] if a.startswith("ruling")], actions
    rows, _ = standings_for(kitty, only_signed=True)
    row = next(r for r in rows if r.entrant == ns.pk)
    assert row.points == 18
