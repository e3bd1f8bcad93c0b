"""Moderation costs a page no query of its own: whether the player moderates, is
suspended or has a notice waiting comes with their user row (moderation.backends)."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from moderation import services
from tests.moderators import make_moderator
from tests.tables import make_players

pytestmark = pytest.mark.django_db


def queries(client, path: str = "/") -> list[str]:
    with CaptureQueriesContext(connection) as captured:
        assert client.get(path).status_code == 200
    return [query["sql"] for query in captured.captured_queries]


def test_pages_ask_moderation_nothing_more(client):
    (player,) = make_players(1)
    client.force_login(player)
    plain = queries(client)
    assert not any("moderation_" in sql.split(" FROM ")[-1] for sql in plain[2:])  # past session and user
    moderator = make_moderator()
    client.force_login(moderator)
    assert len(queries(client)) == len(plain)
    assert 'href="/moderation/"' in client.get("/").content.decode()

    services.warn(moderator, player, "rude")
    client.force_login(player)
    with_notice = queries(client)
    assert len(with_notice) > len(plain)  # the notice is read and marked seen, once
    assert len(queries(client)) == len(plain)
