"""The laptop's addresses on the room's network, best first: the one the phones use.

Read from the network adapters (ifaddr), so nothing is sent: the hall may have no
internet at all. Plain Python, no Django.
"""

from __future__ import annotations

import functools
import ipaddress

import ifaddr

# Adapters that are not the room's network: containers, virtual machines, VPNs.
VIRTUAL = ("docker", "veth", "br-", "virbr", "vmnet", "vboxnet", "utun", "tun", "tap", "wg", "zt")


def rank(adapters: list[tuple[str, str]]) -> list[str]:
    """IPv4 addresses a phone on the same Wi-Fi can reach, best first: private-range
    addresses on a physical adapter, then on a virtual one, then any other. Loopback and
    link-local (169.254.x.x: no DHCP answered) are left out; so is IPv6, which phones in
    a hall reach less reliably and players cannot type."""
    found = []
    for name, ip in adapters:
        try:
            address = ipaddress.IPv4Address(ip)
        except ValueError:
            continue
        if address.is_loopback or address.is_link_local or address.is_unspecified:
            continue
        virtual = name.lower().startswith(VIRTUAL)
        found.append(((virtual, not address.is_private), ip))
    seen: dict[str, None] = {}
    for _, ip in sorted(found, key=lambda pair: pair[0]):
        seen.setdefault(ip)
    return list(seen)


def read_adapters() -> list[tuple[str, str]]:
    pairs = []
    for adapter in ifaddr.get_adapters():
        for ip in adapter.ips:
            if isinstance(ip.ip, str):  # IPv4; IPv6 comes as a tuple
                pairs.append((adapter.nice_name, ip.ip))
    return pairs


@functools.cache
def room_addresses() -> list[str]:
    """The ranked addresses, read once per process: the server allows these as its host
    names and prints them, so the links it makes agree with what it answers to. A laptop
    that joins another network is restarted, as the director's pages then say."""
    return rank(read_adapters())
