"""PostgreSQL as the server keeps its connections: each checked before a request without
asking the database.

A worker keeps its connection between requests (CONN_MAX_AGE) and checks it before the
first query of each (CONN_HEALTH_CHECKS), so that a restarted database costs a new
connection, not a failed request. Django's check is `SELECT 1`: a round trip to the
database on every request, about a tenth of what an unchanged poll costs the server, and
a phone polls every few seconds.

A connection that the database ended has said so on its socket: a server shutting down or
ending a backend (a restart, pg_terminate_backend, a crash of another backend) sends its
FATAL message and closes, and a killed backend's socket is closed by the system. An idle
connection has nothing to read otherwise (the app listens for no notifications), so one
with anything to read is not used again; looking costs no round trip. A connection that is
not idle, or whose client already knows it broken, is checked as Django checks it.
"""

import select

from django.db.backends.postgresql import base
from psycopg.pq import TransactionStatus


class DatabaseWrapper(base.DatabaseWrapper):
    def is_usable(self):
        connection = self.connection
        if connection is None or connection.closed:
            return False
        if connection.info.transaction_status != TransactionStatus.IDLE:
            return super().is_usable()
        try:
            readable, _, _ = select.select([connection.fileno()], [], [], 0)
        except (OSError, ValueError):
            return False
        return not readable
