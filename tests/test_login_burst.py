"""Simultaneous attempts get no more guesses than attempts one after another: an attempt
is counted before its password is checked."""

import threading

import pytest
from django.contrib.auth.backends import ModelBackend
from django.db import connection
from django.test import Client

from tests.tables import wait_for

pytestmark = pytest.mark.django_db(transaction=True)


BURST = 8


def test_a_burst_of_simultaneous_guesses_gets_no_extra_tries(alice, settings, monkeypatch):
    for _ in range(settings.LOGIN_FAILURE_LIMIT - 1):
        Client().post("/accounts/login/", {"username": "alice", "password": "wrong"})

    answers: list[int] = []
    checking = ModelBackend.authenticate

    def check_after_the_others(self, *args, **kwargs):
        # A password being checked stays in check until every other guess of the burst is
        # answered: they all overlap it, however the threads are scheduled. Were any of
        # them checked too, it would wait here in turn and never be answered.
        wait_for(lambda: len(answers) >= BURST - 1, timeout=30)
        return checking(self, *args, **kwargs)

    monkeypatch.setattr(ModelBackend, "authenticate", check_after_the_others)

    def guess(n: int) -> None:
        try:
            response = Client(REMOTE_ADDR=f"198.51.100.{n}").post(
                "/accounts/login/", {"username": "alice", "password": f"guess-{n}"})
            answers.append(response.status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=guess, args=(n,)) for n in range(BURST)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(answers) == [200] + [429] * (BURST - 1)
