"""What a table's history says was done: one name for each kind of write.

The values are the words stored in `Change.action` since the first release (and in
every backup file), so they never change: another wording would be another member.
Three kinds are stored with what they were about, after a colon: "ruling: rule 35, 37
Renege", "ruling withdrawn: misdeal", "first dealer: North". `said` makes the stored
text, `of` reads any stored text back to its kind.
"""

from __future__ import annotations

from enum import StrEnum

from .models import Change

ACTION_MAX = Change._meta.get_field("action").max_length


class Action(StrEnum):
    ENTERED = "entered"
    ACCEPTED = "accepted"
    DISPUTED = "disputed"
    EDITED = "edited"
    TOOK_BACK = "took back"
    STRUCK = "struck"
    SIGNED = "signed"
    REOPENED = "reopened"
    ASKED = "asked for a correction"
    ANSWERED = "answered a correction request"
    NEW_LINK = "new link"
    PIN_TRIES_CLEARED = "PIN tries cleared"
    # A side called the director to its table (the reason it gave, in the game's words, is
    # the change's reason); the director marked the call answered (scoring.calls).
    CALLED = "called the director"
    CALL_ANSWERED = "answered the call"
    # Stored as "<value>: <what it was about>".
    RULING = "ruling"
    RULING_WITHDRAWN = "ruling withdrawn"
    FIRST_DEALER = "first dealer"

    @property
    def names_what(self) -> bool:
        """Whether the history keeps this kind with what it was about."""
        return self in _NAMING

    def said(self, what: str = "") -> str:
        """The text the history stores: the kind alone, or with what it was about (cut to
        the column, as the history always kept it)."""
        if self.names_what != bool(what):
            kept = "with what it was about" if self.names_what else "alone"
            raise ValueError(f"the history keeps {self.value!r} {kept}")
        return f"{self.value}: {what}"[:ACTION_MAX] if what else self.value

    @classmethod
    def of(cls, text: str) -> Action | None:
        """The kind of a stored text; None for one the app never writes (a hand-made file)."""
        kind, colon, what = text.partition(": ")
        if colon and what and kind in _NAMING_VALUES:
            return cls(kind)
        return cls(text) if text in _PLAIN_VALUES else None


_NAMING = frozenset({Action.RULING, Action.RULING_WITHDRAWN, Action.FIRST_DEALER})
_NAMING_VALUES = frozenset(a.value for a in _NAMING)
_PLAIN_VALUES = frozenset(a.value for a in Action) - _NAMING_VALUES
