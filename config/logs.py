"""What reaches the log: never a side's link, a player's own link or a check-in link.

Each is a bearer credential (whoever holds it acts for that side, or that player), and
Django logs the path of every refused request: routine 409s from phones included. The
handler masks them before the line is written, whichever logger wrote it (Django's,
gunicorn's error log through the root logger).
"""

import logging
import re

PRIVATE = re.compile(r"(/s/|/p/|/checkin/me/)[^/\s?#'\"]+")


def masked(text: str) -> str:
    return PRIVATE.sub(r"\1…", text)


class MaskPrivateLinks(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        message = record.getMessage()
        if PRIVATE.search(message):
            record.msg, record.args = masked(message), ()
        if record.exc_info and not record.exc_text:
            # The traceback's frames may show the path too: format it now, masked.
            record.exc_text = masked(logging.Formatter().formatException(record.exc_info))
        elif record.exc_text:
            record.exc_text = masked(record.exc_text)
        return True
