"""An email address given at sign-up or in the settings is the account's only once the
link mailed to it is opened: signed, expiring, good once. Then it logs in too."""

import re
import types

import pytest
from django.core import signing

from accounts.models import User

pytestmark = pytest.mark.django_db

SIGNUP = {"username": "dana", "password1": "a-long-secret-9", "password2": "a-long-secret-9"}


def link_in(message) -> str:
    return re.search(r"http://testserver(/accounts/email/\S+/)", message.body).group(1)


def test_sign_up_with_an_email_mails_a_link_that_confirms_it_once(client, mail_now):
    assert client.post("/accounts/signup/", {**SIGNUP, "email": "dana@example.org"}).status_code == 302
    user = User.objects.get(username="dana")
    assert (user.email, user.pending_email) == ("", "dana@example.org")
    [message] = mail_now
    assert message.to == ["dana@example.org"]
    link = link_in(message)

    page = client.get(link)  # a mail program looking at the link changes nothing
    assert page.status_code == 200 and "dana@example.org" in page.content.decode()
    assert User.objects.get(pk=user.pk).email == ""

    assert client.post(link).status_code == 200
    user.refresh_from_db()
    assert (user.email, user.pending_email) == ("dana@example.org", "")
    assert client.post(link).status_code == 400  # once only
    assert client.get(link).status_code == 400


def test_an_unconfirmed_email_does_not_log_in_and_a_confirmed_one_does(client, mail_now):
    client.post("/accounts/signup/", {**SIGNUP, "email": "dana@example.org"})
    link = link_in(mail_now[0])
    client.logout()
    login = {"username": "dana@example.org", "password": SIGNUP["password1"]}
    assert client.post("/accounts/login/", login).status_code == 200  # refused: not confirmed
    client.post(link)
    assert client.post("/accounts/login/", {**login, "username": "DANA@example.org"}).status_code == 302
    assert client.session["_auth_user_id"] == str(User.objects.get(username="dana").pk)


def test_the_link_expires(client, mail_now, monkeypatch, settings):
    client.post("/accounts/signup/", {**SIGNUP, "email": "dana@example.org"})
    link = link_in(mail_now[0])
    later = signing.time.time() + settings.EMAIL_CONFIRM_SECONDS + 5
    monkeypatch.setattr(signing, "time", types.SimpleNamespace(time=lambda: later))
    assert client.post(link).status_code == 400
    assert User.objects.get(username="dana").email == ""


def test_a_newer_address_ends_the_older_link(client, mail_now):
    client.post("/accounts/signup/", {**SIGNUP, "email": "dana@example.org"})
    first = link_in(mail_now[0])
    client.post("/accounts/settings/", {"email": "dana@example.net"})
    second = link_in(mail_now[1])
    assert mail_now[1].to == ["dana@example.net"]
    assert client.post(first).status_code == 400
    assert client.post(second).status_code == 200
    assert User.objects.get(username="dana").email == "dana@example.net"


def test_an_address_another_account_confirmed_is_not_taken(client, mail_now, alice):
    User.objects.filter(pk=alice.pk).update(email="shared@example.org")
    client.post("/accounts/signup/", {**SIGNUP, "email": "Shared@example.org"})
    # The sign-up says nothing of whose the address is; the link, read by its owner, does.
    response = client.post(link_in(mail_now[0]))
    assert response.status_code == 409
    assert User.objects.get(username="dana").email == ""


def test_mail_goes_in_the_accounts_language(client, mail_now):
    client.post("/i18n/setlang/", {"language": "ar", "next": "/"})
    client.post("/accounts/signup/", {**SIGNUP, "email": "dana@example.org"})
    assert User.objects.get(username="dana").language == "ar"
    assert mail_now[0].subject == "أكّد بريدك الإلكتروني في طرنيب أونلاين"


def test_a_new_username_cannot_read_as_an_email(client):
    response = client.post("/accounts/signup/", {**SIGNUP, "username": "dana@example.org"})
    assert response.status_code == 200
    assert "username" in response.context["form"].errors
    assert not User.objects.filter(username="dana@example.org").exists()
