import pytest
from django.core.management import call_command

from tournament.models import Director, Tournament

pytestmark = pytest.mark.django_db


def test_demo_setup_creates_a_director_and_a_night_once(tmp_path, monkeypatch, capsys):
    from tournament.management.commands import setup_demo

    monkeypatch.setattr(setup_demo, "PASSWORD_FILE", tmp_path / "login.txt")
    call_command("setup_demo")
    out = capsys.readouterr().out
    username, password = (tmp_path / "login.txt").read_text().split()
    assert f"Director login: {username} / {password}" in out
    director = Director.objects.get().user
    assert director.check_password(password)
    assert Tournament.objects.count() == 1
    demo = Tournament.objects.get()
    assert demo.published and demo.entrants.filter(checked_in=True).count() == 8

    call_command("setup_demo")  # a second run changes nothing
    assert Tournament.objects.count() == 1 and Director.objects.count() == 1
    assert f"Director login: {username} / {password}" in capsys.readouterr().out
