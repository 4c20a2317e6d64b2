"""Fonts that carry the club's names: accents, Polish ą and ł, Greek, Cyrillic, and CJK.

The main faces are DejaVu Sans, shipped in ``typefaces/`` beside this module, so every
PDF prints the same letters on Windows, macOS and Linux alike: stock Windows and macOS
have no DejaVu, and reportlab's own Vera lacks ą, ę, Greek and Cyrillic. CJK goes to a
TrueType CJK font when the system has one, else to reportlab's built-in CID fonts,
which every PDF viewer can show. A letter no font has is printed without its accent
rather than as an empty box.
"""

from __future__ import annotations

import os
import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfbase.ttfonts import TTFont

STYLES = ("regular", "bold", "italic")

TYPEFACES = Path(__file__).resolve().parent / "typefaces"
SHIPPED = {
    "regular": TYPEFACES / "DejaVuSans.ttf",
    "bold": TYPEFACES / "DejaVuSans-Bold.ttf",
    "italic": TYPEFACES / "DejaVuSans-Oblique.ttf",
}
# TrueType (not CFF) CJK fonts that reportlab can embed: several MB each, so found on the
# system rather than shipped.
_CJK_TTF = (
    "DroidSansFallbackFull.ttf",
    "DroidSansFallback.ttf",
    "wqy-microhei.ttc",
    "wqy-zenhei.ttc",
)
_CID_JAPANESE = "HeiseiKakuGo-W5"
_CID_CHINESE = "STSong-Light"
_CID_KOREAN = "HYGothic-Medium"


@dataclass(frozen=True)
class Face:
    """A registered font and the code points it has glyphs for (None: any CJK)."""

    name: str
    chars: frozenset[int] | None


def _font_dirs() -> list[Path]:
    """The system's font folders, where a CJK font may be installed."""
    home = Path.home()
    dirs = [
        Path("/usr/share/fonts"),
        Path("/usr/local/share/fonts"),
        home / ".local/share/fonts",
        home / ".fonts",
        Path("/Library/Fonts"),
        home / "Library/Fonts",
        Path("C:/Windows/Fonts"),
    ]
    return [d for d in dirs if d.is_dir()]


@cache
def _find(filename: str) -> Path | None:
    for d in _font_dirs():
        direct = d / filename
        if direct.is_file():
            return direct
        for root, _subdirs, files in os.walk(d):
            if filename in files:
                return Path(root) / filename
    return None


def _register_ttf(name: str, path: str | Path, subfont: int = 0) -> Face | None:
    try:
        font = TTFont(name, str(path), subfontIndex=subfont)
    except Exception:  # an unreadable or CFF-flavoured file: try the next one
        return None
    pdfmetrics.registerFont(font)
    return Face(name, frozenset(font.face.charToGlyph))


@cache
def latin(style: str = "regular") -> Face:
    """The main face for a style: the shipped DejaVu Sans, whatever the system has."""
    if style not in STYLES:
        raise ValueError(f"unknown font style {style!r}; use one of {STYLES}")
    # Loaded directly, not through _register_ttf: a missing or broken shipped file is a
    # broken install, said as such, never a PDF quietly printed without its letters.
    name = f"KittyDejaVu-{style}"
    font = TTFont(name, str(SHIPPED[style]))
    pdfmetrics.registerFont(font)
    return Face(name, frozenset(font.face.charToGlyph))


@cache
def _cjk_ttf() -> Face | None:
    for filename in _CJK_TTF:
        path = _find(filename)
        if path is not None:
            face = _register_ttf("KittyCJK", path)
            if face is not None:
                return face
    return None


@cache
def _cid(name: str) -> Face:
    pdfmetrics.registerFont(UnicodeCIDFont(name))
    return Face(name, None)


def is_cjk(ch: str) -> bool:
    """Han, kana, Hangul and full-width forms: the letters the Latin faces lack."""
    o = ord(ch)
    return (
        0x1100 <= o <= 0x11FF
        or 0x2E80 <= o <= 0x9FFF
        or 0xA960 <= o <= 0xA97F
        or 0xAC00 <= o <= 0xD7FF
        or 0xF900 <= o <= 0xFAFF
        or 0xFE30 <= o <= 0xFE4F
        or 0xFF00 <= o <= 0xFFEF
        or 0x20000 <= o <= 0x3FFFF
    )


def cjk_face(text: str) -> Face:
    """One CJK face for a whole string, chosen by its script: Korean, Japanese or Chinese."""
    ttf = _cjk_ttf()
    if ttf is not None and all(ord(c) in ttf.chars for c in text if is_cjk(c)):
        return ttf
    if any(0xAC00 <= ord(c) <= 0xD7FF or 0x1100 <= ord(c) <= 0x11FF for c in text):
        return _cid(_CID_KOREAN)
    if any(0x3040 <= ord(c) <= 0x30FF for c in text):
        return _cid(_CID_JAPANESE)
    return _cid(_CID_CHINESE)


def _plain(ch: str, face: Face) -> str:
    """The letter without its accents when the face lacks it ("ą" -> "a"), else itself."""
    bare = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
    if bare and face.chars is not None and all(ord(c) in face.chars for c in bare):
        return bare
    return ch


@lru_cache(maxsize=8192)
def runs(text: str, style: str = "regular") -> tuple[tuple[str, str], ...]:
    """Split text into ``(chunk, font name)`` runs so every letter gets a face that has it."""
    main = latin(style)
    assert main.chars is not None
    cjk: Face | None = None
    out: list[list[str]] = []
    for ch in text:
        if ord(ch) in main.chars and not (ch == " " and out and out[-1][1] != main.name):
            name, ch_out = main.name, ch
        elif is_cjk(ch) or (ch == " " and out and out[-1][1] != main.name):
            cjk = cjk or cjk_face(text)
            name, ch_out = cjk.name, ch
        else:
            name, ch_out = main.name, _plain(ch, main)
        if out and out[-1][1] == name:
            out[-1][0] += ch_out
        else:
            out.append([ch_out, name])
    return tuple((chunk, name) for chunk, name in out)


def width(text: str, size: float, style: str = "regular") -> float:
    """Printed width in points, summed over the runs as they will be drawn."""
    return _unit_width(text, style) * size


@lru_cache(maxsize=65536)
def _unit_width(text: str, style: str) -> float:
    """Width at 1 point: widths grow with the size, and layouts measure the same words at
    several sizes."""
    return sum(pdfmetrics.stringWidth(chunk, name, 1) for chunk, name in runs(text, style))
