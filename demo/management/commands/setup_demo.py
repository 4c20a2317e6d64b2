"""Create the director account and, on an empty database, the demo tournament."""

import secrets
from pathlib import Path

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand

from club.models import Club, default_club
from demo.demo import build_demo
from tournament.models import Director, Tournament

PASSWORD_FILE = Path(settings.DATA_DIR) / "director-login.txt"


class Command(BaseCommand):
    help = "Create the director account and a demo tournament night when the database is empty."

    def add_arguments(self, parser):
        parser.add_argument("--username", default="director")
        parser.add_argument(
            "--director-only", action="store_true", help="the director's login, no demo nights"
        )

    def handle(self, *args, username: str, director_only: bool, **options):
        User = get_user_model()
        user = User.objects.filter(username=username).first()
        if user is None:
            password = secrets.token_urlsafe(9)
            user = User.objects.create_user(username, password=password)
            PASSWORD_FILE.parent.mkdir(parents=True, exist_ok=True)
            PASSWORD_FILE.write_text(f"{username} {password}\n")
            PASSWORD_FILE.chmod(0o600)  # as the key: the director's alone
        Director.objects.get_or_create(user=user)
        if director_only:  # a club's own first night: its director keeps the club
            Club.objects.get(pk=default_club()).staff.add(user)

        if not director_only and not Tournament.objects.exists():
            tournament = build_demo()
            self.stdout.write(f"Created the demo tournament: {tournament.name}")

        login = PASSWORD_FILE.read_text().split() if PASSWORD_FILE.exists() else [username, "?"]
        self.stdout.write(self.style.SUCCESS(f"Director login: {login[0]} / {login[1]}"))
