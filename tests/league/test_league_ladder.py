"""The season ladder's arithmetic, without a database: a case worked by hand, then
properties that hold for any nights and any scheme."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from league.ladder import Finish, Night, Scheme, ladder, night_points, parse_points, progress

SCHEME = Scheme(points=(10, 8, 6), played=1)


def night(key, *finishes):
    return Night(key, tuple(Finish(tuple(players), place) for players, place in finishes))


def test_a_small_season_worked_by_hand():
    # Night 1 (teams): A+B 1st, C+D 2nd, E+F 3rd, G+H 4th.
    # Night 2 (new partnerships): A+C 1st, B+D and E+G tied 2nd, F+H 4th.
    # Night 3 (not every one came): B+E 1st, A+F 2nd.
    nights = [
        night(1, ("AB", 1), ("CD", 2), ("EF", 3), ("GH", 4)),
        night(2, ("AC", 1), ("BD", 2), ("EG", 2), ("FH", 4)),
        night(3, ("BE", 1), ("AF", 2)),
    ]
    names = {p: p for p in "ABCDEFGH"}
    rows = {r.player: r for r in ladder(nights, SCHEME, names)}
    # Tied 2nd shares 2nd and 3rd: (8 + 6) / 2 = 7. A 4th place is below the list: 1.
    assert rows["A"].total == 10 + 10 + 8 == 28
    assert rows["B"].total == 10 + 7 + 10 == 27
    assert rows["C"].total == 8 + 10 == 18
    assert rows["D"].total == 8 + 7 == 15
    assert rows["E"].total == 6 + 7 + 10 == 23
    assert rows["F"].total == 6 + 1 + 8 == 15
    assert rows["G"].total == 1 + 7 == 8
    assert rows["H"].total == 1 + 1 == 2
    # D and F have 15 each, no 1st place: D has two 2nd places (one shared), F one.
    order = [r.player for r in ladder(nights, SCHEME, names)]
    assert order == ["A", "B", "E", "C", "D", "F", "G", "H"]
    assert [r.shown_rank for r in ladder(nights, SCHEME, names)] == list("12345678")
    assert rows["B"].nights[2].tied and rows["B"].nights[2].place == 2
    assert rows["G"].played == 2 and 3 not in rows["G"].nights

    best_two = {r.player: r for r in ladder(nights, Scheme((10, 8, 6), 1, best=2), names)}
    assert best_two["A"].total == 20  # 10 + 10; night 3's 8 dropped
    assert not best_two["A"].nights[3].counted
    assert best_two["F"].total == 6 + 8  # the 1 of night 2 dropped
    assert best_two["H"].total == 2  # two nights played: nothing to drop


def test_level_players_share_the_rank_and_are_listed_by_name():
    nights = [night(1, ("Z", 1), ("Y", 2)), night(2, ("Y", 1), ("Z", 2))]
    rows = ladder(nights, SCHEME, {"Z": "Zoe", "Y": "Yan"})
    assert [(r.player, r.shown_rank, r.total) for r in rows] == [("Y", "=1", 18), ("Z", "=1", 18)]


def test_fewer_nights_played_breaks_a_tie_after_the_places():
    # Both 10: one 1st each, best night 10 each; X played once, W twice (a 0-point night).
    nights = [night(1, ("W", 1)), night(2, ("X", 1), ("W", 4), ("V", 2), ("U", 3))]
    rows = ladder(nights, Scheme((10, 8, 6), 0), {})
    assert [r.player for r in rows][:2] == ["X", "W"]


@pytest.mark.parametrize(
    "text, points",
    [
        ("10,8,6,5,4,3,2,1", (10, 8, 6, 5, 4, 3, 2, 1)),
        (" 3 , 3, 0", (3, 3, 0)),
        ("1000", (1000,)),
        ("10, 8 ,6,", (10, 8, 6)),  # a comma at the end, as written by hand
    ],
)
def test_points_are_read_from_a_comma_list(text, points):
    assert parse_points(text) == points


@pytest.mark.parametrize(
    "text, says",
    [
        ("", "List the points"),
        ("10,,8", "is not a whole number"),
        ("10,8.5", "is not a whole number"),
        ("10,-1", "-1 \\(for 2nd\\) cannot be below 0"),
        ("1001", "over 1000"),
        ("99999999999999999999999,8", "for 1st are over 1000"),
        (",", "List the points"),
        ("6,8", "cannot be worth more than 1st"),
        ("٣", "is not a whole number"),
    ],
)
def test_bad_points_are_refused_in_words(text, says):
    with pytest.raises(ValueError, match=says):
        parse_points(text)


# --- properties ---------------------------------------------------------------------------

PLAYERS = st.integers(0, 11)


@st.composite
def nights_(draw):
    """Nights of teams of one or two of twelve players, with places as standings give
    them (ties share the better place, the next place skips)."""
    count = draw(st.integers(0, 6))
    out = []
    for key in range(count):
        players = draw(st.lists(PLAYERS, unique=True, max_size=12))
        size = draw(st.sampled_from([1, 2]))
        teams = [tuple(players[i : i + size]) for i in range(0, len(players), size)]
        scores = draw(st.lists(st.integers(0, 3), min_size=len(teams), max_size=len(teams)))
        finishes = [
            Finish(team, 1 + sum(1 for other in scores if other > score))
            for team, score in zip(teams, scores, strict=True)
        ]
        out.append(Night(key, tuple(draw(st.permutations(finishes)))))
    return out


SCHEMES = st.builds(
    Scheme,
    points=st.lists(st.integers(0, 20), max_size=6).map(lambda p: tuple(sorted(p, reverse=True))),
    played=st.integers(0, 3),
    best=st.one_of(st.none(), st.integers(1, 4)),
).filter(lambda s: not s.points or s.played <= s.points[-1])


@given(nights_(), SCHEMES)
def test_the_total_is_the_counted_nights_and_the_best_n_are_counted(nights, scheme):
    for row in ladder(nights, scheme):
        counted = [c.points for c in row.nights.values() if c.counted]
        assert row.total == sum(counted)
        every = sorted((c.points for c in row.nights.values()), reverse=True)
        keep = len(every) if scheme.best is None else min(scheme.best, len(every))
        assert len(counted) == keep
        assert row.total == sum(every[:keep])


@given(nights_(), SCHEMES)
def test_rows_are_ranked_by_total_and_a_rank_counts_those_ahead(nights, scheme):
    rows = ladder(nights, scheme)
    totals = [r.total for r in rows]
    assert totals == sorted(totals, reverse=True)
    for row in rows:
        ahead = [r for r in rows if r.total > row.total]
        assert row.rank >= len(ahead) + 1
        level = [r for r in rows if r.rank == row.rank]
        assert row.tied == (len(level) > 1)
        assert len({r.total for r in level}) == 1


@given(nights_(), SCHEMES)
def test_a_tied_place_is_worth_between_the_places_it_covers(nights, scheme):
    for n in nights:
        for c in night_points(n, scheme).values():
            tied = sum(1 for f in n.finishes if f.place == c.place)
            low = scheme.for_place(c.place + tied - 1)
            assert low <= c.points <= scheme.for_place(c.place)
            assert c.tied == (tied > 1)


@given(nights_(), SCHEMES, st.randoms())
def test_the_order_of_entrants_within_a_night_changes_nothing(nights, scheme, rng):
    shuffled = []
    for n in nights:
        finishes = list(n.finishes)
        rng.shuffle(finishes)
        shuffled.append(Night(n.key, tuple(finishes)))

    def view(rows):
        return [(r.player, r.rank, r.total) for r in rows]

    assert view(ladder(shuffled, scheme)) == view(ladder(nights, scheme))


@given(nights_(), SCHEMES)
def test_the_chart_ends_where_the_ladder_stands(nights, scheme):
    totals = progress(nights, scheme)
    for row in ladder(nights, scheme):
        assert len(totals[row.player]) == len(nights)
        assert totals[row.player][-1] == row.total
        assert totals[row.player] == sorted(totals[row.player])  # a total never falls


@given(nights_(), SCHEMES, st.lists(PLAYERS, min_size=1, max_size=2, unique=True))
def test_another_night_never_lowers_anyone(nights, scheme, team):
    before = {r.player: r.total for r in ladder(nights, scheme)}
    extra = Night("extra", (Finish(tuple(team), 1),))
    after = {r.player: r.total for r in ladder([*nights, extra], scheme)}
    assert all(after[p] >= total for p, total in before.items())
