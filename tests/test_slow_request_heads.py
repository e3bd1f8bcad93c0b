"""`python -m tarneeb.server` closes a connection whose request head is not whole
REQUEST_HEAD_SECONDS after it opened (a slow-loris sending a header line every 20 s held
its connection forever: Twisted times out only silence), and closes unread a peer's
connections beyond ADDRESS_UNFINISHED_CONNECTIONS still sending theirs. Other peers, a
keep-alive client and open websockets are served as before."""

import asyncio
import http.client
import json
import socket
import time
from urllib.parse import urlsplit

import pytest
from websockets.asyncio.client import connect
from websockets.typing import Origin

from tests.conftest import serve_site

pytestmark = pytest.mark.django_db(transaction=True)

DEADLINE = 2.0
LIMITS = {"REQUEST_HEAD_SECONDS": str(DEADLINE), "ADDRESS_UNFINISHED_CONNECTIONS": "3"}


def open_from(base: str, source: str) -> socket.socket:
    parts = urlsplit(base)
    return socket.create_connection((parts.hostname, parts.port), 5, source_address=(source, 0))


def closed(conn: socket.socket, wait: float) -> bool:
    """Whether the server closed `conn` (reading nothing) within `wait` seconds."""
    conn.settimeout(wait)
    try:
        return conn.recv(64) == b""
    except TimeoutError:
        return False
    except ConnectionResetError:
        return True


def start_head(conn: socket.socket) -> None:
    conn.sendall(b"GET /nowhere/ HTTP/1.1\r\nHost: 127.0.0.1\r\n")


def get(base: str, source: str) -> bytes:
    with open_from(base, source) as conn:
        conn.sendall(b"GET /nowhere/ HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        conn.settimeout(10)
        return conn.recv(64)


def test_a_slow_header_sender_is_cut_off_at_the_deadline():
    with serve_site("site-slow-heads", **LIMITS) as base, open_from(base, "127.0.0.21") as conn:
        start_head(conn)
        started = time.monotonic()
        while time.monotonic() - started < DEADLINE + 10:
            try:
                conn.sendall(b"X-Slow: a line at a time\r\n")  # never silent for long
            except OSError:
                break
            if closed(conn, 0.25):
                break
        else:
            pytest.fail("the slow header sender kept its connection")
        # Not before the deadline; after it, as soon as a loaded machine gets to it.
        assert DEADLINE - 0.5 < time.monotonic() - started < DEADLINE + 8


def test_an_address_with_too_many_unfinished_connections_is_refused():
    with serve_site("site-unfinished", **LIMITS) as base:
        slow = [open_from(base, "127.0.0.22") for _ in range(3)]
        for conn in slow:
            start_head(conn)
        time.sleep(0.3)  # all three accepted and waiting
        with open_from(base, "127.0.0.22") as refused:
            assert closed(refused, 2), "a fourth unfinished connection was accepted"
        assert get(base, "127.0.0.23").startswith(b"HTTP/1.1 404")
        # Cut off at the deadline, they are no longer counted.
        assert all(closed(conn, DEADLINE + 8) for conn in slow)
        assert get(base, "127.0.0.22").startswith(b"HTTP/1.1 404")
        for conn in slow:
            conn.close()


async def test_keep_alive_clients_and_websockets_are_unaffected():
    with serve_site("site-heads-normal", **LIMITS) as base:
        parts = urlsplit(base)
        client = http.client.HTTPConnection(parts.hostname or "", parts.port, timeout=10)
        for _ in range(2):  # one connection, a pause shorter than the deadline between
            client.request("GET", "/nowhere/")
            response = client.getresponse()
            response.read()
            assert response.status == 404 and not response.will_close
            await asyncio.sleep(DEADLINE / 2)
        client.close()

        url = base.replace("http://", "ws://") + "/ws/lobby/"
        async with connect(url, origin=Origin(base), proxy=None, open_timeout=10) as lobby:
            assert json.loads(await asyncio.wait_for(lobby.recv(), 10))["type"] == "rooms"
            await asyncio.sleep(DEADLINE + 1.5)
            await lobby.send(json.dumps({"type": "sit"}))
            assert json.loads(await asyncio.wait_for(lobby.recv(), 10))["code"] == "unknown_type"
