"""What the throttle stores cannot grow without bound: unknown usernames get no count of
their own, and forgiven counts are deleted."""

import pytest

from accounts.models import LoginFailures

pytestmark = pytest.mark.django_db


def test_random_usernames_from_one_address_are_counted_once(client):
    for n in range(20):
        client.post("/accounts/login/", {"username": f"nobody-{n}", "password": "x"})
    assert LoginFailures.objects.count() == 1


def test_forgiven_counts_are_deleted(client, settings, clock):
    for n in range(20):
        client.post("/accounts/login/", {"username": f"nobody-{n}", "password": "x"},
                    REMOTE_ADDR=f"198.51.100.{n}")
    clock.advance(7 * 24 * 3600)
    client.post("/accounts/login/", {"username": "nobody", "password": "x"}, REMOTE_ADDR="203.0.113.1")
    assert LoginFailures.objects.count() == 1
