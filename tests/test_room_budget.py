"""One account cannot flood the lobby: rooms opened at once and per hour are capped (the
form answers 429 and says why), and the lobby lists rooms where someone sits before empty
ones, so any number of empty rooms never hides a table with people waiting."""

import pytest
from django.test import Client

from games.models import Room
from games.services import published, refusals, room_life
from tests.tables import create_room, make_players

pytestmark = pytest.mark.django_db(transaction=True)


def test_open_rooms_are_capped_and_the_form_says_so(settings):
    settings.ROOMS_OPEN_PER_USER = 3
    (owner,) = make_players(1)
    for _ in range(3):
        create_room(owner)
    with pytest.raises(refusals.Refused) as refused:
        create_room(owner)
    assert refused.value.code == "too_many_rooms"
    client = Client(HTTP_ACCEPT_LANGUAGE="en")
    client.force_login(owner)
    page = client.post("/rooms/new/", {"name": "one more", "variant": "classic", "target": 31,
                                       "turn_seconds": 30})
    assert page.status_code == 429 and "open rooms" in page.content.decode()
    assert Room.objects.filter(owner=owner).count() == 3


def test_rooms_opened_an_hour_are_capped(settings):
    settings.ROOMS_OPEN_PER_USER = 100
    settings.ROOMS_PER_HOUR = 5
    (owner,) = make_players(1)
    for _ in range(5):
        create_room(owner)
    with pytest.raises(refusals.Refused) as refused:
        create_room(owner)
    assert refused.value.code == "rooms_too_fast"


def test_empty_rooms_never_push_a_table_with_people_out_of_the_lobby():
    host, *flooders = make_players(21)
    waiting = create_room(host)
    room_life.sit(waiting.pk, host, 0)
    for flooder in flooders:  # 60 empty rooms, all newer
        for _ in range(3):
            create_room(flooder)
    listed = [room["id"] for room in published.lobby_rooms(limit=50)]
    assert listed[0] == waiting.pk and len(listed) == 50
