from django.conf import settings

from kittytd import __version__

from .links import room


def phones(request) -> dict:
    """`room` on the laptop's server: where phones join it, for the director's pages; and
    the release, at the foot of the director's pages (what to say when asking for help)."""
    return {"room": room(request) if settings.LAPTOP else None, "release": __version__}
