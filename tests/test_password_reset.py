"""Forgotten passwords: Django's reset views, through a link that works once and expires,
with the same answer whether or not an account has the address."""

import re
from datetime import timedelta

import pytest
from django.contrib.auth.tokens import PasswordResetTokenGenerator
from django.db import connection
from django.test.utils import CaptureQueriesContext

from accounts.models import User

pytestmark = pytest.mark.django_db


@pytest.fixture
def carol(django_user_model):
    return django_user_model.objects.create_user("carol", email="carol@example.org", password="old-secret-99",
                                                 language="en")


def link_in(message) -> str:
    return re.search(r"http://testserver(/accounts/password/reset/\S+/)", message.body).group(1)


def ask(client, email: str):
    return client.post("/accounts/password/reset/", {"email": email})


def set_password(client, link: str, password: str):
    page = client.get(link)  # Django keeps the token in the session and moves to a clean URL
    assert page.status_code == 302
    return client.post(page["Location"], {"new_password1": password, "new_password2": password})


def test_the_link_sets_a_new_password_once(client, carol, mail_now):
    assert ask(client, "Carol@example.org")["Location"] == "/accounts/password/reset/sent/"
    [message] = mail_now
    assert message.to == ["carol@example.org"]
    link = link_in(message)
    assert set_password(client, link, "a-new-secret-77")["Location"] == "/accounts/password/reset/done/"
    carol.refresh_from_db()
    assert carol.check_password("a-new-secret-77")
    again = client.get(link, follow=True)
    assert again.context["validlink"] is False
    login = client.post("/accounts/login/", {"username": "carol", "password": "a-new-secret-77"})
    assert login.status_code == 302


def test_the_link_expires(client, carol, mail_now, monkeypatch, settings):
    ask(client, "carol@example.org")
    link = link_in(mail_now[0])
    later = PasswordResetTokenGenerator()._now() + timedelta(seconds=settings.PASSWORD_RESET_TIMEOUT + 5)
    monkeypatch.setattr(PasswordResetTokenGenerator, "_now", lambda self: later)
    assert client.get(link, follow=True).context["validlink"] is False
    carol.refresh_from_db()
    assert carol.check_password("old-secret-99")


def _answer(client, email: str) -> tuple[int, str, bytes, list[str]]:
    with CaptureQueriesContext(connection) as queries:
        response = ask(client, email)
    page = client.get(response["Location"])
    sql = [query["sql"] for query in queries.captured_queries]
    # Each page's CSRF token is masked afresh: the one part that differs between any two pages.
    content = re.sub(rb'name="csrfmiddlewaretoken" value="[^"]+"', b"", page.content)
    return response.status_code, response["Location"], content, sql


def test_the_answer_is_the_same_for_an_unknown_address(client, carol, monkeypatch):
    sent = []
    from accounts import tasks

    monkeypatch.setattr(tasks.send_password_reset, "delay", lambda *args: sent.append(args))
    known = _answer(client, "carol@example.org")
    unknown = _answer(client, "nobody@example.org")
    # The same status, redirect and page; and the same work: the same queries, none of
    # them reading the accounts (the worker looks the address up, after the answer).
    assert known[:3] == unknown[:3]
    assert known[3] == unknown[3]
    assert not any("accounts_user" in sql for sql in known[3])
    assert [args[0] for args in sent] == ["carol@example.org", "nobody@example.org"]


def test_only_a_known_address_gets_mail(client, carol, mail_now):
    ask(client, "nobody@example.org")
    assert mail_now == []
    User.objects.create_user("dave", password="x-long-secret-1", pending_email="dave@example.org")
    ask(client, "dave@example.org")  # not confirmed: never a reset
    assert mail_now == []


def test_an_address_is_asked_for_a_few_times_an_hour(client, carol, mail_now, settings):
    for email in ("carol@example.org", "nobody@example.org"):
        answers = [ask(client, email).status_code for _ in range(settings.RESET_EMAIL_PER_HOUR + 1)]
        # Known or not, the same: the cap counts the address asked for, not an account.
        assert answers == [302] * settings.RESET_EMAIL_PER_HOUR + [429]
    assert len(mail_now) == settings.RESET_EMAIL_PER_HOUR


def test_an_account_gets_a_few_mails_an_hour(client, carol, mail_now, settings):
    settings.RESET_EMAIL_PER_HOUR = 100
    for _ in range(settings.MAIL_ACCOUNT_PER_HOUR + 2):
        assert ask(client, "carol@example.org").status_code == 302  # the answer never tells
    assert len(mail_now) == settings.MAIL_ACCOUNT_PER_HOUR


def test_one_network_asks_for_a_few_mails_an_hour(client, mail_now, settings):
    answers = [ask(client, f"someone{n}@example.org").status_code
               for n in range(settings.MAIL_ADDRESS_PER_HOUR + 1)]
    assert answers[-1] == 429 and set(answers[:-1]) == {302}


def test_the_mail_is_in_the_accounts_language(client, carol, mail_now):
    User.objects.filter(pk=carol.pk).update(language="ar")
    ask(client, "carol@example.org")
    assert mail_now[0].subject == "كلمة مرور جديدة لطرنيب أونلاين"
