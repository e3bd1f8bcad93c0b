"""Helpers for the lobby's tests: its socket, and the rooms its page embeds."""

import json
import re
from collections.abc import Callable
from typing import Any

from channels.testing import WebsocketCommunicator

from tests.tables import HOST, ORIGIN

EMBEDDED = re.compile(r'<script id="lobby-rooms" type="application/json">(.*?)</script>', re.S)


def embedded_rooms(html: str) -> list[dict[str, Any]]:
    """The room objects the lobby page hands to lobby.js for its first drawing."""
    match = EMBEDDED.search(html)
    assert match, "the lobby page embeds its rooms"
    return json.loads(match.group(1))


async def open_lobby(application: Any) -> tuple[WebsocketCommunicator, list[dict[str, Any]]]:
    """A lobby socket and the rooms of its first message."""
    socket = WebsocketCommunicator(application, "/ws/lobby/", headers=[HOST, ORIGIN])
    connected, _ = await socket.connect(timeout=10)  # seconds on a loaded machine, not a limit
    assert connected
    first = await socket.receive_json_from(timeout=10)
    assert first["type"] == "rooms", first
    return socket, first["rooms"]


async def room_news(socket: WebsocketCommunicator, room_id: str, until: Callable[[dict[str, Any]], bool],
                    timeout: float = 10) -> dict[str, Any]:
    """The first `room` message about `room_id` for which `until` holds. Earlier news of it
    is skipped: publishing does not wait, so a change made before the socket connected may
    still arrive after it."""
    while True:
        message = await socket.receive_json_from(timeout=timeout)
        if message["type"] == "room" and message["room"]["id"] == room_id and until(message["room"]):
            return message["room"]
