"""Past the limit, each wrong password makes the next attempt wait longer, up to the
cool-off; the count is forgiven with time."""

import pytest

pytestmark = pytest.mark.django_db

WRONG = {"username": "alice", "password": "wrong"}
RIGHT = {"username": "alice", "password": "tarneeb-alice-pass"}


def wait_after_failure(client, clock) -> int:
    """Fail once (when allowed), then how many seconds the next attempt must wait."""
    assert client.post("/accounts/login/", WRONG).status_code == 200
    refused = client.post("/accounts/login/", WRONG)
    assert refused.status_code == 429
    seconds = int(refused["Retry-After"])
    clock.advance(seconds)
    return seconds


def test_the_delay_grows(client, alice, settings, clock):
    settings.LOGIN_DELAY_SECONDS = 10
    settings.LOGIN_COOLOFF_MINUTES = 15
    for _ in range(settings.LOGIN_FAILURE_LIMIT - 1):
        client.post("/accounts/login/", WRONG)
    waits = [wait_after_failure(client, clock) for _ in range(4)]
    assert waits == [10, 20, 40, 80]


def test_the_delay_stops_growing_at_the_cooloff(client, alice, settings, clock):
    settings.LOGIN_DELAY_SECONDS = 60
    settings.LOGIN_COOLOFF_MINUTES = 5
    for _ in range(settings.LOGIN_FAILURE_LIMIT - 1):
        client.post("/accounts/login/", WRONG)
    waits = [wait_after_failure(client, clock) for _ in range(6)]
    assert waits == [60, 120, 240, 300, 300, 300]


def test_the_right_password_works_once_the_wait_is_over(client, alice, settings, clock):
    for _ in range(settings.LOGIN_FAILURE_LIMIT):
        client.post("/accounts/login/", WRONG)
    assert client.post("/accounts/login/", RIGHT).status_code == 429
    clock.advance(settings.LOGIN_DELAY_SECONDS)
    assert client.post("/accounts/login/", RIGHT).status_code == 302


def test_a_successful_login_clears_the_accounts_count(client, alice, settings, clock):
    for _ in range(settings.LOGIN_FAILURE_LIMIT):
        client.post("/accounts/login/", WRONG)
    clock.advance(settings.LOGIN_DELAY_SECONDS)
    assert client.post("/accounts/login/", RIGHT).status_code == 302
    client.post("/accounts/logout/")
    client.cookies.pop("tarneeb_device")
    for _ in range(settings.LOGIN_FAILURE_LIMIT):
        assert client.post("/accounts/login/", WRONG).status_code == 200


def test_failures_are_forgiven_with_time(client, alice, settings, clock):
    for _ in range(settings.LOGIN_FAILURE_LIMIT):
        client.post("/accounts/login/", WRONG)
    # One failure forgiven per quiet cool-off: one free try back, not the whole set.
    clock.advance(settings.LOGIN_COOLOFF_MINUTES * 60)
    assert client.post("/accounts/login/", WRONG).status_code == 200
    assert client.post("/accounts/login/", WRONG).status_code == 429
    clock.advance(settings.LOGIN_COOLOFF_MINUTES * 60 * settings.LOGIN_FAILURE_LIMIT)
    for _ in range(settings.LOGIN_FAILURE_LIMIT):
        assert client.post("/accounts/login/", WRONG).status_code == 200


def test_the_page_says_how_long_to_wait(client, alice, settings, clock):
    settings.LOGIN_DELAY_SECONDS = 30
    for _ in range(settings.LOGIN_FAILURE_LIMIT):
        client.post("/accounts/login/", WRONG)
    page = client.post("/accounts/login/", WRONG, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "please wait 30 seconds before trying again" in page
    settings.LOGIN_DELAY_SECONDS = 300
    clock.advance(30)
    client.post("/accounts/login/", WRONG)
    page = client.post("/accounts/login/", WRONG, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "please wait 10 minutes before trying again" in page
