"""Staff create events too, but at most EVENTS_STAFF_PER_HOUR in an hour each: the next is
refused (429 from the page) until the hour has gone by."""

from datetime import timedelta

import pytest
from django.utils import timezone

from events import services
from events.models import Event
from games.services.refusals import Refused
from tests.event_tables import staff

pytestmark = [pytest.mark.django_db, pytest.mark.embedded]


def create(director):
    return services.create_event(director, name="Hourly", format="swiss", variant="classic", target=31,
                                 deals=1, rounds=1, turn_seconds=30, max_pairs=8, private=False,
                                 starts_at=timezone.now() + timedelta(hours=1))


def test_staff_create_at_most_their_hourly_budget(client, settings):
    assert settings.EVENTS_STAFF_PER_HOUR == 20
    director, other = staff("hourly"), staff("another")
    for _ in range(20):
        create(director)
    with pytest.raises(Refused) as refused:
        create(director)
    assert refused.value.code == "too_many_events"
    client.force_login(director)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    response = client.post("/events/new/", {
        "name": "One more", "format": "swiss", "variant": "classic", "target": 41, "deals": 1, "rounds": 1,
        "turn_seconds": 30, "max_pairs": 8,
        "starts_at": (timezone.now() + timedelta(hours=1)).strftime("%Y-%m-%dT%H:%M")})
    assert response.status_code == 429 and "20 events in the last hour" in response.content.decode()
    create(other)  # each their own budget
    Event.objects.filter(owner=director).update(created_at=timezone.now() - timedelta(minutes=61))
    create(director)  # an hour later, created again
