"""The ratings' arithmetic on plain matches: what a player expects of a rating."""

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from league.ratings import START, Match, Rating, combined, rate

PLAYERS = st.integers(1, 12)


@st.composite
def partnership_matches(draw):
    a, b, c, d = draw(st.lists(PLAYERS, min_size=4, max_size=4, unique=True))
    places = draw(st.sampled_from([(1, 2), (2, 1), (1, 1)]))
    return ((a, b), (c, d)), places


@st.composite
def free_for_all(draw):
    players = draw(st.lists(PLAYERS, min_size=3, max_size=4, unique=True))
    places = tuple(draw(st.integers(1, len(players))) for _ in players)
    return tuple((p,) for p in players), places


MATCH = st.one_of(partnership_matches(), free_for_all())
SEASON = st.lists(MATCH, max_size=25).map(
    lambda found: [Match(key, teams, places) for key, (teams, places) in enumerate(found)]
)


def ratings_after(matches):
    history = rate(matches)
    return {p: history.current(p) for p in history.players}


@given(SEASON)
def test_the_same_matches_give_the_same_ratings(season):
    assert ratings_after(season) == ratings_after(list(season))


@given(SEASON, st.integers(0, 25))
def test_going_on_from_stored_ratings_gives_exactly_the_ratings_of_the_whole_season(season, k):
    """A club's stored ratings are carried on with the next night's tables: the numbers
    must be the very same as rating every table again (the --check compares them exactly)."""
    first, rest = season[:k], season[k:]
    stored = ratings_after(first)
    went_on = rate(rest, start=stored)
    carried = stored | {p: went_on.current(p) for p in went_on.players}
    assert carried == ratings_after(season)  # exact: the same floats
    for player, steps in went_on.steps.items():
        assert steps[0].before == stored.get(player, START)


@given(SEASON, st.randoms())
def test_the_order_of_partners_and_of_sides_at_a_table_does_not_matter(season, rng):
    shuffled = []
    for match in season:
        sides = list(zip(match.teams, match.places, strict=True))
        rng.shuffle(sides)
        teams = tuple(tuple(rng.sample(team, len(team))) for team, _ in sides)
        shuffled.append(Match(match.key, teams, tuple(place for _, place in sides)))
    before, after = ratings_after(season), ratings_after(shuffled)
    assert before.keys() == after.keys()
    for player, rating in before.items():
        assert math.isclose(rating.mu, after[player].mu, abs_tol=1e-9)
        assert math.isclose(rating.sigma, after[player].sigma, abs_tol=1e-9)


@given(SEASON, MATCH)
def test_a_winner_rises_and_a_loser_falls(season, last):
    """The side alone in first place rises and the side alone in last place falls. A
    shared place says less: a strong player tied for first with weaker ones did worse
    than expected, and falls (openskill, as the players would judge it too)."""
    teams, places = last
    best, worst = min(places), max(places)
    before = ratings_after(season)
    history = rate([*season, Match("last", teams, places)])
    for team, place in zip(teams, places, strict=True):
        for player in team:
            old, new = before.get(player, START), history.current(player)
            if place == best and places.count(best) == 1:
                assert new.mu > old.mu
            if place == worst and places.count(worst) == 1:
                assert new.mu < old.mu


@given(st.sampled_from([2, 3, 4]), st.floats(10, 40), st.floats(1, 8.3))
def test_a_tie_between_equals_leaves_them_equal(sides, mu, sigma):
    equal = Rating(mu, sigma)
    if sides == 2:
        match = Match(1, ((1, 2), (3, 4)), (1, 1))
    else:
        match = Match(1, tuple((p,) for p in range(1, sides + 1)), (1,) * sides)
    players = [p for team in match.teams for p in team]
    steps = rate([match], dict.fromkeys(players, equal)).steps
    after = {p: steps[p][-1].after for p in players}
    assert all(math.isclose(after[p].mu, mu, abs_tol=1e-9) for p in players)
    assert len({round(after[p].sigma, 12) for p in players}) == 1


@given(SEASON)
def test_sigma_never_grows_with_more_tables(season):
    history = rate(season)
    for steps in history.steps.values():
        sigmas = [START.sigma] + [step.after.sigma for step in steps]
        assert all(b <= a for a, b in zip(sigmas, sigmas[1:], strict=False))
        assert sigmas[-1] < START.sigma


@given(SEASON)
def test_each_step_starts_where_the_last_ended(season):
    for steps in rate(season).steps.values():
        assert steps[0].before == START
        for earlier, later in zip(steps, steps[1:], strict=False):
            assert later.before == earlier.after


def test_the_displayed_rating_starts_at_zero_and_is_mu_less_three_sigma():
    assert START.shown == pytest.approx(0)
    assert Rating(30, 2).shown == 24


def test_a_pair_combines_as_a_team():
    pair = combined([Rating(30, 3), Rating(20, 4)])
    assert pair.mu == 50 and pair.sigma == pytest.approx(5)


def test_a_player_cannot_sit_on_two_sides():
    with pytest.raises(ValueError):
        Match(1, ((1, 2), (2, 3)), (1, 2))
    with pytest.raises(ValueError):
        Match(1, ((1,),), (1,))
