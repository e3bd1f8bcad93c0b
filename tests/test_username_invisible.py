"""Usernames refuse characters that draw nothing: the Hangul fillers (letters, to Django's
rule) and every format character (zero-width space, joiners, soft hyphen)."""

import pytest
from django.contrib.auth import get_user_model

from tarneeb.text import has_invisible

pytestmark = pytest.mark.django_db

INVISIBLE = ["\u3164", "\u115f", "\u1160", "\uffa0", "\u200b", "\u200d", "\u00ad", "\u2060", "\ufeff"]


@pytest.mark.parametrize("mark", INVISIBLE)
def test_sign_up_refuses_an_invisible_character_and_says_why(client, mark):
    response = client.post("/accounts/signup/", {
        "username": f"alice{mark}", "password1": "a-long-secret-9", "password2": "a-long-secret-9"},
        HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert "invisible characters" in response.content.decode()
    assert not get_user_model().objects.filter(username__startswith="alice").exists()


def test_a_name_of_fillers_alone_is_refused(client):
    response = client.post("/accounts/signup/", {
        "username": "\u3164\u3164", "password1": "a-long-secret-9", "password2": "a-long-secret-9"})
    assert response.status_code == 200
    assert not get_user_model().objects.filter(username="\u3164\u3164").exists()


def test_arabic_letters_are_not_invisible():
    assert not has_invisible("أبو_علي محمد")
