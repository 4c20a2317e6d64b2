"""The club register's forms: a player's name, and a new club."""

from django import forms
from django.utils.text import slugify

from league.names import name_key

from .models import Club, Player
from .register import same_name

# Addresses under /club/ that are pages, not clubs.
RESERVED_SLUGS = {"new"}


class RenameForm(forms.ModelForm):
    """A register entry's name: unique in the club whatever its case, and no other
    entry's alias (a name links to one player only)."""

    class Meta:
        model = Player
        fields = ["name"]
        help_texts = {
            "name": "The name the club knows this player by. The old one is kept "
            "as an alias, so the nights registered under it stay linked."
        }

    def clean_name(self):
        name = self.cleaned_data["name"].strip()
        clash = same_name(self.instance.club, name, exclude=self.instance.pk)
        if clash is None:
            return name
        if name_key(clash.name) == name_key(name):
            raise forms.ValidationError(f"The register has {clash.name} already.")
        raise forms.ValidationError(
            f"{name} is a name of {clash.name} (an alias): merge the two instead."
        )


class ClubForm(forms.ModelForm):
    """A new club: its name; its address follows from it."""

    class Meta:
        model = Club
        fields = ["name"]
        labels = {"name": "Club name"}

    def clean_name(self):
        name = self.cleaned_data["name"].strip()
        slug = slugify(name)[:60]
        if not slug or slug in RESERVED_SLUGS:
            raise forms.ValidationError("Give the club a name with letters or digits.")
        if Club.objects.filter(slug=slug).exists() or Club.objects.filter(name__iexact=name):
            raise forms.ValidationError(f"There is a club called {name} already.")
        self.instance.slug = slug
        return name


class EntryChoice(forms.ModelChoiceField):
    """A register entry by id; an id no key column holds is an unknown choice, not a query."""

    def to_python(self, value):
        if value not in self.empty_values:
            text = str(value).strip()
            if not (text.isdigit() and len(text) <= 18):
                raise forms.ValidationError("Choose a player of the register.", code="invalid")
        return super().to_python(value)


class MergeForm(forms.Form):
    """Two entries of the club's register: the one merged into the one kept."""

    kept = EntryChoice(
        Player.objects.none(), label="Keep", help_text="The entry that stays, with its name."
    )
    merged = EntryChoice(
        Player.objects.none(),
        label="Merge into it",
        help_text="Its nights follow to the kept entry, its name becomes an alias, and it "
        "is removed.",
    )
    confirm = forms.CharField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
        for name in ("kept", "merged"):
            self.fields[name].queryset = club.players.all()

    def clean(self):
        data = super().clean()
        if data.get("kept") and data.get("kept") == data.get("merged"):
            self.add_error("merged", "Choose another player than the one kept.")
        return data
