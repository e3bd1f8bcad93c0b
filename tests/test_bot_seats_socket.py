"""`add_bot` and `remove_bot` over the table's socket: everyone sees the bot's seat with its
badge's level; a stranger gets a clear error, and the socket stays open."""

import pytest
from channels.db import database_sync_to_async

from games import bot_names
from games.models import Seat
from tests.tables import create_room, make_players, open_socket, receive

pytestmark = pytest.mark.django_db(transaction=True)


async def test_a_seated_player_seats_a_bot_and_a_stranger_is_refused(asgi_application):
    owner, stranger = await database_sync_to_async(make_players)(2)
    room = await database_sync_to_async(create_room)(owner)
    mine = await open_socket(asgi_application, room.pk, owner)
    theirs = await open_socket(asgi_application, room.pk, stranger)
    for socket in (mine, theirs):
        await receive(socket)
    await mine.send_json_to({"type": "sit", "seat": 0})
    for socket in (mine, theirs):
        await receive(socket)

    await mine.send_json_to({"type": "add_bot", "seat": 2, "level": "expert"})
    for socket in (mine, theirs):
        seats = (await receive(socket))["room"]["seats"]
        assert seats[2]["bot"] == "expert" and seats[0]["bot"] is None
        # Its name at the table, in both languages, the same on every socket (issue 27).
        name = await database_sync_to_async(lambda: Seat.objects.get(room=room, number=2).bot_name)()
        assert (seats[2]["name"], seats[0]["name"]) == (bot_names.in_languages(name), None)

    for message, code in (({"type": "add_bot", "seat": 1}, "not_seated"),
                          ({"type": "remove_bot", "seat": 2}, "not_seated")):
        await theirs.send_json_to(message)
        assert (await receive(theirs, "error"))["code"] == code
    await mine.send_json_to({"type": "add_bot", "seat": 1, "level": 7})
    assert (await receive(mine, "error"))["code"] == "bad_level"

    await mine.send_json_to({"type": "remove_bot", "seat": 2})
    for socket in (mine, theirs):
        assert (await receive(socket))["room"]["seats"][2] is None
    for socket in (mine, theirs):
        await socket.disconnect()
