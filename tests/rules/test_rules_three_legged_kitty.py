"""3 Legged Kitty: the text's bidding example, contracts, scoring and the game to 30."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import InvalidHand, get_ruleset
from rules.three_legged_kitty import Bid, ThreeLeggedKittyHand, auction, bid_cost

LEGGED = get_ruleset("three-legged-kitty")
ALICE, BOB, CAROL = 0, 1, 2


def test_the_texts_bidding_example():
    """The text's steps cost Alice 1 + 1, Bob 1 + 2, Carol 1 + 1 cards.

    Its summary then says Carol placed 3 (an 8-card kitty); that contradicts its own steps,
    and rules-decisions.md's cost rule (one card for the same number or one higher) decides.
    """
    calls = [
        Bid(1, "clubs"),  # Alice: places 1 card
        Bid(1, "hearts"),  # Bob: 1 card, same number but hearts beat clubs
        Bid(2, "notrump"),  # Carol: 1 card
        Bid(3, "null"),  # Alice: 1 card
        Bid(5, "diamonds"),  # Bob: jumping from 3 to 5 requires 2 cards
        Bid(5, "notrump"),  # Carol: 1 card
        None,  # Alice: pass
        None,  # Bob: pass
        None,  # Carol: pass (she stands on her bid)
    ]
    steps = [
        bid_cost(before, bid) for before, bid in zip([None, *calls[:5]], calls[:6], strict=True)
    ]
    assert steps == [1, 1, 1, 1, 2, 1]
    result = auction(calls, first=ALICE)
    assert result.cat == CAROL and result.bid == Bid(5, "notrump")
    assert str(result.bid) == "5 No Trump"
    assert result.cards == (2, 3, 2) and result.kitty == 7


def test_bid_hierarchy_and_cost():
    assert Bid(1, "notrump").rank > Bid(1, "spades").rank
    assert Bid(2, "null").rank > Bid(1, "notrump").rank
    assert Bid(7, "clubs").rank > Bid(6, "notrump").rank
    assert bid_cost(Bid(3, "clubs"), Bid(5, "spades")) == 2
    assert bid_cost(None, Bid(1, "clubs")) == 1
    assert bid_cost(None, Bid(3, "hearts")) == 3  # 1 + 1 for each number above 1
    with pytest.raises(ValueError):
        bid_cost(Bid(5, "spades"), Bid(5, "hearts"))
    with pytest.raises(ValueError):
        Bid(9, "null")  # Null only goes up to 8


def test_all_pass_is_passed_out():
    result = auction([None, None, None])
    assert result.cat is None and result.kitty == 0


def test_a_pass_cannot_re_enter():
    with pytest.raises(ValueError):
        auction([Bid(1, "clubs"), None, None, Bid(2, "clubs")])


def score(**facts):
    return LEGGED.score_hand(ThreeLeggedKittyHand(passed_out=False, **facts), 3, {})


def test_made_scores_the_bid_number():
    result = score(cat=BOB, number=4, contract="hearts", tricks=5)
    assert result.points == (0, 4, 0) and result.made


def test_missed_gives_each_opponent_five():
    result = score(cat=BOB, number=4, contract="hearts", tricks=3)
    assert result.points == (5, 0, 5) and not result.made


@pytest.mark.parametrize(("number", "allowed"), [(1, 7), (3, 5), (6, 2), (8, 0)])
def test_null_allows_at_most_eight_minus_x_tricks(number, allowed):
    assert score(cat=ALICE, number=number, contract="null", tricks=allowed).made
    if allowed < 10:
        assert not score(cat=ALICE, number=number, contract="null", tricks=allowed + 1).made


def test_passed_out_scores_nothing_and_counts_as_a_deal():
    record = LEGGED.parse_hand({"passed_out": "on", "cat": "1"}, 3, {})
    assert record == ThreeLeggedKittyHand(passed_out=True)
    result = LEGGED.score_hand(record, 3, {})
    assert result.points == (0, 0, 0) and not result.void


def test_null_nine_is_not_a_bid():
    with pytest.raises(InvalidHand) as invalid:
        LEGGED.parse_hand({"cat": "0", "number": "9", "contract": "null", "tricks": "0"}, 3, {})
    assert "Null" in invalid.value.errors["number"]


def test_the_game_ends_in_the_hand_someone_reaches_30():
    ten = LEGGED.score_hand(ThreeLeggedKittyHand(False, BOB, 10, "spades", 10), 3, {})
    result = LEGGED.match_result([ten, ten], 3, {})
    assert not result.complete and result.totals == (0, 20, 0)
    result = LEGGED.match_result([ten, ten, ten, ten], 3, {})
    assert result.complete and result.winner == BOB and result.hands_played == 3
    assert LEGGED.match_result([ten], 3, {"target": 10}).complete


def test_a_tie_for_the_highest_plays_one_more_hand():
    fail_b = LEGGED.score_hand(ThreeLeggedKittyHand(False, BOB, 10, "clubs", 0), 3, {})
    tie = LEGGED.match_result([fail_b] * 6, 3, {})
    assert tie.totals == (30, 0, 30) and not tie.complete and "one more hand" in tie.explanation
    # The extra hand counts like any other: it is no rule-6 tiebreaker.
    assert not tie.needs_tiebreaker and not any(row.tiebreaker for row in tie.tally)
    alice = LEGGED.score_hand(ThreeLeggedKittyHand(False, ALICE, 1, "clubs", 1), 3, {})
    after = LEGGED.match_result([*[fail_b] * 6, alice], 3, {})
    assert after.complete and after.winner == ALICE and after.totals == (31, 0, 30)
    assert after.hands_played == 7


def test_a_hand_limit_ends_a_timed_game():
    fail_b = LEGGED.score_hand(ThreeLeggedKittyHand(False, BOB, 3, "clubs", 0), 3, {})
    made_c = LEGGED.score_hand(ThreeLeggedKittyHand(False, CAROL, 3, "clubs", 3), 3, {})
    assert LEGGED.hands_in_round(3, {}) == 0
    result = LEGGED.match_result([fail_b, made_c], 3, {"hand_limit": 2})
    assert result.complete and result.winner == CAROL and result.totals == (5, 0, 8)
    assert not LEGGED.match_result([fail_b], 3, {"hand_limit": 2}).complete


@settings(max_examples=100, deadline=None)
@given(
    cat=st.integers(0, 2),
    contract=st.sampled_from(["null", "clubs", "diamonds", "hearts", "spades", "notrump"]),
    number=st.integers(1, 10),
    tricks=st.integers(0, 10),
)
def test_the_cat_scores_the_bid_or_each_opponent_five(cat, contract, number, tricks):
    number = min(number, 8) if contract == "null" else number
    result = score(cat=cat, number=number, contract=contract, tricks=tricks)
    opponents = [result.points[seat] for seat in range(3) if seat != cat]
    if result.made:
        assert result.points[cat] == number and opponents == [0, 0]
    else:
        assert result.points[cat] == 0 and opponents == [5, 5]


def test_no_hand_limit_reads_as_no_limit_and_a_limit_as_its_number():
    """The settings page showed "Most hands in a game: 0" for a game with no limit."""
    (option,) = [o for o in LEGGED.options if o.key == "hand_limit"]
    assert option.words(0) == option.default_words == "no limit"
    assert option.words(12) == "12"


NAMES = ["Ann", "Bob", "Cy"]


def test_the_hands_line_names_the_cat_and_what_was_needed():
    """Null 3 allows at most 8 - 3 = 5 tricks; 6 fails: each opponent scores 5 (Scoring)."""
    result = LEGGED.score_hand(ThreeLeggedKittyHand(False, BOB, 3, "null", 6), 3, {}, names=NAMES)
    assert result.points == (5, 0, 5) and result.declarer == BOB and result.made is False
    assert result.explanation == (
        "Bob bid Null 3, took 6 tricks (needed at most 5): failed, each opponent +5"
    )
    missed = LEGGED.score_hand(ThreeLeggedKittyHand(False, BOB, 4, "hearts", 3), 3, {}, names=NAMES)
    assert missed.explanation.endswith("(needed at least 4): failed, each opponent +5")


def test_the_games_lines_and_rows_as_the_sheet_prints_them():
    """First to 30 (Winning the Game): Bob's three made 10 Spades run 10, 20, 30."""
    ten = LEGGED.score_hand(ThreeLeggedKittyHand(False, BOB, 10, "spades", 10), 3, {})
    started = LEGGED.match_result([ten], 3, {}, names=NAMES)
    assert started.explanation == "1 hand played, first to 30: Ann 0, Bob 10, Cy 0."
    assert started.complete is False and started.hands_played == 1
    assert [row.running for row in started.tally] == [(0, 10, 0)]
    won = LEGGED.match_result([ten] * 3, 3, {}, names=NAMES)
    assert won.explanation == "Bob wins with 30 after 3 hands."
    assert [row.points for row in won.tally] == [(0, 10, 0)] * 3
    assert [row.running for row in won.tally] == [(0, 10, 0), (0, 20, 0), (0, 30, 0)]


def test_a_hand_limit_is_counted_to_and_a_tie_at_it_plays_on():
    """A timed game (hand_limit 2): before the limit it is in progress; Ann 3 and Bob 3 at
    the limit tie for the highest, so one more hand is played (rules-decisions)."""
    options = {"hand_limit": 2}
    assert LEGGED.match_result([], 3, options, names=NAMES).explanation == (
        "0 of at most 2 hands played, first to 30: Ann 0, Bob 0, Cy 0."
    )
    ann = LEGGED.score_hand(ThreeLeggedKittyHand(False, ALICE, 3, "clubs", 3), 3, {})
    bob = LEGGED.score_hand(ThreeLeggedKittyHand(False, BOB, 3, "clubs", 4), 3, {})
    one = LEGGED.match_result([ann], 3, options, names=NAMES)
    assert one.explanation == "1 of at most 2 hands played, first to 30: Ann 3, Bob 0, Cy 0."
    tie = LEGGED.match_result([ann, bob], 3, options, names=NAMES)
    assert tie.complete is False and tie.winner is None and tie.hands_played == 2
    assert tie.totals == (3, 3, 0) and [row.running for row in tie.tally] == [(3, 0, 0), (3, 3, 0)]
    assert tie.explanation == (
        "Tied for the highest (Ann 3, Bob 3, Cy 0): play one more hand; it counts like any other."
    )
