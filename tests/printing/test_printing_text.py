"""Text fitting: whatever the name, it stays inside its box."""

from __future__ import annotations

from reportlab.pdfbase import pdfmetrics
from samples import LONG_NAME

from printing import fonts
from printing.text import ELLIPSIS, ellipsize, fit, wrap


def test_short_text_keeps_its_size() -> None:
    assert fit("Ann", 200, 14) == ("Ann", 14)


def test_text_shrinks_before_it_is_cut() -> None:
    text = "Renée Françoise"
    full = fonts.width(text, 14)
    shown, size = fit(text, full * 0.85, 14, 9)
    assert shown == text
    assert 9 <= size < 14
    assert fonts.width(shown, size) <= full * 0.85 + 1e-6


def test_long_name_is_cut_with_an_ellipsis_and_fits() -> None:
    for box in (40, 90, 150, 300):
        shown, size = fit(LONG_NAME, box, 14, 8)
        assert size == 8
        assert shown.endswith(ELLIPSIS)
        assert LONG_NAME.startswith(shown[:-1].rstrip())
        assert fonts.width(shown, size) <= box


def test_measurement_matches_reportlab_for_plain_latin() -> None:
    face = fonts.latin("regular").name
    assert fonts.width("Zoë Brünhilde", 12) == pdfmetrics.stringWidth("Zoë Brünhilde", face, 12)


def test_ellipsize_in_a_box_too_small_for_anything() -> None:
    assert ellipsize(LONG_NAME, 1, 12) == ""


def test_wrap_fits_every_line_and_marks_what_was_cut() -> None:
    text = " ".join([LONG_NAME] * 3)
    lines = wrap(text, 120, 10, max_lines=3)
    assert len(lines) == 3
    assert all(fonts.width(line, 10) <= 120 for line in lines)
    assert lines[-1].endswith(ELLIPSIS)


def test_wrap_breaks_a_word_longer_than_the_line() -> None:
    lines = wrap("Featherstonehaugh" * 3, 60, 10, max_lines=10)
    assert len(lines) > 1
    assert "".join(lines) == "Featherstonehaugh" * 3
    assert all(fonts.width(line, 10) <= 60 for line in lines)


def test_cjk_goes_to_a_cjk_face_and_latin_stays_in_the_main_one() -> None:
    main = fonts.latin("regular").name
    runs = fonts.runs("Li 李小龍 é ł", "regular")
    assert runs[0] == ("Li ", main)
    assert runs[1][0].startswith("李小龍") and runs[1][1] != main
    assert all(name == main for chunk, name in runs[2:])
    assert "".join(chunk for chunk, _ in runs) == "Li 李小龍 é ł"


def test_cjk_face_follows_the_script() -> None:
    if fonts._cjk_ttf() is not None:  # an embedded CJK font covers all three
        return
    assert fonts.cjk_face("김민준").name == "HYGothic-Medium"
    assert fonts.cjk_face("さくら").name == "HeiseiKakuGo-W5"
    assert fonts.cjk_face("李小龍").name == "STSong-Light"


def test_a_letter_no_face_has_loses_its_accent_not_its_place() -> None:
    vera_like = fonts.Face("x", frozenset(map(ord, "aWs")))
    assert fonts._plain("ą", vera_like) == "a"
    assert fonts._plain("ŵ".upper(), vera_like) == "W"
    assert fonts._plain("☃", vera_like) == "☃"
