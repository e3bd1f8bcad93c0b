"""A websocket is accepted only from the site's own origin, port included, or from one of
CSRF_TRUSTED_ORIGINS; any other is closed with 4403 before the session is read."""

from typing import Any

import pytest
from channels.testing import WebsocketCommunicator

from tarneeb.origins import origin_allowed

pytestmark = pytest.mark.django_db(transaction=True)


def scope(origin: str | None, host: str | None = "localhost:8000", scheme: str = "ws",
          **headers: str) -> dict[str, Any]:
    pairs = [(b"origin", origin), (b"host", host)] + [
        (name.replace("_", "-").encode(), value) for name, value in headers.items()]
    return {"type": "websocket", "scheme": scheme,
            "headers": [(name, value.encode()) for name, value in pairs if value is not None]}


async def handshake(application: Any, origin: str, host: str = "localhost:8000") -> tuple[bool, Any]:
    """(accepted, the first message or the close code)."""
    socket = WebsocketCommunicator(application, "/ws/lobby/",
                                   headers=[(b"host", host.encode()), (b"origin", origin.encode())])
    assert (await socket.connect(timeout=10))[0], "refusals are sent as accept, then close"
    first = await socket.receive_output(timeout=5)
    if first["type"] == "websocket.close":
        return False, first["code"]
    await socket.disconnect()
    return True, first


async def test_the_same_host_on_another_port_is_refused_with_4403(asgi_application):
    assert await handshake(asgi_application, "http://localhost:9999") == (False, 4403)


async def test_the_sites_own_origin_is_accepted(asgi_application):
    accepted, first = await handshake(asgi_application, "http://localhost:8000")
    assert accepted and '"rooms"' in first["text"]


async def test_a_csrf_trusted_origin_is_accepted(asgi_application, settings):
    settings.CSRF_TRUSTED_ORIGINS = ["https://play.example"]
    assert (await handshake(asgi_application, "https://play.example"))[0]
    assert await handshake(asgi_application, "https://play.example:8443") == (False, 4403)


def test_the_port_is_part_of_the_origin():
    assert origin_allowed(scope("http://localhost:8000"))
    assert not origin_allowed(scope("http://localhost:9999"))
    assert not origin_allowed(scope("http://localhost"))
    assert origin_allowed(scope("http://localhost", host="localhost"))
    assert not origin_allowed(scope("http://localhost:80", host="localhost"))  # as Django's CSRF


def test_a_socket_without_one_origin_is_refused():
    assert not origin_allowed(scope(None))
    assert not origin_allowed(scope("null"))
    both = scope("http://localhost:8000")
    both["headers"].append((b"origin", b"http://localhost:9999"))
    assert not origin_allowed(both)


def test_the_host_must_be_an_allowed_host():
    # DNS rebinding: evil.example resolving to this machine sends Host evil.example.
    assert not origin_allowed(scope("http://evil.example:8000", host="evil.example:8000"))
    assert not origin_allowed(scope("http://localhost:8000", host=None))


def test_the_scheme_is_the_sockets_own(settings):
    assert not origin_allowed(scope("https://localhost:8000"))
    assert origin_allowed(scope("https://localhost:8000", scheme="wss"))
    assert not origin_allowed(scope("http://localhost:8000", scheme="wss"))
    # X-Forwarded-Proto counts only as far as SECURE_PROXY_SSL_HEADER trusts it.
    behind_proxy = scope("https://localhost:8000", x_forwarded_proto="https")
    settings.SECURE_PROXY_SSL_HEADER = None
    assert not origin_allowed(behind_proxy)
    settings.SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
    assert origin_allowed(behind_proxy)


def test_trusted_origins_follow_djangos_csrf(settings):
    settings.CSRF_TRUSTED_ORIGINS = ["https://play.example", "https://*.tarneeb.example"]
    assert origin_allowed(scope("https://play.example"))
    assert not origin_allowed(scope("http://play.example"))
    assert origin_allowed(scope("https://eu.tarneeb.example"))
    assert origin_allowed(scope("https://tarneeb.example"))
    assert not origin_allowed(scope("http://eu.tarneeb.example"))
    assert not origin_allowed(scope("https://eu.tarneeb.example:444"))
    assert not origin_allowed(scope("https://tarneeb.example.evil"))
