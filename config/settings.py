"""Settings from the environment: DATABASE_URL, SECRET_KEY, DEBUG, ALLOWED_HOSTS, LAPTOP,
DATA_DIR.

With nothing set, the app runs in development mode on an SQLite file in the club's data
folder (kittytd/data.py). `kittytd run` (and `python3 dev.py run`) sets LAPTOP=1: the
night on one laptop, served to the phones in the hall over plain HTTP, DEBUG off, with a
secret key made once and kept in the data folder. Behind a TLS proxy
(docs/production.md) DEBUG=0, SECRET_KEY and ALLOWED_HOSTS are set instead.
"""

import os
import secrets
import socket
from pathlib import Path

import dj_database_url

from kittytd import data

BASE_DIR = Path(__file__).resolve().parent.parent


def env_bool(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on"}


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


# The laptop in the hall: plain HTTP to the phones on the room's network, no proxy.
LAPTOP = env_bool("LAPTOP", False)
# The club's data, outside the install and the source tree (kittytd/data.py): the
# database, the laptop's secret key, the director's login, the copies of the night.
DATA_DIR = data.folder()

DEBUG = env_bool("DEBUG", not LAPTOP)
SECRET_KEY = os.environ.get("SECRET_KEY", "")
if not SECRET_KEY:
    if LAPTOP:
        SECRET_KEY = kept_secret_key(DATA_DIR / data.SECRET_KEY, BASE_DIR / "var" / "secret-key")
    elif not DEBUG:
        raise RuntimeError("SECRET_KEY must be set when DEBUG is off")
    else:
        SECRET_KEY = "dev-only-insecure-key-never-used-in-production"
# Earlier keys, space-separated, after a change of SECRET_KEY: sessions stay valid and the
# check codes printed on signed sheets under an old key are still recognised.
SECRET_KEY_FALLBACKS = os.environ.get("SECRET_KEY_FALLBACKS", "").split()
if LAPTOP:  # keys the laptop had before (kittytd/data.py): their codes still match
    SECRET_KEY_FALLBACKS += data.older_keys(DATA_DIR)

ALLOWED_HOSTS = [
    h.strip()
    for h in os.environ.get("ALLOWED_HOSTS", "127.0.0.1,localhost,testserver").split(",")
    if h.strip()
]
# The address phones are told to use, when the director chose it (`run --address`);
# otherwise the laptop's best address on the room's network (laptop/network.py).
PHONE_ADDRESS = os.environ.get("PHONE_ADDRESS", "").strip()
# `run --local`: the server listens on 127.0.0.1 only, so the room's address answers
# nothing; links for phones name 127.0.0.1 and the director's pages say so.
LOCAL_ONLY = env_bool("LOCAL_ONLY", False)
if LAPTOP:
    from laptop.network import room_addresses

    # Phones ask for the laptop by its address on the room's network, or by its name.
    _host = socket.gethostname().lower()
    ALLOWED_HOSTS += ["127.0.0.1", "localhost", "[::1]", _host, f"{_host}.local"]
    ALLOWED_HOSTS += [PHONE_ADDRESS] if PHONE_ADDRESS else room_addresses()
# A form the CSRF check refuses gets the site's page saying what to do (config/errors.py).
CSRF_FAILURE_VIEW = "config.errors.form_refused"
# Only needed when the pages are reached under another origin than the Host header
# (e.g. a proxy that rewrites it): "https://td.example.org,https://club.example.org".
CSRF_TRUSTED_ORIGINS = [
    o.strip() for o in os.environ.get("CSRF_TRUSTED_ORIGINS", "").split(",") if o.strip()
]

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
PROXY_COUNT = int(os.environ.get("PROXY_COUNT", "0"))
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
        # The laptop's server threads keep their SQLite connection instead of opening one
        # a request (about 5 % of its time at a round's busiest).
        conn_max_age=int(os.environ.get("CONN_MAX_AGE", "60" if LAPTOP else "0")),
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

# Copies of the SQLite database (laptop/backups.py): the data folder's backups/ on the
# laptop, and a second folder when one is named (a USB stick): BACKUP_TO, or `--backup-to`.
BACKUP_DIRS = [DATA_DIR / data.BACKUPS] if LAPTOP else []
if os.environ.get("BACKUP_TO"):
    BACKUP_DIRS.append(Path(os.environ["BACKUP_TO"]))
BACKUP_KEEP = int(os.environ.get("BACKUP_KEEP", "20"))  # in each folder, newest first
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
    "staticfiles": {
        "BACKEND": (
            "django.contrib.staticfiles.storage.StaticFilesStorage"
            if DEBUG
            else "whitenoise.storage.CompressedManifestStaticFilesStorage"
        )
    },
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

if not DEBUG:
    # Secure over HTTPS; over the hall's plain HTTP, laptop.middleware leaves the flag off.
    SESSION_COOKIE_SECURE = True
    CSRF_COOKIE_SECURE = True
    # The laptop serves plain HTTP itself: nothing to redirect to, no proxy to trust.
    SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", not LAPTOP)
    if not LAPTOP:
        SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
    SECURE_HSTS_INCLUDE_SUBDOMAINS = True
    SECURE_HSTS_PRELOAD = True
    SECURE_CONTENT_TYPE_NOSNIFF = True
    SESSION_COOKIE_HTTPONLY = True
    X_FRAME_OPTIONS = "DENY"
