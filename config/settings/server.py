"""DEBUG=0 (and no LAPTOP): a server behind a TLS proxy, gunicorn and PostgreSQL
(docs/production.md). Its key, its host names and its database are its environment's."""

import os

from config.environment import env_bool
from config.settings.base import *  # noqa: F403  everything shared; what differs follows
from config.settings.debug_off import *  # noqa: F403

DEBUG = False
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    raise RuntimeError("SECRET_KEY must be set when DEBUG is off")

# The proxy terminates TLS: a request that reached it over plain HTTP is sent to HTTPS,
# and its X-Forwarded-Proto says which did.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
