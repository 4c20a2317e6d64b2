"""The contract every game keeps with the tournament layer, checked across all four games."""

import dataclasses
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import rules
from rules import (
    RULESETS,
    HandScore,
    InvalidHand,
    InvalidOptions,
    InvalidRuling,
    MatchResult,
    Ruling,
    get_ruleset,
)

SLUGS = ["columbus-6-card-kitty", "three-legged-kitty", "ascot", "cutthroat-pinochle"]
TABLES = [(slug, size) for slug in SLUGS for size in RULESETS[slug].table_sizes]
VARIANTS = [(slug, size, {}) for slug, size in TABLES] + [
    ("ascot", 3, {"ramsch": True}),
    ("ascot", 4, {"ramsch": True, "seeger_fabian": True}),
    ("cutthroat-pinochle", 3, {"spades_double": False, "kitty_bid": 20}),
]


def test_registry_holds_the_four_games():
    assert list(RULESETS) == SLUGS
    for slug in SLUGS:
        assert get_ruleset(slug) is RULESETS[slug]
        assert RULESETS[slug].slug == slug
    with pytest.raises(KeyError):
        get_ruleset("bridge")


def test_seating():
    kitty6, legged, ascot, pinochle = (RULESETS[slug] for slug in SLUGS)
    assert kitty6.table_sizes == (4,) and kitty6.partnerships and kitty6.sides(4) == 2
    assert kitty6.side_names(4) == ["North-South", "East-West"]
    assert kitty6.seat_names(4) == ["North", "East", "South", "West"]
    assert [kitty6.seat_side(seat, 4) for seat in range(4)] == [0, 1, 0, 1]
    assert legged.table_sizes == (3,) and pinochle.table_sizes == (3,)
    assert ascot.table_sizes == (4, 3)
    for ruleset in (legged, ascot, pinochle):
        assert not ruleset.partnerships
        for size in ruleset.table_sizes:
            assert ruleset.sides(size) == size
            assert [ruleset.seat_side(seat, size) for seat in range(size)] == list(range(size))
            assert ruleset.seat_names(size)[0] == "Seat 1"
    with pytest.raises(ValueError):
        kitty6.sides(3)


@pytest.mark.parametrize(("slug", "size"), TABLES)
def test_the_deal_passes_to_the_left(slug, size):
    ruleset = RULESETS[slug]
    dealers = [ruleset.dealer(number, size) for number in range(1, 2 * size + 1)]
    assert dealers == [n % size for n in range(2 * size)]


@pytest.mark.parametrize("slug", SLUGS)
def test_options_resolve_to_defaults_and_reject_bad_values(slug):
    ruleset = RULESETS[slug]
    defaults = ruleset.resolve_options()
    assert defaults == {option.key: option.default for option in ruleset.options}
    assert ruleset.resolve_options({}) == defaults
    with pytest.raises(InvalidOptions) as raised:
        ruleset.resolve_options({"no_such_option": 1})
    assert "no_such_option" in raised.value.errors
    for option in ruleset.options:
        if option.kind == "int":
            assert ruleset.resolve_options({option.key: str(option.default)})[option.key] == (
                option.default
            )
            with pytest.raises(InvalidOptions) as raised:
                ruleset.resolve_options({option.key: "lots"})
            assert option.label in raised.value.errors[option.key]
        elif option.kind == "choice":
            with pytest.raises(InvalidOptions):
                ruleset.resolve_options({option.key: "nonsense"})
        else:
            assert ruleset.resolve_options({option.key: "on"})[option.key] is True


def test_options_the_issue_names():
    keys = {option.key for option in get_ruleset("columbus-6-card-kitty").options}
    assert {
        "renege_penalty",
        "renege_books",
        "no_bid_multiplier",
        "guarantee_joker",
        "hands_per_round",
        "forfeit_points",
    } <= keys
    assert get_ruleset("three-legged-kitty").resolve_options()["target"] == 30
    assert get_ruleset("cutthroat-pinochle").option("hands").kind == "int"


@pytest.mark.parametrize("slug", SLUGS)
def test_catalogue_and_help_text(slug):
    ruleset = RULESETS[slug]
    assert ruleset.name and ruleset.decisions
    codes = [infraction.code for infraction in ruleset.infractions]
    assert len(codes) == len(set(codes))
    assert "misdeal" in codes
    for infraction in ruleset.infractions:
        assert infraction.rule and infraction.title and infraction.text and infraction.summary
        assert infraction.scope in {"hand", "round"}
        assert infraction.chooser in {"director", "offended", ""}
        assert ruleset.infraction(infraction.code) is infraction
    with pytest.raises(KeyError):
        ruleset.infraction("nonsense")
    with pytest.raises(InvalidRuling):
        ruleset.score_hand(None, ruleset.table_sizes[0], {}, [Ruling("nonsense")])


@pytest.mark.parametrize(("slug", "size"), TABLES)
def test_a_misdeal_voids_the_hand_without_a_record(slug, size):
    ruleset = RULESETS[slug]
    score = ruleset.score_hand(None, size, {}, [Ruling("misdeal")])
    assert score.void and score.points == (0,) * ruleset.sides(size) and score.kitty == 0
    assert "void" in score.explanation
    with pytest.raises(ValueError):
        ruleset.score_hand(None, size, {})
    assert "void" in ruleset.describe_ruling(Ruling("misdeal"), None, size, {})


@pytest.mark.parametrize(("slug", "size"), TABLES)
def test_void_hands_do_not_count_in_the_match(slug, size):
    ruleset = RULESETS[slug]
    void = ruleset.score_hand(None, size, {}, [Ruling("misdeal")])
    result = ruleset.match_result([void] * 5, size, {})
    assert isinstance(result, MatchResult)
    assert not result.complete and result.hands_played == 0
    assert result.totals == (0,) * ruleset.sides(size)


@pytest.mark.spawns  # a Python of its own, with nothing imported
def test_rules_never_import_django():
    root = Path(rules.__file__).resolve().parent
    for module in root.glob("*.py"):
        assert not re.search(r"^\s*(from|import)\s+django", module.read_text(), re.M), module
    code = "import sys, rules; sys.exit(any(m.split('.')[0] == 'django' for m in sys.modules))"
    assert subprocess.run([sys.executable, "-c", code], cwd=root.parent).returncode == 0


# -- properties: what validates can be scored; what cannot be scored fails with a message ----

JUNK = st.one_of(
    st.none(),
    st.just(""),
    st.sampled_from(["x", "1.5", " 7 ", "-3", "on", "off", "true", "999", "0"]),
    st.integers(-5, 200),
    st.booleans(),
)


def form_values(ruleset, size, options):
    """Form data drawn mostly from each field's own values, sometimes junk."""
    fields = ruleset.hand_fields(size, options)
    per_field = {}
    for field in fields:
        if field.kind == "choice":
            good = st.sampled_from([value for value, _ in field.choices])
        elif field.kind == "int":
            low = field.min if field.min is not None else 0
            high = field.max if field.max is not None else low + 150
            good = st.integers(low, high).map(str)
        else:
            good = st.sampled_from(["on", "", True, False])
        per_field[field.name] = st.one_of(good, good, good, JUNK)
    return st.fixed_dictionaries(per_field)


def check_messages(errors, names):
    assert errors
    for key, message in errors.items():
        assert key in names or key == "__all__"
        assert isinstance(message, str) and len(message) > 15 and message.endswith(".")


def check_score(ruleset, score, size):
    assert isinstance(score, HandScore)
    assert len(score.points) == ruleset.sides(size)
    assert all(type(points) is int for points in score.points)
    assert type(score.kitty) is int
    assert score.explanation and "\n" not in score.explanation


@pytest.mark.parametrize(("slug", "size", "overrides"), VARIANTS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_form_either_scores_or_names_its_mistakes(slug, size, overrides, data):
    ruleset = RULESETS[slug]
    options = ruleset.resolve_options(overrides)
    values = data.draw(form_values(ruleset, size, options))
    names = {field.name for field in ruleset.hand_fields(size, options)}
    try:
        record = ruleset.parse_hand(values, size, options)
    except InvalidHand as invalid:
        check_messages(invalid.errors, names)
        return
    as_dict = ruleset.hand_to_dict(record)
    assert set(as_dict) <= names
    assert json.loads(json.dumps(as_dict)) == as_dict
    assert ruleset.parse_hand(as_dict, size, options) == record
    check_score(ruleset, ruleset.score_hand(record, size, options), size)


@pytest.mark.parametrize(("slug", "size"), TABLES)
@settings(max_examples=60, deadline=None)
@given(data=st.data())
def test_a_record_that_cannot_be_scored_fails_validation(slug, size, data):
    """Records built by hand (not from the form) are checked too, never crash."""
    ruleset = RULESETS[slug]
    record_type = ruleset.record_type
    values = {}
    for field in dataclasses.fields(record_type):
        values[field.name] = data.draw(
            st.one_of(
                JUNK,
                st.sampled_from(
                    ["plain", "no", "null", "grand", "spades", "after_widow", "uptown"]
                ),
            ),
            label=field.name,
        )
    if "ramsch" in values:
        values["ramsch"] = data.draw(st.one_of(st.none(), st.tuples(*[st.integers(0, 60)] * size)))
    record = record_type(**values)
    try:
        score = ruleset.score_hand(record, size, {})
    except InvalidHand as invalid:
        assert invalid.errors and all(invalid.errors.values())
    else:
        check_score(ruleset, score, size)


@pytest.mark.parametrize(("slug", "size"), TABLES)
def test_every_infraction_can_be_previewed(slug, size):
    ruleset = RULESETS[slug]
    for infraction in ruleset.infractions:
        choice = infraction.choices[0][0] if infraction.choices else None
        ruling = Ruling(infraction.code, offender=0, choice=choice)
        text = ruleset.describe_ruling(ruling, None, size, {})
        assert text and "\n" not in text and text.endswith("."), infraction.code


# --- who deals: the table's first dealer, then the deal passes to the left -------------------
@pytest.mark.parametrize("ruleset", RULESETS.values(), ids=RULESETS.keys())
@given(data=st.data())
def test_every_dealer_follows_the_tables_first_dealer(ruleset, data):
    size = data.draw(st.sampled_from(ruleset.table_sizes))
    seats = ruleset.players_at_table(size)
    first = data.draw(st.integers(0, seats - 1))
    number = data.draw(st.integers(1, 200))
    table = ruleset.with_first_dealer(first)
    assert table.dealer(number, seats) == (first + number - 1) % seats
    assert table.dealer(1, seats) == first
    assert ruleset.dealer(number, seats) == (number - 1) % seats  # not said: the first seat
    assert ruleset.with_first_dealer(None).dealer(number, seats) == ruleset.dealer(number, seats)
    assert table.first_dealer == first and ruleset.first_dealer is None  # the game's own stays
    assert table.check_first_dealer(first, seats) == first
    with pytest.raises(ValueError, match="must be one of the seats"):
        table.check_first_dealer(seats, seats)


# Why a side calls the director, in each game's own words: Ascot's text calls a renege a
# revoke.
CALL_REASONS = {
    "columbus-6-card-kitty": ["A ruling", "A renege claim", "A misdeal", "Something else"],
    "three-legged-kitty": ["A ruling", "A renege claim", "A misdeal", "Something else"],
    "ascot": ["A ruling", "A revoke claim", "A misdeal", "Something else"],
    "cutthroat-pinochle": ["A ruling", "A renege claim", "A misdeal", "Something else"],
}


@pytest.mark.parametrize("slug", SLUGS)
def test_each_game_words_the_reasons_to_call_the_director(slug):
    reasons = get_ruleset(slug).call_reasons
    assert [key for key, _ in reasons] == ["ruling", "renege", "misdeal", "other"]
    assert [words for _, words in reasons] == CALL_REASONS[slug]
