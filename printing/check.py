"""The check code of a signed sheet (rule 40 makes the signed paper final).

The code is an HMAC of the sheet's canonical content: the tournament's address, the
round and table, the sides, every hand's facts and points with the running totals, the
rulings, the totals, the winner and the signatures. Anyone can read those off the paper,
but without the server's secret nobody can make the code that goes with them, and any
change to them gives another code. Names and dates that only head the page (the
tournament's title, the venue, the signing times) are left out: renaming the night does
not change a table's record.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from typing import Any

from printing.data import Sheet

# Crockford's base 32: no I, L, O or U, so a code read aloud or typed is not misread.
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
LENGTH = 12  # 60 bits: guessing one is hopeless, and it is short enough to type
_TYPOS = str.maketrans({"O": "0", "I": "1", "L": "1"})
_PURPOSE = b"kitty-td signed sheet check code"


def content(sheet: Sheet, tournament: str) -> dict[str, Any]:
    """What the code covers, as plain JSON data (lists, not tuples, so a copy kept in the
    database reads back the same)."""
    return {
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
            }
            for h in sheet.hands
        ],
        "rulings": [
            {"hand": r.hand, "rule": r.rule, "title": r.title, "effect": r.effect}
            for r in sheet.rulings
        ],
        "totals": list(sheet.totals) if sheet.totals is not None else None,
        "winner": sheet.winner,
        "signatures": [{"side": s.side, "signer": s.signer} for s in sheet.signatures],
    }


def code(data: dict[str, Any], secret: str | bytes) -> str:
    """The 12-character code of the content, under the server's secret."""
    if isinstance(secret, str):
        secret = secret.encode()
    key = hmac.new(secret, _PURPOSE, hashlib.sha256).digest()  # this use's own key
    payload = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    digest = hmac.new(key, payload.encode(), hashlib.sha256).digest()
    number = int.from_bytes(digest[:8], "big") >> (64 - 5 * LENGTH)
    return "".join(ALPHABET[(number >> (5 * i)) & 31] for i in reversed(range(LENGTH)))


def shown(value: str) -> str:
    """As printed: three groups of four, "K7QM-4XPA-9DZ2"."""
    return "-".join(value[i : i + 4] for i in range(0, len(value), 4))


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
    hands_was, hands_now = was["hands"], now["hands"]
    carried = []  # hands whose own facts stand, with running totals moved by an earlier one
    for i in range(max(len(hands_was), len(hands_now))):
        if i >= len(hands_now):
            lines.append(f"{_hand_name(hands_was[i])}: no longer on the sheet")
        elif i >= len(hands_was):
            lines.append(f"{_hand_name(hands_now[i])}: added")
        elif {**hands_was[i], "running": None} == {**hands_now[i], "running": None}:
            if hands_was[i] != hands_now[i]:
                carried.append(str(hands_now[i]["number"]))
        else:
            lines.append(_hand_changes(hands_was[i], hands_now[i]))
    if carried:
        plural = "s" if len(carried) > 1 else ""
        lines.append(
            f"Hand{plural} {', '.join(carried)}: unchanged but for the running total{plural}"
        )
    lines += [
        f"Ruling withdrawn: {_ruling_words(r)}" for r in was["rulings"] if r not in now["rulings"]
    ]
    lines += [
        f"Ruling added: {_ruling_words(r)}" for r in now["rulings"] if r not in was["rulings"]
    ]
    if was["totals"] != now["totals"]:
        lines.append(f"Totals: {_figures(was['totals'])} → {_figures(now['totals'])}")
    if was["winner"] != now["winner"]:
        lines.append(f"Winner: {was['winner'] or 'none'} → {now['winner'] or 'none'}")
    if was["signatures"] != now["signatures"]:
        lines.append(f"Signatures: {_signers(was)} → {_signers(now)}")
    return lines
