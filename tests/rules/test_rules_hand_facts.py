"""What each game's scored hand says for the statistics, checked against the rule texts'
own cases: the bidder (or the Cat, or the declarer), the bid's level and form, made or
not, and the game's own feats (a Boston, a double set, Contra)."""

import pytest

from rules import HandFacts, Ruling, get_ruleset
from rules.ascot import AscotHand
from rules.cutthroat_pinochle import CutthroatPinochleHand
from rules.six_card_kitty import SixCardKittyHand
from rules.three_legged_kitty import ThreeLeggedKittyHand

KITTY = get_ruleset("columbus-6-card-kitty")
THREE = get_ruleset("three-legged-kitty")
ASCOT = get_ruleset("ascot")
PINOCHLE = get_ruleset("cutthroat-pinochle")


def facts(ruleset, record, size, *rulings, **options):
    score = ruleset.score_hand(record, size, options, rulings)
    return ruleset.hand_facts(record, score, size)


def test_the_words_are_each_games_own():
    assert [r.bidder_role for r in (KITTY, THREE, ASCOT, PINOCHLE)] == [
        "bidder",
        "Cat",
        "declarer",
        "bidder",
    ]
    assert (THREE.level_word, ASCOT.form_word, PINOCHLE.form_word) == (
        "Contract number",
        "Game",
        "Trump",
    )
    # The feats each game's statistics count: a Boston, Contra, a double set.
    assert [r.feats for r in (KITTY, THREE, ASCOT, PINOCHLE)] == [
        ("boston",),
        (),
        ("contra",),
        ("double_set",),
    ]


def test_six_card_kitty_a_boston_made_by_east_west():
    # Rule 5: bid 5 with all 13 books scores 7; rule 39 counts it as a Boston.
    found = facts(KITTY, SixCardKittyHand(1, 5, "plain", None, 13), 4)
    assert found == HandFacts(
        points=(0, 7), bidder=1, level=5, level_label="5", form="plain", made=True, boston=True
    )


def test_six_card_kitty_a_no_bid_missed_names_its_direction():
    found = facts(KITTY, SixCardKittyHand(0, 6, "no", "downtown", 11), 4)
    assert (found.bidder, found.form, found.made, found.boston) == (0, "no downtown", False, False)
    assert found.points == (0, 6)  # rule 5: the opponents score the bid


def test_six_card_kitty_a_voided_hand_has_no_bid():
    found = facts(KITTY, SixCardKittyHand(0, 4, "plain", None, 10), 4, Ruling("misdeal"))
    assert found.void and found.bidder is None and found.points == (0, 0)


def test_six_card_kitty_a_hand_awarded_against_the_bidders_is_not_made():
    # Rule 28: the side that did not offend takes the hand and the bid's points.
    ruling = Ruling("exposed-card-28", offender=0, choice="award")
    found = facts(KITTY, SixCardKittyHand(0, 5, "special", None, 12), 4, ruling)
    assert (found.bidder, found.made, found.points) == (0, False, (0, 5))


def test_three_legged_kitty_the_cat_and_the_contract():
    # "Carol wins with 5 No Trump and becomes the Cat"; she takes 6: made, +5.
    found = facts(THREE, ThreeLeggedKittyHand(False, 2, 5, "notrump", 6), 3)
    assert found == HandFacts(
        points=(0, 0, 5), bidder=2, level=5, level_label="5", form="No Trump", made=True
    )
    failed = facts(THREE, ThreeLeggedKittyHand(False, 0, 3, "null", 6), 3)  # Null 3: at most 5
    assert (failed.form, failed.made, failed.points) == ("Null", False, (0, 5, 5))


def test_three_legged_kitty_passed_out_has_no_cat():
    found = facts(THREE, ThreeLeggedKittyHand(True), 3)
    assert found.bidder is None and not found.void and found.points == (0, 0, 0)


def test_ascot_contra_redouble_and_kittyfree():
    record = AscotHand(
        False, 1, 100, "grand", kitty_free=True, contra=True, redouble=True, card_points=70
    )
    found = facts(ASCOT, record, 3)
    assert (found.bidder, found.level, found.form, found.contra) == (
        1,
        100,
        "Grand KittyFree",
        "Redouble",
    )
    assert found.made and found.points == (0, 500, 0)  # 70 + 55 = 125, x4
    lost = facts(ASCOT, AscotHand(False, 0, 80, "suit", contra=True, card_points=61), 3)
    assert (lost.contra, lost.made, lost.points) == ("Contra", False, (-240, 0, 0))


def test_ascot_the_dealer_sits_out_at_four():
    record = ASCOT.parse_hand(
        {"declarer": "2", "bid": "60", "game": "null", "tricks": "0"}, 4, {}, 1
    )
    score = ASCOT.score_hand(record, 4, {}, (), 1)
    found = ASCOT.hand_facts(record, score, 4)
    assert found.sat_out == record.dealer is not None and found.bidder == 2 and found.made


def test_ascot_ramsch_has_no_declarer():
    record = AscotHand(True, ramsch=(60, 40, 20))
    found = facts(ASCOT, record, 3, ramsch=True)
    assert found.bidder is None and found.points == (-60, 0, 0)


def test_pinochle_a_double_set_and_the_bid_group():
    # Bid 27 (base 2) in spades (doubles): played and failed pays 2 x 4 to each player.
    record = CutthroatPinochleHand(1, 27, "no", "spades", meld=10, counters=12, took_trick=True)
    found = facts(PINOCHLE, record, 3)
    assert (found.bidder, found.level_label, found.form) == (1, "25\N{EN DASH}29", "Spades")
    assert found.made is False and found.double_set and found.points == (8, -16, 8)


def test_pinochle_a_concession_is_no_double_set():
    record = CutthroatPinochleHand(0, 57, "after_widow")
    found = facts(PINOCHLE, record, 3)
    assert (found.level_label, found.form, found.made, found.double_set) == (
        "55+",
        "none named",
        False,
        False,
    )


@pytest.mark.parametrize("bid", [20, 24, 25, 29, 30, 35, 40, 45, 50, 54, 55, 99])
def test_pinochle_bid_groups_follow_the_base_values(bid):
    made = facts(PINOCHLE, CutthroatPinochleHand(0, bid, "no", "hearts", meld=bid), 3)
    low, _, high = made.level_label.replace("+", "\N{EN DASH}").partition("\N{EN DASH}")
    assert int(low) == made.level <= bid and (not high or bid <= int(high))
