"""One address cannot make accounts without end: SIGNUP_ADDRESS_BURST at once, then
SIGNUP_ADDRESS_PER_HOUR, an IPv6 /64 counting as one address. The refusal is a page
that says why and how long to wait (429), and costs no password hash."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.hashers import PBKDF2PasswordHasher
from django.test import Client

import accounts.budget

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-secret-9"


@pytest.fixture
def limits(settings):
    settings.SIGNUP_ADDRESS_BURST = 3
    settings.SIGNUP_ADDRESS_PER_HOUR = 6.0  # one every 10 minutes
    settings.ADDRESS_PASSWORD_HASHES_PER_MINUTE = 100.0
    settings.PASSWORD_HASHES_PER_SECOND = 100.0
    settings.PASSWORD_HASHES_PER_MINUTE = 1000.0
    return settings


@pytest.fixture
def budget_clock(monkeypatch):
    from tests.conftest import Clock

    clock = Clock()
    monkeypatch.setattr(accounts.budget, "now", lambda: clock.now)
    return clock


def sign_up(name: str, address: str):
    return Client(REMOTE_ADDR=address).post(
        "/accounts/signup/", {"username": name, "password1": PASSWORD, "password2": PASSWORD},
        HTTP_ACCEPT_LANGUAGE="en")


def test_an_address_gets_its_burst_then_a_page_that_says_to_wait(limits, budget_clock):
    for n in range(3):
        assert sign_up(f"maker{n}", "198.51.100.1").status_code == 302
    refused = sign_up("maker3", "198.51.100.1")
    assert refused.status_code == 429
    assert "Too many accounts were made from your network" in refused.content.decode()
    assert 0 < int(refused["Retry-After"]) <= 600
    assert not get_user_model().objects.filter(username="maker3").exists()
    # Another address is someone else.
    assert sign_up("other", "198.51.100.2").status_code == 302
    # Ten minutes on, one more.
    budget_clock.advance(600)
    assert sign_up("maker3", "198.51.100.1").status_code == 302
    assert sign_up("maker4", "198.51.100.1").status_code == 429


def test_one_ipv6_subscriber_counts_as_one_address(limits, budget_clock):
    for n in range(3):
        assert sign_up(f"six{n}", f"2001:db8:1:2::{n + 1:x}").status_code == 302
    assert sign_up("six3", "2001:db8:1:2:ffff::9").status_code == 429
    assert sign_up("six4", "2001:db8:1:3::1").status_code == 302  # another /64


def test_a_form_with_errors_costs_nothing(limits, budget_clock):
    for _ in range(10):
        assert Client(REMOTE_ADDR="198.51.100.1").post("/accounts/signup/", {
            "username": "x", "password1": PASSWORD, "password2": "different"}).status_code == 200
    assert sign_up("fine", "198.51.100.1").status_code == 302


def test_a_refused_sign_up_hashes_no_password(limits, budget_clock, settings, monkeypatch):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.PBKDF2PasswordHasher"]
    hashed: list[str] = []
    encode = PBKDF2PasswordHasher.encode
    monkeypatch.setattr(PBKDF2PasswordHasher, "iterations", 1)
    monkeypatch.setattr(PBKDF2PasswordHasher, "encode",
                        lambda self, password, salt, iterations=None: hashed.append(password) or encode(
                            self, password, salt, iterations))
    for n in range(3):
        sign_up(f"maker{n}", "198.51.100.1")
    assert len(hashed) == 3
    for n in range(50):
        assert sign_up(f"flood{n}", "198.51.100.1").status_code == 429
    assert len(hashed) == 3


def test_the_refusal_page_is_translated(limits, budget_clock):
    for n in range(3):
        sign_up(f"maker{n}", "198.51.100.1")
    refused = Client(REMOTE_ADDR="198.51.100.1").post(
        "/accounts/signup/", {"username": "maker9", "password1": PASSWORD, "password2": PASSWORD},
        HTTP_ACCEPT_LANGUAGE="ar")
    assert refused.status_code == 429
    assert 'lang="ar"' in refused.content.decode()
    assert timedelta(seconds=int(refused["Retry-After"])) <= timedelta(minutes=10)
