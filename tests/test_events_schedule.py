"""Beat's sweep (events.services.advance) starts each event when its time comes and not
before, cancels one with fewer than two pairs, and starts the next round only after the
pause once every table of a round is over."""

from datetime import timedelta

import pytest
from django.utils import timezone

from events import services, tasks
from events.models import Event, Round
from games.models import Match
from games.services import room_life
from tests.event_tables import event_with_pairs, staff
from tests.tables import make_players

pytestmark = pytest.mark.django_db


def test_an_event_starts_at_its_time_and_not_before():
    event, _ = event_with_pairs(2, deals=1, prefix="due")
    later, _ = event_with_pairs(2, deals=1, prefix="later")
    Event.objects.filter(pk=later.pk).update(starts_at=timezone.now() + timedelta(minutes=5))
    assert tasks.advance() == 1
    assert Event.objects.get(pk=event.pk).status == Event.Status.RUNNING
    assert Event.objects.get(pk=later.pk).status == Event.Status.REGISTRATION
    assert tasks.advance() == 0  # its round is being played: nothing to do


def test_an_event_with_one_pair_is_cancelled():
    event = services.create_event(staff("lonely-director"), name="Lonely", format="swiss", variant="classic",
                                  target=31, deals=1, rounds=1, turn_seconds=30,
                                  starts_at=timezone.now() + timedelta(minutes=1), max_pairs=4, private=False)
    [player] = make_players(1, prefix="lonely")
    services.register(event.pk, player)
    Event.objects.filter(pk=event.pk).update(starts_at=timezone.now())
    services.advance()
    assert Event.objects.get(pk=event.pk).status == Event.Status.CANCELLED


def test_the_next_round_waits_for_every_table_and_then_the_pause(settings):
    settings.EVENT_ROUND_PAUSE_SECONDS = 30
    event, _ = event_with_pairs(4, format="swiss", rounds=2, prefix="pace")
    services.advance()
    first, second = Match.objects.filter(event_table__round__event=event).order_by("pk")
    room_life.close_room(first.room_id)
    assert not services.step(event.pk)  # one table still plays
    room_life.close_room(second.room_id)
    tasks.check_round(Round.objects.get(event=event).pk)  # what a table's end sends
    assert Round.objects.get(event=event).status == Round.Status.DONE
    assert not services.step(event.pk)  # the pause
    Round.objects.filter(event=event).update(finished_at=timezone.now() - timedelta(seconds=31))
    assert services.step(event.pk)
    assert Round.objects.filter(event=event).count() == 2


def test_an_event_with_no_pairing_left_ends_early(settings):
    settings.EVENT_ROUND_PAUSE_SECONDS = 0
    event, _ = event_with_pairs(2, format="swiss", rounds=1, prefix="early")
    Event.objects.filter(pk=event.pk).update(rounds=2)  # more than two pairs allow
    services.step(event.pk)
    room_life.close_room(Match.objects.get(event_table__round__event=event).room_id)
    services.step(event.pk)  # round 1 over
    services.step(event.pk)  # round 2 cannot be paired: the event ends with one round
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED and event.round_set.count() == 1
