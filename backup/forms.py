"""The restore form: a backup file, refused above its cap before it is read."""

from django import forms

from club.access import clean_club_choice, club_choice
from tournament.inputs import CappedFile, StoredChoice, megabytes

# A night of a big event is well under 2 MB of JSON; a season of them fits many times.
BACKUP_MAX_BYTES = 20_000_000


class RestoreForm(forms.Form):
    file = CappedFile(
        label="Backup file",
        max_bytes=BACKUP_MAX_BYTES,
        help_text=f"The .json file a tournament's page downloads (at most "
        f"{megabytes(BACKUP_MAX_BYTES)}).",
    )
    club = StoredChoice(queryset=None)

    def __init__(self, *args, user=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.offered_clubs = club_choice(self.fields["club"], user)
        self.fields[
            "club"
        ].help_text = "The club whose night it is: its players link to this club's register."
        self.order_fields(["club", "file"])

    def clean_club(self):
        return clean_club_choice(self.cleaned_data.get("club"), self.offered_clubs)
