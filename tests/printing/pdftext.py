"""Reading a PDF back the way a test wants to check it."""

from __future__ import annotations

import io

from pypdf import PdfReader


def pages_text(pdf: bytes) -> list[str]:
    return [page.extract_text() for page in PdfReader(io.BytesIO(pdf)).pages]


def squash(text: str) -> str:
    """Text without any whitespace, for strings a layout may wrap."""
    return "".join(text.split())
