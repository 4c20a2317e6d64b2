"""LAPTOP=1 (`kittytd run` and `restore` set it): the night on one laptop, served by granian
to the phones in the hall over plain HTTP, with no proxy in front (README, "The night on
one laptop"). DEBUG off; the key, the database and the copies in the club's data folder.
"""

import os
import secrets
import socket
from pathlib import Path

from config.environment import env_bool, env_int
from config.settings import base
from config.settings.base import *  # noqa: F403  everything shared; what differs follows
from kittytd import data
from laptop.network import room_addresses


def kept_secret_key(path: Path, before: Path) -> str:
    """The laptop's own key, made at its first run and read at every later one: sessions
    and the check codes on signed sheets outlive a restart. A checkout's key from before
    1.0.0 (`before`, which `kittytd run` moves here) is taken up, never replaced."""
    if not path.exists():
        key = before.read_text(encoding="ascii") if before.exists() else secrets.token_urlsafe(50)
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "x", encoding="ascii") as file:  # "x": never overwrite a key
            file.write(key.strip())
        path.chmod(0o600)
    return path.read_text(encoding="ascii").strip()


LAPTOP = True
DEBUG = env_bool("DEBUG", False)

SECRET_KEY = os.environ.get("SECRET_KEY") or kept_secret_key(
    base.DATA_DIR / data.SECRET_KEY, base.BASE_DIR / "var" / "secret-key"
)
# Keys the laptop had before (kittytd/data.py): the codes printed under them still match.
SECRET_KEY_FALLBACKS = [*base.SECRET_KEY_FALLBACKS, *data.older_keys(base.DATA_DIR)]

# Phones ask for the laptop by its address on the room's network, or by its name.
_host = socket.gethostname().lower()
ALLOWED_HOSTS = [*base.ALLOWED_HOSTS, "127.0.0.1", "localhost", "[::1]", _host, f"{_host}.local"]
ALLOWED_HOSTS += [base.PHONE_ADDRESS] if base.PHONE_ADDRESS else room_addresses()

# The server's threads keep their SQLite connection instead of opening one a request
# (about 5 % of its time at a round's busiest).
base.DATABASES["default"]["CONN_MAX_AGE"] = env_int("CONN_MAX_AGE", 60)

# The copies of the night: in the data folder, and in BACKUP_TO's when one is named.
BACKUP_DIRS = [base.DATA_DIR / data.BACKUPS, *base.BACKUP_DIRS]

if not DEBUG:
    from config.settings.debug_off import *  # noqa: F403

    # The laptop serves plain HTTP itself: nothing to redirect to, no proxy to trust.
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", False)
