"""One live seat per player: while they play a match, Sit and Quick play elsewhere are
refused with the way back to that table; once it is over, they are free again."""

import pytest
from channels.db import database_sync_to_async

from games.models import Match
from games.services import room_life
from tests.tables import create_room, make_players, open_socket, play_until, receive, start_match

pytestmark = pytest.mark.django_db(transaction=True)


async def test_sit_elsewhere_is_refused_with_the_way_back(asgi_application):
    match = await database_sync_to_async(start_match)("classic", 30)
    player = await database_sync_to_async(lambda: match.players.get(seat=2).user)()
    other = await database_sync_to_async(create_room)((await database_sync_to_async(make_players)(1))[0])
    socket = await open_socket(asgi_application, other.pk, player)
    await receive(socket)
    await socket.send_json_to({"type": "sit", "seat": 1})
    refusal = await receive(socket, "error")
    assert refusal["code"] == "seated_elsewhere"
    assert refusal["url"] == f"/rooms/{match.room_id}/"
    # Over: the same socket sits.
    await database_sync_to_async(play_until)(match, "finished")
    await socket.send_json_to({"type": "sit", "seat": 1})
    assert (await receive(socket))["room"]["seats"][1]["username"] == player.username
    await socket.disconnect()


def test_quick_play_takes_a_playing_player_back_to_their_table(client):
    match = start_match("forty_one", 30)
    client.force_login(match.players.get(seat=0).user)
    response = client.post("/rooms/quick/")
    assert response.status_code == 302 and response["Location"] == f"/rooms/{match.room_id}/"
    assert Match.objects.count() == 1


def test_a_removed_player_is_free_to_sit_elsewhere():
    match = start_match("classic", 30)
    removed = match.players.get(seat=1).user
    match.seating[1]["removed"] = True
    match.save(update_fields=["seating"])
    other = create_room(make_players(1, prefix="host")[0])
    room_life.sit(other.pk, removed, 0)
    assert other.seats.get(number=0).user == removed
