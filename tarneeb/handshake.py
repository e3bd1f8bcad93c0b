"""Websocket handshakes end in close codes, never in HTTP errors.

A browser's script never sees the HTTP status of a refused handshake, only close code
1006; daphne answers a close sent before the accept with HTTP 403 and an exception
during the handshake with HTTP 500. So a refusal is sent as an accept followed at once
by the close with its 4xxx code (docs/protocol.md lists them), and an unknown path gets
4404 instead of channels' "No route found" exception.
"""

import logging
from typing import Any

from django.conf import settings
from django.urls import URLPattern, re_path

from tarneeb.addresses import scope_client_address
from tarneeb.ratelimit import RecentBuckets

Scope = dict[str, Any]
Receive = Any
Send = Any

NOT_FOUND = 4404
# A refusal that names no code of its own: the ASGI spec ignores the code of a close
# sent before the accept, so some consumers send none.
REFUSED = 4403
INTERNAL_ERROR = 1011
TOO_MANY = 4429

log = logging.getLogger("tarneeb")


async def not_found(scope: Scope, receive: Receive, send: Send) -> None:
    if (await receive())["type"] == "websocket.connect":
        await send({"type": "websocket.close", "code": NOT_FOUND})


def with_not_found(patterns: list[Any]) -> list[Any]:
    """`patterns` and then a route that matches every other path and closes with 4404."""
    catch_all: URLPattern = re_path(r"", not_found)  # type: ignore[arg-type]  # an ASGI app, as Channels routes
    return [*patterns, catch_all]


class CloseCodesOnly:
    """Wraps a websocket application so its handshake refusals and errors reach the
    client as close codes: accept, then close."""

    def __init__(self, application: Any):
        self.application = application

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        accepted = closed = False

        async def send_as_close_codes(message: dict[str, Any]) -> None:
            nonlocal accepted, closed
            if message["type"] == "websocket.accept":
                accepted = True
            elif message["type"] == "websocket.close":
                if not accepted:
                    await send({"type": "websocket.accept"})
                    accepted = True
                    message = {**message, "code": message.get("code") or REFUSED}
                closed = True
            await send(message)

        try:
            await self.application(scope, receive, send_as_close_codes)
        except Exception:
            if accepted or closed:
                raise  # after the handshake the server's own 1011 is right
            log.exception("websocket handshake failed: %s", scope.get("path"))
            await send_as_close_codes({"type": "websocket.close", "code": INTERNAL_ERROR})


# Handshakes per client address, in this process.
_handshakes = RecentBuckets()


class HandshakesPerAddress:
    """Refuses (4429) an address's handshakes beyond its budget before the session is
    read, so a client that keeps reconnecting costs no database work."""

    def __init__(self, application: Any):
        self.application = application

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        limits = settings.ADDRESS_CONNECT_BURST, settings.ADDRESS_CONNECTS_PER_SECOND
        if _handshakes.take(scope_client_address(scope), *limits):
            await self.application(scope, receive, send)
        elif (await receive())["type"] == "websocket.connect":
            await send({"type": "websocket.close", "code": TOO_MANY})
