"""A username that looks like another player's is refused (Unicode UTS #39 skeletons): a
Cyrillic a, a digit 1 for an l, an rn for an m. Arabic names, alone or mixed with Latin,
still sign up; the check is one indexed query, and the key is unique in the database."""

import pytest
from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection
from django.test.utils import CaptureQueriesContext

from tarneeb.text import skeleton

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-secret-9"


def sign_up(client, username: str):
    form = {"username": username, "password1": PASSWORD, "password2": PASSWORD}
    return client.post("/accounts/signup/", form, HTTP_ACCEPT_LANGUAGE="en")


@pytest.mark.parametrize("lookalike", [
    "\u0430lice",  # a Cyrillic a
    "a1ice",  # digit one for l
    "\u0430l\u0456c\u0435",  # Cyrillic a, i and e
    "\uff41\uff4c\uff49\uff43\uff45",  # full width
    "Alice",
])
def test_a_name_that_looks_like_alices_is_refused_and_says_why(client, alice, lookalike):
    response = sign_up(client, lookalike)
    assert response.status_code == 200
    # A case or width variant is the same name to Django, which says "already exists".
    if lookalike not in ("Alice", "\uff41\uff4c\uff49\uff43\uff45"):
        assert "looks like the name of another player" in response.content.decode()
    assert get_user_model().objects.count() == 1 + get_user_model().objects.exclude(bot_level="").count()


def test_rn_looks_like_m(client, django_user_model):
    django_user_model.objects.create_user("mike", password=PASSWORD)
    assert sign_up(client, "rnike").status_code == 200
    assert not django_user_model.objects.filter(username="rnike").exists()


@pytest.mark.parametrize("name", ["أبو_علي", "ali_علي", "علي.ali", "omar", "عمر", "ahmad", "أحمد", "ali",
                                  "all"])
def test_arabic_latin_and_mixed_names_that_look_different_sign_up(django_user_model, name):
    for existing in ("alice", "bob", "hala", "أحمد_1"):
        django_user_model.objects.create_user(existing, password=PASSWORD)
    from django.test import Client

    assert sign_up(Client(), name).status_code == 302
    assert django_user_model.objects.get(username=name).username_skeleton


def test_arabic_names_sign_up_one_after_another(client, django_user_model):
    from django.test import Client

    for name in ("أبو_علي", "ام_كلثوم", "خالد", "ali_علي", "سارة2"):  # noqa: RUF001
        assert sign_up(Client(), name).status_code == 302, name


def test_skeletons_of_look_alikes_match_and_of_others_do_not():
    assert skeleton("\u0440\u0430\u0443\u0440\u0430l") == skeleton("paypal")
    assert skeleton("player0") == skeleton("playerO")
    assert skeleton("alI") == skeleton("all")
    assert skeleton("ali") != skeleton("all")
    assert skeleton("أبو_علي") != skeleton("\u0627بو_علي")  # the hamza shows


def test_the_check_is_one_indexed_query(client, alice):
    with CaptureQueriesContext(connection) as queries:
        sign_up(client, "\u0430lice")
    lookups = [q["sql"] for q in queries.captured_queries if "username_skeleton" in q["sql"]]
    assert len(lookups) == 1
    assert '"username_skeleton" = ' in lookups[0]  # equality on the unique column, not a scan


def test_the_database_refuses_a_look_alike_that_skips_validation(django_user_model, alice):
    with pytest.raises(IntegrityError):
        django_user_model.objects.create_user("\u0430lice", password=PASSWORD)


def test_the_admins_form_refuses_it_too(django_user_model, alice):
    user = django_user_model(username="a1ice")
    with pytest.raises(ValidationError) as refused:
        user.full_clean(exclude=["password"])
    assert refused.value.error_dict["username"][0].code == "lookalike"


def test_saving_an_account_again_keeps_its_key(alice):
    key = alice.username_skeleton
    alice.email = "alice@example.com"
    alice.save()
    alice.refresh_from_db()
    assert alice.username_skeleton == key


def test_a_look_alike_that_signs_up_during_the_check_is_refused_not_a_500(client, monkeypatch,
                                                                             django_user_model):
    import accounts.views

    take = accounts.views.budget.take

    def meanwhile(buckets):
        # Another sign-up, of a look-alike, commits between this one's check and its save.
        django_user_model.objects.create_user("b\u043eb", password=PASSWORD)  # a Cyrillic o
        return take(buckets)

    monkeypatch.setattr(accounts.views.budget, "take", meanwhile)
    response = sign_up(client, "bob")
    assert response.status_code == 200
    assert "looks like the name of another player" in response.content.decode()
    assert not django_user_model.objects.filter(username="bob").exists()
