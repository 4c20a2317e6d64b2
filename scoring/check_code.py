"""The check code of a signed sheet, and the check of a typed code against the record
(rule 40 makes the signed paper final).

The code is an HMAC of the sheet's canonical content: the tournament's address, the
round and table, the sides, every hand's facts and points with the running totals, the
rulings, the totals, the winner and the signatures. Anyone can read those off the paper,
but without the server's secret nobody can make the code that goes with them, and any
change to them gives another code. Names and dates that only head the page (the
tournament's title, the venue, the signing times) are left out: renaming the night does
not change a table's record.

The content names its format. Format 2 (this release) covers the facts as stored (each
hand's record, each ruling's code, offender, choice, amount and note) and leaves out the
words the app makes of them (a bid's wording, a ruling's title and effect, the seats'
names), which are kept beside them for the check page to show: a later release that
rewords an effect leaves every signed sheet matching. Format 1, which covered the words,
is still read, so a sheet signed under it is checked as it was printed.

A final sheet's code is derived from its content under the server's secret each time it is
asked for, never stored. What the sides signed is kept in the history (the "signed" change
that made the sheet final): an older code is still known after a correction, and the check
page says what changed since, when, by whom and why.

The content is that of the sheet as printed, which the documents app builds
(documents.printed_sheet): signing keeps it and the check reads it, but scoring may not
import documents (documents imports scoring), so documents hands its builder here when the
apps are ready (`covers`).
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from printing import Sheet, shown_code
from tournament.models import Table, Tournament

from .history import Action
from .models import Change
from .results import TableResult, results_for

# Crockford's base 32: no I, L, O or U, so a code read aloud or typed is not misread.
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
LENGTH = 12  # 60 bits: guessing one is hopeless, and it is short enough to type
_TYPOS = str.maketrans({"O": "0", "I": "1", "L": "1"})
_PURPOSE = b"kitty-td signed sheet check code"
FORMAT = 2
FORMATS = (2, 1)  # the formats read, the current first
# What format 2 shows but does not cover: words a later release may change. A side that
# need not sign (it forfeited) says why where its signature would be: the forfeit itself
# is covered by its ruling's facts.
_WORDS = {
    "sides": ("seats",),
    "hands": ("bid", "taken", "note"),
    "rulings": ("rule", "title", "effect"),
    "signatures": ("unneeded",),
}

Content = Callable[[TableResult, Tournament, int], dict[str, Any]]
_printed: Content | None = None  # the printed sheet's content, once documents is ready


def covers(printed: Content) -> None:
    """What a code covers of a table's sheet: the content of the sheet as printed (the
    documents app hands it over when the apps are ready)."""
    global _printed
    _printed = printed


def sheet_content(result: TableResult, tournament: Tournament, form: int = FORMAT) -> dict:
    """What a code covers of the table's sheet now, as plain JSON data (in an earlier `form`:
    to check a code printed by an earlier release)."""
    if _printed is None:
        raise ImproperlyConfigured("the documents app builds the printed sheet: install it")
    return _printed(result, tournament, form)


def content(sheet: Sheet, tournament: str, form: int = FORMAT) -> dict[str, Any]:
    """What the code covers, as plain JSON data (lists, not tuples, so a copy kept in the
    database reads back the same); `form` 1 is an earlier release's, to check its codes."""
    data = {
        "tournament": tournament,
        "round": sheet.round,
        "table": sheet.table,
        "sides": [
            {"name": s.name, "players": list(s.players), "seats": s.seats} for s in sheet.sides
        ],
        "hands": [
            {
                "number": h.number,
                "dealer": h.dealer,
                "bidder": h.bidder,
                "bid": h.bid,
                "taken": h.taken,
                "points": list(h.points),
                "running": list(h.running),
                "void": h.void,
                "tiebreaker": h.tiebreaker,
                "note": h.note,
                **({"facts": dict(h.facts)} if form > 1 else {}),
            }
            for h in sheet.hands
        ],
        "rulings": [
            {
                "hand": r.hand,
                "rule": r.rule,
                "title": r.title,
                "effect": r.effect,
                **({"facts": dict(r.facts)} if form > 1 else {}),
            }
            for r in sheet.rulings
        ],
        "totals": list(sheet.totals) if sheet.totals is not None else None,
        "winner": sheet.winner,
        "signatures": [
            {
                "side": s.side,
                "signer": s.signer,
                **({"unneeded": s.unneeded} if form > 1 and s.unneeded and not s.signer else {}),
            }
            for s in sheet.signatures
        ],
    }
    if form > 1:
        data["format"] = form
    return data


def covered(data: dict[str, Any]) -> dict[str, Any]:
    """What a code covers of a content: all of a format 1 content, a format 2 content
    without its words. ValueError for a format this release does not know."""
    form = data.get("format", 1)
    if form == 1:
        return data
    if form != FORMAT:
        raise ValueError(f"a check code of format {form!r}")
    return {
        key: (
            [{k: v for k, v in item.items() if k not in _WORDS[key]} for item in value]
            if key in _WORDS
            else value
        )
        for key, value in data.items()
    }


def well_formed(data: Any) -> bool:
    """Whether a kept copy has the shape of a content (format 1 or 2), every value of its
    type: a copy from a hand-made backup file is not read as a sheet."""
    if not isinstance(data, dict) or data.get("format", 1) not in FORMATS:
        return False
    facts = data.get("format", 1) > 1
    sides = data.get("sides")
    if not (
        _all(data, {"tournament": str, "round": int, "table": int, "winner": str})
        and isinstance(sides, list)
        and all(_all(s, {"name": str, "players": list, "seats": str}) for s in sides)
        and all(_texts(s["players"]) for s in sides)
        and (data.get("totals") is None or _numbers(data["totals"], len(sides)))
        and isinstance(data.get("signatures"), list)
        and all(_all(s, {"side": str, "signer": str}) for s in data["signatures"])
        and isinstance(data.get("hands"), list)
        and isinstance(data.get("rulings"), list)
    ):
        return False
    hand = {"number": int, "dealer": str, "bidder": str, "bid": str, "taken": str}
    hand |= {"void": bool, "tiebreaker": bool, "note": str} | ({"facts": dict} if facts else {})
    ruling = {"rule": str, "title": str, "effect": str} | ({"facts": dict} if facts else {})
    return all(
        _all(h, hand)
        and _numbers(h.get("points"), len(sides))
        and _numbers(h.get("running"), len(sides))
        and (not facts or _plain(h["facts"]))
        for h in data["hands"]
    ) and all(
        _all(r, ruling)
        and (r.get("hand") is None or _all(r, {"hand": int}))
        and (not facts or _plain(r["facts"]))
        for r in data["rulings"]
    )


def _all(item: Any, types: dict[str, type]) -> bool:
    """A dict holding each of these keys with a value of its type (a bool is no number)."""
    return isinstance(item, dict) and all(
        isinstance(item.get(key), kind) and (kind is bool or not isinstance(item[key], bool))
        for key, kind in types.items()
    )


def _texts(values: Any) -> bool:
    return isinstance(values, list) and all(isinstance(v, str) for v in values)


def _numbers(values: Any, count: int) -> bool:
    return (
        isinstance(values, list)
        and len(values) == count
        and all(isinstance(v, int) and not isinstance(v, bool) for v in values)
    )


def _plain(facts: dict) -> bool:
    """Facts by name, each a plain value (a record's field, a ruling's choice)."""
    return all(
        isinstance(k, str) and (v is None or isinstance(v, str | int | float | bool))
        for k, v in facts.items()
    )


def code(data: dict[str, Any], secret: str | bytes) -> str:
    """The 12-character code of the content, under the server's secret."""
    if isinstance(secret, str):
        secret = secret.encode()
    key = hmac.new(secret, _PURPOSE, hashlib.sha256).digest()  # this use's own key
    payload = json.dumps(covered(data), sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    digest = hmac.new(key, payload.encode(), hashlib.sha256).digest()
    number = int.from_bytes(digest[:8], "big") >> (64 - 5 * LENGTH)
    return "".join(ALPHABET[(number >> (5 * i)) & 31] for i in reversed(range(LENGTH)))


def printed_code(data: dict[str, Any]) -> str:
    """The code printed for a content: under the server's current secret."""
    return code(data, _secrets()[0])


shown = shown_code  # as printed, and on the pages: "K7QM-4XPA-9DZ2"


def read(typed: str) -> str | None:
    """The code a person typed, as the app writes it; None if it cannot be one.

    Case, spaces and dashes do not matter, and the letters O, I and L are read as the
    digits they look like (the code never uses them).
    """
    value = "".join(typed.split()).replace("-", "").upper().translate(_TYPOS)
    if len(value) != LENGTH or any(ch not in ALPHABET for ch in value):
        return None
    return value


def same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode(), b.encode())


# -- what changed since a sheet was signed ----------------------------------------------------


def _figures(values) -> str:
    return "–".join(str(v) for v in values) if values is not None else "none"


def _shown(item: dict, running: bool = True) -> dict:
    """A hand or ruling as the sheet shows it (a sheet signed in format 1 has no facts)."""
    return {k: v for k, v in item.items() if k != "facts" and (running or k != "running")}


def _hand_name(hand: dict) -> str:
    return f"Hand {hand['number']}" + (" (void)" if hand["void"] else "")


def _hand_changes(was: dict, now: dict) -> str:
    parts = []
    for key, label in (
        ("dealer", "dealer"),
        ("bidder", "bidder"),
        ("bid", "bid"),
        ("taken", "taken"),
        ("note", "note"),
    ):
        if was[key] != now[key]:
            parts.append(f"{label} {was[key] or '—'} → {now[key] or '—'}")
    if was["void"] != now["void"]:
        parts.append("now void" if now["void"] else "no longer void")
    if was["points"] != now["points"]:
        parts.append(f"points {_figures(was['points'])} → {_figures(now['points'])}")
    if was["running"] != now["running"]:
        parts.append(f"running total {_figures(was['running'])} → {_figures(now['running'])}")
    return f"{_hand_name(now)}: " + "; ".join(parts or ["changed"])


def _ruling_words(r: dict) -> str:
    on = f" on hand {r['hand']}" if r["hand"] is not None else ""
    return f"rule {r['rule']} {r['title']}{on}: {r['effect']}"


def _signers(data: dict) -> str:
    signed = [f"{s['side']}: {s['signer']}" for s in data["signatures"] if s["signer"]]
    return ", ".join(signed) or "not signed"


def _hand_differences(hands_was: list[dict], hands_now: list[dict]) -> list[str]:
    """Hand by hand, what changed; the hands moved only by an earlier one's change, in one
    line at the end."""
    lines = []
    carried = []  # hands whose own facts stand, with running totals moved by an earlier one
    for i in range(max(len(hands_was), len(hands_now))):
        if i >= len(hands_now):
            lines.append(f"{_hand_name(hands_was[i])}: no longer on the sheet")
        elif i >= len(hands_was):
            lines.append(f"{_hand_name(hands_now[i])}: added")
        elif _shown(hands_was[i], running=False) == _shown(hands_now[i], running=False):
            if _shown(hands_was[i]) != _shown(hands_now[i]):
                carried.append(str(hands_now[i]["number"]))
        else:
            lines.append(_hand_changes(hands_was[i], hands_now[i]))
    if carried:
        plural = "s" if len(carried) > 1 else ""
        lines.append(
            f"Hand{plural} {', '.join(carried)}: unchanged but for the running total{plural}"
        )
    return lines


def differences(was: dict[str, Any], now: dict[str, Any]) -> list[str]:
    """In words, what differs between the sheet as signed and the sheet as it is now."""
    lines = []
    if was["sides"] != now["sides"]:
        lines.append(
            "Sides: "
            + "; ".join(s["name"] for s in was["sides"])
            + " → "
            + "; ".join(s["name"] for s in now["sides"])
        )
    lines += _hand_differences(was["hands"], now["hands"])
    rulings_was = [_shown(r) for r in was["rulings"]]
    rulings_now = [_shown(r) for r in now["rulings"]]
    lines += [f"Ruling withdrawn: {_ruling_words(r)}" for r in rulings_was if r not in rulings_now]
    lines += [f"Ruling added: {_ruling_words(r)}" for r in rulings_now if r not in rulings_was]
    if was["totals"] != now["totals"]:
        lines.append(f"Totals: {_figures(was['totals'])} → {_figures(now['totals'])}")
    if was["winner"] != now["winner"]:
        lines.append(f"Winner: {was['winner'] or 'none'} → {now['winner'] or 'none'}")
    if was["signatures"] != now["signatures"]:
        lines.append(f"Signatures: {_signers(was)} → {_signers(now)}")
    return lines


# -- the check of a typed code against the record ---------------------------------------------


@dataclass
class Verdict:
    """What the check page says of a code: it matches the record, the sheet was changed
    after it was signed with that code, or the code is not one of this table's."""

    kind: str  # "matches", "changed" or "unknown"
    now: dict | None = None  # the sheet as the record has it now
    signed: dict | None = None  # the sheet as it was signed with this code
    signed_at: object = None
    differences: list[str] = field(default_factory=list)
    since: list[Change] = field(default_factory=list)  # the history after that signing


def verify(table: Table | None, typed: str) -> Verdict:
    """Re-derive the table's codes from its stored facts and compare (a few queries)."""
    if table is None:
        return Verdict("unknown")
    tournament = table.round.tournament
    result = results_for(tournament, tables=[table])[table.pk]
    now = sheet_content(result, tournament)
    if result.final and any(
        _matches(sheet_content(result, tournament, form), typed) for form in FORMATS
    ):
        return Verdict("matches", now=now)
    history = list(Change.objects.filter(table=table).select_related("hand"))
    for at in reversed(range(len(history))):
        change = history[at]
        signed = signed_sheet(change)
        if signed is not None and _matches(signed, typed):
            return Verdict(
                "changed",
                now=now,
                signed=signed,
                signed_at=change.at,
                differences=differences(signed, now),
                since=history[at + 1 :],
            )
    return Verdict("unknown")


def signed_sheet(change: Change) -> dict | None:
    """The sheet's content as every side signed it, kept with the signature that made it
    final (or the forfeit ruled after the side that was present signed: rulings.record);
    None for any other change, and for a kept copy that is not a sheet's content (a
    hand-made backup file): no page trusts a stored shape unchecked."""
    made_final = Action.of(change.action) in (Action.SIGNED, Action.RULING)
    after = change.after if made_final else None
    signed = after.get("sheet") if isinstance(after, dict) else None
    return signed if well_formed(signed) else None


def signing_code(change: Change) -> str:
    """The check code printed for the sheet this signature made final, as printed; blank
    for any other change."""
    signed = signed_sheet(change)
    return shown(printed_code(signed)) if signed is not None else ""


def _matches(data: dict, typed: str) -> bool:
    return any(same(code(data, secret), typed) for secret in _secrets())


def _secrets() -> list[str]:
    """The current secret first; the fallbacks keep the codes printed before a rotation."""
    return [settings.SECRET_KEY, *getattr(settings, "SECRET_KEY_FALLBACKS", [])]
