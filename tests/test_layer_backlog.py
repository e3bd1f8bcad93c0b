"""A server process whose sockets fall behind loses none of their messages. channels_redis
counts its `capacity` per process, not per socket (one Redis key holds what waits for
every socket of a daphne), so at its default of 100 a connect storm of 800 sockets on two
daphne dropped dealt hands, and those tables waited for the turn timer."""

import asyncio

from channels.layers import get_channel_layer

ROOMS = 150  # one socket each, one state each: 150 waiting in one process


async def test_a_process_with_more_than_a_hundred_messages_waiting_delivers_every_one():
    layer = get_channel_layer()
    assert layer is not None
    sockets = [await layer.new_channel() for _ in range(ROOMS)]
    for n, socket in enumerate(sockets):
        await layer.group_add(f"room.backlog{n}", socket)
    for n in range(ROOMS):
        await layer.group_send(f"room.backlog{n}", {"type": "room.state", "n": n})

    for n, socket in enumerate(sockets):
        assert (await asyncio.wait_for(layer.receive(socket), 10))["n"] == n
