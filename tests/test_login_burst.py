"""Simultaneous attempts get no more guesses than attempts one after another: an attempt
is counted before its password is checked."""

import threading
import time

import pytest
from django.contrib.auth.backends import ModelBackend
from django.db import connection
from django.test import Client

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_burst_of_simultaneous_guesses_gets_no_extra_tries(alice, settings, monkeypatch):
    checking = ModelBackend.authenticate

    def slow_check(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        # The real hasher takes this long: long enough for a burst to overlap.
        time.sleep(0.3)
        return checking(self, *args, **kwargs)

    monkeypatch.setattr(ModelBackend, "authenticate", slow_check)
    for _ in range(settings.LOGIN_FAILURE_LIMIT - 1):
        Client().post("/accounts/login/", {"username": "alice", "password": "wrong"})

    answers: list[int] = []

    def guess(n: int) -> None:
        try:
            response = Client(REMOTE_ADDR=f"198.51.100.{n}").post(
                "/accounts/login/", {"username": "alice", "password": f"guess-{n}"})
            answers.append(response.status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=guess, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answers) == [200] + [429] * 7
