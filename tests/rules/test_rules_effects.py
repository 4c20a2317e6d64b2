"""What an infraction does is data it carries: each shared effect applies itself to a hand
and describes itself, the same for every game that uses it."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules import RULESETS, HandScore, Infraction, InvalidRuling, Ruling, get_ruleset
from rules.ascot import AscotHand
from rules.effects import (
    AwardHand,
    ContinueOrRedeal,
    Effect,
    MoveBooks,
    PointsOff,
    Recorded,
    RulingHand,
    Void,
)
from rules.six_card_kitty import SixCardKittyHand

SLUGS = list(RULESETS)
TABLES = [(slug, size) for slug in SLUGS for size in RULESETS[slug].table_sizes]
KITTY = get_ruleset("columbus-6-card-kitty")
ASCOT = get_ruleset("ascot")
NS, EW = 0, 1
BID_5_MADE = SixCardKittyHand(bidding_team=NS, level=5, form="plain", direction=None, books=11)


def kitty_hand(record=BID_5_MADE) -> RulingHand:
    options = KITTY.resolve_options({})
    return KITTY.ruling_hand(record, 4, options, number=1)


def kitty_infraction(code: str) -> Infraction:
    return KITTY.infraction(code)


@pytest.mark.parametrize("slug", SLUGS)
def test_every_infraction_carries_what_it_does(slug):
    for infraction in RULESETS[slug].infractions:
        assert isinstance(infraction.does, Effect), infraction.code


@pytest.mark.parametrize("slug", SLUGS)
def test_the_misdeal_is_the_one_shared_void(slug):
    ruleset = RULESETS[slug]
    misdeal = ruleset.infraction("misdeal")
    assert isinstance(misdeal.does, Void)
    assert misdeal.does.voids(Ruling("misdeal"))
    size = ruleset.table_sizes[0]
    text = misdeal.does.describe(
        Ruling("misdeal"), misdeal, ruleset.ruling_hand(None, size, {}, None)
    )
    assert text.startswith(misdeal.cite) and "void" in text and text.endswith(ruleset.redealt)


def test_continue_or_redeal_voids_only_on_a_redeal():
    infraction = kitty_infraction("exposed-card-18")
    assert isinstance(infraction.does, ContinueOrRedeal)
    assert infraction.does.voids(Ruling(infraction.code, EW, "redeal"))
    ruling = Ruling(infraction.code, EW, "continue")
    assert not infraction.does.voids(ruling)
    hand = kitty_hand()
    infraction.does.apply(ruling, infraction, hand)
    assert hand.notes == ["Rule 18: North-South chose to continue"]
    assert hand.awarded_to is None and hand.moves == []
    assert "scored as played" in infraction.does.describe(ruling, infraction, kitty_hand(None))
    with pytest.raises(InvalidRuling):  # the opponents must have chosen
        infraction.does.apply(Ruling(infraction.code, EW), infraction, kitty_hand())


def test_award_hand_gives_the_hand_to_the_side_that_did_not_offend():
    infraction = kitty_infraction("exposed-card-28")
    assert isinstance(infraction.does, AwardHand)
    hand = kitty_hand()
    infraction.does.apply(Ruling(infraction.code, NS), infraction, hand)
    assert hand.awarded_to == EW
    # the first award decides; a second one does not take the hand back
    infraction.does.apply(Ruling(infraction.code, EW), infraction, hand)
    assert hand.awarded_to == EW
    played_on = kitty_hand()
    infraction.does.apply(Ruling(infraction.code, NS, "play_on"), infraction, played_on)
    assert played_on.awarded_to is None and played_on.notes == ["Rule 28: East-West played on"]
    text = infraction.does.describe(Ruling(infraction.code, NS), infraction, kitty_hand(None))
    assert text == "Rule 28: East-West are awarded the hand and the points of the bid."
    score = KITTY.score_hand(BID_5_MADE, 4, {}, [Ruling(infraction.code, NS)])
    assert score.points == (0, 5)


def test_recorded_changes_nothing_but_the_notes():
    infraction = kitty_infraction("not-progressive-23")
    assert type(infraction.does) is Recorded
    hand = kitty_hand()
    infraction.does.apply(Ruling(infraction.code, EW), infraction, hand)
    assert hand.notes == ["Rule 23: bid not progressive by East-West (recorded)"]
    assert (hand.awarded_to, hand.moves, hand.penalties) == (None, [], {})
    plain = KITTY.score_hand(BID_5_MADE, 4, {})
    ruled = KITTY.score_hand(BID_5_MADE, 4, {}, [Ruling(infraction.code, EW)])
    assert ruled.points == plain.points
    text = infraction.does.describe(Ruling(infraction.code, EW), infraction, kitty_hand(None))
    assert text.endswith("recorded, no change to the score.")


def test_move_books_moves_from_the_offenders_or_loses_the_hand():
    infraction = kitty_infraction("renege")
    assert isinstance(infraction.does, MoveBooks)
    by_bidders = kitty_hand()
    infraction.does.apply(Ruling("renege", NS), infraction, by_bidders)
    assert by_bidders.moves == [-3]  # the option's default: 3 books
    by_opponents = kitty_hand()
    infraction.does.apply(Ruling("renege", EW, amount=2), infraction, by_opponents)
    assert by_opponents.moves == [2]
    assert by_opponents.notes == ["Rules 35, 37: renege by East-West, 2 books to North-South"]
    lost = kitty_hand()
    infraction.does.apply(Ruling("renege", NS, "lose_hand"), infraction, lost)
    assert lost.awarded_to == EW and lost.moves == []
    assert "3 books move to East-West" in infraction.does.describe(
        Ruling("renege", NS), infraction, kitty_hand(None)
    )
    # 11 books less 3: bid 5 needs 11, so it is missed
    assert KITTY.score_hand(BID_5_MADE, 4, {}, [Ruling("renege", NS)]).points == (0, 5)


def test_points_off_come_off_the_offender_outside_the_hand():
    infraction = ASCOT.infraction("out-of-turn-call")
    assert isinstance(infraction.does, PointsOff) and not infraction.does.rescores
    passed = AscotHand(passed_out=True)
    hand = ASCOT.ruling_hand(passed, 3, ASCOT.resolve_options({}), number=1)
    infraction.does.apply(Ruling(infraction.code, 2), infraction, hand)
    infraction.does.apply(Ruling(infraction.code, 2, amount=5), infraction, hand)
    assert hand.penalties == {2: -15}
    score = ASCOT.score_hand(passed, 3, {}, [Ruling(infraction.code, 2)], number=1)
    assert score.points == (0, 0, -10)
    text = infraction.does.describe(Ruling(infraction.code, 1), infraction, hand)
    assert (
        text
        == "Irregularities: Seat 2 \N{MINUS SIGN}10 for a bid or pass out of turn, not multiplied."
    )


def test_a_new_infraction_is_one_entry_with_an_effect():
    """Nothing else to edit: the ruleset asks the effect whether the hand is void."""

    class Game(type(get_ruleset("three-legged-kitty"))):
        infractions = (
            *get_ruleset("three-legged-kitty").infractions,
            Infraction("cards-short", "Initial Setup", "Short deal", "...", "hand", does=Void()),
        )

    game = Game()
    score = game.score_hand(None, 3, {}, [Ruling("cards-short")])
    assert score.void and score.points == (0, 0, 0)
    assert "short deal; the hand is void" in game.describe_ruling(
        Ruling("cards-short"), None, 3, {}
    )


@pytest.mark.parametrize("slug", SLUGS)
def test_players_at_table(slug):
    """Four for 6 Card Kitty's two teams (its seats hold teams); else one per seat."""
    ruleset = RULESETS[slug]
    if ruleset.partnerships:
        assert ruleset.players_at_table(2) == 4
        assert ruleset.sides(ruleset.players_at_table(2)) == 2
    else:
        for size in ruleset.table_sizes:
            assert ruleset.players_at_table(size) == size
            assert ruleset.sides(ruleset.players_at_table(size)) == size


def hand_rulings(ruleset, size):
    """Any hand rulings the game knows, offenders and choices in range."""
    infractions = [i for i in ruleset.infractions if i.scope == "hand"]
    return st.lists(
        st.builds(
            lambda infraction, offender, pick, amount: Ruling(
                infraction.code,
                offender,
                infraction.choices[pick % len(infraction.choices)][0]
                if infraction.choices
                else None,
                amount,
            ),
            st.sampled_from(infractions),
            st.integers(0, ruleset.sides(size) - 1),
            st.integers(0, 3),
            st.one_of(st.none(), st.integers(0, 30)),
        ),
        max_size=3,
    )


@pytest.mark.parametrize(("slug", "size"), TABLES)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_a_voided_hand_scores_zero_for_every_side(slug, size, data):
    ruleset = RULESETS[slug]
    rulings = data.draw(hand_rulings(ruleset, size))
    at = data.draw(st.integers(0, len(rulings)))
    rulings.insert(at, Ruling("misdeal"))
    score = ruleset.score_hand(None, size, {}, rulings, number=1)
    assert isinstance(score, HandScore) and score.void
    assert score.points == (0,) * ruleset.sides(size)
    assert not any(score.bonus) and score.kitty == 0
