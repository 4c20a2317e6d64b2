"""Which of the laptop's addresses phones are told to use (no database, no network)."""

from laptop.network import rank


def test_the_wifi_address_comes_first_and_what_no_phone_reaches_is_left_out():
    adapters = [
        ("lo", "127.0.0.1"),
        ("docker0", "172.17.0.1"),
        ("Wi-Fi", "192.168.1.23"),
        ("Ethernet", "169.254.10.4"),  # no DHCP answered: link-local
        ("Wi-Fi", "fe80::1c2b:3cff:fe4d:5e6f"),
        ("vboxnet0", "192.168.56.1"),
    ]
    assert rank(adapters) == ["192.168.1.23", "172.17.0.1", "192.168.56.1"]


def test_a_public_address_on_the_laptop_comes_after_a_private_one():
    assert rank([("eth0", "8.8.4.4"), ("wlan0", "10.0.0.7")]) == ["10.0.0.7", "8.8.4.4"]


def test_a_laptop_with_loopback_only_has_no_address_for_phones():
    assert rank([("lo", "127.0.0.1"), ("lo", "::1")]) == []


def test_an_address_on_two_adapters_is_listed_once():
    assert rank([("en0", "10.1.2.3"), ("en1", "10.1.2.3")]) == ["10.1.2.3"]
