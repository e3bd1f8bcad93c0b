"""The trusted-browser cookie is Secure exactly when the session cookie is
(SECURE_COOKIES): over plain HTTP a browser drops a Secure cookie without a word, and the
player would never be trusted."""

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db

RIGHT = {"username": "alice", "password": "tarneeb-alice-pass"}


@pytest.mark.parametrize("secure", [False, True])
def test_the_device_cookie_follows_secure_cookies(alice, settings, secure):
    settings.SECURE_COOKIES = settings.SESSION_COOKIE_SECURE = secure
    settings.DEBUG = False
    browser = Client()
    assert browser.post("/accounts/login/", RIGHT).status_code == 302
    assert bool(browser.cookies["tarneeb_device"]["secure"]) is secure
    assert bool(browser.cookies["sessionid"]["secure"]) is secure


def test_the_sign_ups_device_cookie_too(settings):
    settings.SECURE_COOKIES = False
    browser = Client()
    browser.post("/accounts/signup/", {"username": "carol", "password1": "a-long-secret-9",
                                       "password2": "a-long-secret-9"})
    assert not browser.cookies["tarneeb_device"]["secure"]
