import pytest

pytestmark = pytest.mark.django_db


def test_it_changes_the_password(client, alice):
    client.force_login(alice)
    response = client.post("/accounts/password/", {
        "old_password": "tarneeb-alice-pass",
        "new_password1": "a-new-long-secret-7",
        "new_password2": "a-new-long-secret-7",
    })
    assert response.status_code == 302
    alice.refresh_from_db()
    assert alice.check_password("a-new-long-secret-7")


def test_it_needs_a_login(client):
    response = client.get("/accounts/password/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")
