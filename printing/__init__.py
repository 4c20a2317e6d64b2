"""Printable documents of a tournament night: score sheets, pairings, standings.

Pure Python on plain records (``printing.data``); the Django layer fills the records
and serves the bytes.
"""

from .checkin import checkin_pdf
from .data import (
    CheckinCode,
    CheckinCodes,
    HandLine,
    Pairings,
    RulingLine,
    Sheet,
    SideInfo,
    SideLink,
    SignatureLine,
    StandingsDoc,
    TableCard,
    shown_code,
)
from .pairings import pairings_pdf
from .sheet import sheets_pdf
from .standings import standings_pdf

__all__ = [
    "CheckinCode",
    "CheckinCodes",
    "HandLine",
    "Pairings",
    "RulingLine",
    "Sheet",
    "SideInfo",
    "SideLink",
    "SignatureLine",
    "StandingsDoc",
    "TableCard",
    "checkin_pdf",
    "pairings_pdf",
    "sheets_pdf",
    "shown_code",
    "standings_pdf",
]
