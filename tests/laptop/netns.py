"""Two hosts on one machine: a "laptop" and a "phone", each in its own network namespace,
joined by a veth pair on a /30 of their own. Nothing else is routed: from either one, only
the other and its own loopback answer.

`Room.make()` says why it cannot (not root, no `ip`, the kernel refused) by raising
`Unavailable`, for the test to skip with. `call_in` runs a function with its sockets in a
namespace (setns(2) in a thread of its own), for a client that lives in this process.
"""

from __future__ import annotations

import ctypes
import ipaddress
import os
import secrets
import shutil
import subprocess
import threading
from dataclasses import dataclass

CLONE_NEWNET = 0x40000000
IP_PATHS = ("/usr/sbin/ip", "/sbin/ip", "/usr/bin/ip", "/bin/ip")


class Unavailable(Exception):
    """This machine cannot make the namespaces; the message says why."""


def ip_command() -> str:
    found = shutil.which("ip") or next((p for p in IP_PATHS if os.access(p, os.X_OK)), None)
    if not found:
        raise Unavailable("no `ip` command (iproute2) on this machine")
    return found


def _run(*args: str) -> None:
    done = subprocess.run(args, capture_output=True, text=True, timeout=20)
    if done.returncode:
        said = (done.stderr or done.stdout).strip().splitlines()
        raise Unavailable(f"`{' '.join(args[1:])}` failed: {said[0] if said else done.returncode}")


@dataclass
class Room:
    """The two namespaces and their addresses (`laptop_ip`, `phone_ip`)."""

    ip: str
    laptop: str
    phone: str
    laptop_ip: str
    phone_ip: str
    laptop_adapter: str = "veth-laptop"
    phone_adapter: str = "veth-phone"

    @classmethod
    def make(cls) -> Room:
        if os.geteuid() != 0:
            raise Unavailable("network namespaces need root (this user is not)")
        ip = ip_command()
        tag = f"{os.getpid()}-{secrets.token_hex(2)}"
        # A /30 of 10.213.0.0/16 per run: the namespaces see nothing else, so any would do;
        # a different one per process keeps two runs' logs apart.
        third = os.getpid() % 250 + 1
        room = cls(
            ip=ip,
            laptop=f"ktd-laptop-{tag}",
            phone=f"ktd-phone-{tag}",
            laptop_ip=f"10.213.{third}.1",
            phone_ip=f"10.213.{third}.2",
        )
        try:
            room._build()
        except BaseException:
            room.remove()
            raise
        return room

    def _build(self) -> None:
        self._made: list[str] = []
        for name in (self.laptop, self.phone):
            _run(self.ip, "netns", "add", name)
            self._made.append(name)
        # Made in the namespaces directly: the root namespace never holds either end.
        link = f"link add {self.laptop_adapter} netns {self.laptop} type veth"
        _run(self.ip, *link.split(), "peer", "name", self.phone_adapter, "netns", self.phone)
        for name, adapter, address in (
            (self.laptop, self.laptop_adapter, self.laptop_ip),
            (self.phone, self.phone_adapter, self.phone_ip),
        ):
            _run(self.ip, "-n", name, "addr", "add", f"{address}/30", "dev", adapter)
            _run(self.ip, "-n", name, "link", "set", "lo", "up")
            _run(self.ip, "-n", name, "link", "set", adapter, "up")

    def remove(self) -> None:
        """Delete both namespaces (the veth pair goes with them). Processes still inside
        keep a namespace alive: stop them first."""
        for name in getattr(self, "_made", []):
            subprocess.run(
                [self.ip, "netns", "del", name], capture_output=True, timeout=20, check=False
            )
        self._made = []

    def ipv4_addresses(self, namespace: str) -> list[str]:
        """Every IPv4 address in a namespace, loopback included, as `ip` lists them."""
        done = subprocess.run(
            [self.ip, "-n", namespace, "-4", "-o", "addr", "show"],
            capture_output=True,
            text=True,
            timeout=20,
            check=True,
        )
        return [line.split()[3].split("/")[0] for line in done.stdout.splitlines()]

    def peers(self, namespace: str, port: int) -> set[str]:
        """The remote IPv4 addresses of the TCP connections (open or closing) to `port` in a
        namespace, from its /proc/net/tcp: who has talked to a server there."""
        done = subprocess.run(
            self.command(namespace, "cat", "/proc/net/tcp"),
            capture_output=True,
            text=True,
            timeout=20,
            check=True,
        )
        found = set()
        for line in done.stdout.splitlines()[1:]:
            local, remote, state = line.split()[1:4]
            if int(local.split(":")[1], 16) == port and state != "0A":  # 0A: listening
                found.add(str(ipaddress.IPv4Address(bytes.fromhex(remote.split(":")[0])[::-1])))
        return found

    def command(self, namespace: str, *args: str) -> list[str]:
        """`args` run inside a namespace."""
        return [self.ip, "netns", "exec", namespace, *args]

    def wrapper(self, namespace: str, program: str, folder) -> str:
        """An executable that runs `program` inside `namespace` with the arguments it is
        given, the file descriptors it inherits and the same process id (exec all the way):
        what Playwright launches instead of chromium, talking to it over its pipe."""
        path = folder / f"in-{namespace}"
        path.write_text(f'#!/bin/sh\nexec {self.ip} netns exec {namespace} {program} "$@"\n')
        path.chmod(0o755)
        return str(path)


def call_in(namespace: str, function, *args, timeout: float = 60.0):
    """`function(*args)` in a thread of its own that joined the namespace first: every
    socket it opens belongs there (setns(2) moves only the calling thread)."""
    outcome: dict = {}

    def inside() -> None:
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            with open(f"/run/netns/{namespace}", "rb") as handle:
                if libc.setns(handle.fileno(), CLONE_NEWNET) != 0:
                    error = ctypes.get_errno()
                    raise OSError(error, f"setns into {namespace}: {os.strerror(error)}")
            outcome["value"] = function(*args)
        except BaseException as error:  # handed to the caller's thread
            outcome["error"] = error

    thread = threading.Thread(target=inside, name=f"in-{namespace}", daemon=True)
    thread.start()
    thread.join(timeout)
    if thread.is_alive():
        raise TimeoutError(f"{function.__name__} in {namespace} took over {timeout:.0f} s")
    if "error" in outcome:
        raise outcome["error"]
    return outcome["value"]
