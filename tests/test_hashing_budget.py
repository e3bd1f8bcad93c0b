"""The whole site hashes at most PASSWORD_HASHES_PER_SECOND / _PER_MINUTE passwords, sign-ups
and logins together, and one address at most ADDRESS_PASSWORD_HASHES_PER_MINUTE, its
successful logins included: a flood of either from any number of addresses cannot take
the server's cores from the tables."""

import pytest
from django.test import Client

import accounts.budget

pytestmark = pytest.mark.django_db

RIGHT = {"username": "alice", "password": "tarneeb-alice-pass"}
PASSWORD = "a-long-secret-9"


@pytest.fixture
def budget_clock(monkeypatch):
    from tests.conftest import Clock

    clock = Clock()
    monkeypatch.setattr(accounts.budget, "now", lambda: clock.now)
    return clock


@pytest.fixture
def roomy(settings):
    """Budgets that only the test's own figure limits."""
    settings.PASSWORD_HASHES_PER_SECOND = 1000.0
    settings.PASSWORD_HASHES_PER_MINUTE = 1000.0
    settings.ADDRESS_PASSWORD_HASHES_PER_MINUTE = 1000.0
    settings.SIGNUP_ADDRESS_BURST = 1000
    return settings


def test_successful_logins_from_one_address_are_counted(alice, roomy, budget_clock):
    roomy.ADDRESS_PASSWORD_HASHES_PER_MINUTE = 5.0
    for _ in range(5):
        assert Client(REMOTE_ADDR="198.51.100.1").post("/accounts/login/", RIGHT).status_code == 302
    refused = Client(REMOTE_ADDR="198.51.100.1").post("/accounts/login/", RIGHT, HTTP_ACCEPT_LANGUAGE="en")
    assert refused.status_code == 429
    assert "Too many logins or sign-ups came from your network" in refused.content.decode()
    assert Client(REMOTE_ADDR="198.51.100.2").post("/accounts/login/", RIGHT).status_code == 302
    budget_clock.advance(12)  # a minute's fifth
    assert Client(REMOTE_ADDR="198.51.100.1").post("/accounts/login/", RIGHT).status_code == 302


def test_a_trusted_browser_counts_under_its_account_not_its_address(alice, roomy, budget_clock):
    roomy.ADDRESS_PASSWORD_HASHES_PER_MINUTE = 3.0
    browser = Client(REMOTE_ADDR="10.0.0.1")
    assert browser.post("/accounts/login/", RIGHT).status_code == 302
    for n in range(5):  # others behind the same address use up its hashes
        Client(REMOTE_ADDR="10.0.0.1").post("/accounts/login/", {"username": f"user{n}", "password": "x"})
    assert Client(REMOTE_ADDR="10.0.0.1").post("/accounts/login/", RIGHT).status_code == 429
    # ... and the account's own logins are counted all the same, in a budget of its own.
    for _ in range(3):
        assert browser.post("/accounts/login/", RIGHT).status_code == 302
    assert browser.post("/accounts/login/", RIGHT).status_code == 429


def test_sign_ups_and_logins_from_many_addresses_share_the_sites_budget(alice, roomy, budget_clock):
    roomy.PASSWORD_HASHES_PER_MINUTE = 6.0
    answers = []
    for n in range(4):
        form = {"username": f"new{n}", "password1": PASSWORD, "password2": PASSWORD}
        answers.append(Client(REMOTE_ADDR=f"198.51.100.{n}").post("/accounts/signup/", form).status_code)
        answers.append(Client(REMOTE_ADDR=f"203.0.113.{n}").post("/accounts/login/", RIGHT).status_code)
    assert answers == [302] * 6 + [429] * 2
    refused = Client(REMOTE_ADDR="192.0.2.1").post("/accounts/login/", RIGHT, HTTP_ACCEPT_LANGUAGE="en")
    assert refused.status_code == 429
    assert "The site is busy with many logins and sign-ups" in refused.content.decode()
    assert 0 < int(refused["Retry-After"]) <= 10
    budget_clock.advance(10)  # a minute's sixth
    assert Client(REMOTE_ADDR="192.0.2.1").post("/accounts/login/", RIGHT).status_code == 302


def test_the_sites_budget_per_second(alice, roomy, budget_clock):
    roomy.PASSWORD_HASHES_PER_SECOND = 2.0
    statuses = [Client(REMOTE_ADDR=f"198.51.100.{n}").post("/accounts/login/", RIGHT).status_code
                for n in range(3)]
    assert statuses == [302, 302, 429]
    budget_clock.advance(0.5)
    assert Client(REMOTE_ADDR="198.51.100.9").post("/accounts/login/", RIGHT).status_code == 302


def test_a_login_refused_by_the_budget_is_not_a_wrong_password(alice, roomy, budget_clock, settings):
    roomy.ADDRESS_PASSWORD_HASHES_PER_MINUTE = 1.0
    client = Client(REMOTE_ADDR="198.51.100.1")
    assert client.post("/accounts/login/", {**RIGHT, "password": "wrong"}).status_code == 200
    for _ in range(settings.LOGIN_FAILURE_LIMIT * 2):
        assert Client(REMOTE_ADDR="198.51.100.1").post("/accounts/login/", {**RIGHT, "password": "wrong"}
                                                       ).status_code == 429
    # alice's account was not locked by the refused tries.
    assert Client(REMOTE_ADDR="198.51.100.2").post("/accounts/login/", RIGHT).status_code == 302


def test_the_table_stays_bounded(roomy, budget_clock):
    from accounts.models import PasswordHashBudget

    roomy.ADDRESS_PASSWORD_HASHES_PER_MINUTE = 10.0
    for n in range(20):
        Client(REMOTE_ADDR=f"198.51.100.{n}").post("/accounts/login/", {"username": "x", "password": "x"})
    assert PasswordHashBudget.objects.count() == 20 + 2  # one per address, and the site's two
    budget_clock.advance(24 * 3600)
    accounts.budget._last_prune = None
    Client(REMOTE_ADDR="192.0.2.1").post("/accounts/login/", {"username": "x", "password": "x"})
    assert PasswordHashBudget.objects.count() == 1 + 2
