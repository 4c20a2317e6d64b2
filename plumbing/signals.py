"""What a write announces once it is stored, for whoever keeps something of it (the
laptop's copies of the night): the write names what happened and imports no listener.

Declared here, below every app, so that a listener below the app that writes imports
nothing of it: the laptop, which scoring, tournament and draw import, listens to them
(laptop/apps.py) and the import map still runs one way.
"""

from __future__ import annotations

from django.db import transaction
from django.dispatch import Signal

# A table's sheet became final (its last signature, or a ruling that leaves none to wait
# for): sent with `table`.
sheet_signed = Signal()
# A round was published: sent with `round`.
round_published = Signal()


def send_on_commit(signal: Signal, sender, **named) -> None:
    """Send `signal` once the current transaction commits (at once outside one), and never
    for a write rolled back: a listener acts only on what is stored."""
    transaction.on_commit(lambda: signal.send(sender=sender, **named))
