"""A flooding socket is refused cheaply, changes nothing, and is closed if it keeps on;
the other players at the table are not affected."""

import channels.auth
import pytest
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator

from games import consumers
from games.consumers import CLOSE_TOO_MANY
from tarneeb import handshake
from tarneeb.ratelimit import RecentBuckets, SharedBuckets
from tests.tables import HOST, ORIGIN, current_match, receive, seated_table

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def own_buckets(monkeypatch):
    """This module's tests spend users' and addresses' budgets: theirs, gone after them."""
    monkeypatch.setattr(consumers, "_shared", SharedBuckets())
    monkeypatch.setattr(consumers, "_connects", RecentBuckets())
    monkeypatch.setattr(handshake, "_handshakes", RecentBuckets())


@pytest.fixture
def tight_limits(settings):
    # No refill within a test: what the socket may send is exactly its burst.
    settings.SOCKET_MESSAGE_BURST = 5
    settings.SOCKET_MESSAGES_PER_SECOND = 0.001
    settings.SOCKET_REFUSAL_BURST = 10
    settings.USER_MESSAGE_BURST = 8
    settings.USER_MESSAGES_PER_SECOND = 0.001


async def test_a_flood_is_refused_then_closed_and_changes_nothing(asgi_application, tight_limits):
    room, sockets, states = await seated_table(asgi_application)
    # seated_table spent 1 of each socket's 5 messages on `sit`.
    to_act = states[0]["match"]["to_act"]
    flooder = sockets[(to_act + 1) % 4]
    before = await database_sync_to_async(lambda: current_match(room.pk).version)()

    for _ in range(4):
        await flooder.send_json_to({"type": "dance"})
        assert (await receive(flooder, "error"))["code"] == "unknown_type"
    for _ in range(10):
        await flooder.send_json_to({"type": "dance"})
        assert (await receive(flooder, "error"))["code"] == "rate_limited"
    await flooder.send_json_to({"type": "dance"})
    assert await flooder.receive_output(timeout=5) == {"type": "websocket.close", "code": CLOSE_TOO_MANY}

    assert await database_sync_to_async(lambda: current_match(room.pk).version)() == before
    # The seat to act still plays.
    player = sockets[to_act]
    await player.send_json_to({"type": "act", "action": states[to_act]["legal"][0], "v": states[to_act]["v"]})
    assert (await receive(player))["v"] == before + 1
    for socket in sockets:
        await socket.disconnect()


async def test_a_users_sockets_share_one_budget(asgi_application, tight_limits):
    room, sockets, states = await seated_table(asgi_application)
    to_act = states[0]["match"]["to_act"]
    user = await database_sync_to_async(
        lambda: current_match(room.pk).players.get(seat=to_act).user)()
    from tests.tables import open_socket

    tabs = [await open_socket(asgi_application, room.pk, user) for _ in range(2)]
    for tab in tabs:
        await receive(tab)
    # The user's bucket holds 8: `sit` took one, so 7 more over all their sockets.
    answers = []
    for n in range(10):
        tab = tabs[n % 2]
        await tab.send_json_to({"type": "dance"})
        answers.append((await receive(tab, "error"))["code"])
    assert answers == ["unknown_type"] * 7 + ["rate_limited"] * 3
    for socket in [*sockets, *tabs]:
        await socket.disconnect()


async def test_the_lobby_refuses_what_it_is_sent_and_closes_a_flood(asgi_application, tight_limits):
    lobby = WebsocketCommunicator(asgi_application, "/ws/lobby/", headers=[HOST, ORIGIN])
    assert (await lobby.connect(timeout=10))[0]
    await receive(lobby, "rooms")
    for _ in range(5):
        await lobby.send_to(text_data='{"type": "sit"}')
        assert (await receive(lobby, "error"))["code"] == "unknown_type"
    for _ in range(10):
        await lobby.send_to(text_data='{"type": "sit"}')
        assert (await receive(lobby, "error"))["code"] == "rate_limited"
    await lobby.send_to(text_data='{"type": "sit"}')
    assert await lobby.receive_output(timeout=5) == {"type": "websocket.close", "code": CLOSE_TOO_MANY}


async def test_a_client_that_keeps_reconnecting_is_closed_at_once(asgi_application, settings):
    settings.SOCKET_CONNECT_BURST = 3
    settings.SOCKET_CONNECTS_PER_SECOND = 0.001
    sockets = []
    for _ in range(3):
        lobby = WebsocketCommunicator(asgi_application, "/ws/lobby/", headers=[HOST, ORIGIN])
        assert (await lobby.connect(timeout=10))[0]
        await receive(lobby, "rooms")
        sockets.append(lobby)
    refused = WebsocketCommunicator(asgi_application, "/ws/lobby/", headers=[HOST, ORIGIN])
    assert (await refused.connect(timeout=10))[0]
    assert await refused.receive_output(timeout=5) == {"type": "websocket.close", "code": CLOSE_TOO_MANY}
    for lobby in sockets:
        await lobby.disconnect()


async def test_one_addresss_users_share_its_budget(asgi_application, settings):
    settings.ADDRESS_MESSAGE_BURST = 4 + 6  # the four `sit`s, then six more
    settings.ADDRESS_MESSAGES_PER_SECOND = 0.001
    _room, sockets, _states = await seated_table(asgi_application)
    answers = []
    for n in range(8):
        socket = sockets[n % 2]  # two players, one address
        await socket.send_json_to({"type": "dance"})
        answers.append((await receive(socket, "error"))["code"])
    assert answers == ["unknown_type"] * 6 + ["rate_limited"] * 2
    for socket in sockets:
        await socket.disconnect()


async def test_an_address_that_keeps_reconnecting_is_closed_before_its_session_is_read(
        asgi_application, settings, monkeypatch):
    settings.ADDRESS_CONNECT_BURST = 2
    settings.ADDRESS_CONNECTS_PER_SECOND = 0.001
    sessions_read = []
    real_get_user = channels.auth.get_user

    async def counting_get_user(scope):
        sessions_read.append(scope["path"])
        return await real_get_user(scope)

    monkeypatch.setattr(channels.auth, "get_user", counting_get_user)
    for _ in range(2):
        lobby = WebsocketCommunicator(asgi_application, "/ws/lobby/", headers=[HOST, ORIGIN])
        assert (await lobby.connect(timeout=10))[0]
        await receive(lobby, "rooms")
        await lobby.disconnect()
    assert len(sessions_read) == 2
    refused = WebsocketCommunicator(asgi_application, "/ws/lobby/", headers=[HOST, ORIGIN])
    assert (await refused.connect(timeout=10))[0]
    assert await refused.receive_output(timeout=5) == {"type": "websocket.close", "code": CLOSE_TOO_MANY}
    assert len(sessions_read) == 2
