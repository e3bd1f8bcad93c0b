"""Rooms that are over leave the lobby, on its page and live on its socket: a closed room,
and one whose match ended with every seat still taken (nobody can join; a rematch brings
it back as being played) or with every seat empty. One whose players left a seat free
for a rematch stays, to be joined."""

import pytest
from channels.db import database_sync_to_async

from games.models import Seat
from games.services import room_life
from tests.lobby import embedded_rooms, open_lobby, room_news
from tests.tables import create_room, make_players, play_until, start_match

pytestmark = pytest.mark.django_db(transaction=True)


def listed_ids(client) -> set[str]:
    return {room["id"] for room in embedded_rooms(client.get("/").content.decode())}


def test_rooms_that_are_over_are_not_listed(client):
    full = play_until(start_match("classic", turn_seconds=30), "finished")
    emptied = play_until(start_match("classic", turn_seconds=30), "finished")
    Seat.objects.filter(room_id=emptied.room_id).delete()
    half = play_until(start_match("classic", turn_seconds=30), "finished")
    for seat in half.players.filter(seat__in=(2, 3)):
        room_life.stand(half.room_id, seat.user)
    (owner,) = make_players(1, prefix="owner")
    closed = create_room(owner)
    room_life.close_room(closed.pk)

    listed = listed_ids(client)

    assert full.room_id not in listed
    assert emptied.room_id not in listed
    assert closed.pk not in listed
    assert half.room_id in listed, "two players wait for two more to play again"


async def test_the_socket_drops_a_finished_room_and_brings_back_its_rematch(asgi_application):
    match = await database_sync_to_async(start_match)("classic", 30)
    socket, first = await open_lobby(asgi_application)
    assert match.room_id in {room["id"] for room in first}

    await database_sync_to_async(play_until)(match, "finished")
    # Until "over": the sits' "waiting" news, published before the socket connected, may
    # still arrive after it (seen in scaled mode under load).
    gone = await room_news(socket, match.room_id, until=lambda room: room["status"] == "over")
    assert (gone["status"], gone["listed"]) == ("over", False)

    player = await database_sync_to_async(lambda: match.players.get(seat=0).user)()
    await database_sync_to_async(room_life.rematch)(match.room_id, player)
    back = await room_news(socket, match.room_id, until=lambda room: room["status"] == "playing")
    assert (back["status"], back["listed"]) == ("playing", True)
    await socket.disconnect()


async def test_the_socket_drops_a_closed_room(asgi_application):
    (owner,) = await database_sync_to_async(make_players)(1)
    room = await database_sync_to_async(create_room)(owner)
    socket, first = await open_lobby(asgi_application)
    assert room.pk in {listed["id"] for listed in first}

    await database_sync_to_async(room_life.close_room)(room.pk)
    gone = await room_news(socket, room.pk, until=lambda room: room["closed"])
    assert (gone["closed"], gone["listed"]) == (True, False)
    await socket.disconnect()
