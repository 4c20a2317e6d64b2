"""What every profile shares: the apps and their middleware, the templates, the database,
the static files, the logs, and what each profile reads from the environment the same way.

Each profile (laptop.py, server.py, development.py) starts from this and says what differs
on its own; SECRET_KEY and DEBUG are theirs alone.
"""

import os
from pathlib import Path

import dj_database_url

from config.environment import env_bool, env_int, env_list
from kittytd import data

# The checkout's root, or the install's: templates/ and static/ are beside the packages.
BASE_DIR = Path(__file__).resolve().parents[2]

# The laptop in the hall (laptop.py), read by the links phones are given (laptop/links.py).
LAPTOP = False
# The club's data, outside the install and the source tree (kittytd/data.py): the
# database, the laptop's secret key, the director's login, the copies of the night.
DATA_DIR = data.folder()

# Earlier keys, space-separated, after a change of SECRET_KEY: sessions stay valid and the
# check codes printed on signed sheets under an old key are still recognised.
SECRET_KEY_FALLBACKS = os.environ.get("SECRET_KEY_FALLBACKS", "").split()

ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver")
# The address phones are told to use, when the director chose it (`run --address`);
# otherwise the laptop's best address on the room's network (laptop/network.py).
PHONE_ADDRESS = os.environ.get("PHONE_ADDRESS", "").strip()
# `run --local`: the server listens on 127.0.0.1 only, so the room's address answers
# nothing; links for phones name 127.0.0.1 and the director's pages say so.
LOCAL_ONLY = env_bool("LOCAL_ONLY", False)
# A form the CSRF check refuses gets the site's page saying what to do (config/errors.py).
CSRF_FAILURE_VIEW = "config.errors.form_refused"
# Only needed when the pages are reached under another origin than the Host header
# (e.g. a proxy that rewrites it): "https://td.example.org,https://club.example.org".
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.forms",
    "django_tables2",
    "django_htmx",  # serves htmx itself, so live pages need no file of ours to keep up
    "axes",
    # The night's flow; each app imports only the ones before it (README, "Layout").
    "laptop",
    "upgrade",  # its migrate refuses a newer release's database and copies one it upgrades
    "club",
    "tournament",
    "register",
    "scoring",
    "leaderboard",
    "draw",
    "documents",
    "tables",
    "backup",
    "season",
    "own_link",
    "demo",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    # A page whose address is a credential (a side's, a player's) never sends it on.
    "config.private.SiteOnlyReferrer",
    # Cookies are Secure exactly when the request came over HTTPS (the hall is plain HTTP).
    "laptop.middleware.SecureCookiesOverHttps",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    # Before any view looks the address up: a NUL in it answers 400 with a page saying so.
    "tournament.middleware.RefuseNulMiddleware",
    "laptop.middleware.DatabaseBusy",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "csp.middleware.CSPMiddleware",
    # Last: it reads the result of the login attempt.
    "axes.middleware.AxesMiddleware",
]

# Login lockout (django-axes): after AXES_FAILURE_LIMIT wrong passwords for one username
# from one address, that pair is locked out for AXES_COOLOFF_TIME (hours). A director who
# locked themselves out is let in again at once with `python manage.py axes_reset`.
AUTHENTICATION_BACKENDS = [
    "axes.backends.AxesStandaloneBackend",
    "django.contrib.auth.backends.ModelBackend",
]
AXES_FAILURE_LIMIT = 5
AXES_COOLOFF_TIME = 0.25  # 15 minutes
AXES_LOCKOUT_PARAMETERS = [["username", "ip_address"]]
AXES_LOCKOUT_TEMPLATE = "registration/locked_out.html"
AXES_RESET_ON_SUCCESS = True
AXES_ENABLE_ADMIN = False  # the attempts are not a club's business; axes_reset is
# Behind a proxy every request comes from the proxy's address: read the client's from the
# X-Forwarded-For header (PROXY_COUNT: the proxies in front of the app). axes reads it
# through django-ipware, whose count is of the proxies listed in the header: the last
# proxy is the one connecting, so one proxy (nginx, Caddy) lists none but the client. A
# header longer than that (a client sending its own) falls back to the proxy's address.
PROXY_COUNT = env_int("PROXY_COUNT", 0)
if PROXY_COUNT:
    AXES_IPWARE_PROXY_COUNT = PROXY_COUNT - 1
    AXES_IPWARE_META_PRECEDENCE_ORDER = ["HTTP_X_FORWARDED_FOR", "REMOTE_ADDR"]

# Content-Security-Policy (django-csp): scripts, styles and everything else from this
# site only; no inline script (the few scripts are in static/kitty.js).
CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": ["'self'"],
        "script-src": ["'self'"],
        "style-src": ["'self'"],
        "img-src": ["'self'", "data:"],
        "object-src": ["'none'"],
        "base-uri": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
    }
}

ROOT_URLCONF = "config.urls"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "tournament.context.director",
                "laptop.context.phones",
            ],
        },
    },
    # The table page's live part, what every tap and every poll at a table redraws
    # (config/jinja2.py says why it is Jinja2); the page around it is Django's (base.html).
    {
        "BACKEND": "django.template.backends.jinja2.Jinja2",
        # Then templates/ for the one snippet both engines read as it is (_field.html).
        "DIRS": [BASE_DIR / "templates" / "jinja2", BASE_DIR / "templates"],
        "APP_DIRS": False,
        "OPTIONS": {"environment": "config.jinja2.environment"},
    },
]

WSGI_APPLICATION = "config.wsgi.application"
# Widget templates (the tap-sized choice buttons) live in templates/.
FORM_RENDERER = "django.forms.renderers.TemplatesSetting"

DATABASES = {
    "default": dj_database_url.config(
        default=data.database_url(DATA_DIR),  # its path quoted: `Kitty #2` is a folder
        conn_max_age=env_int("CONN_MAX_AGE", 0),  # a connection a request; laptop.py keeps it
        # A kept connection is checked before each request, so a restarted server costs
        # one failed check instead of one failed request.
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"].setdefault("OPTIONS", {}).update(
        # Every transaction takes the write lock at BEGIN: one that began reading and then
        # wrote could not wait for the lock (SQLite answers "database is locked" at once,
        # since waiting could deadlock); a BEGIN waits, up to the timeout, in turn.
        transaction_mode="IMMEDIATE",
        timeout=20,
        # Readers never wait for the writer, nor the writer for them. FULL: a hand the
        # phone was told is stored survives the laptop losing power.
        init_command="PRAGMA journal_mode=WAL; PRAGMA synchronous=FULL",
    )
elif DATABASES["default"]["ENGINE"].endswith("postgresql"):
    # A kept connection is checked before each request without a round trip (config/postgresql/).
    DATABASES["default"]["ENGINE"] = "config.postgresql"
    if env_bool("DB_PREPARED", True):
        # A phone's every request runs the same few statements with other ids: sent with
        # their values apart and kept prepared on the connection after a second use,
        # PostgreSQL stops planning them again, about half its work per request in
        # bench/load.py. A connection pooler in transaction mode does not keep them: set
        # DB_PREPARED=0 behind one.
        DATABASES["default"].setdefault("OPTIONS", {}).update(
            server_side_binding=True, prepare_threshold=2
        )

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# Copies of the SQLite database (laptop/backups.py): a second folder when one is named (a
# USB stick: BACKUP_TO, or `--backup-to`); the laptop keeps them in its data folder too.
BACKUP_DIRS = [Path(os.environ["BACKUP_TO"])] if os.environ.get("BACKUP_TO") else []
BACKUP_KEEP = env_int("BACKUP_KEEP", 20)  # in each folder, newest first
BACKUP_MINUTES = float(os.environ.get("BACKUP_MINUTES", "5"))  # when anything changed

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
]

LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

LANGUAGE_CODE = "en-us"
TIME_ZONE = data.time_zone()  # the club's clock, also read before Django (kittytd/data.py)
USE_I18N = True
USE_TZ = True

STATIC_URL = "static/"
# collectstatic's target, served by whitenoise when DEBUG is off: made from the install at
# every start, so it lives in the user's cache folder, never in the install (kittytd/data.py).
STATIC_ROOT = Path(os.environ.get("STATIC_ROOT") or data.static_folder())
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    # With DEBUG on, read as they are; debug_off.py serves collectstatic's, compressed.
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

DJANGO_TABLES2_TEMPLATE = "django_tables2/semantic.html"

# Form fields (files aside) above 2 MB are refused outright; uploaded files have their own
# caps, checked before they are read (tournament.inputs.CappedFile).
DATA_UPLOAD_MAX_MEMORY_SIZE = 2 * 1024 * 1024
FILE_UPLOAD_MAX_MEMORY_SIZE = 2 * 1024 * 1024

# Errors reach the process's stderr (gunicorn's error log) whatever DEBUG says: with
# Django's defaults a failing request in production would only be mailed to ADMINS.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    # A side's or a player's link in a logged path is masked: it is their credential
    # (config/logs.py).
    "filters": {"private_links": {"()": "config.logs.MaskPrivateLinks"}},
    "handlers": {
        "console": {"class": "logging.StreamHandler", "filters": ["private_links"]},
    },
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "WARNING")},
}
