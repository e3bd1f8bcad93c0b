"""Wrong passwords at a login by email are answered the same whether or not the address
is an account's: an unknown address waits after as many failures as a known one, so the
wait cannot tell an attacker which addresses have accounts (the password reset answers
the same for both too, accounts/reset.py). Usernames are public; addresses are not."""

import pytest
from django.test import Client

from accounts.models import LoginFailures, User

pytestmark = pytest.mark.django_db


def answers(address: str, tries: int) -> list[tuple[int, str | None]]:
    # A new address each: only the login's own count is compared.
    client = Client(REMOTE_ADDR=f"198.51.100.{len(address)}")
    return [(response.status_code, response.get("Retry-After"))
            for response in (client.post("/accounts/login/", {"username": address, "password": "wrong"})
                             for _ in range(tries))]


def test_a_known_and_an_unknown_address_wait_alike(settings):
    User.objects.create_user("hala", password="a-long-secret-9", email="hala@example.org")
    tries = settings.LOGIN_FAILURE_LIMIT + 1
    known = answers("hala@example.org", tries)
    unknown = answers("nobody@example.org", tries)
    assert known == unknown
    assert known[-1][0] == 429
    # Either address's count is one row, whatever is tried: random addresses from one
    # client are bounded by its address limit, and rows are pruned once forgiven.
    assert LoginFailures.objects.filter(key__startswith="login:").count() == 1
