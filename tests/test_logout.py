import pytest

pytestmark = pytest.mark.django_db


def test_it_logs_out_with_post(client, alice):
    client.force_login(alice)
    response = client.post("/accounts/logout/")
    assert response.status_code == 302
    assert "_auth_user_id" not in client.session


def test_it_does_not_log_out_with_get(client, alice):
    client.force_login(alice)
    assert client.get("/accounts/logout/").status_code == 405
    assert "_auth_user_id" in client.session
