"""The public check of a signed sheet: the code printed under its QR code, scanned or
typed, against what the record says now (scoring.check_code.verify)."""

from __future__ import annotations

from django import forms
from django.shortcuts import render
from django.views.decorators.cache import never_cache

from scoring import check_code
from scoring.check_code import verify
from tournament.access import visible_tournament
from tournament.inputs import stored_int
from tournament.models import Round, Table

CODE_HELP = "Printed under the QR code at the top of the sheet, e.g. K7QM-4XPA-9DZ2."


class CheckForm(forms.Form):
    round = stored_int(Round, "number", min_value=1, label="Round")
    table = stored_int(Table, "number", min_value=1, label="Table")
    code = forms.CharField(max_length=40, label="Check code", help_text=CODE_HELP)

    def clean_code(self) -> str:
        code = check_code.read(self.cleaned_data["code"])
        if code is None:
            raise forms.ValidationError(
                "A check code is 12 letters and digits, as printed under the QR code."
            )
        return code


@never_cache  # a correction can change the answer at any moment
def sheet_check(request, slug):
    tournament = visible_tournament(request, slug)
    asked = any(key in request.GET for key in CheckForm.base_fields)
    form = CheckForm(request.GET if asked else None)
    verdict = None
    status = 200
    if asked and form.is_valid():
        data = form.cleaned_data
        table = (
            Table.objects.select_related("round__tournament")
            .filter(round__tournament=tournament, round__number=data["round"], number=data["table"])
            .exclude(round__status=Round.Status.DRAFT)
            .first()
        )
        verdict = verify(table, data["code"])
    elif asked:
        status = 400
    return render(
        request,
        "tables/check.html",
        {
            "tournament": tournament,
            "form": form,
            "verdict": verdict,
            "code": check_code.shown(form.cleaned_data["code"]) if verdict else "",
            "now_rows": _rows(verdict.now) if verdict and verdict.now else [],
            "signed_rows": _rows(verdict.signed) if verdict and verdict.signed else [],
        },
        status=status,
    )


def _rows(content: dict) -> list[dict]:
    """Each hand with its (points, running total) per side, as the sheet prints them."""
    return [
        {"hand": hand, "cells": list(zip(hand["points"], hand["running"], strict=True))}
        for hand in content["hands"]
    ]
