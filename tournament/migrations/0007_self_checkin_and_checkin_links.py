"""Self check-in: a tournament may let its players check themselves in, each entrant
with its own check-in link.

Existing entrants each get a fresh link (a unique column cannot take one default for all).
"""

from django.db import migrations, models

import tournament.models


def fill_entrants(apps, schema_editor):
    Entrant = apps.get_model("tournament", "Entrant")
    for entrant in Entrant.objects.all().iterator():
        entrant.checkin_token = tournament.models.new_token()
        entrant.save(update_fields=["checkin_token"])


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0006_table_links_are_per_side"),
    ]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="self_checkin",
            field=models.BooleanField(
                default=False,
                help_text="Players check themselves in: on the tournament's self check-in "
                "page, or with their own link (the check-in codes PDF). They can check in, "
                "never out.",
                verbose_name="self check-in",
            ),
        ),
        migrations.AddField(
            model_name="entrant",
            name="checkin_token",
            field=models.CharField(max_length=64, null=True),
        ),
        migrations.RunPython(fill_entrants, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="entrant",
            name="checkin_token",
            field=models.CharField(default=tournament.models.new_token, max_length=64, unique=True),
        ),
    ]
