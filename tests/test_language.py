import re

import pytest

pytestmark = pytest.mark.django_db


def html_tag(response) -> str:
    return re.search(r"<html[^>]*>", response.content.decode()).group(0)


@pytest.mark.parametrize("path", ["/", "/accounts/login/", "/accounts/signup/"])
def test_it_serves_arabic_right_to_left(client, path):
    response = client.get(path, HTTP_ACCEPT_LANGUAGE="ar")
    assert html_tag(response) == '<html lang="ar" dir="rtl">'
    assert "تسجيل الدخول" in response.content.decode()


@pytest.mark.parametrize("path", ["/", "/accounts/login/", "/accounts/signup/"])
def test_it_serves_english_left_to_right(client, path):
    response = client.get(path, HTTP_ACCEPT_LANGUAGE="en")
    assert html_tag(response) == '<html lang="en" dir="ltr">'
    assert "Log in" in response.content.decode()


def test_the_switch_changes_the_language(client):
    client.get("/", HTTP_ACCEPT_LANGUAGE="en")
    response = client.post("/i18n/setlang/", {"language": "ar", "next": "/"})
    assert response.status_code == 302
    assert html_tag(client.get("/", HTTP_ACCEPT_LANGUAGE="en")) == '<html lang="ar" dir="rtl">'


def test_every_page_offers_the_other_language(client):
    body = client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'name="language" value="ar"' in body
    body = client.get("/", HTTP_ACCEPT_LANGUAGE="ar").content.decode()
    assert 'name="language" value="en"' in body
