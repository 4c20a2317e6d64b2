"""The statistics' arithmetic on plain records: counts that hold whatever the hands."""

from hypothesis import given
from hypothesis import strategies as st

from league.statistics import TableHands, for_pair, for_player, partners
from rules import HandFacts

PLAYERS = range(1, 7)


@st.composite
def hand(draw, sides: int):
    if draw(st.booleans()) and draw(st.booleans()):
        return HandFacts(points=(0,) * sides, void=draw(st.booleans()))
    bidder = draw(st.integers(0, sides - 1))
    made = draw(st.booleans())
    level = draw(st.integers(4, 7))
    return HandFacts(
        points=tuple(draw(st.integers(-120, 120)) for _ in range(sides)),
        bidder=bidder,
        level=level,
        level_label=str(level),
        form=draw(st.sampled_from(["plain", "special", "no uptown"])),
        made=made,
        boston=made and draw(st.booleans()),
        double_set=not made and draw(st.booleans()),
        contra=draw(st.sampled_from(["", "Contra", "Redouble"])),
        sat_out=draw(st.sampled_from([None, *range(sides)])),
    )


@st.composite
def table(draw):
    teams = draw(st.booleans())
    people = draw(st.permutations(list(PLAYERS)))
    if teams:
        sides = (frozenset(people[:2]), frozenset(people[2:4]))
    else:
        sides = tuple(frozenset([p]) for p in people[:3])
    n = len(sides)
    return TableHands(
        night=draw(st.integers(1, 5)),
        sides=sides,
        hands=tuple(draw(st.lists(hand(n), max_size=6))),
        offenders=tuple(draw(st.lists(st.integers(0, n - 1), max_size=2))),
    )


tables = st.lists(table(), max_size=8)


@given(tables, st.sampled_from(PLAYERS))
def test_made_within_won_within_played(found, player):
    stats = for_player(found, player)
    assert 0 <= stats.made <= stats.won <= stats.hands
    assert stats.bostons <= stats.made and stats.double_sets <= stats.won - stats.made
    assert stats.contra_received_made <= stats.contra_received <= stats.won
    assert stats.contra_given_beaten <= stats.contra_given <= stats.hands - stats.won


@given(tables, st.sampled_from(PLAYERS))
def test_the_lines_by_level_and_by_form_add_up_to_the_totals(found, player):
    stats = for_player(found, player)
    for lines in (stats.by_level, stats.by_form):
        assert sum(line.won for line in lines) == stats.won
        assert sum(line.made for line in lines) == stats.made
    levels = [int(line.key) for line in stats.by_level]
    assert levels == sorted(levels)


@given(tables, st.sampled_from(PLAYERS), st.randoms())
def test_the_order_of_tables_and_hands_does_not_matter(found, player, rng):
    shuffled = [
        TableHands(t.night, t.sides, tuple(rng.sample(t.hands, len(t.hands))), t.offenders)
        for t in rng.sample(found, len(found))
    ]
    assert for_player(shuffled, player) == for_player(found, player)


@given(tables, st.sampled_from(PLAYERS))
def test_a_players_partnerships_add_up_to_their_team_games(found, player):
    teams = [t for t in found if len(t.sides) == 2]
    mine = for_player(teams, player)
    pairs = partners(teams, player).values()
    for field in ("hands", "points", "won", "made", "bostons", "penalties"):
        assert sum(getattr(p, field) for p in pairs) == getattr(mine, field), field
    assert set().union(*(p.nights for p in pairs)) == mine.nights


@given(tables, st.sampled_from(PLAYERS), st.sampled_from(PLAYERS))
def test_a_pair_is_unordered(found, a, b):
    assert for_pair(found, a, b) == for_pair(found, b, a)


def test_a_small_case_by_hand():
    # Ann (1) and Bob (2) against Cy (3) and Di (4): three hands, one ruling against them.
    hands = (
        HandFacts((5, 0), bidder=0, level=5, level_label="5", form="plain", made=True),
        HandFacts((0, 6), bidder=0, level=6, level_label="6", form="no uptown", made=False),
        HandFacts((0, 7), bidder=1, level=4, level_label="4", form="plain", made=True, boston=True),
        HandFacts((0, 0), void=True),
    )
    found = [TableHands(9, (frozenset({1, 2}), frozenset({3, 4})), hands, offenders=(0, 1, 0))]
    ann = for_player(found, 1)
    assert (ann.hands, ann.points, ann.won, ann.made, ann.made_percent) == (3, 5, 2, 1, 50)
    assert (ann.bostons, ann.penalties, ann.average_points, ann.nights) == (0, 2, 1.67, {9})
    assert [(line.key, line.won, line.made) for line in ann.by_level] == [
        ("5", 1, 1),
        ("6", 1, 0),
    ]
    di = for_player(found, 4)
    assert (di.won, di.made, di.bostons, di.points, di.penalties) == (1, 1, 1, 13, 1)
    assert for_pair(found, 2, 1) == ann and for_pair(found, 1, 3).hands == 0
