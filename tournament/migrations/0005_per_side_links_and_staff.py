"""Each side's own link and PIN; a tournament's staff; the correction period.

Existing seats get a fresh link and PIN each. Existing tournaments keep every director
who could change them until now as their staff, so nobody loses access by upgrading.
"""

import django.core.validators
from django.conf import settings
from django.db import migrations, models

import tournament.models


def fill_seats(apps, schema_editor):
    Seat = apps.get_model("tournament", "Seat")
    for seat in Seat.objects.all().iterator():
        seat.token = tournament.models.new_token()
        seat.pin = tournament.models.new_pin()
        seat.save(update_fields=["token", "pin"])


def staff_everywhere(apps, schema_editor):
    Tournament = apps.get_model("tournament", "Tournament")
    Director = apps.get_model("tournament", "Director")
    users = list(Director.objects.values_list("user_id", flat=True))
    for t in Tournament.objects.all():
        t.staff.add(*users)


class Migration(migrations.Migration):
    dependencies = [
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
        ("tournament", "0004_restrict_entrant_delete"),
    ]

    operations = [
        migrations.AddField(
            model_name="seat",
            name="token",
            field=models.CharField(max_length=64, null=True),
        ),
        migrations.AddField(
            model_name="seat",
            name="pin",
            field=models.CharField(default=tournament.models.new_pin, max_length=6),
        ),
        migrations.AddField(
            model_name="seat",
            name="pin_failures",
            field=models.PositiveSmallIntegerField(default=0),
        ),
        migrations.RunPython(fill_seats, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="seat",
            name="token",
            field=models.CharField(default=tournament.models.new_token, max_length=64, unique=True),
        ),
        migrations.AddField(
            model_name="tournament",
            name="correction_minutes",
            field=models.PositiveSmallIntegerField(
                default=30,
                help_text="After both sides sign, either side may ask for a correction for this "
                "long; after it, only the director can reopen a sheet.",
                validators=[django.core.validators.MaxValueValidator(1440)],
                verbose_name="correction period (minutes)",
            ),
        ),
        migrations.AddField(
            model_name="tournament",
            name="staff",
            field=models.ManyToManyField(
                blank=True, related_name="staffed_tournaments", to=settings.AUTH_USER_MODEL
            ),
        ),
        migrations.RunPython(staff_everywhere, migrations.RunPython.noop),
    ]
