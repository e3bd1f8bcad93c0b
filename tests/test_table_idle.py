"""A table socket stays open while players think (regression: in scaled mode Redis's 5 s
read timeout closed every socket idle that long)."""

import asyncio

import pytest
from channels.db import database_sync_to_async

from tests.tables import create_room, make_players, open_socket, receive

pytestmark = pytest.mark.django_db(transaction=True)


async def test_an_idle_socket_stays_open(asgi_application):
    players = await database_sync_to_async(make_players)(1)
    room = await database_sync_to_async(create_room)(players[0])
    socket = await open_socket(asgi_application, room.pk, players[0])
    await receive(socket)
    await asyncio.sleep(7)
    # Still open: the first thing it gets after the wait is the answer to a sit, no close.
    await socket.send_json_to({"type": "sit", "seat": 0})
    assert (await receive(socket))["you"] == {"seat": 0}
    await socket.disconnect()
