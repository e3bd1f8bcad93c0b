"""The leaderboard says why it is empty and what a player needs to be on it, with the
numbers of the settings, and where the viewer stands (issue 27)."""

import pytest
from django.test import override_settings

from ratings.models import Rating
from ratings.rate import new_rating
from tests.tables import make_players

pytestmark = pytest.mark.django_db

EMPTY = "Nobody is listed yet: a player appears here after 7 rated matches against 3 different opponents."
RULE = "Only matches between four people are rated: a match with a bot in a seat changes no rating."
ON_THE_WAY = ("You: 2 of the 7 rated matches and 1 of the 3 different opponents a player needs to be listed "
              "here.")
THERE = "You have played enough rated matches against enough different opponents to be listed here."


@override_settings(RATING_MIN_MATCHES=7, RATING_MIN_OPPONENTS=3)
def test_an_empty_board_says_what_it_takes_and_the_viewer_how_far_they_are(client):
    (ann,) = make_players(1)
    html = client.get("/leaderboard/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert EMPTY in html and RULE in html
    assert 'id="my-standing"' not in html  # nobody logged in

    rating = new_rating(ann.pk, "classic", ann.date_joined)
    rating.matches, rating.opponents = 2, 1
    rating.save()
    client.force_login(ann)
    html = client.get("/leaderboard/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert ON_THE_WAY in html
    html = client.get("/leaderboard/forty_one/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "You: 0 of the 7 rated matches and 0 of the 3 different opponents" in html

    Rating.objects.filter(pk=rating.pk).update(matches=7, opponents=3)
    html = client.get("/leaderboard/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert THERE in html
    assert f'href="/u/{ann.username}/"' in html
