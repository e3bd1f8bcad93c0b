"""The leaderboard: a variant's top 100 by displayed rating, of active players with at least
RATING_MIN_MATCHES rated matches, in a bounded number of queries."""

import re

import pytest
from django.utils import timezone

from ratings.models import Rating
from tests.tables import make_players

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def any_opponents(settings):
    # These ratings are written without matches; tests/test_leaderboard_opponents.py has
    # the opponents' minimum.
    settings.RATING_MIN_OPPONENTS = 0


def rate(user, rating: int, matches: int, variant: str = "classic") -> Rating:
    return Rating.objects.create(user=user, variant=variant, mu=25.0, sigma=1.0, rating=rating,
                                 matches=matches, updated=timezone.now())


def listed(client, url: str = "/leaderboard/") -> list[str]:
    response = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    return [row["user__username"] for row in response.context["rows"]]


def test_best_rating_first_and_ties_by_more_matches(client, settings):
    settings.RATING_MIN_MATCHES = 3
    a, b, c, d = make_players(4)
    rate(a, 1200, 3), rate(b, 1500, 9), rate(c, 1350, 4), rate(d, 1350, 8)
    assert listed(client) == [b.username, d.username, c.username, a.username]
    page = client.get("/leaderboard/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    names = re.findall(r'href="/u/([^/]+)/"', page)
    assert names == [b.username, d.username, c.username, a.username]


def test_only_players_with_enough_rated_matches(client, settings):
    settings.RATING_MIN_MATCHES = 5
    enough, new = make_players(2)
    rate(enough, 1100, 5), rate(new, 1900, 4)
    assert listed(client) == [enough.username]
    settings.RATING_MIN_MATCHES = 4
    assert listed(client) == [new.username, enough.username]


def test_each_variant_has_its_own(client, settings):
    settings.RATING_MIN_MATCHES = 1
    classic, forty_one = make_players(2)
    rate(classic, 1300, 2), rate(forty_one, 1300, 2, variant="forty_one")
    assert listed(client) == [classic.username]
    assert listed(client, "/leaderboard/classic/") == [classic.username]
    assert listed(client, "/leaderboard/forty_one/") == [forty_one.username]
    assert client.get("/leaderboard/chess/").status_code == 404


def test_inactive_players_are_not_listed(client, settings):
    settings.RATING_MIN_MATCHES = 1
    gone, here = make_players(2)
    rate(gone, 2000, 5), rate(here, 1000, 5)
    gone.is_active = False
    gone.save()
    assert listed(client) == [here.username]


def test_top_100_in_a_bounded_number_of_queries(client, settings, django_assert_max_num_queries):
    settings.RATING_MIN_MATCHES = 1
    for n, player in enumerate(make_players(130)):
        rate(player, 1000 + n, 1)
    client.force_login(player)
    with django_assert_max_num_queries(5):  # 4, and the header's unread notifications
        names = listed(client)
    assert len(names) == 100 and names[0] == player.username


def test_every_page_links_to_it(client):
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'href="/leaderboard/"' in page and "Leaderboard" in page
