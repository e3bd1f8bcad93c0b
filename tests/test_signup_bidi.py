"""Usernames refuse the invisible characters that reorder text, with words that say so."""

import pytest
from django.contrib.auth import get_user_model

from tarneeb.text import has_bidi_controls

pytestmark = pytest.mark.django_db

BIDI = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069",
        "\u200e", "\u200f", "\u061c"]


@pytest.mark.parametrize("mark", BIDI)
def test_every_bidi_control_is_found(mark):
    assert has_bidi_controls(f"ali{mark}ce")


def test_arabic_and_plain_text_have_none():
    assert not has_bidi_controls("أبو_علي alice 42")


@pytest.mark.parametrize("mark", ["\u202e", "\u200f", "\u2067"])
def test_sign_up_refuses_a_username_with_a_bidi_control_and_says_why(client, mark):
    response = client.post("/accounts/signup/", {
        "username": f"ecila{mark}bob", "password1": "a-long-secret-9", "password2": "a-long-secret-9"},
        HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert "invisible text-direction characters" in response.content.decode()
    assert not get_user_model().objects.filter(username__startswith="ecila").exists()


def test_the_user_model_refuses_it_too(django_user_model):
    from django.core.exceptions import ValidationError

    user = django_user_model(username="\u202eadmin")
    user.set_password("a-long-secret-9")
    with pytest.raises(ValidationError) as refused:
        user.full_clean()
    assert refused.value.error_dict["username"][0].code == "bidi_control"
