"""The laptop's addresses on the room's network, best first: the one the phones use.

Read from the network adapters (ifaddr) and the laptop's own routing table, so nothing is
sent: the hall may have no internet at all. Plain Python, no Django.
"""

from __future__ import annotations

import functools
import ipaddress
import socket
from collections.abc import Iterable

import ifaddr

# Adapters that are not the room's network (containers, virtual machines, VPNs, the
# laptop sharing its own connection), by the name Linux and macOS give them ...
VIRTUAL_NAMES = (
    "docker", "veth", "br-", "virbr", "lxcbr", "lxdbr", "incusbr", "podman", "cni",
    "vmnet", "vboxnet", "utun", "tun", "tap", "wg", "zt", "tailscale", "bridge", "awdl",
    "llw", "anpi", "ipsec", "ppp", "gif", "stf",
)  # fmt: skip
# ... and by a word of how Windows describes them ("Hyper-V Virtual Ethernet Adapter",
# "vEthernet (WSL)", "VirtualBox Host-Only Ethernet Adapter", "TAP-Windows Adapter V9"),
# where the system's name is a GUID that says nothing.
VIRTUAL_WORDS = (
    "virtual", "hyper-v", "vethernet", "wsl", "docker", "virtualbox", "vmware", "vpn",
    "tunnel", "tap-", "wintun", "wireguard", "tailscale", "zerotier", "loopback",
    "miniport", "pseudo",
)  # fmt: skip
# A documentation address (RFC 5737) that no network has: the route to it is the
# laptop's default route.
OUTSIDE = ("192.0.2.1", 9)


def is_virtual(adapter: ifaddr.Adapter) -> bool:
    """Whether the adapter is a machine's own (a container's bridge, a VPN) rather than
    a card on a real network: by its name on Linux and macOS, by its description
    (`nice_name`) or the name its addresses are listed under on Windows."""
    if adapter.name.lower().startswith(VIRTUAL_NAMES):
        return True
    said = " ".join([adapter.name, adapter.nice_name, *(ip.nice_name for ip in adapter.ips)])
    return any(word in said.lower() for word in VIRTUAL_WORDS)


def rank(adapters: Iterable[ifaddr.Adapter], outward: str | None = None) -> list[str]:
    """IPv4 addresses a phone on the same Wi-Fi can reach, best first: on a physical
    adapter, then on a virtual one; within each, the address the default route leaves by
    (`outward`), then private-range addresses, then any other. Loopback and link-local
    (169.254.x.x: no DHCP answered) are left out; so is IPv6, which phones in a hall
    reach less reliably and players cannot type."""
    found = []
    for adapter in adapters:
        virtual = is_virtual(adapter)
        for ip in adapter.ips:
            if not isinstance(ip.ip, str):  # IPv6 comes as a tuple
                continue
            try:
                address = ipaddress.IPv4Address(ip.ip)
            except ValueError:
                continue
            if address.is_loopback or address.is_link_local or address.is_unspecified:
                continue
            found.append(((virtual, ip.ip != outward, not address.is_private), ip.ip))
    seen: dict[str, None] = {}
    for _, ip in sorted(found, key=lambda pair: pair[0]):
        seen.setdefault(ip)
    return list(seen)


def outward_address() -> str | None:
    """The laptop's address on its default route, or None with no route out. Connecting
    a UDP socket only asks the routing table which address it would send from: nothing
    leaves the laptop, and a hall's router with no internet still gives that route."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(OUTSIDE)
            return probe.getsockname()[0]
        except OSError:  # no network at all, or no default route
            return None


@functools.cache
def room_addresses() -> list[str]:
    """The ranked addresses, read once per process: the server allows these as its host
    names and prints them, so the links it makes agree with what it answers to. A laptop
    that joins another network is restarted, as the director's pages then say."""
    return rank(ifaddr.get_adapters(), outward_address())
