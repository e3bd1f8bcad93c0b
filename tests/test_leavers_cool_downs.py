"""Each abandonment that counts brings a longer cool-down (15 minutes, 1 hour, 3 hours,
then 24 hours), and until it ends the player's `sit` and Quick play are refused with
`cooling_down`, saying why and until when; a minute after, they sit."""

from datetime import timedelta

import pytest
from django.utils import translation

from games.services import refusals, room_life
from playban.models import Abandonment
from tests.leavers import finished_match, time_passes
from tests.tables import create_room, make_players

pytestmark = pytest.mark.django_db(transaction=True)

MINUTE = timedelta(minutes=1)


def refusal(call):
    with pytest.raises(refusals.Refused) as refused:
        call()
    return refused.value


def test_cool_downs_grow_and_sitting_is_refused_until_each_ends():
    players = make_players(5)
    leaver, host = players[0], players[4]
    room = create_room(host)
    for length in (timedelta(minutes=15), timedelta(hours=1), timedelta(hours=3), timedelta(hours=24),
                   timedelta(hours=24)):
        finished_match(players[:4], removed={0})
        latest = Abandonment.objects.filter(user=leaver).latest("created_at")
        assert latest.until - latest.created_at == length
        time_passes(length - MINUTE)
        with translation.override("en"):
            refused = refusal(lambda: room_life.sit(room.pk, leaver, 0))
        assert refused.code == "cooling_down"
        latest.refresh_from_db()
        assert f"{latest.until:%H:%M} UTC" in refused.message and "moderator removed you" in refused.message
        assert refusal(lambda: room_life.quick_play(leaver)).code == "cooling_down"
        time_passes(2 * MINUTE)
        room_life.sit(room.pk, leaver, 0)
        room_life.stand(room.pk, leaver)
    assert Abandonment.objects.filter(user=leaver).count() == 5


def test_an_abandonment_stops_counting_after_30_days():
    players = make_players(4)
    finished_match(players, removed={0})
    time_passes(timedelta(days=30))
    finished_match(players, removed={0})
    latest = Abandonment.objects.filter(user=players[0]).latest("created_at")
    assert latest.until - latest.created_at == timedelta(minutes=15)
