"""One chromium per test module, and a watchdog so that a call chromium never answers fails
the test at its own line instead of hanging the whole run.

Playwright waits without end for an answer to what it sends chromium: most calls carry a
timeout, but a context's close, going offline or a new page do not, and in a whole-suite
run chromium has left one unanswered (CI stopped there until its limit). Every few
seconds the watchdog looks at the calls waiting in Playwright's event loop; one waiting
more than CALL_LIMIT seconds is cancelled with HUNG in its message, its stack is printed,
and that chromium is killed: the test fails where it was, and the next test gets a new
chromium. A test that failed so runs once more (conftest.py), as the hang is chromium's.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
import threading
import time
import traceback
import uuid
import weakref

# The longest timeout a browser test gives one call is 30 s; three times that is a hang.
CALL_LIMIT = 90
HUNG = "chromium answered nothing for"


class Chromium:
    """Stands for the module's browser: what a test asks of it goes to the chromium running
    now, a new one after a hang (a test run again keeps its fixtures' values)."""

    def __init__(self, playwright, path: str, args: list[str]):
        self._playwright = playwright
        self._path = path
        self._args = args
        self._browser = None
        self.tag = ""
        self.hung = False
        self._killed: weakref.WeakSet = weakref.WeakSet()
        self._waiting_since: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
        self._stopped = threading.Event()
        threading.Thread(target=self._watch, name="chromium-watchdog", daemon=True).start()

    def current(self):
        """The module's chromium; a new one after a hang or a crash."""
        if self._browser is None or self.hung or not self._browser.is_connected():
            self._discard()
            self.hung = False  # before the launch: a look during it kills only what hung
            self.tag = f"--test-browser-tag={uuid.uuid4().hex}"  # finds its process
            self._browser = self._playwright.chromium.launch(
                executable_path=self._path, headless=True, args=[*self._args, self.tag]
            )
        return self._browser

    def __getattr__(self, name: str):
        return getattr(self.current(), name)

    def killed(self, browser) -> bool:
        """Whether this browser was killed after a hang (closing what it held would fail)."""
        return browser in self._killed

    def close(self) -> None:
        self._discard()
        self._stopped.set()
        self._playwright.stop()

    def _discard(self) -> None:
        if self._browser is None:
            return
        if self.hung:  # its close would wait as the call did
            self._kill()
        else:
            try:
                self._browser.close()
            except (Exception, asyncio.CancelledError):  # cancelled by the watchdog
                self._kill()
        self._browser = None

    def _watch(self) -> None:
        """A thread of its own: the loop runs only while the test waits on a call, so the
        check is handed to it, and runs when (and only while) a call is waiting."""
        loop = self._playwright._loop
        while not self._stopped.wait(5):
            try:
                loop.call_soon_threadsafe(self._check, loop)
            except RuntimeError:  # Playwright stopped: its loop is closed
                return

    def _check(self, loop) -> None:
        now = time.monotonic()
        for task in asyncio.all_tasks(loop):
            # Playwright's sync API marks the task of each call with its caller's frame.
            caller = getattr(task, "__pw_caller_frame__", None)
            if caller is None or task.done():
                continue
            if now - self._waiting_since.setdefault(task, now) < CALL_LIMIT:
                continue
            message = f"{HUNG} {CALL_LIMIT} s"
            where = "".join(traceback.format_stack(caller, limit=6))
            print(f"{message}; the call:\n{where}", file=sys.stderr)
            task.cancel(message)
            self.hung = True
        if self.hung:
            self._kill()

    def _kill(self) -> None:
        if self._browser is not None:
            self._killed.add(self._browser)
        _kill_processes_with(self.tag)


def _kill_processes_with(tag: str) -> None:
    """Kill the chromium launched with this tag (its children end with it)."""
    for pid in processes_with(tag):
        try:
            os.kill(pid, signal.SIGKILL)
        except OSError:  # ended meanwhile
            continue


def processes_with(tag: str) -> list[int]:
    """The running processes whose command line holds the tag; only where /proc lists them
    (Linux, where the tests run): elsewhere none, and nothing is killed."""
    if not tag or not os.path.isdir("/proc"):
        return []
    found = []
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/cmdline", "rb") as cmdline:
                if tag.encode() in cmdline.read():  # a process ended but not reaped has none
                    found.append(int(entry.name))
        except OSError:  # ended meanwhile, or not ours to read
            continue
    return found
