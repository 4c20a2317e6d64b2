"""The club staff's forms for the ladder: a season (its game and dates) and the club's
points per place. Each bad value is refused by its field, in words."""

from __future__ import annotations

from django import forms
from django.utils.text import slugify

from club.models import Club, Season
from league.ladder import MOST_POINTS, ordinal, parse_points
from tournament.inputs import formfield, stored_int


class SeasonForm(forms.ModelForm):
    class Meta:
        model = Season
        formfield_callback = formfield
        fields = ["game", "name", "slug", "starts", "ends"]
        widgets = {
            "starts": forms.DateInput(attrs={"type": "date"}),
            "ends": forms.DateInput(attrs={"type": "date"}),
        }
        labels = {"starts": "First night", "ends": "Last night"}
        help_texts = {
            "slug": "The short name in the season's web address. Empty: made from the name.",
            "ends": "The season counts the club's published nights of its game between these "
            "two dates, both included.",
        }

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
        self.instance.club = club
        self.fields["slug"].required = False

    def clean_name(self):
        name = self.cleaned_data["name"]
        others = Season.objects.filter(club=self.instance.club, name__iexact=name)
        if others.exclude(pk=self.instance.pk).exists():
            raise forms.ValidationError(f"The club has a season called “{name}” already.")
        return name

    def clean_slug(self):
        slug = self.cleaned_data.get("slug") or slugify(self.cleaned_data.get("name") or "")[:60]
        if not slug and "name" in self.errors:
            return slug  # the name's own message says what to fix
        if not slug:
            raise forms.ValidationError("Give the season a short name for its web address.")
        clash = Season.objects.filter(club=self.instance.club, slug=slug)
        if clash.exclude(pk=self.instance.pk).exists():
            raise forms.ValidationError(f"Another season of the club already uses “{slug}”.")
        return slug

    def clean(self):
        data = super().clean()
        starts, ends = data.get("starts"), data.get("ends")
        if starts and ends and ends < starts:
            self.add_error(
                "ends", f"The last night cannot be before the first ({starts:%d %b %Y})."
            )
        return data


class LadderSettingsForm(forms.ModelForm):
    """The club's points by place, for playing, and how many nights count."""

    class Meta:
        model = Club
        formfield_callback = formfield
        fields = ["ladder_points", "ladder_played", "ladder_best"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        played = Club._meta.get_field("ladder_played")
        self.fields["ladder_played"] = stored_int(
            Club,
            "ladder_played",
            min_value=0,
            max_value=MOST_POINTS,
            label=played.verbose_name.capitalize(),
            help_text=played.help_text,
        )
        best = Club._meta.get_field("ladder_best")
        self.fields["ladder_best"] = stored_int(
            Club,
            "ladder_best",
            min_value=1,
            max_value=MOST_POINTS,
            required=False,
            label=best.verbose_name.capitalize(),
            help_text=best.help_text,
        )

    def clean_ladder_points(self):
        try:
            points = parse_points(self.cleaned_data["ladder_points"])
        except ValueError as exc:
            raise forms.ValidationError(str(exc)) from None
        return ",".join(str(p) for p in points)

    def clean(self):
        data = super().clean()
        text, played = data.get("ladder_points"), data.get("ladder_played")
        if text and played is not None:
            points = parse_points(text)
            if played > points[-1]:
                self.add_error(
                    "ladder_played",
                    f"A night below the places listed cannot be worth more than "
                    f"{ordinal(len(points))} place ({points[-1]}).",
                )
        return data
