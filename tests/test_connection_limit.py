"""A peer that opens connections faster than its budget has them closed as they are
accepted, before any HTTP is read; other peers are served."""

import socket
from urllib.parse import urlsplit

import pytest

from tests.conftest import serve_site

pytestmark = pytest.mark.django_db(transaction=True)


def get(base: str, source: str = "127.0.0.1") -> bytes:
    """The first bytes of the answer to GET /nowhere/ on a new connection from `source`."""
    parts = urlsplit(base)
    with socket.create_connection((parts.hostname, parts.port), 5, source_address=(source, 0)) as conn:
        conn.sendall(f"GET /nowhere/ HTTP/1.1\r\nHost: {parts.netloc}\r\nConnection: close\r\n\r\n".encode())
        try:
            return conn.recv(64)
        except ConnectionResetError:
            return b""


def test_connections_beyond_the_budget_are_closed_unread():
    # Starting the server uses one connection (the probe that it listens).
    with serve_site("site-connections", CONNECTION_BURST="4", CONNECTIONS_PER_SECOND="0.001") as base:
        answers = [get(base) for _ in range(4)]
        other_peer = get(base, source="127.0.0.2")
    assert all(answer.startswith(b"HTTP/1.1 404") for answer in answers[:3]), answers
    assert answers[3] == b""
    assert other_peer.startswith(b"HTTP/1.1 404")
