"""Links that phones open: table cards, check-in codes, the sheet's check QR, self check-in.

A director often opens the app on the laptop itself as http://127.0.0.1:8000 or localhost;
a link built from that address works on no phone. On the laptop's own server (LAPTOP on),
a link asked for from a loopback address uses the laptop's address on the room's network
instead, or the one the director chose with --address, at the same port. Anywhere else
the address the page was asked for is the one to print: a phone reached it, or a proxy's
public name stands in front of it.

Served with `run --local`, the server listens on 127.0.0.1 alone: the room's address
answers nothing, so a link asked for from a loopback address names 127.0.0.1 instead, and
the director's pages say that no phone can open it.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.conf import settings
from django.http import HttpRequest
from django.http.request import split_domain_port

from . import network

LOOPBACK = {"127.0.0.1", "localhost", "[::1]", "::1"}


@dataclass(frozen=True)
class Room:
    """How phones reach this server: `origin` ("http://192.168.1.23:8000"), or None when
    the laptop has no address but loopback; `local` when it is this laptop's own
    (`run --local`), which no phone reaches."""

    origin: str | None
    others: tuple[str, ...] = ()
    local: bool = False


def room(request: HttpRequest) -> Room:
    host, port = split_domain_port(request.get_host())
    loopback = host in LOOPBACK or host.startswith("127.")
    asked = Room(f"{request.scheme}://{request.get_host()}")
    at = f":{port}" if port and port != "80" else ""
    if settings.LAPTOP and settings.LOCAL_ONLY:
        # Only 127.0.0.1 listens (or what was asked for, which stands in front of it).
        return Room(f"http://127.0.0.1{at}", local=True) if loopback else asked
    chosen = settings.PHONE_ADDRESS  # the run command's --address
    if not settings.LAPTOP or not (loopback or chosen):
        return asked
    addresses = [chosen] if chosen else network.room_addresses()
    if not addresses:
        return Room(None)
    origins = tuple(f"http://{address}{at}" for address in addresses)
    return Room(origins[0], origins[1:])


def phone_url(request: HttpRequest, path: str) -> str:
    """The absolute address of `path` for a phone in the room."""
    origin = room(request).origin
    if origin is None:  # nothing better to print; the director's pages say why
        return request.build_absolute_uri(path)
    return origin + path
