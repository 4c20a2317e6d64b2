"""Ascot: the text's 175 maximum and -480 loss, Contra and Redouble, penalties, Ramsch."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import InvalidHand, InvalidRuling, Ruling, get_ruleset
from rules.ascot import AscotHand

ASCOT = get_ruleset("ascot")


def game(declarer=1, bid=60, kind="suit", points=70, **more):
    if kind == "null":
        return AscotHand(False, declarer, bid, "null", tricks=points, **more)
    return AscotHand(False, declarer, bid, kind, card_points=points, **more)


def score(record, size=3, rulings=(), **options):
    return ASCOT.score_hand(record, size, options, rulings)


def test_the_maximum_is_175():
    result = score(game(bid=175, kind="grand", points=120, kitty_free=True))
    assert result.points == (0, 175, 0) and result.made


def test_a_redoubled_loss_is_minus_480():
    record = game(bid=100, points=70, contra=True, redouble=True)
    assert score(record).points == (0, -480, 0)


def test_bonuses_count_only_from_60_card_points():
    assert score(game(bid=95, kind="grand", points=60)).points[1] == 100
    assert score(game(bid=60, kind="grand", points=59)).points[1] == -120
    assert score(game(bid=75, kind="notrump", points=60, kitty_free=True)).points[1] == 75
    assert score(game(bid=60, kind="notrump", points=80)).points[1] == 80


def test_null():
    assert score(game(kind="null", points=0)).points[1] == 75
    assert score(game(kind="null", points=1)).points[1] == -120


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"bid": "55"}, "bid"),
        ({"bid": "62"}, "bid"),
        ({"contra": "on", "bid": "60"}, "contra"),
        ({"contra": "on", "game": "null", "tricks": "0"}, "contra"),
        ({"redouble": "on"}, "redouble"),
        ({"card_points": "121"}, "card_points"),
        ({"kitty_free": "on", "game": "null", "tricks": "0"}, "kitty_free"),
        ({"game": "null", "tricks": ""}, "tricks"),
    ],
)
def test_form_mistakes(change, field):
    data = {"declarer": "0", "bid": "70", "game": "suit", "card_points": "80", **change}
    with pytest.raises(InvalidHand) as invalid:
        ASCOT.parse_hand(data, 3, {})
    assert field in invalid.value.errors


def test_ramsch_option_raises_the_minimums():
    with pytest.raises(InvalidHand):
        ASCOT.parse_hand(
            {"declarer": "0", "bid": "70", "game": "suit", "card_points": "80"}, 3, {"ramsch": True}
        )
    with pytest.raises(InvalidHand) as invalid:
        ASCOT.parse_hand(
            {"declarer": "0", "bid": "75", "game": "suit", "card_points": "80", "contra": "on"},
            3,
            {"ramsch": True},
        )
    assert "80" in invalid.value.errors["contra"]


def test_ramsch_subtracts_from_the_highest():
    options = {"ramsch": True}
    record = ASCOT.parse_hand(
        {"passed_out": "on", "ramsch_0": "50", "ramsch_1": "50", "ramsch_2": "20"}, 3, options
    )
    assert score(record, **options).points == (-50, -50, 0)
    passed = ASCOT.parse_hand({"passed_out": "on"}, 3, {})
    assert score(passed).points == (0, 0, 0)


def test_the_dealer_sits_out_at_four():
    assert ASCOT.hands_in_round(4, {}) == 12 and ASCOT.hands_in_round(3, {"deals": 10}) == 12
    assert ASCOT.sits_out(2, 4) == 1 and ASCOT.sits_out(2, 3) is None
    played = {"declarer": "2", "bid": "60", "game": "suit", "card_points": "61"}
    record = ASCOT.parse_hand(played, 4, {}, number=1)  # hand 1: seat 0 deals, sits out
    assert record.dealer == 0
    assert ASCOT.score_hand(record, 4, {}, number=1).points == (0, 0, 61, 0)
    with pytest.raises(InvalidHand) as invalid:
        ASCOT.parse_hand(played, 4, {}, number=3)  # hand 3: seat 2 deals
    assert "dealer" in invalid.value.errors["declarer"]


def test_the_dealer_takes_no_ramsch_points_and_no_penalty():
    ramsch = {"passed_out": "on", "ramsch_0": "40", "ramsch_1": "30", "ramsch_2": "50"}
    with pytest.raises(InvalidHand) as invalid:
        ASCOT.parse_hand({**ramsch, "ramsch_3": "0"}, 4, {"ramsch": True}, number=2)
    assert "dealer" in invalid.value.errors["ramsch_1"]
    record = ASCOT.parse_hand({**ramsch, "ramsch_1": "", "ramsch_3": "30"}, 4, {"ramsch": True}, 2)
    assert ASCOT.score_hand(record, 4, {"ramsch": True}, number=2).points == (0, 0, -50, 0)
    played = ASCOT.parse_hand(
        {"declarer": "0", "bid": "60", "game": "suit", "card_points": "61"}, 4, {}, number=2
    )
    for code in ("out-of-turn-call", "revoke"):
        with pytest.raises(InvalidRuling) as refused:
            ASCOT.score_hand(played, 4, {}, [Ruling(code, offender=1)], number=2)
        assert "sits out" in refused.value.errors["offender"]
        with pytest.raises(InvalidRuling):
            ASCOT.describe_ruling(Ruling(code, offender=1), played, 4, {}, number=2)


def test_the_form_leaves_the_dealer_out_of_the_players():
    fields = {f.name: f for f in ASCOT.hand_fields(4, {"ramsch": True}, ["A", "B", "C", "D"], 3)}
    assert [label for _, label in fields["declarer"].choices] == ["A", "B", "D"]
    assert "ramsch_2" not in fields and "dealer" not in fields
    assert {"ramsch_0", "ramsch_1", "ramsch_3"} <= set(fields)


def test_a_bid_is_at_most_175():
    played = {"declarer": "1", "game": "grand", "card_points": "120", "kitty_free": "on"}
    assert ASCOT.parse_hand({**played, "bid": "175"}, 3, {}).bid == 175
    for junk in ("180", "999999999995"):
        with pytest.raises(InvalidHand) as invalid:
            ASCOT.parse_hand({**played, "bid": junk}, 3, {})
        assert "175" in invalid.value.errors["bid"]


def test_names_replace_seats_in_the_words():
    record = game(declarer=2, bid=60, points=70)
    text = ASCOT.score_hand(record, 3, {}, names=["Ann", "Bob", "Cy"]).explanation
    assert text.startswith("Cy suit bid 60") and "Seat" not in text


def test_seeger_fabian():
    lost = game(bid=100, points=70)
    assert score(lost, seeger_fabian=True).points == (40, -170, 40)
    assert score(lost, size=4, seeger_fabian=True).points == (30, -170, 30, 30)
    assert score(game(bid=60, points=70), seeger_fabian=True).points == (0, 120, 0)


def test_bid_or_pass_out_of_turn_costs_ten_not_multiplied():
    record = game(bid=70, points=80, contra=True)
    result = score(record, rulings=[Ruling("out-of-turn-call", offender=1)])
    assert result.points == (0, 150, 0)
    result = score(record, rulings=[Ruling("out-of-turn-call", offender=0)])
    assert result.points == (-10, 160, 0)
    assert score(AscotHand(True), rulings=[Ruling("out-of-turn-call", 2)]).points == (0, 0, -10)


def test_an_opponents_exposure_moves_20_card_points_to_the_declarer():
    record = game(bid=70, kind="grand", points=50)  # 50: no bonus, lost
    result = score(record, rulings=[Ruling("exposed-card", offender=0)])
    assert result.points == (0, 110, 0)  # 70 card points + Grand 40
    with pytest.raises(InvalidRuling):
        score(record, rulings=[Ruling("exposed-card", offender=1)])  # the declarer: no penalty


def test_a_revoke_moves_20_card_points_from_the_offender():
    record = game(bid=60, kind="grand", points=70)
    assert score(record, rulings=[Ruling("revoke", offender=1)]).points[1] == -120
    assert score(game(points=10), rulings=[Ruling("revoke", offender=1)]).points[1] == -120
    assert score(game(points=110), rulings=[Ruling("revoke", offender=2)]).points[1] == 120


def test_in_null_an_exposure_or_revoke_loses_the_hand_for_the_offender():
    won_anyway = game(kind="null", points=3)
    assert score(won_anyway, rulings=[Ruling("null-exposure", offender=0)]).points[1] == 75
    assert score(won_anyway, rulings=[Ruling("exposed-card", offender=2)]).points[1] == 75
    clean = game(kind="null", points=0)
    assert score(clean, rulings=[Ruling("revoke", offender=1)]).points[1] == -120
    with pytest.raises(InvalidRuling):
        score(game(), rulings=[Ruling("null-exposure", offender=0)])
    assert "75" in ASCOT.describe_ruling(Ruling("null-exposure", 0), won_anyway, 3, {})


def test_deals_make_the_round():
    deals = [score(game(bid=60, points=70))] * 11
    assert not ASCOT.match_result(deals, 3, {}).complete
    result = ASCOT.match_result([*deals, score(game(declarer=0, points=61))], 3, {})
    assert result.complete and result.winner == 1 and result.totals == (61, 770, 0)


contract_games = st.builds(
    game,
    declarer=st.integers(0, 2),
    bid=st.integers(13, 35).map(lambda n: n * 5),
    kind=st.sampled_from(["suit", "grand", "notrump"]),
    points=st.integers(0, 120),
    kitty_free=st.booleans(),
)


@settings(max_examples=120, deadline=None)
@given(contract_games)
def test_contra_doubles_and_redouble_quadruples(record):
    plain = score(record).points
    contra = score(AscotHand(**{**record.__dict__, "contra": True})).points
    redouble = score(AscotHand(**{**record.__dict__, "contra": True, "redouble": True})).points
    assert contra == tuple(2 * p for p in plain)
    assert redouble == tuple(4 * p for p in plain)
    assert all(type(p) is int for p in redouble)
    assert -120 <= plain[record.declarer] <= 175


NAMES = ["Ann", "Bob", "Cy"]


def test_seeger_fabian_is_kept_apart_from_the_game_score():
    """Seeger-Fabian (rules-decisions), never multiplied: a lost game is -120 to the
    declarer, and -50 more; +40 to each opponent. The part is kept as the hand's bonus."""
    result = score(game(bid=100, points=70), seeger_fabian=True)
    assert result.points == (40, -170, 40) and result.bonus == (40, -50, 40)
    assert result.declarer == 1 and result.made is False


def test_a_penalty_at_four_falls_on_a_player_who_played():
    """For four players the dealer sits out (hand 2: the second seat). A bid out of turn by
    the third seat costs it 10, not multiplied (Irregularities); the declarer's 61 stands."""
    played = {"declarer": "0", "bid": "60", "game": "suit", "card_points": "61"}
    record = ASCOT.parse_hand(played, 4, {}, number=2)
    result = ASCOT.score_hand(record, 4, {}, [Ruling("out-of-turn-call", offender=2)], number=2)
    assert result.points == (61, 0, -10, 0)


def test_a_revoke_leaves_no_fewer_than_no_card_points():
    """Revoke: 20 card points move from the declarer's 10: 0, never fewer (rules-decisions);
    lost, -120."""
    result = score(game(bid=60, points=10), rulings=[Ruling("revoke", offender=1)])
    assert result.points[1] == -120
    assert "0 card points + 0 = 0, lost" in result.explanation


def test_without_the_ramsch_option_a_passed_out_deal_scores_nothing():
    """Ramsch is optional: without it three passes score nothing, whatever was counted."""
    assert score(AscotHand(True, ramsch=(50, 50, 20))).points == (0, 0, 0)


def test_the_rounds_lines_and_rows_as_the_sheet_prints_them():
    """The round is the set number of deals (3 here); each score is the sum of the deals."""
    made = [score(game(declarer=seat, bid=60, points=70)) for seat in range(3)]
    options = {"deals": 3}
    partial = ASCOT.match_result(made[:2], 3, options, names=NAMES)
    assert partial.complete is False and partial.hands_played == 2
    assert partial.explanation == "2 of 3 deals played: Ann 70, Bob 70, Cy 0."
    assert [row.running for row in partial.tally] == [(70, 0, 0), (70, 70, 0)]
    won = ASCOT.match_result([made[0], made[0], made[1]], 3, options, names=NAMES)
    assert won.complete and won.winner == 0 and won.hands_played == 3
    assert won.explanation == "Ann wins after 3 deals: Ann 140, Bob 70, Cy 0."
    assert [row.running for row in won.tally] == [(70, 0, 0), (140, 0, 0), (140, 70, 0)]
    tied = ASCOT.match_result(made, 3, options, names=NAMES)
    assert tied.complete and tied.winner is None
    assert tied.explanation == "Tied for the highest after 3 deals: Ann 70, Bob 70, Cy 70."


def test_a_rulings_preview_names_the_players_and_keeps_the_nights_options():
    """Before the director confirms: a bid out of turn costs Ann 10 (Irregularities); Ann's
    revoke moves 20 card points to Bob, 70 + 20 = 90 against his bid of 100: lost, -120,
    and with Seeger-Fabian on, -50 more and +40 to each other player."""
    lost = game(declarer=1, bid=100, points=70)
    text = ASCOT.describe_ruling(Ruling("out-of-turn-call", offender=0), lost, 3, {}, names=NAMES)
    assert text == "Irregularities: Ann \u221210 for a bid or pass out of turn, not multiplied."
    text = ASCOT.describe_ruling(
        Ruling("revoke", offender=0), lost, 3, {"seeger_fabian": True}, names=NAMES
    )
    assert text.endswith(
        "Bob suit bid 100: 90 card points + 0 = 90, lost: Bob \u2212120; "
        "Seeger-Fabian \u221250, +40 to each other player."
    )


def test_a_penalty_names_who_pays_it_and_a_ruling_needs_its_offender():
    """Irregularities: a bid out of turn costs Ann 10, not multiplied; Bob's 80 of 70 made.
    A revoke ruled without saying who revoked is sent back to the director."""
    record = game(declarer=1, bid=70, points=80)
    result = ASCOT.score_hand(record, 3, {}, [Ruling("out-of-turn-call", offender=0)], names=NAMES)
    assert result.points == (-10, 80, 0)
    assert result.explanation.startswith(
        "Irregularities: Ann \u221210 out of turn; Bob suit bid 70"
    )
    for ask in (
        lambda: score(record, rulings=[Ruling("revoke")]),
        lambda: ASCOT.describe_ruling(Ruling("revoke"), record, 3, {}),
    ):
        with pytest.raises(InvalidRuling) as invalid:
            ask()
        assert invalid.value.errors["offender"].endswith("name the offender.")
