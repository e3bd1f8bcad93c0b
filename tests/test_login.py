import pytest

pytestmark = pytest.mark.django_db


def test_it_logs_in(client, alice):
    response = client.post("/accounts/login/", {"username": "alice", "password": "tarneeb-alice-pass"})
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(alice.pk)


def test_it_refuses_a_wrong_password(client, alice):
    response = client.post("/accounts/login/", {"username": "alice", "password": "wrong"})
    assert response.status_code == 200
    assert "_auth_user_id" not in client.session


def test_it_makes_the_next_attempt_wait_after_repeated_wrong_passwords(client, alice, settings):
    for _ in range(settings.LOGIN_FAILURE_LIMIT):
        assert client.post("/accounts/login/", {"username": "alice", "password": "wrong"}).status_code == 200
    locked = client.post("/accounts/login/", {"username": "alice", "password": "wrong"})
    assert locked.status_code == 429
    assert int(locked["Retry-After"]) > 0
    # Even the right password is refused while the wait lasts.
    right = client.post("/accounts/login/", {"username": "alice", "password": "tarneeb-alice-pass"})
    assert right.status_code == 429
    assert "_auth_user_id" not in client.session


def test_the_wait_is_per_account(client, alice, bob, settings):
    for _ in range(settings.LOGIN_FAILURE_LIMIT + 1):
        client.post("/accounts/login/", {"username": "alice", "password": "wrong"})
    response = client.post("/accounts/login/", {"username": "bob", "password": "tarneeb-bob-pass"})
    assert response.status_code == 302
