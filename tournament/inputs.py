"""Form fields shared by every form of the app, so junk input is refused once, by its field.

Django's own fields leave two gaps that the rest of the app relied on without knowing:
- a yes/no box reads any text that is not "false" as yes ("passed out=maybe" is a yes);
- a whole number is checked against the range SQLite stores (64 bits), while PostgreSQL's
  smallint column holds at most 32767, so 40000 is accepted on a laptop and fails on the
  server. The range here is the narrowest of the databases we run on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django import forms
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import IntegrityError, models, transaction
from django.db.backends.base.operations import BaseDatabaseOperations

from rules.base import to_bool, to_int

# What a database column of each integer type holds on every supported database.
COLUMN_RANGES = BaseDatabaseOperations.integer_field_ranges


class YesNoInput(forms.CheckboxInput):
    """A checkbox that hands on the value as sent (None when unticked), never a guess."""

    def __init__(self, attrs=None):
        super().__init__(attrs, check_test=lambda value: to_bool(value) is True)

    def format_value(self, value):
        return None  # a ticked box always sends "on", whatever was sent before

    def value_from_datadict(self, data, files, name):
        return data.get(name)


class YesNoField(forms.Field):
    """A yes/no box: ticked ("on", "yes", "1", ...) or not; anything else is refused.

    With raw=True the value is passed on as sent, for a reader that judges it in its own
    words (the rulesets' hand and option readers name the field and the rule).
    """

    widget = YesNoInput
    default_error_messages = {"junk": "Tick the box or leave it empty: %(value)r is neither."}

    def __init__(self, *, raw: bool = False, **kwargs):
        kwargs.setdefault("required", False)
        super().__init__(**kwargs)
        self.raw = raw

    def to_python(self, value):
        if self.raw:
            return value
        answer = to_bool(value)
        if answer is None:
            raise forms.ValidationError(
                self.error_messages["junk"], code="junk", params={"value": str(value)[:40]}
            )
        return answer

    def has_changed(self, initial, data) -> bool:
        return to_bool(initial) != to_bool(data)


def column_range(field: models.Field) -> tuple[int, int]:
    return COLUMN_RANGES[field.get_internal_type()]


def stored_int(model: type[models.Model], name: str, **kwargs) -> forms.IntegerField:
    """A whole-number field for model.name, refused by the field if the column cannot hold it."""
    low, high = column_range(model._meta.get_field(name))
    return forms.IntegerField(
        min_value=max(low, kwargs.pop("min_value", low)),
        max_value=min(high, kwargs.pop("max_value", high)),
        **kwargs,
    )


def text_for(model: type[models.Model], name: str, **kwargs) -> forms.CharField:
    """The model field's own form field: its length limit, and Django's refusal of NUL."""
    return model._meta.get_field(name).formfield(**kwargs)


def _stored_id(field, value) -> None:
    """An id no key column can hold is an unknown choice, never a query: SQLite raised
    OverflowError (a 500) for a ticked box whose value was 20 digits long, and int() a
    ValueError for "²" (a digit to str.isdigit, no number to int)."""
    low, high = column_range(field.queryset.model._meta.pk)
    text = str(value).strip()
    number = to_int(text)
    if number is None or not low <= number <= high:
        raise forms.ValidationError(
            field.error_messages["invalid_choice"],
            code="invalid_choice",
            params={"value": text[:40]},
        )


class StoredChoice(forms.ModelChoiceField):
    def to_python(self, value):
        if value not in self.empty_values:
            _stored_id(self, value)
        return super().to_python(value)


class StoredChoices(forms.ModelMultipleChoiceField):
    def clean(self, value):
        chosen = self.prepare_value(value)
        if isinstance(chosen, list | tuple):  # anything else is refused by the field itself
            for each in chosen:
                _stored_id(self, each)
        return super().clean(value)


def formfield(field: models.Field, **kwargs) -> forms.Field | None:
    """ModelForm fields with the gaps closed (Meta.formfield_callback): a yes/no box that
    reads only yes or no, numbers the column holds, ids a key column holds."""
    if isinstance(field, models.BooleanField):
        kwargs["form_class"] = YesNoField
    elif isinstance(field, models.ManyToManyField):
        kwargs["form_class"] = StoredChoices
    elif isinstance(field, models.ForeignKey):
        kwargs["form_class"] = StoredChoice
    form_field = field.formfield(**kwargs)
    if field.get_internal_type() in COLUMN_RANGES and isinstance(form_field, forms.IntegerField):
        low, high = column_range(field)
        form_field.validators += [MinValueValidator(low), MaxValueValidator(high)]
    return form_field


SAVED_AT_ONCE = (
    "Someone else saved at the same moment, and the two could not both be kept: nothing "
    "was saved here. Check the form and send it again."
)


def saved_once(form: forms.BaseModelForm, then: Callable[[Any], None] | None = None) -> Any:
    """The form's object saved (and `then` done with it) in one transaction; None when the
    database refused it: another request stored the same name or address between this
    form's checks and its save (two directors making the same club at once: a 500 was).
    The form is then checked again, so its field says what clashes, as it would have a
    moment later; a clash no field checks is said at the top."""
    try:
        with transaction.atomic():
            saved = form.save()
            if then is not None:
                then(saved)
            return saved
    except IntegrityError:
        form.full_clean()
        if not form.errors:
            form.add_error(None, SAVED_AT_ONCE)
        return None


# The most rows one page of a long table (standings, ratings, the register) shows.
MOST_ROWS_PER_PAGE = 500


def paging_refused(request) -> str:
    """Why the rows per page the address asks for (`per_page`) are not shown, in words; ""
    when they are (or none is asked). django-tables2 takes any whole number: -1 failed in
    its paginator (EmptyPage, a 500), and a million drew every row of a big night at once."""
    text = request.GET.get("per_page")
    rows = to_int(text)
    if text is None or (rows is not None and 1 <= rows <= MOST_ROWS_PER_PAGE):
        return ""
    return (
        f"Rows per page: a whole number from 1 to {MOST_ROWS_PER_PAGE}, not “{text[:20]}”. "
        "Leave it out of the address for the page's own."
    )


def line_count(data: bytes) -> int:
    """Lines in a text file: \r\n, \n and a lone \r (old Mac exports) each end one; a last
    line without an end counts too."""
    ends = data.count(b"\n") + data.count(b"\r") - data.count(b"\r\n")
    return ends + (1 if data and not data.endswith((b"\n", b"\r")) else 0)


def megabytes(size: int) -> str:
    return f"{size / 1_000_000:.1f} MB"


class CappedFile(forms.FileField):
    """An upload refused above a size (and a number of lines) before anything reads it, so
    a huge or endless file costs the server nothing but its upload."""

    def __init__(self, *, max_bytes: int, max_lines: int | None = None, **kwargs):
        super().__init__(**kwargs)
        self.max_bytes, self.max_lines = max_bytes, max_lines

    def clean(self, data, initial=None):
        upload = super().clean(data, initial)
        if upload is None:
            return upload
        if upload.size > self.max_bytes:
            raise forms.ValidationError(
                f"The file is {megabytes(upload.size)}; at most {megabytes(self.max_bytes)} "
                "is taken. Nothing was imported.",
                code="too_big",
            )
        if self.max_lines is not None:
            lines = line_count(upload.read())
            upload.seek(0)
            if lines > self.max_lines:
                raise forms.ValidationError(
                    f"The file has {lines:,} lines; at most {self.max_lines:,} are taken "
                    "(a header and one line per entrant). Nothing was imported.",
                    code="too_many_lines",
                )
        return upload
