"""Clean matches forgive: each third finished match in a row without an abandonment
forgives the newest abandonment that still counts, so the next cool-down is shorter.
A moderator's forgiveness ends a running cool-down at once."""

from datetime import timedelta

import pytest

from games.services import refusals, room_life
from playban import services as playban
from playban.models import Abandonment
from tests.leavers import finished_match, time_passes
from tests.tables import create_room, make_players

pytestmark = pytest.mark.django_db(transaction=True)


def cool_down_of_the_latest(user) -> timedelta:
    latest = Abandonment.objects.filter(user=user).latest("created_at")
    return latest.until - latest.created_at


def test_three_clean_matches_in_a_row_forgive_one_abandonment():
    players = make_players(4)
    leaver = players[0]
    finished_match(players, removed={0})
    finished_match(players, removed={0})
    assert cool_down_of_the_latest(leaver) == timedelta(hours=1)
    time_passes(timedelta(hours=2))
    finished_match(players)
    finished_match(players)
    assert not Abandonment.objects.filter(user=leaver).exclude(forgiven_at=None).exists()
    finished_match(players)
    (forgiven,) = Abandonment.objects.filter(user=leaver).exclude(forgiven_at=None)
    assert forgiven == Abandonment.objects.filter(user=leaver).latest("created_at")
    assert forgiven.forgiven == Abandonment.Forgiven.CLEAN_MATCHES and forgiven.forgiven_by is None
    # One still counts: the next abandonment is the 2nd, an hour rather than 3 hours.
    finished_match(players, removed={0})
    assert cool_down_of_the_latest(leaver) == timedelta(hours=1)


def test_an_abandonment_in_between_starts_the_count_again():
    players = make_players(4)
    leaver = players[0]
    finished_match(players, removed={0})
    time_passes(timedelta(hours=1))
    finished_match(players)
    finished_match(players)
    finished_match(players, removed={0})
    time_passes(timedelta(hours=2))
    finished_match(players)
    finished_match(players)
    assert not Abandonment.objects.filter(user=leaver).exclude(forgiven_at=None).exists()
    finished_match(players)
    assert Abandonment.objects.filter(user=leaver).exclude(forgiven_at=None).count() == 1


def test_a_moderator_forgiving_ends_the_cool_down():
    players = make_players(5)
    leaver, moderator = players[0], players[4]
    room = create_room(moderator)
    finished_match(players[:4], removed={0})
    with pytest.raises(refusals.Refused):
        room_life.sit(room.pk, leaver, 0)
    abandonment = Abandonment.objects.get(user=leaver)
    playban.forgive(abandonment.pk, moderator)
    room_life.sit(room.pk, leaver, 0)
    abandonment.refresh_from_db()
    assert (abandonment.forgiven, abandonment.forgiven_by) == (Abandonment.Forgiven.MODERATOR, moderator)
