"""In scaled mode the open-socket caps hold across every server process: the slots are in
Redis, renewed while their process lives, given back when a socket closes, and expire
SOCKET_SLOT_SECONDS after a process is killed without closing its sockets."""

import asyncio
import json
import time
from typing import Any

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed
from websockets.typing import Origin

from tarneeb.sockets import CLOSE_TOO_MANY_SOCKETS
from tests.conftest import start_server
from tests.processes import free_port, stop_process, wait_for_port
from tests.socket_slots import no_slots_left_over  # noqa: F401 - an autouse fixture

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.scaled]

SLOT_SECONDS = 6.0  # the check right after the kill has seconds to spare on a loaded machine


async def lobby(base: str) -> tuple[ClientConnection, dict[str, Any]]:
    """A lobby socket from 127.0.0.1 and its first message."""
    socket = await connect(base.replace("http://", "ws://") + "/ws/lobby/", origin=Origin(base),
                           proxy=None, open_timeout=30)
    return socket, json.loads(await asyncio.wait_for(socket.recv(), 30))


async def admitted(base: str) -> ClientConnection:
    socket = await let_in(base)
    assert socket is not None, "refused"
    return socket


async def let_in(base: str) -> ClientConnection | None:
    """A new socket if it is let in; None if it is refused for its address's open sockets."""
    socket, message = await lobby(base)
    if message["type"] == "rooms":
        return socket
    assert message["code"] == "too_many_sockets", message
    with pytest.raises(ConnectionClosed) as closed:
        await asyncio.wait_for(socket.recv(), 10)
    assert closed.value.rcvd is not None and closed.value.rcvd.code == CLOSE_TOO_MANY_SOCKETS
    return None


async def let_in_within(base: str, seconds: float) -> ClientConnection:
    deadline = time.monotonic() + seconds
    while (socket := await let_in(base)) is None:
        assert time.monotonic() < deadline, f"still refused after {seconds:g} s"
        await asyncio.sleep(0.1)
    return socket


async def test_the_cap_holds_across_servers_and_a_killed_servers_slots_expire():
    ports = [free_port(), free_port()]
    servers = [start_server(port, f"slots-{n}", EMBEDDED_WORKER="false", ADDRESS_SOCKETS="2",
                            SOCKET_SLOT_SECONDS=str(SLOT_SECONDS)) for n, port in enumerate(ports)]
    try:
        for port, server in zip(ports, servers, strict=True):
            wait_for_port(port, 45, server)
        first, second = (f"http://127.0.0.1:{port}" for port in ports)

        on_first = await admitted(first)
        on_second = await admitted(second)
        assert await let_in(first) is None
        # A client's close returns once the close frames have crossed, a moment before its
        # server gives the place back.
        await on_second.close()
        held = [on_first, await let_in_within(first, 10)]

        # Renewed while their process lives: still counted long after SLOT_SECONDS.
        await asyncio.sleep(1.5 * SLOT_SECONDS)
        assert await let_in(second) is None

        servers[0].kill()  # kill -9: its sockets never close in its own eyes
        servers[0].wait(10)
        assert await let_in(second) is None
        held.append(await let_in_within(second, SLOT_SECONDS + 10))
        for socket in held:
            await socket.close()
    finally:
        for server in servers:
            stop_process(server)
