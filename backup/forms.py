"""The restore form (a backup file, refused above its cap before it is read, and the
choice to replace the night at its address), and the form that confirms deleting one."""

from django import forms

from club.access import clean_club_choice, club_choice
from tournament.inputs import CappedFile, StoredChoice, YesNoField, megabytes
from tournament.models import Tournament

# A night of a big event is well under 2 MB of JSON; a season of them fits many times.
BACKUP_MAX_BYTES = 20_000_000
REPLACE_LABEL = "Replace the night of the same address, if there is one"


class RestoreForm(forms.Form):
    file = CappedFile(
        label="Backup file",
        max_bytes=BACKUP_MAX_BYTES,
        help_text=f"The .json file a tournament's page downloads (at most "
        f"{megabytes(BACKUP_MAX_BYTES)}).",
    )
    club = StoredChoice(queryset=None)
    replace = YesNoField(
        label=REPLACE_LABEL,
        help_text="Its directors only. That night is deleted and this file's night takes its "
        "place; a copy of it is kept first. Unticked, a night already at the file's address "
        "stops the restore.",
    )

    def __init__(self, *args, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.offered_clubs = club_choice(self.fields["club"], user)
        self.fields[
            "club"
        ].help_text = "The club whose night it is: its players link to this club's register."
        self.order_fields(["club", "file", "replace"])

    def clean_club(self):
        return clean_club_choice(self.cleaned_data.get("club"), self.offered_clubs)


def same_name(typed: str, name: str) -> bool:
    """The night's name as a director types it: the case and the spaces are not the point
    of typing it, the night is."""
    return " ".join(typed.split()).casefold() == " ".join(name.split()).casefold()


class DeleteForm(forms.Form):
    """The night's name, typed: a night is deleted only by someone who read which."""

    name = forms.CharField(
        label="Type the night's name to delete it",
        max_length=200,
        strip=False,
    )

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        self.fields["name"].help_text = f"“{tournament.name}”, as it is written here."
        self.fields["name"].widget.attrs.update(autocomplete="off", spellcheck="false")

    def clean_name(self):
        typed = self.cleaned_data["name"]
        if not same_name(typed, self.tournament.name):
            raise forms.ValidationError(
                f"That is not this night's name: type “{self.tournament.name}” to delete it. "
                "Nothing was deleted.",
                code="not_the_name",
            )
        return typed
