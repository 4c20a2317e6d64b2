"""Standings and the playoff bracket as pure functions: no database."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

import standings
from pairing import playoff
from standings import Bye, Outcome, compute


def won(round_, table, a, b, totals=(16, 4), winner=0, **kw):
    return Outcome(round_, table, (a, b), totals, winner, True, **kw)


def test_rounds_won_then_points_and_ties_are_shared():
    outcomes = [won(1, 1, 1, 2, (10, 4)), won(1, 2, 3, 4, (10, 4))]
    rows = compute([1, 2, 3, 4], outcomes)
    assert [(r.entrant, standings.shown_rank(r)) for r in rows] == [
        (1, "=1"),
        (3, "=1"),
        (2, "=3"),
        (4, "=3"),
    ]


def test_head_to_head_breaks_a_tie_between_teams_that_met():
    # 1 and 2 both win two rounds with the same points; 1 beat 2 in round 1.
    outcomes = [
        won(1, 1, 1, 2, (8, 4)),
        won(1, 2, 3, 4, (8, 0)),
        won(2, 1, 2, 3, (8, 4)),
        won(2, 2, 1, 4, (4, 0)),
        won(3, 1, 2, 4, (8, 0)),
        won(3, 2, 1, 3, (8, 12), winner=1),
    ]
    rows = compute([1, 2, 3, 4], outcomes)
    one, two = (next(r for r in rows if r.entrant == e) for e in (1, 2))
    assert (one.wins, one.points) == (two.wins, two.points) == (2, 20)
    assert one.head_to_head == 1 and two.head_to_head == 0
    order = [r.entrant for r in rows]
    assert order.index(1) < order.index(2) and not one.tied


def test_fewest_points_conceded_is_the_last_tiebreak():
    outcomes = [won(1, 1, 1, 2, (8, 4)), won(1, 2, 3, 4, (8, 0))]
    rows = compute([1, 2, 3, 4], outcomes)
    assert [r.entrant for r in rows[:2]] == [3, 1]


def test_playoff_rounds_and_unfinished_tables_never_count():
    outcomes = [
        won(1, 1, 1, 2),
        won(5, 1, 2, 1, playoff=True),
        Outcome(2, 1, (1, 2), (0, 12), None, False),
    ]
    row = {r.entrant: r for r in compute([1, 2], outcomes)}
    assert (row[1].wins, row[1].played, row[2].wins) == (1, 1, 0)
    live = {r.entrant: r for r in compute([1, 2], outcomes, only_complete=False)}
    assert live[2].points == 4 + 12 and live[2].played == 2


def test_a_bye_is_a_round_won_with_the_average_winning_points():
    outcomes = [won(1, 1, 1, 2, (10, 0)), won(1, 2, 3, 4, (6, 0))]
    row = {r.entrant: r for r in compute([1, 2, 3, 4, 5], outcomes, [Bye(1, 5)])}
    assert (row[5].wins, row[5].points, row[5].byes) == (1, 8, 1)


def test_seeger_fabian_total_against_the_plain_score():
    # Ascot at three: the hand scores hold the Seeger-Fabian part (bonus) already.
    o = Outcome(1, 1, (1, 2, 3), (120, 40, 40), 0, True, bonus=(50, 40, 40))
    row = {r.entrant: r for r in compute([1, 2, 3], [o], order=standings.SEEGER_FABIAN_ORDER)}
    assert (row[1].score, row[1].seeger_fabian) == (70, 120)
    assert (row[2].score, row[2].seeger_fabian) == (0, 40)


def test_three_player_order_score_then_games_won_then_fewest_lost():
    a = Outcome(
        1, 1, (1, 2, 3), (30, 30, 10), None, True, games_won=(2, 1, 0), games_lost=(0, 0, 1)
    )
    b = Outcome(1, 2, (4, 5, 6), (30, 5, 5), 0, True, games_won=(2, 0, 0), games_lost=(1, 0, 0))
    rows = compute(range(1, 7), [a, b], order=standings.INDIVIDUAL_ORDER)
    assert [r.entrant for r in rows[:3]] == [1, 4, 2]


def test_the_typed_order_takes_keys_or_the_clubs_words_and_refuses_the_rest():
    allowed = standings.allowed_metrics(partnership=True)
    assert standings.parse_order("Points, wins , head-to-head", allowed) == (
        "points",
        "wins",
        "head_to_head",
    )
    with pytest.raises(ValueError, match="not a standings metric"):
        standings.parse_order("wins, games_won", allowed)
    with pytest.raises(ValueError, match="twice"):
        standings.parse_order("wins, Rounds won", allowed)
    assert "seeger_fabian" not in standings.allowed_metrics(False, seeger_fabian=False)
    assert standings.describe_order(("wins", "conceded")) == (
        "Rounds won, then Points conceded (fewest)"
    )


def test_boston_pot_most_bostons_wins_and_ties_split():  # rule 39
    rows = compute([1, 2, 3], [won(1, 1, 1, 2, bostons=(1, 0)), won(2, 1, 3, 2, bostons=(1, 0))])
    winners, share = standings.boston_pot(rows, 50)
    assert sorted(winners) == [1, 3] and share == 25.0


def test_no_boston_the_best_record_takes_the_pot():  # rule 39
    rows = compute([1, 2], [won(1, 1, 1, 2, (9, 3))])
    assert standings.boston_pot(rows, 30) == ([1], 30.0)


def test_an_entrants_record_round_by_round():
    outcomes = [won(1, 1, 1, 2, (9, 3)), won(2, 3, 2, 1, (8, 4)), won(4, 1, 1, 3, playoff=True)]
    lines = standings.record_of(1, outcomes, [Bye(3, 1, points=7)])
    assert [(x.round, x.result, x.mine, x.theirs) for x in lines] == [
        (1, "won", 9, (3,)),
        (2, "lost", 4, (8,)),
        (3, "bye", 7, (0,)),  # no table of round 3 finished: it concedes 0
        (4, "won", 16, (4,)),
    ]
    assert lines[1].opponents == (2,) and lines[3].playoff and not lines[3].counted


# -- the playoff ----------------------------------------------------------------------------


def test_bracket_positions_keep_one_and_two_apart_until_the_final():
    assert playoff.positions(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    first = playoff.first_round([11, 12, 13, 14, 15, 16, 17, 18])
    assert [(m.high, m.low) for m in first] == [(11, 18), (14, 15), (12, 17), (13, 16)]


def test_short_of_a_power_of_two_the_top_seeds_have_a_bye():
    first = playoff.first_round([1, 2, 3, 4, 5, 6])
    assert [(m.high, m.low) for m in first] == [(1, None), (4, 5), (2, None), (3, 6)]


def test_winners_meet_the_next_round_then_a_champion():
    seeds = [1, 2, 3, 4]
    assert len(playoff.bracket(seeds, {})) == 1
    won = {frozenset({1, 4}): 4, frozenset({2, 3}): 2}
    rounds = playoff.bracket(seeds, won)
    assert [(m.high, m.low) for m in rounds[1]] == [(2, 4)]  # the better seed North-South
    assert playoff.champion(seeds, won) is None
    assert playoff.champion(seeds, {**won, frozenset({2, 4}): 4}) == 4


@given(st.integers(min_value=2, max_value=40), st.randoms(use_true_random=False))
def test_every_bracket_ends_with_one_champion_after_log2_rounds(n, rng):
    seeds = list(range(100, 100 + n))
    won: dict = {}
    rounds = playoff.bracket(seeds, won)
    while playoff.champion(seeds, won) is None:
        for m in rounds[-1]:
            if not m.bye:
                won[m.teams] = rng.choice([m.high, m.low])
        rounds = playoff.bracket(seeds, won)
    assert len(rounds) == max(1, (n - 1).bit_length())  # log2 of n, rounded up
    assert all(
        len({e for m in r for e in m.teams}) == len([e for m in r for e in m.teams]) for r in rounds
    )


def test_the_cut_and_a_tie_across_it():
    ranked = [(1, 1), (2, 2), (3, 3), (4, 3), (5, 3), (6, 6)]
    c = playoff.cut(ranked, 4)
    assert c.qualifiers == (1, 2, 3, 4) and c.line_after == 4
    assert c.tied == (3, 4, 5) and c.places_in_tie == 2 and c.sure == (1, 2)
    assert playoff.settle(c, [5, 3]) == (1, 2, 3, 5)
    with pytest.raises(ValueError, match="exactly 2"):
        playoff.settle(c, [5])
    clean = playoff.cut(ranked, 2)
    assert not clean.tied and playoff.settle(clean, []) == (1, 2)


def test_a_withdrawn_team_keeps_its_row_but_does_not_advance():
    ranked = [(1, 1), (2, 2), (3, 3), (4, 4)]
    c = playoff.cut(ranked, 2, eligible={1, 3, 4})
    assert c.qualifiers == (1, 3) and c.line_after == 3
    with pytest.raises(ValueError, match="Only 3 teams"):
        playoff.cut(ranked, 4, eligible={1, 3, 4})
