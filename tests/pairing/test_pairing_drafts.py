"""Hand edits to a draft: what blocks it, what only needs a second look."""

import pytest

from pairing import Draw, Entrant, check_draw, move, swap


def entrants(n: int, met=(), byes=()) -> list[Entrant]:
    opponents = {i: [] for i in range(1, n + 1)}
    for a, b in met:
        opponents[a].append(b)
        opponents[b].append(a)
    return [
        Entrant(id=i, order=i, opponents=tuple(opponents[i]), byes=int(i in byes))
        for i in range(1, n + 1)
    ]


def test_a_clean_draft():
    draw = Draw(tables=((1, 2), (3, 4)), byes=(5,))
    assert check_draw(draw, entrants(5), partnership=True) == ([], [])


def test_errors_name_the_problem():
    draw = Draw(tables=((1, 2), (3, 1), (9, 4, 6)), byes=(3,))
    errors, _ = check_draw(draw, entrants(6), partnership=True)
    assert errors == [
        "Table 3 has 3 teams; a table takes 2.",
        "#1 is placed more than once: table 1, table 2.",
        "#3 is placed more than once: table 2, the bye list.",
        "#9 is not entered in this tournament (table 3).",
        "#5 has no seat and no bye.",
    ]


def test_names_and_sizes_for_individuals():
    draw = Draw(tables=((1, 2, 3, 4), (5, 6)))
    errors, _ = check_draw(
        draw, entrants(7), partnership=False, sizes_allowed=(3, 4), names={7: "Ann"}
    )
    assert errors == ["Table 2 has 2 players; a table takes 3 or 4.", "Ann has no seat and no bye."]


def test_warnings_say_who_meets_again():
    draw = Draw(tables=((1, 2), (3, 4)))
    _, warnings = check_draw(
        draw, entrants(4, met=[(1, 2), (1, 2)]), partnership=True, names={1: "Aces", 2: "Kings"}
    )
    assert warnings == ["Table 1: Aces and Kings have met twice before."]

    draw = Draw(tables=((1, 2, 3), (4, 5, 6)))
    _, warnings = check_draw(draw, entrants(6, met=[(4, 6)]), partnership=False)
    assert warnings == ["Table 2: #4 and #6 have met once before."]


def test_warns_of_a_second_bye_while_avoidable():
    field = entrants(5, byes=(5,))
    _, warnings = check_draw(Draw(((1, 2), (3, 4)), byes=(5,)), field, partnership=True)
    assert warnings == ["#5 would sit out again while someone seated has sat out fewer times."]
    everyone = entrants(3, byes=(1, 2, 3))
    assert check_draw(Draw(((1, 2),), byes=(3,)), everyone, partnership=True) == ([], [])


def test_swap_seats_and_byes():
    draw = Draw(tables=((1, 2), (3, 4)), byes=(5,), rematches=1, warnings=("old",))
    assert swap(draw, 1, 4) == Draw(tables=((4, 2), (3, 1)), byes=(5,))
    assert swap(draw, 2, 5) == Draw(tables=((1, 5), (3, 4)), byes=(2,))
    assert draw.tables == ((1, 2), (3, 4))
    with pytest.raises(ValueError, match="#8 is not in this draw"):
        swap(draw, 1, 8)


def test_move_to_a_table_the_byes_or_a_new_table():
    draw = Draw(tables=((1, 2, 3), (4, 5, 6), (7,)), byes=(8,))
    assert move(draw, 8, 3).tables == ((1, 2, 3), (4, 5, 6), (7, 8))
    assert move(draw, 8, 3).byes == ()
    assert move(draw, 1, 0) == Draw(tables=((2, 3), (4, 5, 6), (7,)), byes=(8, 1))
    assert move(draw, 1, 4).tables == ((2, 3), (4, 5, 6), (7,), (1,))
    # Table 3 empties and goes; the numbers after it would move up.
    assert move(draw, 7, 1).tables == ((1, 2, 3, 7), (4, 5, 6))
    assert move(draw, 7, 3) == draw
    with pytest.raises(ValueError, match="no table 5"):
        move(draw, 1, 5)


def test_an_edited_draft_is_checked_again():
    field = entrants(6, met=[(1, 3)])
    draw = Draw(tables=((1, 2), (3, 4), (5, 6)))
    edited = swap(draw, 2, 3)
    assert check_draw(edited, field, partnership=True) == (
        [],
        ["Table 1: #1 and #3 have met once before."],
    )


def test_warns_when_more_sit_out_than_need_to():
    draw = Draw(tables=((1, 2, 3),), byes=(4, 5, 6, 7))
    _, warnings = check_draw(draw, entrants(7), partnership=False, sizes_allowed=(3, 4))
    assert warnings == ["4 players are not seated where 0 would do: there is room at the tables."]
    _, warnings = check_draw(draw, entrants(7), partnership=False)
    assert warnings == ["4 players are not seated where 1 would do: there is room at the tables."]
    draw = Draw(tables=((1, 2),), byes=(3, 4))
    _, warnings = check_draw(draw, entrants(4), partnership=True)
    assert warnings == ["2 teams are not seated where 0 would do: there is room at the tables."]
