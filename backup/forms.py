"""The restore form: a backup file, refused above its cap before it is read."""

from django import forms

from tournament.inputs import CappedFile, megabytes

# A night of a big event is well under 2 MB of JSON; a season of them fits many times.
BACKUP_MAX_BYTES = 20_000_000


class RestoreForm(forms.Form):
    file = CappedFile(
        label="Backup file",
        max_bytes=BACKUP_MAX_BYTES,
        help_text=f"The .json file a tournament's page downloads (at most "
        f"{megabytes(BACKUP_MAX_BYTES)}).",
    )
