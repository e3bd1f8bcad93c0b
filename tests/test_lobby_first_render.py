"""The lobby's first render is its live list: the page embeds the very rooms, seats
included, that its socket's first `rooms` message carries, so a full table reads 4/4
before the socket has said anything."""

import pytest
from channels.db import database_sync_to_async

from games.services import room_life
from tests.lobby import embedded_rooms, open_lobby
from tests.tables import create_room, make_players, start_match

pytestmark = pytest.mark.django_db(transaction=True)


def rooms_in_every_state() -> dict[str, str]:
    waiting_players = make_players(2, prefix="waiting")
    waiting = create_room(waiting_players[0])
    for seat, player in enumerate(waiting_players):
        room_life.sit(waiting.pk, player, seat)
    empty = create_room(waiting_players[0])
    playing = start_match("classic", turn_seconds=30)
    return {"waiting": waiting.pk, "empty": empty.pk, "playing": playing.room_id}


async def test_the_page_embeds_what_the_socket_sends_first(client, asgi_application):
    ids = await database_sync_to_async(rooms_in_every_state)()
    response = await database_sync_to_async(client.get)("/", HTTP_ACCEPT_LANGUAGE="en")
    page = embedded_rooms(response.content.decode())
    socket, first = await open_lobby(asgi_application)
    await socket.disconnect()

    assert page == first
    by_id = {room["id"]: room for room in page}
    seated = {name: 4 - by_id[room_id]["seats"].count(None) for name, room_id in ids.items()}
    assert seated == {"waiting": 2, "empty": 0, "playing": 4}
    assert by_id[ids["playing"]]["status"] == "playing"
    assert all(room["listed"] for room in page)
