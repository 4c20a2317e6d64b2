from django.conf import settings

from .links import room


def phones(request) -> dict:
    """`room` on the laptop's server: where phones join it, for the director's pages."""
    return {"room": room(request) if settings.LAPTOP else None}
