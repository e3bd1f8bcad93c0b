"""Message sizes over a real server (`python -m tarneeb.server`, as `make run` starts it):
a message over the protocol's 4 KiB gets the `too_large` error and the socket stays open;
one over the server's 64 KiB cap closes that socket with 1009 (message too big), and the
server goes on serving everyone else."""

import asyncio
import json
from typing import Any

import pytest
from channels.db import database_sync_to_async
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed
from websockets.typing import Origin

from tests.tables import create_room, make_players

pytestmark = pytest.mark.django_db(transaction=True)


async def table_socket(base: str, room_id: str) -> ClientConnection:
    socket = await connect(f"{base.replace('http://', 'ws://')}/ws/rooms/{room_id}/", origin=Origin(base),
                           proxy=None, open_timeout=10, compression=None)
    assert json.loads(await asyncio.wait_for(socket.recv(), 10))["type"] == "state"
    return socket


async def next_message(socket: ClientConnection) -> dict[str, Any]:
    return json.loads(await asyncio.wait_for(socket.recv(), 10))


@pytest.fixture
async def room_id() -> str:
    owner = (await database_sync_to_async(make_players)(1, prefix="size"))[0]
    return (await database_sync_to_async(create_room)(owner)).pk


async def test_a_10_kib_message_gets_too_large_and_the_socket_stays_open(site, room_id):
    socket = await table_socket(site, room_id)
    await socket.send(json.dumps({"type": "act", "pad": "x" * 10 * 1024}))
    assert (await next_message(socket))["code"] == "too_large"
    await socket.send(json.dumps({"type": "dance"}))
    assert (await next_message(socket))["code"] == "unknown_type"
    await socket.close()


async def test_a_2_mib_message_is_closed_with_1009_and_others_are_served(site, room_id):
    bystander = await table_socket(site, room_id)
    sender = await table_socket(site, room_id)
    with pytest.raises(ConnectionClosed) as closed:
        await sender.send("x" * 2 * 1024 * 1024)
        await asyncio.wait_for(sender.recv(), 10)
    assert closed.value.rcvd is not None, "dropped without a close frame (1006)"
    assert closed.value.rcvd.code == 1009
    # The server, and the socket next to it, carry on.
    await bystander.send(json.dumps({"type": "dance"}))
    assert (await next_message(bystander))["code"] == "unknown_type"
    await bystander.close()
    newcomer = await table_socket(site, room_id)
    await newcomer.close()
