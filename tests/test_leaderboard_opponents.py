"""The leaderboard lists a player once they met RATING_MIN_OPPONENTS different accounts on
the other side (default 6, from the environment like RATING_MIN_MATCHES): partners are not
opponents, and the profile says how many more they need."""

import os
import subprocess
import sys
from datetime import timedelta

import pytest
from django.utils import timezone

from ratings.models import Opponent, Rating
from ratings.profile import profile_ratings
from tests.farming import rated
from tests.tables import make_players

pytestmark = pytest.mark.django_db


def listed(client) -> list[str]:
    response = client.get("/leaderboard/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    return [row["user__username"] for row in response.context["rows"]]


def test_enough_matches_against_too_few_opponents_are_not_enough(client, settings):
    settings.RATING_MIN_MATCHES, settings.RATING_MIN_OPPONENTS = 4, 5
    me, partner, *others = make_players(7)
    start = timezone.now() - timedelta(days=10)
    # Always the same partner; opponents: o0 o1, o2 o3, o0 o2, o1 o3 (four different).
    for n, (first, second) in enumerate(((0, 1), (2, 3), (0, 2), (1, 3))):
        rated([me, others[first], partner, others[second]], 0, start + n * timedelta(days=1))
    mine = Rating.objects.get(user=me)
    assert (mine.matches, mine.opponents) == (4, 4)
    assert sorted(Opponent.objects.filter(user=me).values_list("opponent_id", flat=True)) == sorted(
        player.pk for player in others[:4])
    assert me.username not in listed(client)
    page = client.get("/leaderboard/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "They met at least 5 different opponents." in page
    assert "the first 2 matches within 24 hours count fully" in page
    (row,) = profile_ratings(me)
    assert (row.needed, row.opponents, row.opponents_needed) == (0, 4, 1)

    rated([me, others[4], partner, others[0]], 0, start + timedelta(days=5))
    assert Rating.objects.get(user=me).opponents == 5
    assert profile_ratings(me)[0].opponents_needed == 0
    assert me.username in listed(client)
    # The opponents' own count: o0 met only me and partner, three times.
    assert Rating.objects.get(user=others[0]).opponents == 2


def test_the_minimum_comes_from_the_environment():
    def read(environment: dict[str, str]) -> str:
        code = ("import django; django.setup(); from django.conf import settings; "
                "print(settings.RATING_MIN_OPPONENTS)")
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tarneeb.settings", **environment}
        return subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                              check=True).stdout.strip()

    assert read({"RATING_MIN_OPPONENTS": ""}) == "6"
    assert read({"RATING_MIN_OPPONENTS": "3"}) == "3"
