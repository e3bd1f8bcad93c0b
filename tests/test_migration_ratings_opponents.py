"""Ratings 0002 fills in whom each rated player met on the other side, and each rating's
count of different opponents, from the matches rated before it; their weights stay 1."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.utils import timezone

from ratings.models import Opponent, Rating, RatingChange
from tests.past_matches import past_match

pytestmark = pytest.mark.django_db(transaction=True)

BEFORE = ("ratings", "0001_initial")


def migrate_to(*targets: tuple[str, str]):
    MigrationExecutor(connection).migrate(list(targets))
    return MigrationExecutor(connection).loader.project_state(list(targets)).apps


def latest() -> list[tuple[str, str]]:
    return MigrationExecutor(connection).loader.graph.leaf_nodes()


def test_opponents_are_filled_from_the_rated_matches():
    old = migrate_to(BEFORE)
    try:
        OldRating, OldChange = old.get_model("ratings", "Rating"), old.get_model("ratings", "RatingChange")
        now = timezone.now()
        for names in (["ann", "bob", "cat", "dan"], ["ann", "eve", "bob", "cat"]):
            match = past_match(names)
            for player in match.players.all():
                OldChange.objects.create(user_id=player.user_id, variant="classic", match_id=match.pk,
                                         mu_before=25, sigma_before=8, mu_after=25, sigma_after=8,
                                         rating_before=1000, rating_after=1000, created=now)
                OldRating.objects.get_or_create(user_id=player.user_id, variant="classic", defaults={
                    "mu": 25, "sigma": 8, "rating": 1000, "matches": 1, "updated": now})
        migrate_to(*latest())
        met: dict[str, list[str]] = {}
        for user, other in Opponent.objects.order_by("opponent__username").values_list(
                "user__username", "opponent__username"):
            met.setdefault(user, []).append(other)
        # ann and cat against bob and dan, then ann and bob against eve and cat.
        assert met == {"ann": ["bob", "cat", "dan", "eve"], "bob": ["ann", "cat", "eve"],
                       "cat": ["ann", "bob", "dan"], "dan": ["ann", "cat"], "eve": ["ann", "bob"]}
        assert {r.user.username: r.opponents for r in Rating.objects.select_related("user")} == {
            "ann": 4, "bob": 3, "cat": 3, "dan": 2, "eve": 2}
        assert set(RatingChange.objects.values_list("weight", flat=True)) == {1.0}
    finally:
        migrate_to(*latest())

