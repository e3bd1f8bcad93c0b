"""A player who opens a moderation page is refused with 403, which is no error: the log
gets one line for it, never a traceback (a refused page used to log a whole stack,
burying real errors)."""

import logging

import pytest

from tests.log_records import own_records

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("page", ["/moderation/", "/moderation/log/"])
def test_a_refused_page_is_one_line(client, alice, caplog, page):
    client.force_login(alice)
    with caplog.at_level(logging.DEBUG):
        assert client.get(page).status_code == 403
    assert "Traceback" not in caplog.text
    assert [record.exc_info for record in own_records(caplog)] == [None]
    (refusal,) = own_records(caplog)
    assert (refusal.name, refusal.levelname, refusal.getMessage()) == ("django.request", "WARNING",
                                                                        f"Forbidden: {page}")
