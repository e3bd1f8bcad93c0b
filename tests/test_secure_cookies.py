"""Cookies are `Secure` whenever DEBUG is off, unless SECURE_COOKIES=false says the site
is served over plain HTTP (as `make run` does on 127.0.0.1)."""

import json
import os
import subprocess
import sys

import pytest

from tests.conftest import ROOT

PRINT_COOKIE_SETTINGS = (
    "import json, django; from django.conf import settings; django.setup(); "
    "print(json.dumps([settings.DEBUG, settings.SESSION_COOKIE_SECURE, settings.CSRF_COOKIE_SECURE]))")


def cookie_settings(**env: str) -> list[bool]:
    clean = {k: v for k, v in os.environ.items() if k not in ("DEBUG", "SECURE_COOKIES", "SECRET_KEY")}
    output = subprocess.run(
        [sys.executable, "-c", PRINT_COOKIE_SETTINGS], cwd=ROOT, check=True, capture_output=True,
        env={**clean, "DJANGO_SETTINGS_MODULE": "tarneeb.settings", "SECRET_KEY": "test-only", **env})
    return json.loads(output.stdout)


@pytest.mark.parametrize(("env", "expected"), [
    ({"DEBUG": "false"}, [False, True, True]),
    ({"DEBUG": "false", "SECURE_COOKIES": "false"}, [False, False, False]),
    ({"DEBUG": "true"}, [True, False, False]),
    ({"DEBUG": "true", "SECURE_COOKIES": "true"}, [True, True, True]),
])
def test_cookies_are_secure_unless_debug_or_told_otherwise(env, expected):
    assert cookie_settings(**env) == expected
