"""Telling players apart by name, as a club does: who is exactly who, and who might be.

A name typed at registration is linked to the club's register only on an EXACT match:
the same text (trimmed) as an entry's name or one of its aliases. Anything else that is
NEAR an entry is only offered to the director, who knows whether "Ann Bell" is Anne.

Two names are near when their keys (`name_key`: case, accents, spacing and punctuation
folded) are
- the same ("anne bell", "Anne  Bell", "Anne Bèll");
- one edit away: a letter added, dropped or changed, or two neighbouring letters
  swapped ("Ann Bell" / "Anne Bell", "Katherine Smyth" / "Katherine Smith", "Mable
  Ortiz" / "Mabel Ortiz": the optimal string alignment distance, Damerau's edits without
  editing a letter twice); two would make "Tom Ray" near "Tim Roy", and would cost ten
  times the index (every key with two letters deleted);
- the same words in another order ("Bell Anne" / "Anne Bell");
- the same surname (last word) with first names where one starts the other ("A Bell",
  "Jo Bell" / "Joanne Bell") or both are forms of one name in SHORT_FORMS ("Bob Bell" /
  "Robert Bell").
Each test depends only on the two keys and treats them alike, so near is symmetric, and
every name is near itself.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field

# How many edits (a letter added, dropped or changed, or two neighbours swapped) two near
# keys may differ by (one_edit_apart). A swap shares a deletion with its original ("mabel"
# and "mable" both give "mabl"), so the index's buckets of keys with one letter deleted
# already bring the two together: only the comparison needs to know swaps.
EDITS = 1

# Common English short forms of first names, each group one name (keys, as name_key makes).
SHORT_FORMS = [
    {"robert", "bob", "bobby", "rob", "robbie", "bert"},
    {"william", "bill", "billy", "will", "willy", "liam"},
    {"elizabeth", "liz", "lizzie", "beth", "betty", "bess", "eliza", "libby"},
    {"margaret", "peggy", "peg", "maggie", "meg", "marge", "madge"},
    {"james", "jim", "jimmy", "jamie"},
    {"john", "jack", "johnny"},
    {"richard", "dick", "rick", "ricky", "rich"},
    {"edward", "ed", "eddie", "ted", "teddy", "ned"},
    {"charles", "charlie", "chuck", "chas"},
    {"anthony", "tony"},
    {"henry", "harry", "hank"},
    {"katherine", "catherine", "kathryn", "kate", "katie", "kathy", "cathy", "kitty", "kay"},
    {"patricia", "pat", "patty", "trish"},
    {"susan", "sue", "suzy", "susie"},
    {"dorothy", "dot", "dottie", "dolly"},
    {"alexander", "alex", "sandy", "xander"},
    {"alexandra", "alex", "sandra", "sandy", "lexi"},
    {"michael", "mike", "mick", "mickey"},
    {"thomas", "tom", "tommy"},
    {"joseph", "joe", "joey"},
    {"deborah", "debbie", "deb", "debra"},
    {"jennifer", "jen", "jenny"},
    {"barbara", "barb", "babs"},
    {"francis", "frances", "fran", "frank", "frankie"},
    {"nicholas", "nick", "nicky"},
    {"steven", "stephen", "steve"},
    {"christopher", "chris", "kit"},
    {"christine", "christina", "chris", "chrissy", "tina"},
    {"daniel", "dan", "danny"},
    {"david", "dave", "davey"},
    {"gerald", "gerry", "jerry"},
    {"lawrence", "laurence", "larry"},
    {"samuel", "sam", "sammy"},
    {"samantha", "sam", "sammy"},
    {"theodore", "theo", "ted"},
    {"virginia", "ginny", "ginger"},
]
_FORMS: dict[str, set[int]] = {}
for _group, _names in enumerate(SHORT_FORMS):
    for _name in _names:
        _FORMS.setdefault(_name, set()).add(_group)


def name_key(name: str) -> str:
    """The name as compared: accents dropped, case folded, every run of spaces and
    punctuation one space, apostrophes and full stops dropped ("O'Brien" = "OBrien",
    "J.R." = "JR", "Anne-Marie" = "Anne Marie")."""
    text = unicodedata.normalize("NFKD", name)
    text = "".join(c for c in text if not unicodedata.combining(c)).casefold()
    text = unicodedata.normalize("NFKD", text)  # casefold can make new letters to fold
    text = "".join(c for c in text if not unicodedata.combining(c))
    text = "".join("" if c in "'’`." else c if c.isalnum() else " " for c in text)
    return " ".join(text.split())


# Letters a phone's keyboard writes as their plain letter that Unicode does not decompose
# into one and an accent (a stroke, a slash, a dotless i, a ligature).
_PLAIN_LETTERS = str.maketrans(
    {"ł": "l", "Ł": "L", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D", "ħ": "h", "Ħ": "H"}
    | {"ı": "i", "ŧ": "t", "Ŧ": "T", "æ": "ae", "Æ": "AE", "œ": "oe", "Œ": "OE"}
)


def typed_as(typed: str, name: str) -> bool:
    """Whether `typed` is `name` as a player types it on any phone: case, accents, spacing
    and punctuation do not count ("jose jimenez" for "José Jiménez", "Lukasz" for
    "Łukasz", "OBrien" for "O'Brien"), every letter and digit does. A name with no letter
    or digit at all is typed as it is, but for case and runs of spaces."""
    wanted = name_key(name.translate(_PLAIN_LETTERS)).replace(" ", "")
    if not wanted:
        return " ".join(typed.split()).casefold() == " ".join(name.split()).casefold()
    return name_key(typed.translate(_PLAIN_LETTERS)).replace(" ", "") == wanted


def one_edit_apart(a: str, b: str) -> bool:
    """Whether a and b differ by at most one edit: a letter added, dropped or changed, or
    two neighbouring letters swapped (optimal string alignment distance 1), in one pass.

    A swap is the typing slip a register meets most ("Mable" for "Mabel"); a general
    library (rapidfuzz's Damerau-Levenshtein, not among the requirements) computes the whole
    distance where this needs only "at most one", on keys of a few dozen letters."""
    if len(a) > len(b):
        a, b = b, a
    if len(b) - len(a) > 1:
        return False
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    if len(a) == len(b):
        if a[i + 1 :] == b[i + 1 :]:
            return True  # one changed (or none)
        # two neighbours swapped: "ab" for "ba", the rest the same
        return a[i : i + 2] == b[i : i + 2][::-1] and a[i + 2 :] == b[i + 2 :]
    return a[i:] == b[i + 1 :]  # one added to the shorter


def _same_first_name(a: str, b: str) -> bool:
    return a.startswith(b) or b.startswith(a) or bool(_FORMS.get(a, set()) & _FORMS.get(b, set()))


def keys_near(a: str, b: str) -> bool:
    """Whether two keys (name_key) are near: see the module's docstring."""
    if a == b:
        return True
    if not a or not b:
        return False
    words_a, words_b = a.split(), b.split()
    if sorted(words_a) == sorted(words_b):
        return True
    if len(words_a) >= 2 and len(words_b) >= 2 and words_a[-1] == words_b[-1]:
        if _same_first_name(words_a[0], words_b[0]):
            return True
    return one_edit_apart(a, b)


def near(a: str, b: str) -> bool:
    """Whether two names are near: perhaps the same player (the director decides)."""
    return keys_near(name_key(a), name_key(b))


# --- a register, for matching many names fast -------------------------------------------


@dataclass(frozen=True)
class Entry:
    """A register entry as matching needs it: its id, name and aliases."""

    id: int
    name: str
    aliases: tuple[str, ...] = ()

    @property
    def names(self) -> tuple[str, ...]:
        return (self.name, *self.aliases)


@dataclass(frozen=True)
class Match:
    """What a typed name finds in the register: an exact entry, or those near it."""

    exact: int | None
    near: tuple[int, ...] = ()


def _deletions(key: str, most: int) -> set[str]:
    """The key with up to `most` letters deleted: two keys within `most` edits share one."""
    found, frontier = {key}, {key}
    for _ in range(most):
        frontier = {k[:i] + k[i + 1 :] for k in frontier for i in range(len(k))}
        found |= frontier
    return found


def _blocks(key: str, *, stored: bool) -> Iterator[tuple]:
    """Buckets a near key must share with this one, so only those are compared: a key is
    `stored` in its buckets, and a name matched looks in its own.

    Alike for both, but for first names of one surname: a stored key is kept under each
    start of its first name ("jo", "joa", ... of "joanne bell") and its whole first name;
    a name matched looks under its whole first name (finding every first name that starts
    with it) and under each of its starts (finding every first name it starts with). So
    only names near by the rule are compared: one bucket per surname compared every Smith
    with every other, and a backup of 6,000 players of one surname took minutes."""
    for variant in _deletions(key, EDITS):
        yield ("edit", variant)
    words = key.split()
    yield ("words", tuple(sorted(words)))
    if len(words) >= 2:
        first, surname = words[0], words[-1]
        for group in _FORMS.get(first, ()):
            yield ("form", surname, group)
        starts = [first[:i] for i in range(1, len(first) + 1)]
        yield ("first is", surname, first) if stored else ("first starts", surname, first)
        for start in starts:
            yield ("first starts", surname, start) if stored else ("first is", surname, start)


@dataclass
class Register:
    """A club's register indexed for matching: exact names, and buckets of keys."""

    entries: list[Entry]
    _exact: dict[str, set[int]] = field(default_factory=dict)
    _buckets: dict[tuple, set[tuple[int, str]]] = field(default_factory=dict)

    def __post_init__(self):
        entries, self.entries = self.entries, []
        for entry in entries:
            self.add(entry)

    def add(self, entry: Entry) -> None:
        """One more entry (a player just registered), found by the next match."""
        self.entries.append(entry)
        for name in entry.names:
            self._exact.setdefault(name.strip(), set()).add(entry.id)
            key = name_key(name)
            for block in _blocks(key, stored=True):
                self._buckets.setdefault(block, set()).add((entry.id, key))

    def match(self, typed: str) -> Match:
        """Exact: the one entry with this very name or alias. Else the entries near it."""
        exact = self._exact.get(typed.strip(), set())
        if len(exact) == 1:
            return Match(next(iter(exact)))
        # Two entries answering to one name: the director chooses.
        found = set(exact) | self._near(name_key(typed))
        return Match(None, tuple(sorted(found)))

    def _near(self, key: str) -> set[int]:
        """The entries with a name near this key: each stored key of the buckets it looks
        in compared once."""
        found: set[int] = set()
        compared: set[tuple[int, str]] = set()
        for block in _blocks(key, stored=False):
            for member in self._buckets.get(block, ()):
                if member[0] not in found and member not in compared:
                    compared.add(member)
                    if keys_near(key, member[1]):
                        found.add(member[0])
        return found

    def near_pairs(self) -> list[tuple[int, int]]:
        """Pairs of entries (lower id first) whose names or aliases are near: likely the
        same player registered twice. Each name looks for its near ones as a match does."""
        pairs: set[tuple[int, int]] = set()
        for entry in self.entries:
            for key in {name_key(name) for name in entry.names}:
                for other in self._near(key) - {entry.id}:
                    pairs.add((min(entry.id, other), max(entry.id, other)))
        return sorted(pairs)


def register(entries: Iterable[Entry]) -> Register:
    return Register(list(entries))
