"""Which of the laptop's addresses phones are told to use (laptop/network.py): the one the
default route leaves by, virtual adapters last, on each system as it lists its adapters.

ifaddr lists an adapter as each system names it: on Linux and macOS by the interface's
name (`nice_name` the same, each address under it too); on Windows by a GUID, with the
adapter's description as `nice_name` and its friendly name ("Wi-Fi", "vEthernet (WSL)")
on each address. IPv6 addresses come as (address, flowinfo, scope) tuples.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from ifaddr import IP, Adapter

from laptop.network import rank

ROOT = Path(__file__).resolve().parents[2]


def unix(name: str, *addresses: str | tuple[str, int, int]) -> Adapter:
    return Adapter(name, name, [IP(a, 24 if isinstance(a, str) else 64, name) for a in addresses])


def windows(guid: str, description: str, friendly: str, *addresses: str) -> Adapter:
    return Adapter(f"{{{guid}}}", description, [IP(a, 24, friendly) for a in addresses])


LINUX = [
    unix("lo", "127.0.0.1", ("::1", 0, 0)),
    unix("enp0s31f6", "10.0.0.5"),  # the dock's cable, to another network
    unix("wlp2s0", "192.168.1.23", ("fe80::1c2b:3cff:fe4d:5e6f", 0, 3)),
    unix("docker0", "172.17.0.1"),
    unix("br-3f2a1c9d0e4b", "172.18.0.1"),
    unix("virbr0", "192.168.122.1"),
    unix("vboxnet0", "192.168.56.1"),
    unix("tailscale0", "100.101.102.103"),
]

MACOS = [
    unix("lo0", "127.0.0.1", ("::1", 0, 0)),
    unix("gif0"),
    unix("anpi0", ("fe80::1", 0, 4)),
    unix("bridge100", "192.168.2.1"),  # Internet Sharing, or a virtual machine's network
    unix("en0", "192.168.1.40", ("fe80::8f:2a", 0, 6)),
    unix("awdl0", ("fe80::a4:7b", 0, 9)),
    unix("utun3", "10.8.0.2"),  # a VPN
]

WINDOWS = [
    windows("5C1D0E2A-1F3B-4C5D-8E9F-0A1B2C3D4E5F", "Hyper-V Virtual Ethernet Adapter",
            "vEthernet (Default Switch)", "172.29.208.1"),
    windows("7E2F1A3B-2C4D-4E6F-9A0B-1C2D3E4F5A6B", "Hyper-V Virtual Ethernet Adapter #2",
            "vEthernet (WSL)", "172.20.32.1"),
    windows("2B3C4D5E-6F70-4182-93A4-B5C6D7E8F901", "VirtualBox Host-Only Ethernet Adapter",
            "Ethernet 2", "192.168.56.1"),
    windows("9A8B7C6D-5E4F-4A3B-8C2D-1E0F9A8B7C6D", "VMware Virtual Ethernet Adapter for VMnet8",
            "VMware Network Adapter VMnet8", "192.168.80.1"),
    windows("3C4D5E6F-7081-4293-A4B5-C6D7E8F90A1B", "Intel(R) Wi-Fi 6 AX201 160MHz", "Wi-Fi",
            "192.168.1.23"),
    windows("4D5E6F70-8192-43A4-B5C6-D7E8F90A1B2C", "Realtek USB GbE Family Controller",
            "Ethernet", "169.254.33.7"),  # a cable with no DHCP answering
    windows("6F708192-A3B4-45C6-D7E8-F90A1B2C3D4E", "Software Loopback Interface 1",
            "Loopback Pseudo-Interface 1", "127.0.0.1"),
]  # fmt: skip


def test_on_linux_the_wifi_the_default_route_leaves_by_comes_first_then_the_virtual_ones():
    assert rank(LINUX, outward="192.168.1.23") == [
        "192.168.1.23",
        "10.0.0.5",
        "172.17.0.1",
        "172.18.0.1",
        "192.168.122.1",
        "192.168.56.1",
        "100.101.102.103",
    ]
    # Plugged into the hall's network by cable instead: the route says so.
    assert rank(LINUX, outward="10.0.0.5")[:2] == ["10.0.0.5", "192.168.1.23"]


def test_on_macos_the_shared_connection_and_a_vpn_come_after_the_wifi():
    # A VPN that takes every connection is the default route: the hall's Wi-Fi still wins.
    assert rank(MACOS, outward="10.8.0.2") == ["192.168.1.40", "10.8.0.2", "192.168.2.1"]
    assert rank(MACOS, outward="192.168.1.40")[0] == "192.168.1.40"


def test_on_windows_hyper_v_wsl_virtualbox_and_vmware_come_after_the_wifi():
    """Hyper-V's adapters come first in Windows' own list (every laptop with WSL or
    Docker has them); only their descriptions say they are virtual."""
    expected = ["192.168.1.23", "172.29.208.1", "172.20.32.1", "192.168.56.1", "192.168.80.1"]
    assert rank(WINDOWS, outward="192.168.1.23") == expected
    # A hall's router that gives no way out (no default route): still the Wi-Fi first.
    assert rank(WINDOWS, outward=None) == expected


def test_a_public_address_comes_after_a_private_one_unless_the_route_leaves_by_it():
    adapters = [unix("eth0", "8.8.4.4"), unix("wlan0", "10.0.0.7")]
    assert rank(adapters) == ["10.0.0.7", "8.8.4.4"]
    assert rank(adapters, outward="8.8.4.4") == ["8.8.4.4", "10.0.0.7"]


def test_an_address_on_two_adapters_is_listed_once():
    assert rank([unix("en0", "10.1.2.3"), unix("en1", "10.1.2.3")]) == ["10.1.2.3"]


def test_a_laptop_with_no_network_has_no_address_for_phones():
    assert rank([unix("lo", "127.0.0.1", ("::1", 0, 0))], outward=None) == []
    assert rank(WINDOWS[-2:], outward=None) == []  # a cable with no DHCP, and loopback
    assert rank([], outward=None) == []


# --- on this machine's own network, in a namespace of its own --------------------------------


def in_a_network_of_its_own(setup: str) -> str:
    """What the laptop's code finds in a network namespace set up by these `ip` commands:
    its default route's address and its ranked addresses."""
    if sys.platform != "linux" or os.geteuid() != 0 or not shutil.which("unshare"):
        pytest.skip("a network namespace of its own needs Linux, root and unshare")
    read = (
        "from laptop.network import outward_address, room_addresses; "
        "print(outward_address(), room_addresses())"
    )
    script = f"set -e; {setup}\n{sys.executable} -c '{read}'"
    done = subprocess.run(
        ["unshare", "--net", "sh", "-c", script], cwd=ROOT, capture_output=True, text=True,
        timeout=60,
    )  # fmt: skip
    if done.returncode and "unshare" in done.stderr:
        pytest.skip(f"no network namespace here: {done.stderr.strip()}")
    assert done.returncode == 0, done.stderr
    return done.stdout.strip()


def test_the_address_the_default_route_leaves_by_is_read_without_sending_anything():
    adapters = "; ".join(
        f"ip link add {name} type veth peer name {name}-p; ip link set {name} up; "
        f"ip link set {name}-p up; ip addr add {address} dev {name}"
        for name, address in [
            ("docker0", "172.17.0.1/16"),
            ("eth0", "10.0.0.5/24"),
            ("wlan0", "192.168.1.23/24"),
        ]
    )
    # The hall's router (no internet behind it) is the way out.
    found = in_a_network_of_its_own(f"{adapters}; ip route add default via 192.168.1.1")
    assert found == "192.168.1.23 ['192.168.1.23', '10.0.0.5', '172.17.0.1']"


def test_with_no_network_at_all_there_is_no_address_and_no_route():
    assert in_a_network_of_its_own("true") == "None []"
