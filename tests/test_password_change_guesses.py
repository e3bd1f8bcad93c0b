"""The password change form's old password is guessed like a login's: wrong guesses are
counted by the login throttle, and past its limit even the right one waits (429)."""

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

NEW = "a-new-long-secret-7"


def change(client: Client, old: str):
    form = {"old_password": old, "new_password1": NEW, "new_password2": NEW}
    return client.post("/accounts/password/", form, HTTP_ACCEPT_LANGUAGE="en")


def test_wrong_old_passwords_make_the_form_wait(alice, settings):
    thief = Client(REMOTE_ADDR="198.51.100.7")
    thief.force_login(alice)
    for n in range(settings.LOGIN_FAILURE_LIMIT):
        assert change(thief, f"guess-{n}").status_code == 200
    refused = change(thief, "tarneeb-alice-pass")
    assert refused.status_code == 429
    assert "Too many wrong passwords" in refused.content.decode()
    alice.refresh_from_db()
    assert alice.check_password("tarneeb-alice-pass")


def test_they_count_with_the_accounts_failed_logins(alice, settings):
    thief = Client(REMOTE_ADDR="198.51.100.7")
    thief.force_login(alice)
    for n in range(settings.LOGIN_FAILURE_LIMIT):
        change(thief, f"guess-{n}")
    # A new browser's login waits too: one count for the account.
    login = Client(REMOTE_ADDR="198.51.100.8").post("/accounts/login/", {"username": "alice",
                                                                          "password": "tarneeb-alice-pass"})
    assert login.status_code == 429


def test_the_right_old_password_clears_the_count_and_keeps_the_browser_trusted(alice, settings):
    browser = Client(REMOTE_ADDR="198.51.100.7")
    assert browser.post("/accounts/login/", {"username": "alice", "password": "tarneeb-alice-pass"}
                        ).status_code == 302
    for n in range(settings.LOGIN_FAILURE_LIMIT - 1):
        change(browser, f"guess-{n}")
    assert change(browser, "tarneeb-alice-pass").status_code == 302
    alice.refresh_from_db()
    assert alice.check_password(NEW)
    # Others hammering the account do not lock out the browser that changed the password.
    for _ in range(settings.LOGIN_FAILURE_LIMIT + 1):
        Client(REMOTE_ADDR="198.51.100.9").post("/accounts/login/", {"username": "alice", "password": "x"})
    browser.post("/accounts/logout/")
    assert browser.post("/accounts/login/", {"username": "alice", "password": NEW}).status_code == 302
