"""Only finished matches are rated: not one a moderator aborted, nor one being played."""

import pytest
from django.utils import timezone

from games.models import Match
from games.services import room_life
from ratings.models import Rating, RatingChange
from ratings.rate import rate_match
from tests.past_matches import past_match
from tests.rated import play_match
from tests.tables import make_players, play_until, start_match

pytestmark = pytest.mark.django_db


def test_an_aborted_match_is_not_rated():
    match = play_until(start_match("classic", turn_seconds=30), "deal")  # a hand scored
    room_life.close_room(match.room_id)
    match.refresh_from_db()
    assert match.status == Match.Status.ABORTED
    assert rate_match(match) == []
    assert not RatingChange.objects.exists() and not Rating.objects.exists()


def test_an_aborted_match_leaves_earlier_ratings_alone():
    players = make_players(4)
    play_match(players)
    before = list(Rating.objects.order_by("pk").values())
    room = room_life.create_room(players[0], name="again", variant="classic", target=31, turn_seconds=30,
                                private=False)
    for seat, player in enumerate(players):
        room_life.sit(room.pk, player, seat)
    room_life.close_room(room.pk)
    assert list(Rating.objects.order_by("pk").values()) == before
    assert RatingChange.objects.count() == 4


def test_matches_not_finished_are_not_rated():
    for status in (Match.Status.PLAYING, Match.Status.ABORTED):
        match = past_match(["ann", "bob", "cat", "dan"], status=status, winner=None)
        match.finished_at = timezone.now()
        assert rate_match(match) == []
    assert not RatingChange.objects.exists()
