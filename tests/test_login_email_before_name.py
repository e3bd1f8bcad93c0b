"""A login that reads as an address ("x@y") is first the account that confirmed that
address, then a name: names with @ are no longer given (accounts.forms), but an older one
equal to someone's confirmed address must not stand in front of it. Whoever confirmed the
address proved they read its mail; a name proves nothing."""

import pytest

from accounts.models import User

pytestmark = pytest.mark.django_db

PASSWORD, OTHER = "a-long-secret-9", "another-secret-7"


def test_a_confirmed_address_logs_in_its_owner_before_a_name_equal_to_it(client):
    # Made before names with @ were refused: create_user does not check the sign-up form.
    squatter = User.objects.create_user("rana@example.org", password=OTHER)
    rana = User.objects.create_user("rana", password=PASSWORD, email="rana@example.org")
    response = client.post("/accounts/login/", {"username": "rana@example.org", "password": PASSWORD})
    assert response.status_code == 302
    assert client.session["_auth_user_id"] == str(rana.pk)
    client.logout()
    # The name's own password no longer opens anything by that login.
    client.post("/accounts/login/", {"username": "rana@example.org", "password": OTHER})
    assert "_auth_user_id" not in client.session
    assert User.objects.named("rana@example.org") == rana and squatter.pk != rana.pk


def test_a_name_with_at_still_logs_in_while_nobody_confirmed_it(client):
    old = User.objects.create_user("old@example.org", password=PASSWORD)
    User.objects.create_user("other", password=OTHER, pending_email="old@example.org")
    login = {"username": "old@example.org", "password": PASSWORD}
    assert client.post("/accounts/login/", login).status_code == 302
    assert client.session["_auth_user_id"] == str(old.pk)
