"""Input that once closed the socket with 1011 is answered with an error instead."""

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from games.consumers import CLOSE_NO_ROOM
from tests.tables import HOST, ORIGIN, create_room, make_players, receive

pytestmark = pytest.mark.django_db(transaction=True)


async def spectator(application, room_id):
    socket = WebsocketCommunicator(application, f"/ws/rooms/{room_id}/", headers=[HOST, ORIGIN])
    assert (await socket.connect(timeout=10))[0]
    await receive(socket)
    return socket


@pytest.fixture
async def room():
    players = await database_sync_to_async(make_players)(1)
    return await database_sync_to_async(create_room)(players[0])


async def test_json_nested_too_deep_is_bad_json(asgi_application, room):
    socket = await spectator(asgi_application, room.pk)
    deep = "[" * 1000 + "]" * 1000
    assert len(deep) < 4096
    await socket.send_to(text_data=deep)
    assert (await receive(socket, "error"))["code"] == "bad_json"
    await socket.send_to(text_data='{"type": "dance"}')
    assert (await receive(socket, "error"))["code"] == "unknown_type"
    await socket.disconnect()


@pytest.mark.parametrize("kind", ["stand", "rematch", "back", "act", "sit"])
async def test_a_logged_out_seat_message_is_refused(asgi_application, room, kind):
    socket = await spectator(asgi_application, room.pk)
    await socket.send_json_to({"type": kind, "seat": 0})
    error = await receive(socket, "error")
    assert error["code"] in ("login_required", "not_seated")
    await socket.send_json_to({"type": "dance"})
    assert (await receive(socket, "error"))["code"] == "unknown_type"
    await socket.disconnect()


async def test_a_room_that_does_not_exist_closes_with_4404(asgi_application):
    socket = WebsocketCommunicator(asgi_application, "/ws/rooms/nosuchroom/", headers=[HOST, ORIGIN])
    connected, _ = await socket.connect(timeout=10)
    assert connected
    assert await socket.receive_output(timeout=5) == {"type": "websocket.close", "code": CLOSE_NO_ROOM}


@pytest.mark.parametrize("path", [
    "/ws/rooms/" + "x" * 120 + "/",
    "/ws/rooms/a%25b/",
    "/ws/rooms/غرفة/",
    "/ws/nowhere/",
])
async def test_a_room_id_no_room_can_have_closes_with_4404(asgi_application, path):
    socket = WebsocketCommunicator(asgi_application, path, headers=[HOST, ORIGIN])
    connected, _ = await socket.connect(timeout=10)
    assert connected
    assert await socket.receive_output(timeout=5) == {"type": "websocket.close", "code": CLOSE_NO_ROOM}
