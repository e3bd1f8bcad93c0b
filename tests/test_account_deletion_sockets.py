"""A deleted account's open pages end with it: its sockets, the lobby's and a table's,
are closed at once (left open, a table's socket still chatted and sat under its id)."""

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from accounts.deletion import delete_account
from tests.tables import HOST, ORIGIN, create_room, make_players, receive, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)


async def _socket(application, path: str, user) -> WebsocketCommunicator:
    cookie = await database_sync_to_async(session_cookie)(user)
    socket = WebsocketCommunicator(application, path, headers=[HOST, ORIGIN, (b"cookie", cookie)])
    connected, _ = await socket.connect(timeout=10)
    assert connected
    return socket


async def test_a_deleted_accounts_sockets_are_closed(asgi_application):
    leaving, owner = await database_sync_to_async(make_players)(2, prefix="gone-")
    room = await database_sync_to_async(create_room)(owner)
    lobby = await _socket(asgi_application, "/ws/lobby/", leaving)
    assert (await lobby.receive_json_from(timeout=10))["type"] == "rooms"
    table = await _socket(asgi_application, f"/ws/rooms/{room.pk}/", leaving)
    await receive(table)

    await database_sync_to_async(delete_account)(leaving)
    for socket in (lobby, table):
        while (output := await socket.receive_output(timeout=5))["type"] != "websocket.close":
            pass
        assert output["code"] == 4410
    await lobby.disconnect()
    await table.disconnect()
