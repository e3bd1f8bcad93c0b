"""Many wrong passwords from one address, at any usernames, make that address wait; the
address is the client's, as the trusted proxies report it, and cannot be spoofed."""

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

PROXY = "10.0.0.2"


def spray(client: Client, times: int, **headers: str) -> None:
    for n in range(times):
        assert client.post("/accounts/login/", {"username": f"user{n}", "password": "x"},
                           **headers).status_code == 200


def test_many_failures_from_one_address_across_usernames_make_that_address_wait(client, alice, settings):
    spray(client, settings.LOGIN_ADDRESS_FAILURE_LIMIT, REMOTE_ADDR="198.51.100.1")
    refused = client.post("/accounts/login/", {"username": "someone-else", "password": "x"},
                          REMOTE_ADDR="198.51.100.1")
    assert refused.status_code == 429
    # The accounts themselves were not the target: alice is fine from elsewhere.
    ok = client.post("/accounts/login/", {"username": "alice", "password": "tarneeb-alice-pass"},
                     REMOTE_ADDR="198.51.100.2")
    assert ok.status_code == 302


def test_behind_a_trusted_proxy_the_client_address_comes_from_x_forwarded_for(client, alice, settings):
    settings.TRUSTED_PROXIES = [PROXY]
    spray(client, settings.LOGIN_ADDRESS_FAILURE_LIMIT, REMOTE_ADDR=PROXY,
          HTTP_X_FORWARDED_FOR="203.0.113.7")
    attacker = client.post("/accounts/login/", {"username": "x", "password": "x"},
                           REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="203.0.113.7")
    assert attacker.status_code == 429
    # Another player behind the same proxy is someone else.
    other = client.post("/accounts/login/", {"username": "alice", "password": "tarneeb-alice-pass"},
                        REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="203.0.113.8")
    assert other.status_code == 302


def test_a_client_cannot_escape_the_proxys_entry_by_writing_its_own(client, settings):
    settings.TRUSTED_PROXIES = [PROXY]
    for n in range(settings.LOGIN_ADDRESS_FAILURE_LIMIT):
        client.post("/accounts/login/", {"username": f"user{n}", "password": "x"},
                    REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR=f"192.0.2.{n}, 203.0.113.7")
    refused = client.post("/accounts/login/", {"username": "x", "password": "x"},
                          REMOTE_ADDR=PROXY, HTTP_X_FORWARDED_FOR="192.0.2.200, 203.0.113.7")
    assert refused.status_code == 429


def test_without_trusted_proxies_spoofing_x_forwarded_for_gives_nothing(client, settings):
    settings.TRUSTED_PROXIES = []
    for n in range(settings.LOGIN_ADDRESS_FAILURE_LIMIT):
        client.post("/accounts/login/", {"username": f"user{n}", "password": "x"},
                    REMOTE_ADDR="198.51.100.1", HTTP_X_FORWARDED_FOR=f"192.0.2.{n}")
    refused = client.post("/accounts/login/", {"username": "x", "password": "x"},
                          REMOTE_ADDR="198.51.100.1", HTTP_X_FORWARDED_FOR="192.0.2.250")
    assert refused.status_code == 429


def test_one_ipv6_subscriber_counts_as_one_address(client, settings):
    for n in range(settings.LOGIN_ADDRESS_FAILURE_LIMIT):
        client.post("/accounts/login/", {"username": f"user{n}", "password": "x"},
                    REMOTE_ADDR=f"2001:db8:1:2::{n + 1:x}")
    refused = client.post("/accounts/login/", {"username": "x", "password": "x"},
                          REMOTE_ADDR="2001:db8:1:2:ffff::1")
    assert refused.status_code == 429


def test_successful_logins_from_a_shared_address_do_not_use_up_its_allowance(alice, settings):
    settings.LOGIN_ADDRESS_FAILURE_LIMIT = 3
    for _ in range(10):
        # A new browser each time: not trusted, so the address's count applies.
        assert Client(REMOTE_ADDR="198.51.100.1").post(
            "/accounts/login/", {"username": "alice", "password": "tarneeb-alice-pass"}).status_code == 302
    spray(Client(), settings.LOGIN_ADDRESS_FAILURE_LIMIT, REMOTE_ADDR="198.51.100.1")
    refused = Client().post("/accounts/login/", {"username": "x", "password": "x"},
                            REMOTE_ADDR="198.51.100.1")
    assert refused.status_code == 429
