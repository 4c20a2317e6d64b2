"""The check code of a signed sheet, without a database: what it covers, how it is typed,
and what the check page says changed."""

import copy
import hashlib
import hmac
import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from printing import HandLine, RulingLine, Sheet, SideInfo, SignatureLine
from scoring.check_code import code, content, differences, read, shown, well_formed

SECRET = "a server secret"
FACTS_1 = (("bid", 5), ("bidding_team", 0), ("books", 12))
FACTS_2 = (("bid", 4), ("bidding_team", 1), ("books", 9))
RENEGE = (("amount", None), ("choice", ""), ("code", "renege"), ("note", ""), ("offender", 1))


def sheet(**changes) -> Sheet:
    fields = dict(
        tournament="Friday Night Kitty",
        date="20 November 2026",
        venue="Hall",
        game="6 Card Kitty",
        round=2,
        table=5,
        sides=(
            SideInfo("Aces", ("Ann Bell", "Bob Carr"), "North-South"),
            SideInfo("Kings", ("Cy Dean", "Di Eve"), "East-West"),
        ),
        hands=(
            HandLine(1, "Ann Bell", "Aces", "5", "12", (7, 0), (7, 0), facts=FACTS_1),
            HandLine(2, "Cy Dean", "Kings", "4", "9", (0, 4), (7, 4), facts=FACTS_2),
        ),
        planned_hands=4,
        rulings=(RulingLine(2, "27", "Renege", "2 books to Aces", facts=RENEGE),),
        totals=(7, 4),
        winner="Aces",
        signatures=(SignatureLine("Aces", "Ann Bell"), SignatureLine("Kings", "Cy Dean")),
        final=True,
    )
    fields.update(changes)
    return Sheet(**fields)


def test_the_code_is_twelve_characters_printed_in_three_groups():
    value = code(content(sheet(), "friday"), SECRET)
    assert len(value) == 12 and set(value) <= set("0123456789ABCDEFGHJKMNPQRSTVWXYZ")
    assert shown("K7QM4XPA9DZ2") == "K7QM-4XPA-9DZ2"


def test_the_same_sheet_gives_the_same_code_also_read_back_from_the_database():
    data = content(sheet(), "friday")
    kept = json.loads(json.dumps(data))  # as a JSON column gives it back
    assert code(kept, SECRET) == code(data, SECRET)


def test_what_only_heads_the_page_is_not_covered():
    base = code(content(sheet(), "friday"), SECRET)
    renamed = sheet(tournament="Renamed", date="1 Dec 2026", venue="Elsewhere", planned_hands=6)
    assert code(content(renamed, "friday"), SECRET) == base
    signed_later = sheet(
        signatures=(
            SignatureLine("Aces", "Ann Bell", "20 Nov 21:04"),
            SignatureLine("Kings", "Cy Dean", "20 Nov 21:05"),
        )
    )
    assert code(content(signed_later, "friday"), SECRET) == base


def test_another_secret_or_another_tournament_gives_another_code():
    data = content(sheet(), "friday")
    assert code(data, "another secret") != code(data, SECRET)
    assert code(content(sheet(), "saturday"), SECRET) != code(data, SECRET)


PATHS = [
    ("round",),
    ("table",),
    ("sides", 0, "name"),
    ("sides", 1, "players", 0),
    ("hands", 0, "facts", "bid"),
    ("hands", 0, "facts", "books"),
    ("hands", 1, "dealer"),
    ("hands", 1, "bidder"),
    ("hands", 0, "points", 0),
    ("hands", 1, "running", 1),
    ("hands", 1, "void"),
    ("rulings", 0, "hand"),
    ("rulings", 0, "facts", "code"),
    ("rulings", 0, "facts", "offender"),
    ("rulings", 0, "facts", "note"),
    ("totals", 1),
    ("winner",),
    ("signatures", 1, "signer"),
]


@given(
    st.sampled_from(PATHS), st.one_of(st.integers(-999, 999), st.text(max_size=8), st.booleans())
)
def test_any_change_to_what_the_sheet_says_changes_the_code(path, value):
    data = content(sheet(), "friday")
    changed = copy.deepcopy(data)
    place = changed
    for key in path[:-1]:
        place = place[key]
    if place[path[-1]] == value or (place[path[-1]] is value):
        return  # not a change
    place[path[-1]] = value
    assert code(changed, SECRET) != code(data, SECRET)


# The words the app makes of the facts: a later release may reword them.
WORDS = [
    ("sides", 0, "seats"),
    ("hands", 0, "bid"),
    ("hands", 0, "taken"),
    ("hands", 0, "note"),
    ("rulings", 0, "effect"),
    ("rulings", 0, "title"),
    ("rulings", 0, "rule"),
]


@given(st.sampled_from(WORDS), st.text(max_size=20))
def test_rewording_what_the_app_says_of_the_facts_keeps_the_code(path, value):
    """A release that rewords a ruling's effect or a bid's words: every sheet signed
    before still matches; a sheet signed in format 1 (which covered the words) does not."""
    data = content(sheet(), "friday")
    old = content(sheet(), "friday", form=1)
    for kept in (data, old):
        changed = copy.deepcopy(kept)
        place = changed
        for key in path[:-1]:
            place = place[key]
        if place[path[-1]] == value:
            return
        place[path[-1]] = value
        if kept is data:
            assert code(changed, SECRET) == code(data, SECRET)
        else:
            assert code(changed, SECRET) != code(old, SECRET)


def test_a_format_1_content_is_coded_as_an_earlier_release_coded_it():
    """The code of a sheet signed before the format had a version: the whole content."""
    old = content(sheet(), "friday", form=1)
    assert "format" not in old and "facts" not in old["hands"][0]
    payload = json.dumps(old, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    key = hmac.new(SECRET.encode(), b"kitty-td signed sheet check code", hashlib.sha256)
    digest = hmac.new(key.digest(), payload.encode(), hashlib.sha256).digest()
    number = int.from_bytes(digest[:8], "big") >> 4
    alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
    assert code(old, SECRET) == "".join(
        alphabet[(number >> (5 * i)) & 31] for i in range(11, -1, -1)
    )


def test_a_content_of_a_format_not_known_has_no_code():
    data = {**content(sheet(), "friday"), "format": 3}
    with pytest.raises(ValueError):
        code(data, SECRET)
    assert not well_formed(data)


def test_a_dropped_hand_or_ruling_changes_the_code():
    base = code(content(sheet(), "friday"), SECRET)
    assert code(content(sheet(hands=sheet().hands[:1]), "friday"), SECRET) != base
    assert code(content(sheet(rulings=()), "friday"), SECRET) != base


def test_a_code_is_read_as_typed():
    assert read("k7qm-4xpa-9dz2") == "K7QM4XPA9DZ2"
    assert read(" K7QM 4XPA 9DZ2 ") == "K7QM4XPA9DZ2"
    assert read("K7QM-4XPA-9DZO") == "K7QM4XPA9DZ0"  # an O is the zero
    assert read("ILQM-4XPA-9DZ2") == "11QM4XPA9DZ2"  # I and L are the one
    assert read("K7QM-4XPA-9DZ") is None
    assert read("K7QM-4XPA-9DZ22") is None
    assert read("K7QM-4XPA-9DZU") is None  # U is never used
    assert read("K7QM-4XPA-9DZ\x00") is None
    assert read("") is None


def test_what_changed_is_said_hand_by_hand():
    was = content(sheet(), "friday")
    hands = (
        HandLine(1, "Ann Bell", "Aces", "5", "10", (0, 5), (0, 5)),
        sheet().hands[1],
    )
    now = content(
        sheet(
            hands=hands,
            rulings=(),
            totals=(0, 9),
            winner="Kings",
            signatures=(SignatureLine("Aces"), SignatureLine("Kings")),
        ),
        "friday",
    )
    assert differences(was, now) == [
        "Hand 1: taken 12 → 10; points 7–0 → 0–5; running total 7–0 → 0–5",
        "Ruling withdrawn: rule 27 Renege on hand 2: 2 books to Aces",
        "Totals: 7–4 → 0–9",
        "Winner: Aces → Kings",
        "Signatures: Aces: Ann Bell, Kings: Cy Dean → not signed",
    ]
    assert differences(was, was) == []


def test_later_hands_moved_only_by_an_earlier_change_are_one_line():
    was = content(sheet(), "friday")
    hands = (
        HandLine(1, "Ann Bell", "Aces", "5", "10", (0, 5), (0, 5)),
        HandLine(2, "Cy Dean", "Kings", "4", "9", (0, 4), (0, 9)),
    )
    now = content(sheet(hands=hands), "friday")
    assert differences(was, now)[:2] == [
        "Hand 1: taken 12 → 10; points 7–0 → 0–5; running total 7–0 → 0–5",
        "Hand 2: unchanged but for the running total",
    ]


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner, max_size=3)
    ),
    max_leaves=12,
)


def test_a_content_of_either_format_is_well_formed():
    assert well_formed(content(sheet(), "friday"))
    assert well_formed(content(sheet(), "friday", form=1))
    assert well_formed(json.loads(json.dumps(content(sheet(), "friday"))))


@pytest.mark.parametrize(
    "path, junk",
    [
        (("sides",), "junk"),
        (("signatures",), 5),
        (("signatures",), [1, "x"]),
        (("hands", 0, "points"), [7]),  # one side's points missing
        (("hands", 0, "running", 0), "7"),
        (("hands", 0, "void"), 0),
        (("hands", 1), None),
        (("hands", 0, "facts"), [["bid", 5]]),
        (("hands", 0, "facts", "bid"), {"a": 1}),
        (("rulings", 0, "hand"), "2"),
        (("totals",), [7, 4, 1]),
        (("round",), True),
        (("format",), "2"),
    ],
)
def test_a_kept_copy_of_another_shape_is_not_a_content(path, junk):
    """What a hand-made backup file could hold: the check page never reads it as a sheet."""
    data = copy.deepcopy(content(sheet(), "friday"))
    place = data
    for key in path[:-1]:
        place = place[key]
    place[path[-1]] = junk
    assert not well_formed(data)


@given(JSON, st.sampled_from(["sides", "hands", "rulings", "signatures", "totals", "winner"]))
def test_whatever_a_kept_copy_holds_it_is_read_without_error(junk, key):
    data = {**content(sheet(), "friday"), key: junk}
    if well_formed(data):  # then everything the check page does with it works
        code(data, SECRET)
        differences(data, content(sheet(), "friday"))
        differences(content(sheet(), "friday"), data)
