"""The names a club tells apart, and those it only offers as perhaps the same player."""

from hypothesis import given
from hypothesis import strategies as st

from league.names import Entry, name_key, near, one_edit_apart, register, typed_as

NAMES = st.text(st.characters(exclude_categories=("Cs", "Cc")), max_size=20)
WORDY = st.lists(
    st.text("abcdeéilnorstuyABCDE'-", min_size=1, max_size=7), min_size=1, max_size=3
).map(" ".join)


def test_case_accents_spacing_and_punctuation_are_folded():
    assert name_key("Anne  Bell") == name_key("anne bell") == name_key("Anne Bèll") == "anne bell"
    assert name_key(" O'Brien ") == name_key("OBrien") == "obrien"
    assert name_key("Anne-Marie  Ó Súilleabháin") == "anne marie o suilleabhain"
    assert name_key("J.R. Ewing") == "jr ewing"


def test_near_names():
    assert near("Ann Bell", "Anne Bell")
    assert near("anne bell", "Anne Bell")
    assert near("Bell, Anne", "Anne Bell")
    assert near("A. Bell", "Anne Bell")
    assert near("Bob Bell", "Robert Bell")
    assert near("Katherine Smyth", "Katherine Smith")
    assert near("Catherine Smith", "Kathy Smith")  # short forms of one name
    assert near("Mable Ortiz", "Mabel Ortiz")  # two neighbouring letters swapped: one edit
    assert near("Mabel Ortzi", "Mabel Ortiz")


def test_far_names():
    assert not near("Anne Bell", "Anne Bolton")
    assert not near("Ann Bell", "Bob Bell")
    assert not near("Tom Ray", "Tim Roy")  # two edits
    assert not near("Maleb Ortiz", "Mabel Ortiz")  # letters two apart swapped: two edits
    assert not near("Mable Otriz", "Mabel Ortiz")  # two swaps
    assert not near("Catherine Smyth", "Katherine Smith")
    assert not near("Anne", "Anne Bell")
    assert not near("", "Anne Bell")


@given(NAMES)
def test_the_key_is_idempotent(name):
    assert name_key(name_key(name)) == name_key(name)


@given(WORDY)
def test_a_name_is_near_itself_whatever_its_case_and_spacing(name):
    assert near(name, name)
    assert near(name, "  " + name.upper().replace(" ", "   ") + " ")


@given(NAMES, NAMES)
def test_near_is_symmetric(a, b):
    assert near(a, b) == near(b, a)


@given(WORDY, WORDY)
def test_near_is_symmetric_on_names_like_names(a, b):
    assert near(a, b) == near(b, a)
    if name_key(a) == name_key(b) and name_key(a):
        assert near(a, b)


@given(st.lists(WORDY, max_size=12), WORDY)
def test_the_register_finds_what_comparing_every_entry_finds(names, typed):
    entries = [Entry(i, n) for i, n in enumerate(names)]
    found = register(entries).match(typed)
    exact = [e.id for e in entries if e.name.strip() == typed.strip()]
    if len(exact) == 1:
        assert found.exact == exact[0] and found.near == ()
    else:
        assert found.exact is None
        assert set(found.near) == {e.id for e in entries if near(e.name, typed)} | set(exact)


@given(st.lists(WORDY, max_size=12))
def test_near_pairs_are_every_near_pair(names):
    entries = [Entry(i, n) for i, n in enumerate(names)]
    expected = [
        (a.id, b.id) for a in entries for b in entries if a.id < b.id and near(a.name, b.name)
    ]
    assert register(entries).near_pairs() == expected


def test_an_exact_match_is_the_same_text_and_an_alias_counts():
    club = register([Entry(1, "Anne Bell", ("Ann Bell",)), Entry(2, "Bob Stone")])
    assert club.match(" Anne Bell ").exact == 1
    assert club.match("Ann Bell").exact == 1
    assert club.match("anne bell").exact is None and club.match("anne bell").near == (1,)
    assert club.match("Zoe Quill").exact is None and club.match("Zoe Quill").near == ()


def edit_distance(a: str, b: str) -> int:
    """The optimal string alignment distance, by the textbook table: letters added,
    dropped or changed, and neighbouring letters swapped, no letter edited twice."""
    d = [[i + j if i * j == 0 else 0 for j in range(len(b) + 1)] for i in range(len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            d[i][j] = min(
                d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + (a[i - 1] != b[j - 1])
            )
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
    return d[-1][-1]


@st.composite
def pairs(draw):
    """Two short strings: unrelated, or the second made from the first by one or two
    random edits (a swap of neighbours among them), so the near cases are tried too."""
    a = draw(st.text("abc ", max_size=6))
    if draw(st.booleans()):
        return a, draw(st.text("abc ", max_size=6))
    b = a
    for _ in range(draw(st.integers(1, 2))):
        i = draw(st.integers(0, len(b)))
        edit = draw(st.sampled_from(["swap", "add", "drop", "change"]))
        letter = draw(st.sampled_from("abc "))
        if edit == "swap" and i + 1 < len(b):
            b = b[:i] + b[i + 1] + b[i] + b[i + 2 :]
        elif edit == "add":
            b = b[:i] + letter + b[i:]
        elif edit == "drop":
            b = b[:i] + b[i + 1 :]
        else:
            b = b[:i] + letter + b[i + 1 :]
    return a, b


@given(pairs())
def test_one_edit_apart_is_an_edit_distance_of_at_most_one(pair):
    a, b = pair
    assert one_edit_apart(a, b) == (edit_distance(a, b) <= 1)


@given(st.text("abc", min_size=2, max_size=8), st.data())
def test_two_neighbours_swapped_are_one_edit_and_the_register_finds_them(name, data):
    i = data.draw(st.integers(0, len(name) - 2))
    swapped = name[:i] + name[i + 1] + name[i] + name[i + 2 :]
    assert one_edit_apart(name, swapped)
    club = register([Entry(1, f"{name} Ortiz")])
    typed = f"{swapped} Ortiz"
    assert club.match(typed).near == (1,) or club.match(typed).exact == 1
    club.add(Entry(2, typed))
    assert club.near_pairs() == [(1, 2)]


def test_a_name_typed_on_any_phone_is_the_name_as_registered():
    """Signing by name: case, accents, spacing and punctuation do not count, letters do."""
    assert typed_as("Jose Jimenez", "José Jiménez")
    assert typed_as("  JOSE   jimenez ", "José Jiménez")
    assert typed_as("josejimenez", "José Jiménez")
    assert typed_as("Lukasz Nowak", "Łukasz Nowak") and typed_as("Soren", "Søren")
    assert typed_as("zoe o'brien", "Zoë O’Brien") and typed_as("Anne Marie", "Anne-Marie")
    assert not typed_as("Jose Jimenes", "José Jiménez")
    assert not typed_as("Jimenez Jose", "José Jiménez")
    assert not typed_as("Jose", "José Jiménez") and not typed_as("", "José Jiménez")
    assert typed_as("—", "—") and not typed_as("", "—")  # no letter: typed as it is


@given(NAMES)
def test_a_name_is_typed_as_itself_and_an_empty_box_never_signs_a_name(name):
    assert typed_as(name, name) and typed_as(f"  {name} ", name)
    assert typed_as("", name) == (not name.split())
