"""A table's history as its page lists each entry: when (the club's local time), who,
what, on which hand, why, what the facts were and became, and a signing's check code."""

import datetime

from scoring.history import Action
from scoring.models import Change, Hand
from scoring.sheet_view import SheetRow
from tables.templatetags.history import history_line
from tables.templatetags.sheet_cells import score_cells

AT = datetime.datetime(2026, 11, 20, 23, 5, 9, tzinfo=datetime.UTC)  # 18:05:09 in Columbus


def change(**fields) -> Change:
    """A history entry as a write keeps it (scoring.writes), each with its kind's words."""
    fields = {"at": AT, "actor": "North-South (own link)", "action": Action.ENTERED, **fields}
    return Change(**fields)


def test_an_entered_hand_says_when_who_and_which():
    entry = change()
    entry.hand = Hand(number=3, attempt=1)
    assert history_line(entry) == "<time>18:05:09</time> North-South (own link): entered Hand 3"


def test_a_correction_shows_why_and_the_facts_before_and_after_in_words():
    entry = change(
        action=Action.EDITED,
        reason='books were "miscounted" <again>',
        before={"level": 5, "books": 12},
        after={"level": 5, "books": 11, "boston": True, "direction": None},
    )
    entry.hand = Hand(number=1, attempt=2)
    assert history_line(entry) == (
        "<time>18:05:09</time> North-South (own link): edited Hand 1 (replay 1)"
        " — “books were &quot;miscounted&quot; &lt;again&gt;”"
        ' <small class="muted">was: level 5, books 12</small>'
        ' <small class="muted">now: level 5, books 11, boston</small>'
    )
    entry.was, entry.now = "North-South bid 5, took 12 books", "North-South bid 5, took 11"
    assert "was: North-South bid 5, took 12 books" in history_line(entry)
    assert "now: North-South bid 5, took 11</small>" in history_line(entry)


def test_an_imported_signing_shows_its_check_code():
    entry = change(action=Action.SIGNED, imported=True, after={"signatures": [{"name": "Ann"}]})
    entry.code = "K7QM-4XPA-9DZ2"
    assert history_line(entry) == (
        '<time>18:05:09</time> North-South (own link) <small class="muted">(imported)</small>'
        ': signed <small class="muted">— final; check code <span class="code">K7QM-4XPA-9DZ2'
        "</span></small>"
    )


def test_a_name_is_shown_as_typed_never_as_markup():
    entry = Change(at=AT, actor="<b>Ann</b>", action=Action.SIGNED)
    assert "&lt;b&gt;Ann&lt;/b&gt;" in history_line(entry)


def row(status="accepted", void=False, points=(6, 0), running=(10, -2)) -> SheetRow:
    return SheetRow(
        hand=Hand(number=1, attempt=1),
        label="Hand 1",
        dealer="Ann",
        score=None,
        running=running,
        status=status,
        void=void,
        points=points,
    )


def test_score_cells_show_points_and_running_totals_once_accepted():
    assert score_cells(row()) == (
        '<td class="num">+6<br><small class="muted">10</small></td>'
        '<td class="num">+0<br><small class="muted">-2</small></td>'
    )


def test_a_waiting_hand_shows_its_points_in_brackets_and_a_void_one_a_dash():
    assert score_cells(row(status="entered", running=None)) == (
        '<td class="num"><span class="muted">(+6)</span></td>'
        '<td class="num"><span class="muted">(+0)</span></td>'
    )
    assert score_cells(row(void=True)) == '<td class="num">—</td><td class="num">—</td>'
