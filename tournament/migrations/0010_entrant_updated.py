import django.utils.timezone
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0009_tournaments_belong_to_a_club"),
    ]

    operations = [
        migrations.AddField(
            model_name="entrant",
            name="updated",
            field=models.DateTimeField(auto_now=True, default=django.utils.timezone.now),
            preserve_default=False,
        ),
    ]
