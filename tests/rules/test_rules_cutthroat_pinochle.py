"""Cut Throat Pinochle: the base-value table, the payments, and chips conserved."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import InvalidHand, get_ruleset
from rules.cutthroat_pinochle import CutthroatPinochleHand, base_value

PINOCHLE = get_ruleset("cutthroat-pinochle")


@pytest.mark.parametrize(
    ("low", "high", "value"),
    [
        (20, 24, 1),
        (25, 29, 2),
        (30, 34, 4),
        (35, 39, 7),
        (40, 44, 10),
        (45, 49, 13),
        (50, 54, 16),
        (55, 90, 20),
    ],
)
def test_the_base_value_table(low, high, value):
    for bid in range(low, high + 1):
        assert base_value(bid) == value


def score(record, **options):
    return PINOCHLE.score_hand(record, 3, options)


def played(bid=30, trump="hearts", meld=10, counters=20, took_trick=True, bidder=0):
    return CutthroatPinochleHand(bidder, bid, "no", trump, meld, counters, took_trick)


def test_made_each_other_player_pays_and_the_kitty_from_35():
    assert score(played(bid=30)).points == (8, -4, -4)
    result = score(played(bid=35, counters=25))
    assert result.points == (21, -7, -7) and result.kitty == -7 and result.made


def test_spades_doubles_every_payment():
    result = score(played(bid=35, trump="spades", counters=25))
    assert result.points == (42, -14, -14) and result.kitty == -14
    assert score(played(bid=35, trump="spades", counters=25), spades_double=False).kitty == -7


def test_meld_counts_only_with_a_trick():
    assert not score(played(bid=30, meld=28, counters=3, took_trick=False)).made


def test_meld_alone_wins_without_play():
    record = PINOCHLE.parse_hand(
        {
            "bidder": "1",
            "bid": "25",
            "trump": "clubs",
            "meld": "30",
            "counters": "3",
            "took_trick": "on",
        },
        3,
        {},
    )
    assert record.counters is None and not record.took_trick
    assert score(record).points == (-2, 4, -2)


def test_double_set():
    result = score(played(bid=40, meld=10, counters=20))
    assert result.points == (-60, 20, 20) and result.kitty == 20 and result.made is False


def test_concessions():
    before = CutthroatPinochleHand(2, 40, "before_widow")
    assert score(before).points == (0, 0, -10) and score(before).kitty == 10
    after = CutthroatPinochleHand(2, 40, "after_widow")
    assert score(after).points == (10, 10, -30) and score(after).kitty == 10
    after_low = CutthroatPinochleHand(2, 30, "after_widow", "spades")
    assert score(after_low).points == (8, 8, -16) and score(after_low).kitty == 0


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"bid": "19"}, "bid"),
        ({"counters": "26"}, "counters"),
        ({"trump": ""}, "trump"),
        ({"meld": ""}, "meld"),
        ({"bidder": "3"}, "bidder"),
    ],
)
def test_form_mistakes(change, field):
    data = {"bidder": "0", "bid": "30", "trump": "hearts", "meld": "10", "counters": "12", **change}
    with pytest.raises(InvalidHand) as invalid:
        PINOCHLE.parse_hand(data, 3, {})
    assert field in invalid.value.errors


def test_the_game_ends_after_the_hands_or_when_a_player_is_broke():
    small = score(played(bid=30, counters=25))  # Seat 1 +8
    result = PINOCHLE.match_result([small] * 9, 3, {})
    assert result.complete and result.winner == 0 and result.totals == (72, -36, -36)
    assert not PINOCHLE.match_result([small] * 8, 3, {}).complete
    big = score(played(bid=60, trump="spades", meld=60, bidder=1))  # 40 from each
    result = PINOCHLE.match_result([big] * 5, 3, {})
    assert result.complete and result.hands_played == 4 and result.winner == 1
    assert "cannot pay" in result.explanation


def test_chips_option_must_hold_the_ante():
    from rules import InvalidOptions

    with pytest.raises(InvalidOptions):
        PINOCHLE.resolve_options({"starting_chips": 10, "kitty_ante": 25})


hands = st.one_of(
    st.builds(
        played,
        bid=st.integers(20, 80),
        trump=st.sampled_from(["spades", "hearts", "diamonds", "clubs"]),
        meld=st.integers(0, 100),
        counters=st.integers(0, 25),
        took_trick=st.booleans(),
        bidder=st.integers(0, 2),
    ).filter(lambda r: r.took_trick or r.counters <= 3),  # no trick: only the 3 discards
    st.builds(
        CutthroatPinochleHand,
        bidder=st.integers(0, 2),
        bid=st.integers(20, 80),
        conceded=st.sampled_from(["before_widow", "after_widow"]),
        trump=st.none() | st.just("spades"),
    ),
)


@settings(max_examples=150, deadline=None)
@given(hands, st.booleans(), st.integers(20, 60))
def test_chips_are_conserved_between_players_and_kitty(record, spades_double, kitty_bid):
    result = score(record, spades_double=spades_double, kitty_bid=kitty_bid)
    assert sum(result.points) + result.kitty == 0
    assert all(type(p) is int for p in result.points)
    others = [p for seat, p in enumerate(result.points) if seat != record.bidder]
    assert others[0] == others[1]
    assert (result.points[record.bidder] > 0) == bool(result.made)


def test_25_counters_need_a_trick():
    data = {"bidder": "0", "bid": "30", "trump": "hearts", "meld": "10", "counters": "25"}
    with pytest.raises(InvalidHand) as invalid:
        PINOCHLE.parse_hand({**data, "took_trick": ""}, 3, {})
    assert "discards" in invalid.value.errors["counters"]
    assert PINOCHLE.parse_hand({**data, "counters": "3"}, 3, {}).counters == 3


def test_the_kitty_pays_only_what_it_holds():
    # Bid 60 in spades won on the meld: 40 from each player and 40 from the kitty, which
    # holds 3 x 10 = 30 chips with a 10-chip ante.
    options = {"kitty_ante": 10}
    big = PINOCHLE.score_hand(played(bid=60, trump="spades", meld=60, bidder=1), 3, options)
    assert big.points == (-40, 120, -40) and big.kitty == -40
    result = PINOCHLE.match_result([big], 3, options, names=["Ann", "Bob", "Cy"])
    assert result.tally[0].points == (-40, 110, -40)  # the kitty paid its 30
    assert "the kitty held only 30: paid 30 of 40" in result.tally[0].note
    assert not result.complete and "kitty 0 chips" in result.explanation


def test_a_player_who_cannot_pay_is_out_and_the_game_ends():
    # Each player holds 150 - 25 = 125. A double set at 60 in spades costs the bidder
    # 2 x 40 to each player and 2 x 40 to the kitty: 240, more than the 125 held.
    set_ = PINOCHLE.score_hand(played(bid=60, trump="spades", meld=10, counters=5, bidder=0), 3, {})
    assert set_.points == (-240, 80, 80) and set_.kitty == 80
    result = PINOCHLE.match_result([set_, set_], 3, {}, names=["Ann", "Bob", "Cy"])
    # Ann pays Bob 80, then Cy the 45 left, then the kitty nothing: she is out.
    assert result.tally[0].points == (-125, 80, 45)
    assert result.complete and result.hands_played == 1 and len(result.tally) == 1
    assert "Ann cannot pay and is out" in result.explanation
    assert "Ann had only 125 chips: paid 125 of 240" in result.tally[0].note


def test_a_player_left_with_exactly_nothing_plays_on():
    # Bid 35 hearts won on the meld pays 7 from each: after it, one player holds 0
    # with a 7-chip stake (starting 32, ante 25).
    options = {"starting_chips": 32, "kitty_ante": 25}
    made = PINOCHLE.score_hand(played(bid=35, meld=35, bidder=1), 3, options)
    result = PINOCHLE.match_result([made], 3, options)
    assert result.tally[0].points == (-7, 21, -7) and not result.complete
    result = PINOCHLE.match_result([made, made], 3, options)
    assert result.complete and result.hands_played == 2  # now nobody can pay


@settings(max_examples=100, deadline=None)
@given(st.lists(hands, min_size=1, max_size=12), st.integers(1, 200), st.integers(0, 60))
def test_the_bank_never_goes_below_zero(records, start, ante):
    options = {"starting_chips": max(start, ante), "kitty_ante": ante, "hands": 12}
    opts = PINOCHLE.resolve_options(options)
    scores = [PINOCHLE.score_hand(r, 3, options) for r in records]
    result = PINOCHLE.match_result(scores, 3, options)
    for row in result.tally:
        balances = [opts["starting_chips"] - ante + total for total in row.running]
        kitty = 3 * ante - sum(row.running)  # chips are conserved
        assert min(balances) >= 0 and kitty >= 0
    assert result.totals == (result.tally[-1].running if result.tally else (0, 0, 0))
    shorts = [i for i, row in enumerate(result.tally) if "had only" in row.note]
    if any("chips: paid" in result.tally[i].note for i in shorts):
        assert result.complete and result.hands_played == len(result.tally)


# --- The Bid: "Bidding ... begins with the player to the left of the dealer. This player is
# 'under' and must assume the bid of 20 or make a stronger bid." -----------------------------
CONCEDED = {"conceded": "before_widow"}


@given(st.integers(0, 2), st.integers(1, 60), st.integers(0, 2), st.integers(20, 40))
def test_only_the_player_left_of_the_dealer_holds_a_bid_of_20(first, number, bidder, bid):
    """Whoever dealt first and whichever the hand, a winning bid of 20 is the forced
    bidder's (left of that hand's dealer), refused by the Bidder field for anyone else; 21
    or more may be anyone's."""
    table = PINOCHLE.with_first_dealer(first)
    dealer = (first + number - 1) % 3  # the deal passes to the left
    forced = (dealer + 1) % 3
    data = {"bidder": bidder, "bid": bid, **CONCEDED}
    if bid == 20 and bidder != forced:
        with pytest.raises(InvalidHand) as refused:
            table.parse_hand(data, 3, {}, number)
        assert set(refused.value.errors) == {"bidder"}
        said = refused.value.errors["bidder"]
        assert "left of the dealer" in said and "(The Bid)" in said
        assert ("dealt this hand" if bidder == dealer else "right of the dealer") in said
    else:
        assert table.parse_hand(data, 3, {}, number).bidder == bidder


def test_the_dealer_forced_to_20_is_refused_by_the_field():
    table = PINOCHLE.with_first_dealer(0)  # seat 0 deals hand 1: seat 1 is under
    with pytest.raises(InvalidHand) as refused:
        table.parse_hand({"bidder": "0", "bid": "20", **CONCEDED}, 3, {}, 1)
    assert refused.value.errors == {
        "bidder": "Only the player left of the dealer can hold the bid at 20: they are "
        "\u201cunder\u201d and must assume it (The Bid). This bidder dealt this hand: their "
        "winning bid is 21 or more. Check the bidder and the bid."
    }
    assert table.parse_hand({"bidder": "1", "bid": "20", **CONCEDED}, 3, {}, 1).bid == 20


def test_a_table_that_never_said_who_dealt_first_is_not_judged_on_a_guess():
    """A table from before a table could say who dealt first: its dealers were taken to
    start at the first seat, which nobody checked; its hands read as they were entered."""
    assert PINOCHLE.first_dealer is None
    assert PINOCHLE.parse_hand({"bidder": "0", "bid": "20", **CONCEDED}, 3, {}, 1).bid == 20
    assert PINOCHLE.forced_bidder(1, 3) is None
    assert PINOCHLE.with_first_dealer(0).forced_bidder(1, 3) == 1


NAMES = ["Ann", "Bob", "Cy"]


def test_a_trick_without_counters_keeps_the_meld_but_adds_nothing():
    """The Count: made when meld + counters >= bid. Meld 0 and 24 counters against 25: a
    double set, 2 x base 2 to each player (Scoring)."""
    result = score(played(bid=25, meld=0, counters=24))
    assert result.points == (-8, 4, 4) and result.made is False
    short = score(played(bid=25, meld=24, counters=0))
    assert short.points == (-8, 4, 4) and short.made is False


def test_a_bidder_who_pays_exactly_what_they_hold_plays_on():
    """Each holds 41 - 25 = 16. A double set at 30 in hearts costs 2 x 4 to each player
    and nothing to the kitty (under 35): 16, all of it; paid in full, the game goes on."""
    options = {"starting_chips": 41, "kitty_ante": 25}
    set_ = PINOCHLE.score_hand(played(bid=30, meld=10, counters=5), 3, options)
    result = PINOCHLE.match_result([set_], 3, options, names=NAMES)
    assert result.tally[0].points == (-16, 8, 8) and result.tally[0].note == ""
    assert result.complete is False and result.hands_played == 1
    assert result.explanation == "1 of 9 hands played: Ann \u221216, Bob +8, Cy +8; kitty 75 chips."


def test_a_kitty_that_pays_in_full_leaves_no_note():
    """Made at 35 (meld 10 + 25 counters): 7 from each player and 7 from the kitty (bid 35
    and over), which holds 75: paid in full."""
    result = PINOCHLE.match_result([score(played(bid=35, counters=25))], 3, {})
    assert result.tally[0].points == (21, -7, -7) and result.tally[0].note == ""


def test_the_games_lines_and_rows_as_the_sheet_prints_them():
    """After the set number of hands the most chips wins; the line says the kitty's chips
    (Scoring: 3 x 25 ante, untouched by bids under 35)."""
    ann = score(played(bid=30, counters=25))  # Ann +8: 4 from each
    won = PINOCHLE.match_result([ann] * 9, 3, {}, names=NAMES)
    assert won.hands_played == 9 and [row.running[0] for row in won.tally][-2:] == [64, 72]
    assert (
        won.explanation
        == "Ann wins after 9 hands: Ann +72, Bob \u221236, Cy \u221236; kitty 75 chips."
    )
    bob = score(played(bid=30, counters=25, bidder=1))
    tied = PINOCHLE.match_result([ann, bob], 3, {"hands": 2}, names=NAMES)
    assert tied.complete and tied.winner is None
    assert tied.explanation == (
        "Tied for the most after 2 hands: Ann +4, Bob +4, Cy \u22128; kitty 75 chips."
    )
