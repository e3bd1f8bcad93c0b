"""A new password (changed, or reset by a link) ends every other session at its next
request; the account's open sockets are closed at once too (4011, reconnecting), so a
socket opened with an old session (a stolen one, say) does not keep acting for the
account: it comes back logged out, and a page whose session is still good (the browser
that changed it) comes back as itself."""

import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from tests.tables import HOST, ORIGIN, make_players, session_cookie

pytestmark = pytest.mark.django_db(transaction=True)


async def _lobby(application, cookie: bytes) -> WebsocketCommunicator:
    socket = WebsocketCommunicator(application, "/ws/lobby/", headers=[HOST, ORIGIN, (b"cookie", cookie)])
    connected, _ = await socket.connect(timeout=10)
    assert connected
    assert (await socket.receive_json_from(timeout=10))["type"] == "rooms"
    return socket


def _new_password(user) -> None:
    user.set_password("a-brand-new-secret-5")
    user.save()


async def test_a_new_password_closes_the_accounts_sockets(asgi_application):
    [player] = await database_sync_to_async(make_players)(1, prefix="pw-")
    old_cookie = await database_sync_to_async(session_cookie)(player)
    socket = await _lobby(asgi_application, old_cookie)
    await database_sync_to_async(_new_password)(player)
    while (output := await socket.receive_output(timeout=5))["type"] != "websocket.close":
        pass
    assert output["code"] == 4011
