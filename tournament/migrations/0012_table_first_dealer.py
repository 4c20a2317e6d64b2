"""Who dealt a table's first hand, as the table says it (6 Card Kitty rule 8).

The tables already there keep it empty ("not said": their dealers were taken to start
at the first seat, and nothing only the true dealer can tell is judged against that
guess); a table made from now on starts with the first seat, until it says otherwise.
"""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournament", "0011_pin_rests"),
    ]

    operations = [
        # Added empty (so the tables already there have none), then given its default for
        # the tables made after: a default set when adding would fill the old rows too.
        migrations.AddField(
            model_name="table",
            name="first_dealer",
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        migrations.AlterField(
            model_name="table",
            name="first_dealer",
            field=models.PositiveSmallIntegerField(blank=True, default=0, null=True),
        ),
    ]
