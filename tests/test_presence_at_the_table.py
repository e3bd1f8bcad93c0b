"""Everyone at a table sees at once whose page is closed: when a seated player's last socket
closes the others get `presence` with that seat false, and true again as soon as the
player's page opens; a socket that opens while someone is away hears it first thing."""

import pytest
from channels.db import database_sync_to_async

from tests.tables import open_socket, receive, seated_table

pytestmark = pytest.mark.django_db(transaction=True)


async def test_the_table_sees_a_player_leave_and_come_back(asgi_application):
    room, sockets, _states = await seated_table(asgi_application)
    seats = await database_sync_to_async(lambda: list(room.seats.select_related("user")))()
    players = [seat.user for seat in seats]
    await sockets[2].disconnect()
    gone = await receive(sockets[0], "presence")
    assert gone["seats"] == {"0": True, "1": True, "2": False, "3": True}

    spectator = await open_socket(asgi_application, room.pk)
    await receive(spectator)
    assert (await receive(spectator, "presence"))["seats"]["2"] is False

    back = await open_socket(asgi_application, room.pk, players[2])
    await receive(back)
    assert (await receive(sockets[0], "presence"))["seats"] == {"0": True, "1": True, "2": True, "3": True}
    for socket in (*sockets[:2], sockets[3], spectator, back):
        await socket.disconnect()
