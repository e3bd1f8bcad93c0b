"""The client's address: X-Forwarded-For counts only when it comes from a trusted proxy."""

import pytest

from tarneeb.addresses import client_address, request_client_address, scope_client_address


def test_without_trusted_proxies_the_header_is_ignored(settings):
    settings.TRUSTED_PROXIES = []
    assert client_address("198.51.100.9", "203.0.113.7") == "198.51.100.9"


def test_behind_a_trusted_proxy_the_client_is_the_address_the_proxy_appended(settings):
    settings.TRUSTED_PROXIES = ["10.0.0.0/8"]
    assert client_address("10.0.0.2", "203.0.113.7") == "203.0.113.7"


def test_what_the_client_wrote_before_the_proxys_entry_is_not_believed(settings):
    settings.TRUSTED_PROXIES = ["10.0.0.2"]
    assert client_address("10.0.0.2", "1.2.3.4, 203.0.113.7") == "203.0.113.7"


def test_a_chain_of_trusted_proxies_is_walked_from_the_right(settings):
    settings.TRUSTED_PROXIES = ["10.0.0.0/8", "192.0.2.1"]
    assert client_address("10.0.0.2", "1.2.3.4, 203.0.113.7, 192.0.2.1,10.1.1.1") == "203.0.113.7"


def test_a_peer_that_is_not_a_trusted_proxy_is_the_client_even_with_the_header(settings):
    settings.TRUSTED_PROXIES = ["10.0.0.0/8"]
    assert client_address("198.51.100.9", "10.0.0.5") == "198.51.100.9"


def test_garbage_in_the_header_is_not_believed(settings):
    settings.TRUSTED_PROXIES = ["10.0.0.0/8"]
    assert client_address("10.0.0.2", "not-an-address") == "10.0.0.2"
    assert client_address("10.0.0.2", "203.0.113.7, <script>, 10.0.0.3") == "10.0.0.3"


@pytest.mark.parametrize(("entry", "expected"), [
    ("203.0.113.7:4711", "203.0.113.7"),
    ("[2001:db8::1]:443", "2001:db8::1"),
    ("2001:DB8::1", "2001:db8::1"),
    ("::ffff:203.0.113.7", "203.0.113.7"),
])
def test_ports_and_spellings_of_an_address_name_the_same_client(settings, entry, expected):
    settings.TRUSTED_PROXIES = ["10.0.0.0/8"]
    assert client_address("10.0.0.2", entry) == expected


def test_a_django_request_and_an_asgi_scope_read_the_same_way(settings, rf):
    settings.TRUSTED_PROXIES = ["10.0.0.2"]
    request = rf.get("/", REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="203.0.113.7")
    assert request_client_address(request) == "203.0.113.7"
    scope = {"type": "websocket", "client": ["10.0.0.2", 50000],
             "headers": [(b"x-forwarded-for", b"1.2.3.4"), (b"X-Forwarded-For", b"203.0.113.7")]}
    assert scope_client_address(scope) == "203.0.113.7"
    assert scope_client_address({"type": "websocket", "client": None, "headers": []}) == ""
