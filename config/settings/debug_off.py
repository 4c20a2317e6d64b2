"""What DEBUG off changes, on the laptop and on a server alike: the static files gathered
by `collectstatic`, and the security settings Django's deployment checklist asks for.

Whether plain HTTP is sent to HTTPS, and whether a proxy's word on it is trusted, is each
profile's own (laptop.py, server.py).
"""

from config.environment import env_int
from config.settings import base

# collectstatic's files, compressed, each name carrying its content's hash (whitenoise).
STORAGES = {
    **base.STORAGES,
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}

# Secure over HTTPS; over the hall's plain HTTP, laptop.middleware leaves the flag off.
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", 31536000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SECURE_CONTENT_TYPE_NOSNIFF = True
SESSION_COOKIE_HTTPONLY = True
X_FRAME_OPTIONS = "DENY"
