"""An event's table page links back to its event instead of the lobby, and its room says
it is arranged, so the table offers no rematch after its match (the server refuses one);
the event's status words read in the reader's language."""

import pytest

from events import services
from events.models import Table
from games.models import Room
from games.services import published
from tests.event_tables import PASS, event_with_pairs, play_deal

pytestmark = [pytest.mark.django_db, pytest.mark.embedded]


def test_an_event_table_links_to_its_event_and_offers_no_rematch(client, django_capture_on_commit_callbacks):
    event, _ = event_with_pairs(2, deals=1, prefix="tp")
    services.step(event.pk)
    table = Table.objects.get(round__event=event)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    page = client.get(f"/rooms/{table.room_id}/").content.decode()
    link = f'<a id="room-home" href="/events/{event.pk}/" dir="auto">Back to the event {event.name}</a>'
    assert link in page
    assert "Back to the lobby" not in page
    room = Room.objects.get(pk=table.room_id)
    assert published.room_summary(room, [], table.match)["arranged"] is True

    play_deal(table.match, [PASS] * 4)
    with django_capture_on_commit_callbacks(execute=True):
        services.step(event.pk)
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "ar"
    assert "العودة إلى البطولة" in client.get(f"/rooms/{table.room_id}/").content.decode()
    event_page = client.get(f"/events/{event.pk}/").content.decode()
    assert "<strong>انتهت</strong>" in event_page and ">finished<" not in event_page


def test_any_other_room_links_to_the_lobby(client):
    players = event_with_pairs(2, deals=1, prefix="or")[1]
    client.force_login(players[0])
    client.defaults["HTTP_ACCEPT_LANGUAGE"] = "en"
    room = Room.objects.create(owner=players[0], name="Evening table")
    page = client.get(f"/rooms/{room.pk}/").content.decode()
    assert "Back to the lobby" in page and "room-home" not in page
    assert published.room_summary(room, [], None)["arranged"] is False
