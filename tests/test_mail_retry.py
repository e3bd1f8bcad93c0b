"""A mail server that is down a while: the mail task tries again rather than losing the
mail (accounts/tasks.py)."""

import pytest

from accounts import mail, tasks

pytestmark = pytest.mark.embedded


def test_a_refused_send_is_tried_again(monkeypatch):
    attempts = []

    def flaky(email, base, language):
        attempts.append(email)
        if len(attempts) < 3:
            raise ConnectionRefusedError("the mail server is down")

    monkeypatch.setattr(mail, "password_reset", flaky)
    result = tasks.send_password_reset.apply(args=("carol@example.org", "http://testserver/", "en"))
    assert result.successful()
    assert attempts == ["carol@example.org"] * 3


def test_it_gives_up_in_the_end(monkeypatch):
    attempts = []

    def down(email, base, language):
        attempts.append(email)
        raise ConnectionRefusedError("the mail server is down")

    monkeypatch.setattr(mail, "password_reset", down)
    result = tasks.send_password_reset.apply(args=("carol@example.org", "http://testserver/", "en"))
    assert result.failed()
    assert len(attempts) == tasks.send_password_reset.max_retries + 1
