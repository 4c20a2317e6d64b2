"""What a table's history says was done is one of scoring.history's Action kinds: every
write at the table stores one, each kind has its write, a backup file's history reads
back to them, and the app names them only through the enumeration."""

import ast
import json
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone

from backup.exporting import export_tournament
from backup.importing import import_tournament
from scoring import calls, entry, rulings
from scoring.dealing import set_first_dealer
from scoring.history import ACTION_MAX, Action
from scoring.models import Change, Hand
from tests.conftest import GAMES, ONE_TABLE, make_tournament
from tests.support.helpers import FINISHING, as_record, published_round, table_of
from tests.test_import_map import APPS

ROOT = Path(__file__).resolve().parents[2]
# The backup files of the demo nights (beside each, what it must read back to).
BACKUPS = sorted(
    p for p in (ROOT / "tests" / "data" / "backups").glob("*.json") if ".expected" not in p.suffixes
)


def test_the_stored_words_are_those_of_every_release():
    """The values are what Change.action holds and every backup file carries: a change of
    wording would leave the stored history unread."""
    assert {a.value for a in Action} == {
        "entered",
        "accepted",
        "disputed",
        "edited",
        "took back",
        "struck",
        "signed",
        "reopened",
        "asked for a correction",
        "answered a correction request",
        "new link",
        "PIN tries cleared",
        "called the director",
        "answered the call",
        "ruling",
        "ruling withdrawn",
        "first dealer",
    }


def test_a_kind_that_names_what_it_was_about_is_made_and_read_back():
    assert Action.RULING.said("rule 35, 37 Renege") == "ruling: rule 35, 37 Renege"
    assert Action.RULING_WITHDRAWN.said("misdeal") == "ruling withdrawn: misdeal"
    assert Action.FIRST_DEALER.said("North") == "first dealer: North"
    assert len(Action.RULING.said("x" * 300)) == ACTION_MAX  # cut to the column, as always
    assert Action.SIGNED.said() == "signed"
    for text, kind in [
        ("ruling: rule 35, 37 Renege", Action.RULING),
        ("ruling: Rule 41 Leaving (Team 3 left)", Action.RULING),
        ("ruling withdrawn: misdeal", Action.RULING_WITHDRAWN),
        ("first dealer: North", Action.FIRST_DEALER),
        ("asked for a correction", Action.ASKED),
        ("PIN tries cleared", Action.PIN_TRIES_CLEARED),
        ("called the director", Action.CALLED),
        ("answered the call", Action.CALL_ANSWERED),
    ]:
        assert Action.of(text) is kind, text
    for text in ("ruling", "ruling: ", "first dealer", "corrected", "signed: x", ""):
        assert Action.of(text) is None, text
    with pytest.raises(ValueError):
        Action.RULING.said()
    with pytest.raises(ValueError):
        Action.SIGNED.said("by Ann")


@pytest.mark.parametrize("path", BACKUPS, ids=lambda p: p.name)
def test_every_action_of_the_backup_files_is_a_kind_of_the_enumeration(path):
    data = json.loads(path.read_text())
    actions = [
        change["action"]
        for round_ in data.get("rounds", [])
        for table in round_.get("tables", [])
        for change in table.get("changes", [])
    ]
    assert actions, "a night with a history"
    assert [a for a in actions if Action.of(a) is None] == []


@pytest.mark.django_db
@pytest.mark.parametrize("game", GAMES)
def test_every_write_at_a_table_keeps_its_kind_and_a_backup_carries_it(game, director):
    options, hands = FINISHING[game]
    tournament = make_tournament(game, entrants=ONE_TABLE[game], published=True, options=options)
    table = table_of(published_round(tournament))
    td = entry.Actor(user=director, label="Director td")
    side = [entry.Actor(side=n) for n in range(ONE_TABLE[game])]

    def entered(number: int, nonce: str) -> Hand:
        data = as_record(table, {k: str(v) for k, v in hands[number - 1].items()})
        return entry.enter_hand(table, data, actor=side[0], nonce=nonce, slot=(number, 1))

    set_first_dealer(table, 1, actor=side[1])
    set_first_dealer(table, 0, actor=side[0])
    hand = entered(1, "taken back")
    entry.take_back(table, hand.pk, actor=side[0], version=hand.version)
    hand = entered(1, "disputed")
    entry.dispute_hand(table, hand.pk, actor=side[1], version=hand.version, reason="no")
    data = as_record(table, {k: str(v) for k, v in hands[0].items()})
    entry.edit_hand(table, hand.pk, data, actor=td, version=hand.version, reason="as played")
    entry.strike_hand(table, hand.pk, actor=td, reason="wrong table")
    for number in range(1, len(hands) + 1):
        hand = entered(number, f"h{number}")
        entry.accept_hand(table, hand.pk, actor=side[1], version=hand.version)
    proposal = rulings.Proposal(code="misdeal", hand=str(hand.pk), offender=0, note="7 cards")
    ruling = rulings.record(table, proposal, actor=td)
    rulings.withdraw(table, ruling.pk, actor=td, reason="wrong table")
    for seat in table.seats.order_by("position"):
        name = seat.entrant.players[0]
        entry.sign(table, side=seat.position, player=name, typed=name, actor=side[seat.position])
    entry.ask_correction(table, actor=side[1], reason="hand 1")
    asked = table.corrections.get()
    entry.answer_correction(table, asked.pk, actor=td, answer="as played")
    entry.reopen(table, actor=td, reason="a miscount")
    entry.reissue_link(table, 0, actor=td)
    table.seats.filter(position=1).update(pin_rests_until=timezone.now() + timedelta(minutes=5))
    entry.clear_pin_tries(table, 1, actor=td)
    calls.call(table, actor=side[0], reason="misdeal")
    calls.answer(table, actor=td)

    stored = list(Change.objects.filter(table=table).values_list("action", flat=True))
    assert [a for a in stored if Action.of(a) is None] == []
    assert {Action.of(a) for a in stored} == set(Action), "each kind has its write"
    saved = export_tournament(tournament)
    carried = [c["action"] for r in saved["rounds"] for t in r["tables"] for c in t["changes"]]
    assert carried == stored
    tournament.delete()
    restored = import_tournament(saved)
    assert [
        Action.of(a)
        for a in Change.objects.filter(table__round__tournament=restored)
        .order_by("at", "id")
        .values_list("action", flat=True)
    ] == [Action.of(a) for a in stored]


def _action_words(node) -> bool:
    """Whether `node` writes out a history's action: its words, or the start of a kind
    that names what it was about ("ruling withdrawn: ..."), cut to a length or not."""
    if isinstance(node, ast.Subscript):
        node = node.value
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value in set(Action) or Action.of(node.value) is not None
    if isinstance(node, ast.JoinedStr) and node.values:
        start = node.values[0]
        text = start.value if isinstance(start, ast.Constant) else ""
        return any(text.startswith(f"{a.value}: ") for a in Action if a.names_what)
    return False


def literal_actions(source: str) -> list[int]:
    """Lines that write a history's action out in words instead of naming a kind of the
    enumeration: compared with a change's action, stored as one (`action=`, or logged),
    or kept in a constant of its own."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            operands = [node.left, *node.comparators]
            action = any(isinstance(o, ast.Attribute) and o.attr == "action" for o in operands)
            if action and any(_action_words(o) for o in operands):
                found.append(node.lineno)
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            logged = node.args if name.lstrip("_") == "log" else []
            if any(_action_words(a) for a in logged) or any(
                k.arg and k.arg.split("__")[0] == "action" and _action_words(k.value)
                for k in node.keywords
            ):
                found.append(node.lineno)
        elif isinstance(node, ast.Assign) and _action_words(node.value):
            if all(isinstance(t, ast.Name) and t.id.isupper() for t in node.targets):
                found.append(node.lineno)
    return sorted(found)


def test_the_app_names_the_history_s_actions_only_through_the_enumeration():
    wrong = {}
    for package in sorted(set(APPS) - {"config"}):
        for path in sorted((ROOT / package).rglob("*.py")):
            if "migrations" in path.parts or path == ROOT / "scoring" / "history.py":
                continue  # the words themselves, where the enumeration keeps them
            if lines := literal_actions(path.read_text()):
                wrong[str(path.relative_to(ROOT))] = lines
    assert wrong == {}


def test_the_check_sees_written_words():
    source = (
        'if change.action == "reopened": pass\n'
        'Change.objects.filter(action="disputed")\n'
        'Change(action=f"ruling withdrawn: {code}")\n'
        'parser.add_argument("--fix", action="store_true")\n'
        "if change.action == Action.REOPENED: pass\n"
        'if failed.action == "enter": pass\n'  # a form's action, not the history's
        '_log(table, actor, f"ruling: rule {rule}"[:120], hand)\n'
        'w.log(Action.ENTERED, hand, reason="entered")\n'
        'ASKED = "asked for a correction"\n'
        'Need("disputed", table)\n'  # the console's kind of need, not a history's action
    )
    assert literal_actions(source) == [1, 2, 3, 7, 9]
