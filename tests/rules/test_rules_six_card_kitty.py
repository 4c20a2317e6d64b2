"""6 Card Kitty: scoring (rule 5), every infraction with a score effect, and the round."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import InvalidHand, InvalidRuling, Ruling, get_ruleset
from rules.six_card_kitty import SixCardKittyHand

KITTY = get_ruleset("columbus-6-card-kitty")
NS, EW = 0, 1


def hand(team=NS, level=5, form="plain", books=12, direction=None):
    if form == "no" and direction is None:
        direction = "uptown"
    return SixCardKittyHand(team, level, form, direction, books)


def score(record, *rulings, **options):
    return KITTY.score_hand(record, 4, options, rulings)


# -- the hand record -------------------------------------------------------------------------


def test_the_form_posts_strings():
    record = KITTY.parse_hand(
        {"bidding_team": "1", "level": "6", "form": "no", "direction": "downtown", "books": "13"},
        4,
        {},
    )
    assert record == SixCardKittyHand(EW, 6, "no", "downtown", 13)
    assert KITTY.parse_hand(KITTY.hand_to_dict(record), 4, {}) == record


@pytest.mark.parametrize(
    ("change", "field", "words"),
    [
        ({"level": "3"}, "level", "rule 20"),
        ({"level": "8"}, "level", "4 to 7"),
        ({"form": "no trump"}, "form", "rule 21"),
        ({"form": "no", "direction": ""}, "direction", "rule 26"),
        ({"books": "14"}, "books", "1 to 13"),
        ({"books": "0"}, "books", "first book"),
        ({"books": "-1"}, "books", "kitty"),
        ({"bidding_team": "2"}, "bidding_team", "North-South or East-West"),
    ],
)
def test_each_mistake_is_named_with_its_rule(change, field, words):
    data = {"bidding_team": "0", "level": "5", "form": "plain", "books": "11", **change}
    with pytest.raises(InvalidHand) as invalid:
        KITTY.parse_hand(data, 4, {})
    assert set(invalid.value.errors) == {field}
    assert words in invalid.value.errors[field]


def test_a_direction_only_belongs_to_a_no_bid():
    data = {"bidding_team": "0", "level": "4", "form": "special", "direction": "up", "books": "9"}
    assert KITTY.parse_hand(data, 4, {}).direction is None


# -- rule 5: no bad bids ---------------------------------------------------------------------


def test_the_line_names_the_bidders_whoever_scores():
    """The side that checks the hand reads whose bid it was: a missed bid scores for the
    other side."""
    missed = score(hand(EW, 4, "plain", 9))
    assert missed.explanation == "East-West bid 4, 9 books (needed 10): missed, North-South +4"
    assert missed.points == (4, 0)


def test_the_issue_example():
    result = score(hand(NS, 5, "no", 12))
    assert result.points == (6, 0)
    # The direction named for a "no" bid (rule 26) is said, as the sheet prints it.
    assert result.explanation == "North-South bid 5 no uptown, 12 books: North-South +6"
    assert result.made and result.declarer == NS and result.boston_side is None


def test_made_scores_books_over_six():
    assert score(hand(NS, 4, "plain", 11)).points == (5, 0)
    assert score(hand(EW, 4, "special", 10)).points == (0, 4)


def test_missed_gives_the_opponents_the_bid():
    result = score(hand(NS, 5, "special", 10))
    assert result.points == (0, 5) and result.made is False
    assert "needed 11" in result.explanation and "East-West +5" in result.explanation


def test_a_boston_is_all_thirteen_books():
    result = score(hand(EW, 7, "plain", 13))
    assert result.points == (0, 7) and result.boston_side == EW
    assert "Boston" in result.explanation


def test_no_bid_multiplier_option():
    assert score(hand(NS, 5, "no", 12), no_bid_multiplier=2).points == (12, 0)
    assert score(hand(NS, 5, "no", 10), no_bid_multiplier=2).points == (0, 10)
    assert score(hand(NS, 5, "plain", 12), no_bid_multiplier=2).points == (6, 0)


# -- every infraction with a score effect ----------------------------------------------------

BASE = hand(NS, 5, "plain", 12)  # made: North-South +6


@pytest.mark.parametrize(
    "code", ["exposed-card-10", "kitty-four-11", "wrong-dealer-12", "misdeal", "wrong-count-19"]
)
def test_rules_10_to_13_and_19_void_the_hand(code):
    for record in (BASE, None):
        result = score(record, Ruling(code))
        assert result.void and result.points == (0, 0)
    assert "void" in KITTY.describe_ruling(Ruling(code), None, 4, {})


@pytest.mark.parametrize(
    "code", ["exposed-card-18", "said-trump-21", "dragged-bid-22", "out-of-turn-bid-24"]
)
def test_rules_18_21_22_24_the_opponents_continue_or_redeal(code):
    assert score(BASE, Ruling(code, offender=EW, choice="continue")).points == (6, 0)
    redeal = score(BASE, Ruling(code, offender=EW, choice="redeal"))
    assert redeal.void and redeal.points == (0, 0)
    assert score(None, Ruling(code, offender=NS, choice="redeal")).void
    with pytest.raises(InvalidRuling) as invalid:
        score(BASE, Ruling(code, offender=EW))
    assert "choice" in invalid.value.errors
    with pytest.raises(InvalidRuling):
        score(BASE, Ruling(code, offender=EW, choice="award"))


def test_rule_23_is_recorded_without_a_score_effect():
    result = score(BASE, Ruling("not-progressive-23", offender=EW))
    assert result.points == (6, 0) and "Rule 23" in result.explanation


def test_rule_25_the_dealers_team_holds_the_bid():
    assert score(BASE, Ruling("dealer-must-bid-25", offender=NS)).points == (6, 0)
    with pytest.raises(InvalidRuling) as invalid:
        score(BASE, Ruling("dealer-must-bid-25", offender=EW))
    assert "Rule 25" in invalid.value.errors["offender"]


def test_rule_25_is_checked_against_the_hands_dealer():
    # Hand 1 is dealt by North, hand 2 by East (rule 8: the deal proceeds clockwise).
    forced = Ruling("dealer-must-bid-25", offender=NS)
    assert KITTY.score_hand(BASE, 4, {}, [forced], number=1).points == (6, 0)
    with pytest.raises(InvalidRuling) as invalid:
        KITTY.score_hand(BASE, 4, {}, [forced], number=2)
    assert "East-West dealt hand 2" in invalid.value.errors["offender"]
    with pytest.raises(InvalidRuling):
        KITTY.describe_ruling(forced, None, 4, {}, number=2)


@pytest.mark.parametrize("form", ["plain", "special"])
def test_rule_27_is_only_for_a_no_bid(form):
    with pytest.raises(InvalidRuling) as invalid:
        score(hand(NS, 5, form, 11), Ruling("jokers-kept-27", offender=NS))
    assert "Rule 27" in invalid.value.errors["code"]


@pytest.mark.parametrize(
    "code", ["no-trump-named-26", "jokers-kept-27", "exposed-card-28", "book-not-closed-36"]
)
def test_rules_26_27_28_award_the_hand_and_the_bid_unless_play_on(code):
    # rule 28: "regardless of who bids": the side that did not offend takes the bid's level
    base = hand(NS, 5, "no", 12) if code == "jokers-kept-27" else BASE  # rule 27: a "no" bid
    assert score(base, Ruling(code, offender=NS)).points == (0, 5)
    assert score(base, Ruling(code, offender=EW)).points == (5, 0)
    assert score(base, Ruling(code, offender=EW, choice="award")).points == (5, 0)
    assert score(base, Ruling(code, offender=NS, choice="play_on")).points == (6, 0)
    assert score(hand(NS, 5, "no", 3), Ruling(code, offender=NS), no_bid_multiplier=2).points == (
        0,
        10,
    )
    with pytest.raises(InvalidRuling):
        score(BASE, Ruling(code))  # who offended?


def test_rule_28_preview_reads_as_the_director_confirms_it():
    text = KITTY.describe_ruling(Ruling("exposed-card-28", offender=EW), BASE, 4, {})
    assert text == "Rule 28: North-South are awarded the hand and 5 points."
    text = KITTY.describe_ruling(Ruling("exposed-card-28", offender=NS), None, 4, {})
    assert text == "Rule 28: East-West are awarded the hand and the points of the bid."


def test_rules_29_to_31_short_or_extra_cards_once_play_started():
    assert score(BASE, Ruling("short-cards", choice="bidding")).points == (0, 5)  # rule 29
    assert score(BASE, Ruling("short-cards", choice="defending-take-bid")).points == (5, 0)
    assert score(BASE, Ruling("short-cards", choice="defending-play-on")).points == (6, 0)
    assert score(BASE, Ruling("short-cards", choice="both")).void  # rule 31
    with pytest.raises(InvalidRuling):
        score(BASE, Ruling("short-cards"))


def test_renege_moves_three_books_by_default():
    # bidders renege: 12 - 3 = 9 books, a bid of 5 needs 11: missed
    result = score(BASE, Ruling("renege", offender=NS))
    assert result.points == (0, 5) and "3 books" in result.explanation
    # defenders renege: 12 + 3, at most 13 books: a Boston
    result = score(BASE, Ruling("renege", offender=EW))
    assert result.points == (7, 0) and result.boston_side == NS


def test_renege_books_and_penalty_are_options_and_choices():
    assert score(BASE, Ruling("renege", offender=NS, amount=1)).points == (5, 0)
    assert score(BASE, Ruling("renege", offender=NS), renege_books=1).points == (5, 0)
    assert score(BASE, Ruling("renege", offender=EW), renege_penalty="lose_hand").points == (
        5,
        0,
    )
    assert score(BASE, Ruling("renege", offender=NS, choice="lose_hand")).points == (0, 5)
    assert score(
        BASE, Ruling("renege", offender=NS, choice="books"), renege_penalty="lose_hand"
    ).points == (0, 5)  # 9 books: missed either way
    preview = KITTY.describe_ruling(Ruling("renege", offender=EW), BASE, 4, {})
    assert "3 books to North-South" in preview and "+7" in preview


def test_a_void_ruling_wins_over_the_others():
    result = score(BASE, Ruling("exposed-card-28", offender=EW), Ruling("misdeal"))
    assert result.void


def test_the_first_award_decides():
    result = score(BASE, Ruling("exposed-card-28", offender=NS), Ruling("renege", offender=EW))
    assert result.points == (0, 5)


def test_round_infractions_are_not_ruled_on_a_hand():
    with pytest.raises(InvalidRuling):
        score(BASE, Ruling("7", offender=EW))
    with pytest.raises(InvalidRuling):
        KITTY.match_result([], 4, {}, [Ruling("misdeal")])


def test_the_catalogue_covers_every_rule_with_a_score_effect():
    cited = set()
    for infraction in KITTY.infractions:
        for part in infraction.rule.replace(",", " ").split():
            if "-" in part:
                low, high = part.split("-")
                cited.update(range(int(low), int(high) + 1))
            else:
                cited.add(int(part))
    assert {7, 10, 11, 12, 13, 18, 19, *range(21, 32), 35, 36, 37, 41} <= cited


# -- the round: rules 6, 7, 41 ---------------------------------------------------------------


def play(*records):
    return [score(record) for record in records]


def test_four_hands_most_points_wins():
    hands = play(hand(NS, 4, books=11), hand(EW, 4, books=10), hand(NS, 5, books=9))
    partial = KITTY.match_result(hands, 4, {})
    assert not partial.complete and partial.hands_played == 3 and partial.totals == (5, 9)
    hands += play(hand(NS, 4, books=12))
    result = KITTY.match_result(hands, 4, {})
    assert result.complete and result.winner == NS and result.totals == (11, 9)


def test_a_tie_plays_one_tiebreaker_hand_whose_points_do_not_count():
    hands = play(hand(NS, 4, books=10), hand(EW, 4, books=10), hand(NS, 5), hand(EW, 5))
    tied = KITTY.match_result(hands, 4, {})
    assert tied.needs_tiebreaker and not tied.complete and tied.winner is None
    assert tied.totals == (10, 10)
    void = score(None, Ruling("misdeal"))
    result = KITTY.match_result([*hands, void, *play(hand(EW, 7, books=13))], 4, {})
    assert result.complete and result.winner == EW and result.totals == (10, 10)
    assert result.hands_played == 5 and not result.needs_tiebreaker
    # The sheet's rows: four hands running to 10-10, then the tiebreaker adding nothing.
    assert [row.running for row in result.tally] == [(4, 0), (4, 4), (10, 4), (10, 10), (10, 10)]
    assert [row.tiebreaker for row in result.tally] == [False] * 4 + [True]
    assert result.tally[-1].points == (0, 0)


def test_void_hands_never_count_toward_the_four():
    void = score(None, Ruling("misdeal"))
    hands = [void, *play(hand(NS), hand(NS)), void, *play(hand(EW))]
    assert KITTY.match_result(hands, 4, {}).hands_played == 3


def test_rule_7_the_late_team_forfeits():
    result = KITTY.match_result([], 4, {}, [Ruling("7", offender=EW)])
    assert result.complete and result.forfeit and result.winner == NS
    assert result.totals == (5, 0)
    result = KITTY.match_result([], 4, {"forfeit_points": 3}, [Ruling("7", offender=NS)])
    assert result.totals == (0, 3) and result.winner == EW
    assert "Rule 7" in KITTY.describe_ruling(Ruling("7", offender=NS), None, 4, {})


def test_a_forfeit_ruled_without_the_late_team_is_sent_back():
    """Rule 7 gives the round to the opponents of the late team: the ruling must say which."""
    with pytest.raises(InvalidRuling) as invalid:
        KITTY.match_result([], 4, {}, [Ruling("7")])
    assert invalid.value.errors == {"offender": "Rule 7 (5-minute rule): name the offender."}


def test_rule_41_leaving_gives_the_round_to_the_opponents():
    hands = play(hand(NS, 7, books=13), hand(EW, 4, books=10))
    result = KITTY.match_result(hands, 4, {}, [Ruling("41", offender=NS)])
    assert result.complete and result.forfeit and result.winner == EW
    assert result.totals == (7, 4) and result.hands_played == 2


def test_hands_per_round_option():
    hands = play(hand(NS), hand(EW, books=13))
    assert KITTY.hands_in_round(4, {"hands_per_round": 2}) == 2
    assert KITTY.match_result(hands, 4, {"hands_per_round": 2}).winner == EW


# -- properties ------------------------------------------------------------------------------

records = st.builds(
    hand,
    team=st.sampled_from([NS, EW]),
    level=st.integers(4, 7),
    form=st.sampled_from(["plain", "special", "no"]),
    books=st.integers(1, 13),
    direction=st.sampled_from(["uptown", "downtown"]),
)
multipliers = st.integers(1, 3)


@settings(max_examples=150, deadline=None)
@given(records, multipliers)
def test_exactly_one_team_scores_and_a_boston_scores_the_most(record, multiplier):
    options = {"no_bid_multiplier": multiplier}
    result = score(record, **options)
    assert all(type(points) is int for points in result.points)
    assert sorted(points > 0 for points in result.points) == [False, True]
    assert min(result.points) == 0
    boston = score(hand(record.bidding_team, 7, "no", 13), **options)
    assert max(result.points) <= max(boston.points) == 7 * multiplier
    assert (result.boston_side is not None) == (record.books == 13)


def hand_rulings(offender, choice_index, amount):
    """One ruling per hand infraction, with a legal choice."""
    for infraction in KITTY.infractions:
        if infraction.scope != "hand":
            continue
        choices = [value for value, _ in infraction.choices]
        choice = choices[choice_index % len(choices)] if choices else None
        yield Ruling(infraction.code, offender=offender, choice=choice, amount=amount)


@settings(max_examples=80, deadline=None)
@given(records, st.sampled_from([NS, EW]), st.integers(0, 3), st.none() | st.integers(0, 13))
def test_with_any_ruling_one_team_scores_or_the_hand_is_void(record, offender, pick, amount):
    for ruling in hand_rulings(offender, pick, amount):
        try:
            result = score(record, ruling)
        except InvalidRuling:
            assert (ruling.code == "dealer-must-bid-25" and offender != record.bidding_team) or (
                ruling.code == "jokers-kept-27" and record.form != "no"
            )
            continue
        if result.void:
            assert result.points == (0, 0)
        else:
            assert sorted(points > 0 for points in result.points) == [False, True]
        assert KITTY.describe_ruling(ruling, record, 4, {}).startswith("Rule")


# -- what the sheet shows, figure by figure --------------------------------------------------


def test_a_renege_never_leaves_fewer_than_no_books():
    """Renege (rules 35, 37; rules-decisions: 3 books move): the bidders' 2 books less 3
    are 0, never fewer; a bid of 5 needs 11 (rule 5): missed, East-West +5."""
    result = score(hand(NS, 5, "plain", 2), Ruling("renege", offender=NS))
    assert result.points == (0, 5)
    assert result.explanation.endswith(
        "North-South bid 5, 0 books (needed 11): missed, East-West +5"
    )


def test_an_awarded_hand_is_still_the_bidders_hand_missed():
    """Rule 28: North-South bid 5 and exposed a card: East-West are awarded the bid's 5
    points; the hand stays North-South's bid, not made (the statistics count it)."""
    result = score(BASE, Ruling("exposed-card-28", offender=NS))
    assert result.points == (0, 5) and result.declarer == NS and result.made is False
    assert result.explanation == "Rule 28: East-West take the hand; North-South bid 5: East-West +5"


def test_the_renege_preview_uses_the_nights_no_bid_multiplier():
    """East-West renege on North-South's 5 no with 12 books: 13 books (at most 13), 7 over
    six, times the night's multiplier 2 for a "no" bid (rule 5, rules-decisions): +14."""
    text = KITTY.describe_ruling(
        Ruling("renege", offender=EW), hand(NS, 5, "no", 12), 4, {"no_bid_multiplier": 2}
    )
    assert text == (
        "Rules 35, 37: renege by East-West, 3 books to North-South; the hand is scored again: "
        "North-South bid 5 no uptown, 13 books: North-South +14 (\u201cno\u201d bid \u00d72) "
        "\u2014 Boston!"
    )


def test_rule_25_preview_with_the_hands_facts_is_checked_against_its_dealer():
    """Rule 25 (all pass: the dealer bids) on hand 2, which East-West deal (rule 8: the deal
    proceeds clockwise): North-South cannot be the forced dealers, facts or none."""
    forced = Ruling("dealer-must-bid-25", offender=NS)
    with pytest.raises(InvalidRuling) as invalid:
        KITTY.describe_ruling(forced, BASE, 4, {}, number=2)
    assert "East-West dealt hand 2" in invalid.value.errors["offender"]
    assert KITTY.describe_ruling(forced, BASE, 4, {}, number=1).endswith("scored as played.")


def test_the_rounds_lines_and_rows_as_the_sheet_prints_them():
    """Rule 6: 3 of 4 hands, then the fourth decides; a 10-10 tie asks for one more hand."""
    hands = play(hand(NS, 4, books=11), hand(EW, 4, books=10), hand(NS, 5, books=9))
    partial = KITTY.match_result(hands, 4, {})
    assert partial.complete is False
    assert partial.explanation == "3 of 4 hands played: North-South 5, East-West 9."
    assert [row.running for row in partial.tally] == [(5, 0), (5, 4), (5, 9)]
    done = KITTY.match_result([*hands, *play(hand(NS, 4, books=12))], 4, {})
    assert done.explanation == "North-South win the round, North-South 11, East-West 9."
    assert done.hands_played == 4
    assert [row.running for row in done.tally] == [(5, 0), (5, 4), (5, 9), (11, 9)]
    tied = play(hand(NS, 4, books=10), hand(EW, 4, books=10), hand(NS, 5), hand(EW, 5))
    waiting = KITTY.match_result(tied, 4, {})
    assert waiting.complete is False and waiting.hands_played == 4 and len(waiting.tally) == 4
    assert waiting.explanation == ("Tied 10-10 after 4 hands: play one tiebreaker hand (rule 6).")
    decided = KITTY.match_result([*tied, *play(hand(EW, 7, books=13))], 4, {})
    assert decided.explanation == (
        "Tied 10-10; East-West win the tiebreaker hand (its points do not count)."
    )
