"""The laptop server's loop: it sleeps while the workers answer, and asks only the
connections that may have changed.

waitress's own loop (wasyncore.poll2, or select() on Windows) asks every open connection,
at every turn, whether it wants to read or write. Two things went wrong at a round's start
on the laptop (bench/night.py, 250 tables, phones cold: 500 to 750 connections):

- a connection whose request a worker thread is answering says it wants to write as soon
  as the worker has put a byte in its buffer; its socket is ready to write at once, so the
  loop's poll returns at once, finds nothing it may send (the worker sends, waitress 3's
  send_bytes is 1), and turns again: the loop spun for as long as any worker was writing,
  which with 8 workers was always, holding the GIL the workers needed;
- each of those turns asked all the connections again. Profiled in a collapsed night, the
  loop held the GIL 84% of the time; the app's threads, 13%.

Here a connection with a request in hand is not polled for writing (waits_for_its_task):
its worker wakes the loop (waitress's trigger) when the task is done. A connection at rest
(no request in hand, nothing to send, not closing) changes only when its phone sends
something, an event on its socket; so a turn asks the connections that had an event, the
ones not at rest, the listening socket and the trigger, and keeps its poll set across
turns. Once a second it asks all of them: waitress's maintenance marks idle connections
for closing from the listening socket's `readable()`, without an event on them.
"""

from __future__ import annotations

import select
import time
import types
from errno import EINTR

from waitress import wasyncore
from waitress.channel import HTTPChannel

ASK_ALL_SECONDS = 1.0
READ = select.POLLIN | select.POLLPRI if hasattr(select, "POLLIN") else 1 | 2
WRITE = select.POLLOUT if hasattr(select, "POLLOUT") else 4


def waits_for_its_task(obj) -> bool:
    """A worker thread is answering this connection's request and sends what it writes:
    nothing for the loop to write until the task's thread wakes it (HTTPChannel.service).
    The loop still writes for a closing connection, and for a task whose output passed the
    high watermark (its worker waits for the loop then)."""
    return (
        isinstance(obj, HTTPChannel)
        and bool(obj.requests)
        and not obj.will_close
        and not obj.close_when_flushed
        and obj.total_outbufs_len <= obj.adj.outbuf_high_watermark
    )


def flags_of(obj) -> int:
    """What waitress's loop would wait for on `obj`, but a write that waits for its task."""
    flags = READ if obj.readable() else 0
    if obj.writable() and not obj.accepting and not waits_for_its_task(obj):
        flags |= WRITE
    return flags


class Loop:
    def __init__(self, socket_map: dict, use_poll: bool = hasattr(select, "poll")):
        self.map = socket_map
        self.pollster = select.poll() if use_poll else None  # else select() (Windows)
        self.registered: dict[int, int] = {}  # fd -> the flags waited for
        self.at_rest: set[int] = set()  # connections asked and found at rest
        self.events: list[int] = []  # the fds that had an event at the last turn
        self.ask_all_at = 0.0
        self.running = True

    def to_ask(self):
        now = time.monotonic()
        if now >= self.ask_all_at:
            self.ask_all_at = now + ASK_ALL_SECONDS
            return list(self.map)
        return (self.map.keys() - self.at_rest).union(self.events)

    def wait_for(self, fd: int, flags: int) -> None:
        if self.registered.get(fd, 0) == flags:
            return
        if self.pollster is not None:
            if not flags:
                self.pollster.unregister(fd)
            elif fd in self.registered:
                self.pollster.modify(fd, flags)
            else:
                self.pollster.register(fd, flags)
        if flags:
            self.registered[fd] = flags
        else:
            del self.registered[fd]

    def ready(self, timeout: float) -> list[tuple[int, int]]:
        if self.pollster is not None:
            return self.pollster.poll(int(timeout * 1000))
        reads = [fd for fd, flags in self.registered.items() if flags & READ]
        writes = [fd for fd, flags in self.registered.items() if flags & WRITE]
        if not reads and not writes:
            time.sleep(timeout)  # Windows' select() refuses three empty lists
            return []
        readable, writable, _ = select.select(reads, writes, [], timeout)
        found = dict.fromkeys(readable, READ)
        for fd in writable:
            found[fd] = found.get(fd, 0) | WRITE
        return list(found.items())

    def dispatch(self, obj, flags: int) -> None:
        if self.pollster is not None:
            wasyncore.readwrite(obj, flags)  # it reads the poll flags (and hang-ups)
            return
        if flags & READ:
            wasyncore.read(obj)
        if flags & WRITE and obj.connected:
            wasyncore.write(obj)

    def turn(self, timeout: float) -> None:
        socket_map, at_rest = self.map, self.at_rest
        for fd in self.registered.keys() - socket_map.keys():  # closed since the last turn
            self.wait_for(fd, 0)
        at_rest.intersection_update(socket_map.keys())
        for fd in self.to_ask():
            obj = socket_map.get(fd)
            if obj is None:
                continue
            flags = flags_of(obj)
            if flags == READ and isinstance(obj, HTTPChannel) and not obj.requests:
                at_rest.add(fd)
            else:
                at_rest.discard(fd)
            self.wait_for(fd, flags)
        try:
            ready = self.ready(timeout)
        except OSError as error:
            if error.args[0] != EINTR:
                raise
            ready = []
        self.events = [fd for fd, _ in ready]
        for fd, flags in ready:
            obj = socket_map.get(fd)
            if obj is not None:
                self.dispatch(obj, flags)

    def run(self, timeout: float) -> None:
        while self.map and self.running:
            self.turn(timeout)


def use_loop(server) -> Loop:
    """Serve `server` (waitress) with the loop above."""
    loop = Loop(server._map, use_poll=server.adj.asyncore_use_poll and hasattr(select, "poll"))

    def run_loop(timeout, map, use_poll):
        loop.run(timeout)

    # BaseWSGIServer.run() calls self.asyncore.loop(timeout=..., map=..., use_poll=...)
    server.asyncore = types.SimpleNamespace(loop=run_loop, dispatcher=wasyncore.dispatcher)
    return loop
