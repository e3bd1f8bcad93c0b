"""Wrong passwords count against the account, whichever address they come from."""

import pytest

pytestmark = pytest.mark.django_db

WRONG = {"username": "alice", "password": "wrong"}
RIGHT = {"username": "alice", "password": "tarneeb-alice-pass"}


def test_a_second_address_does_not_get_fresh_guesses_on_the_same_account(client, alice, settings):
    for _ in range(settings.LOGIN_FAILURE_LIMIT):
        client.post("/accounts/login/", WRONG, REMOTE_ADDR="198.51.100.1")
    assert client.post("/accounts/login/", WRONG, REMOTE_ADDR="198.51.100.2").status_code == 429


def test_the_right_password_from_a_new_address_is_refused_while_the_account_waits(client, alice, settings):
    for n in range(settings.LOGIN_FAILURE_LIMIT):
        client.post("/accounts/login/", WRONG, REMOTE_ADDR=f"198.51.100.{n + 1}")
    # Otherwise the wait would not slow guessing: the attacker would learn the password.
    assert client.post("/accounts/login/", RIGHT, REMOTE_ADDR="203.0.113.50").status_code == 429
    assert "_auth_user_id" not in client.session


def test_the_admin_login_counts_against_the_same_account(client, alice, settings):
    for _ in range(settings.LOGIN_FAILURE_LIMIT):
        client.post("/admin/login/", WRONG, REMOTE_ADDR="198.51.100.1")
    assert client.post("/accounts/login/", WRONG, REMOTE_ADDR="198.51.100.2").status_code == 429
    assert client.post("/admin/login/", WRONG, REMOTE_ADDR="198.51.100.3").status_code == 429


def test_a_different_spelling_of_the_username_is_the_same_account(client, alice, settings):
    for _ in range(settings.LOGIN_FAILURE_LIMIT):
        client.post("/accounts/login/", {"username": " \uff41lice", "password": "wrong"})
    assert client.post("/accounts/login/", WRONG, REMOTE_ADDR="198.51.100.2").status_code == 429
