"""SQLite as the laptop's server writes it: writers wait their turn in a line.

Every transaction takes SQLite's write lock at BEGIN (IMMEDIATE). A writer that finds it
taken is left to SQLite's busy handler, which sleeps and tries again, up to 100 ms between
tries: at a round's busiest the lock sat free about two thirds of the time while writers
slept (bench/load.py, 250 tables at a night's pace, seen with py-spy). The laptop's
server is one process, so its writers first queue on a lock of the process, which hands
the write lock on the moment it is released; SQLite's own lock still guards the file
against any other process.
"""

import threading

from django.db.backends.sqlite3 import base
from django.db.utils import OperationalError

WRITERS = threading.Lock()


class DatabaseWrapper(base.DatabaseWrapper):
    holds_the_line = False

    def _start_transaction_under_autocommit(self):
        wait = self.settings_dict["OPTIONS"].get("timeout", 5)
        if not WRITERS.acquire(timeout=wait):
            raise OperationalError("database is locked")  # answered 503 (laptop.middleware)
        self.holds_the_line = True
        try:
            super()._start_transaction_under_autocommit()
        except BaseException:
            self._leave_the_line()
            raise

    def _commit(self):
        try:
            return super()._commit()
        finally:
            self._leave_the_line()

    def _rollback(self):
        try:
            return super()._rollback()
        finally:
            self._leave_the_line()

    def _close(self):
        try:
            return super()._close()
        finally:
            self._leave_the_line()

    def _leave_the_line(self):
        if self.holds_the_line:
            self.holds_the_line = False
            WRITERS.release()
