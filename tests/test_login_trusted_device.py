"""A browser that logged in to an account before is not locked out by others' failures."""

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

WRONG = {"username": "alice", "password": "wrong"}
RIGHT = {"username": "alice", "password": "tarneeb-alice-pass"}
BOB = {"username": "bob", "password": "tarneeb-bob-pass"}
CAROL = {"username": "carol", "password": "a-long-secret-9"}
# Behind a reverse proxy without TRUSTED_PROXIES, or a shared NAT, everyone has one address.
SHARED = "10.0.0.1"


@pytest.fixture
def alices_browser(alice) -> Client:
    browser = Client(REMOTE_ADDR=SHARED)
    assert browser.post("/accounts/login/", RIGHT).status_code == 302
    browser.post("/accounts/logout/")
    return browser


def hammer(times: int, username: str = "alice") -> None:
    attacker = Client(REMOTE_ADDR=SHARED)
    for _ in range(times):
        attacker.post("/accounts/login/", {"username": username, "password": "wrong"})


def test_failures_by_an_attacker_do_not_stop_the_real_users_login_from_their_trusted_device(
        alices_browser, settings):
    hammer(settings.LOGIN_FAILURE_LIMIT * 4)
    assert Client(REMOTE_ADDR=SHARED).post("/accounts/login/", RIGHT).status_code == 429
    assert alices_browser.post("/accounts/login/", RIGHT).status_code == 302


def test_the_trusted_device_is_not_stopped_by_its_addresss_failures_at_other_accounts(
        alices_browser, settings):
    for n in range(settings.LOGIN_ADDRESS_FAILURE_LIMIT + 2):
        Client(REMOTE_ADDR=SHARED).post("/accounts/login/", {"username": f"user{n}", "password": "x"})
    assert alices_browser.post("/accounts/login/", RIGHT).status_code == 302


def test_a_trusted_devices_own_wrong_passwords_still_make_it_wait(alices_browser, settings):
    for _ in range(settings.LOGIN_FAILURE_LIMIT):
        assert alices_browser.post("/accounts/login/", WRONG).status_code == 200
    assert alices_browser.post("/accounts/login/", RIGHT).status_code == 429


def test_the_device_cookie_is_signed_httponly_and_samesite_lax(alice):
    browser = Client()
    browser.post("/accounts/login/", RIGHT)
    cookie = browser.cookies["tarneeb_device"]
    assert cookie["httponly"] and cookie["samesite"] == "Lax"
    assert cookie.value and "alice" not in cookie.value


def test_a_forged_device_cookie_is_worth_nothing(alice, settings):
    hammer(settings.LOGIN_FAILURE_LIMIT)
    forger = Client(REMOTE_ADDR="198.51.100.9")
    forger.cookies["tarneeb_device"] = "W1sxLCAiYWJjIiwgImRlZiJdXQ:1tZ:forged"
    assert forger.post("/accounts/login/", RIGHT).status_code == 429


def test_a_device_cookie_for_another_account_does_not_help_with_this_one(alice, bob, settings):
    bobs_browser = Client(REMOTE_ADDR="198.51.100.9")
    assert bobs_browser.post("/accounts/login/", BOB).status_code == 302
    hammer(settings.LOGIN_FAILURE_LIMIT)
    assert bobs_browser.post("/accounts/login/", RIGHT).status_code == 429


def test_one_browser_stays_trusted_for_every_account_it_logged_in_to(alice, bob, settings):
    browser = Client(REMOTE_ADDR=SHARED)
    assert browser.post("/accounts/login/", RIGHT).status_code == 302
    assert browser.post("/accounts/login/", BOB).status_code == 302
    hammer(settings.LOGIN_FAILURE_LIMIT + 1)
    assert browser.post("/accounts/login/", RIGHT).status_code == 302


def test_the_browser_that_signed_up_is_trusted(settings):
    browser = Client(REMOTE_ADDR=SHARED)
    browser.post("/accounts/signup/", {"username": "carol", "password1": "a-long-secret-9",
                                       "password2": "a-long-secret-9"})
    browser.post("/accounts/logout/")
    hammer(settings.LOGIN_FAILURE_LIMIT + 1, username="carol")
    assert browser.post("/accounts/login/", CAROL).status_code == 302


def test_changing_the_password_forgets_the_browsers_that_knew_the_old_one(alices_browser, alice, settings):
    alice.set_password("a-new-long-secret-7")
    alice.save()
    hammer(settings.LOGIN_FAILURE_LIMIT)
    response = alices_browser.post("/accounts/login/", {**RIGHT, "password": "a-new-long-secret-7"})
    assert response.status_code == 429
