"""A moderator sees on every page how many reports wait (issue 27), counted with their user
row: no query of its own; a player is never shown one, and resolving a report counts down."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from moderation import services
from tests.moderators import make_moderator
from tests.tables import make_players

pytestmark = pytest.mark.django_db


def nav(client) -> tuple[str, int]:
    with CaptureQueriesContext(connection) as captured:
        page = client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    start = page.index('class="site-nav"')
    return page[start:page.index("</nav>", start)], len(captured.captured_queries)


def test_moderators_see_the_open_reports_count_at_no_cost(client):
    reporter, rude, other = make_players(3)
    moderator = make_moderator()
    client.force_login(moderator)
    links, quiet = nav(client)
    assert "nav-count" not in links

    first = services.report(reporter, rude, reason="chat")
    services.report(other, rude, reason="name")
    links, counted = nav(client)
    assert '<span class="nav-count" title="2 open reports">2</span>' in links
    assert counted == quiet

    services.resolve(moderator, first, decision="dismiss", note="fine")
    assert 'title="1 open report">1</span>' in nav(client)[0]
    client.force_login(reporter)
    assert "nav-count" not in nav(client)[0]
