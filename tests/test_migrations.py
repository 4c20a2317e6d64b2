"""The migrations say what the models say: a model changed without its migration would
leave every club's database behind the code at the next upgrade."""

import pytest
from django.core.management import call_command


@pytest.mark.django_db
def test_every_model_change_has_its_migration(capsys):
    try:
        call_command("makemigrations", "--check", "--dry-run", verbosity=1)
    except SystemExit:
        pytest.fail(f"a migration is missing:\n{capsys.readouterr().out}", pytrace=False)
