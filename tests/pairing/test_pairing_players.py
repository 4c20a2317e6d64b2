"""Seating individuals: table sizes, fair sitting out, fewer repeated opponents."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pairing import (
    Entrant,
    improve_seating,
    meetings,
    rank,
    repeated_pairs,
    seat_players,
    table_sizes,
)


def players(n: int, tables=(), records: dict[int, dict] | None = None) -> list[Entrant]:
    """Players 1..n registered in that order; tables lists earlier tables; records per id."""
    records = records or {}
    opponents = {i: [] for i in range(1, n + 1)}
    for table in tables:
        for i in table:
            opponents[i] += [j for j in table if j != i]
    return [
        Entrant(id=i, order=i, opponents=tuple(opponents[i]), **records.get(i, {}))
        for i in range(1, n + 1)
    ]


@st.composite
def histories(draw, fewest: int = 3, most: int = 20) -> list[Entrant]:
    n = draw(st.integers(fewest, most))
    ids = list(range(1, n + 1))
    earlier = []
    for _ in range(draw(st.integers(0, 3))):
        order = draw(st.permutations(ids))
        earlier += [order[k : k + 3] for k in range(0, n - 2, 3)]
    records = {
        i: {
            "wins": draw(st.integers(0, 3)),
            "points": draw(st.integers(-50, 90)),
            "byes": draw(st.integers(0, 1)),
        }
        for i in ids
    }
    return players(n, earlier, records)


def squared_meetings(tables, entrants) -> int:
    met = meetings(entrants)
    return sum(met(a, b) ** 2 for t in tables for k, a in enumerate(t) for b in t[k + 1 :])


@pytest.mark.parametrize("n", [3, 4, *range(6, 41)])
def test_ascot_tables_of_four_with_threes_for_the_remainder(n):
    sizes = table_sizes(n, prefer_four=True)
    assert sum(sizes) == n
    assert sizes.count(3) == {0: 0, 1: 3, 2: 2, 3: 1}[n % 4]
    assert sizes == sorted(sizes, reverse=True)


@pytest.mark.parametrize("n", [1, 2, 5])
def test_ascot_too_few_to_split(n):
    with pytest.raises(ValueError, match=f"{n} players"):
        table_sizes(n, prefer_four=True)


@pytest.mark.parametrize("n", range(3, 31))
def test_other_games_play_in_threes(n):
    sizes = table_sizes(n, prefer_four=False)
    assert set(sizes) == {3}
    assert n - sum(sizes) == n % 3


@settings(max_examples=100, deadline=None)
@given(histories(), st.integers(1, 6), st.booleans(), st.booleans())
def test_everyone_seated_once_and_sitting_out_is_fair(field, round_number, four, standings):
    if four and len(field) == 5:
        return
    draw = seat_players(
        field, round_number, random.Random(5), prefer_four=four, seed_by_standings=standings
    )
    placed = [i for t in draw.tables for i in t] + list(draw.byes)
    assert sorted(placed) == sorted(e.id for e in field)
    assert [len(t) for t in draw.tables] == table_sizes(len(field), prefer_four=four)
    byes = {e.id: e.byes for e in field}
    seated = [byes[i] for t in draw.tables for i in t]
    assert all(byes[i] <= min(seated) for i in draw.byes)
    assert draw.rematches == repeated_pairs(draw.tables, field)


@settings(max_examples=50, deadline=None)
@given(histories(fewest=4), st.integers(2, 6))
def test_lowest_ranked_sit_out_first(field, round_number):
    field = [Entrant(e.id, e.wins, e.points, e.order, e.opponents) for e in field]
    draw = seat_players(field, round_number, random.Random(2))
    left_over = len(field) % 3
    assert list(draw.byes) == [e.id for e in rank(field)][len(field) - left_over :]


@settings(max_examples=100, deadline=None)
@given(histories(), st.randoms(use_true_random=False), st.sampled_from([None, 1, 2]))
def test_the_search_never_makes_repeats_worse(field, rng, reach):
    ids = [e.id for e in field]
    tables = [tuple(ids[k : k + 3]) for k in range(0, len(ids) - 2, 3)]
    better = improve_seating(tables, meetings(field), rng, reach=reach)
    assert sorted(i for t in better for i in t) == sorted(i for t in tables for i in t)
    assert squared_meetings(better, field) <= squared_meetings(tables, field)


def test_the_search_breaks_up_last_rounds_tables():
    last_round = [(1, 2, 3), (4, 5, 6), (7, 8, 9)]
    field = players(9, last_round)
    assert repeated_pairs(last_round, field) == 9
    better = improve_seating(last_round, meetings(field), random.Random(0))
    assert repeated_pairs(better, field) == 0


def test_seeding_by_standings_keeps_neighbours_but_avoids_repeats():
    # Ranked 1..12; the top three and the next three met last round.
    field = players(12, [(1, 2, 3), (4, 5, 6)], {i: {"points": 100 - i} for i in range(1, 13)})
    unoptimised = [(1, 2, 3), (4, 5, 6), (7, 8, 9), (10, 11, 12)]
    draw = seat_players(field, 2, random.Random(0), seed_by_standings=True)
    assert repeated_pairs(unoptimised, field) == 6
    assert draw.rematches == 0
    assert set(draw.tables[3]) == {10, 11, 12}  # out of reach of the top tables' swaps


def test_seeding_by_standings_without_history_is_the_standings():
    field = players(10, records={i: {"wins": i % 2, "points": i} for i in range(1, 11)})
    ranked = [e.id for e in rank(field)]
    draw = seat_players(field, 3, random.Random(0), prefer_four=True, seed_by_standings=True)
    assert draw.tables == (tuple(ranked[:4]), tuple(ranked[4:7]), tuple(ranked[7:]))


def test_first_round_random_or_in_registration_order():
    field = players(8)
    in_order = seat_players(field, 1, random.Random(0), seed_by_standings=True)
    assert in_order.tables == ((1, 2, 3), (4, 5, 6)) and in_order.byes == (7, 8)
    draws = {seat_players(field, 1, random.Random(seed)) for seed in range(5)}
    assert len(draws) > 1
    assert seat_players(field, 1, random.Random(3)) == seat_players(field, 1, random.Random(3))


def test_repeats_reported_when_unavoidable():
    field = players(3, [(1, 2, 3), (1, 2, 3)])
    draw = seat_players(field, 3, random.Random(0))
    assert draw.rematches == 3
    assert any("twice" in w for w in draw.warnings)
    assert len(draw.warnings) == 3
