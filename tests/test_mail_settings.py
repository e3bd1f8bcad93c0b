"""Where mail goes: EMAIL_URL read into Django's SMTP settings, or, unset, a file per
message in var/mail/ with the server's log saying which."""

import logging

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.core.mail import send_mail

from tarneeb.settings import envmail

pytestmark = pytest.mark.embedded


def test_an_smtp_url_sets_the_smtp_backend(monkeypatch, tmp_path):
    monkeypatch.setenv("EMAIL_URL", "smtp://mailer%40example.org:s%3Acret@mail.example.org:2525")
    mail = envmail("EMAIL_URL", tmp_path)
    assert mail["EMAIL_BACKEND"] == "django.core.mail.backends.smtp.EmailBackend"
    assert (mail["EMAIL_HOST"], mail["EMAIL_PORT"], mail["EMAIL_USE_TLS"], mail["EMAIL_USE_SSL"]) == (
        "mail.example.org", 2525, True, False)
    assert (mail["EMAIL_HOST_USER"], mail["EMAIL_HOST_PASSWORD"]) == ("mailer@example.org", "s:cret")
    monkeypatch.setenv("EMAIL_URL", "smtps://mail.example.org")
    mail = envmail("EMAIL_URL", tmp_path)
    assert (mail["EMAIL_PORT"], mail["EMAIL_USE_SSL"], mail["EMAIL_USE_TLS"]) == (465, True, False)
    monkeypatch.setenv("EMAIL_URL", "smtp://localhost:25?tls=false")
    assert envmail("EMAIL_URL", tmp_path)["EMAIL_USE_TLS"] is False


def test_a_bad_url_is_refused_at_start(monkeypatch, tmp_path):
    monkeypatch.setenv("EMAIL_URL", "mail.example.org")
    with pytest.raises(ImproperlyConfigured):
        envmail("EMAIL_URL", tmp_path)


def test_without_one_each_message_is_a_file_and_the_log_says_where(monkeypatch, settings, tmp_path, caplog):
    monkeypatch.delenv("EMAIL_URL", raising=False)
    mail = envmail("EMAIL_URL", tmp_path / "mail")
    settings.EMAIL_BACKEND, settings.EMAIL_FILE_PATH = mail["EMAIL_BACKEND"], mail["EMAIL_FILE_PATH"]
    logging.getLogger("tarneeb.mail").addHandler(caplog.handler)
    try:
        send_mail("one", "first", None, ["a@example.org"])
        send_mail("two", "second", None, ["b@example.org"])
    finally:
        logging.getLogger("tarneeb.mail").removeHandler(caplog.handler)
    files = sorted((tmp_path / "mail").iterdir())
    assert len(files) == 2 and all(path.suffix == ".eml" for path in files)
    assert {b"Subject: one" in path.read_bytes() for path in files} == {True, False}
    logged = {record.getMessage() for record in caplog.records}
    for path in files:
        to = "a@example.org" if b"Subject: one" in path.read_bytes() else "b@example.org"
        assert f"mail to {to} written to {path}" in logged
