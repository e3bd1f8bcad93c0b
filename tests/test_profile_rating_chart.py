"""The profile shows each variant's rating with a chart of it drawn on the server as SVG,
with a text alternative; it costs the same few queries however many matches were rated,
and names no match, so a private one stays hidden from a stranger."""

import re

import pytest
from django.utils import timezone

from games.models import Match
from ratings.models import Rating, RatingChange
from ratings.profile import HISTORY_POINTS
from ratings.rate import rate_match
from tests.past_matches import past_match
from tests.rated import play_match
from tests.tables import make_players

pytestmark = pytest.mark.django_db


def ratings_section(page: str) -> str:
    found = re.search(r'<section class="ratings".*?</section>', page, re.S)
    assert found, "no ratings on the page"
    return found.group(0)


def test_each_variant_has_its_number_and_a_chart_with_a_text_alternative(client):
    players = make_players(4)
    play_match(players, "classic")
    play_match([players[1], players[0], players[3], players[2]], "classic")
    play_match(players, "forty_one")
    page = client.get(f"/u/{players[0].username}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    section = ratings_section(page)
    assert section.count("<svg") == 2 and section.count('role="img"') == 2
    for variant, label in (("classic", "Classic Tarneeb"), ("forty_one", "Tarneeb 41")):
        rating = Rating.objects.get(user=players[0], variant=variant)
        assert label in section
        assert f'<strong class="rating-now">{rating.rating}</strong>' in section
        title = re.search(rf'<title id="rating-chart-{variant}">(.*?)</title>', section, re.S).group(1)
        assert f"to {rating.rating}" in title
        assert f'aria-labelledby="rating-chart-{variant}"' in section
    points = re.search(r'<polyline points="([^"]+)"', section).group(1).split()
    assert len(points) == 3  # the start, then after each of the two Classic matches
    assert "Rating over the last 2 rated matches: from 1000" in section


def test_no_ratings_no_section(client):
    (player,) = make_players(1)
    page = client.get(f"/u/{player.username}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<section class="ratings"' not in page


def test_a_private_match_is_not_named_to_a_stranger(client):
    players = make_players(4)
    match = play_match(players)
    match.room.private = True
    match.room.save()
    client.force_login(make_players(1, prefix="stranger")[0])
    page = client.get(f"/u/{players[0].username}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    section = ratings_section(page)
    assert "<svg" in section
    assert f"/matches/{match.pk}/" not in page
    assert "/matches/" not in section


def rate_many(count: int) -> tuple:
    names = ["ann", "bob", "cat", "dan"]
    for n in range(count):
        match = past_match(names[n % 4:] + names[:n % 4], winner=n % 2)
        Match.objects.filter(pk=match.pk).update(finished_at=timezone.now())
        match.refresh_from_db()
        rate_match(match)
    return Rating.objects.get(user__username="ann")


def test_the_chart_shows_the_last_matches_in_a_bounded_number_of_queries(client,
                                                                        django_assert_max_num_queries):
    rating = rate_many(HISTORY_POINTS + 30)
    assert rating.matches == HISTORY_POINTS + 30
    with django_assert_max_num_queries(8):
        page = client.get("/u/ann/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    section = ratings_section(page)
    points = re.search(r'<polyline points="([^"]+)"', section).group(1).split()
    assert len(points) == HISTORY_POINTS + 1
    last = RatingChange.objects.filter(user=rating.user).order_by("-created", "-match_id")[HISTORY_POINTS - 1]
    assert f"from {last.rating_before} to {rating.rating}" in section
