"""Every per-address socket budget counts an IPv6 /64 as one address, as the login
throttle does: one subscriber holds a whole /64, and a new address from it per socket
must not buy a new budget."""

import pytest

from games import consumers
from games.consumers import CLOSE_TOO_MANY
from tarneeb import handshake
from tarneeb.addresses import address_key, scope_client_address
from tarneeb.ratelimit import RecentBuckets, SharedBuckets
from tests.socket_slots import (
    a_network,
    no_slots_left_over,  # noqa: F401 - an autouse fixture
    open_socket,
)
from tests.tables import receive

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def own_buckets(monkeypatch):
    monkeypatch.setattr(consumers, "_shared", SharedBuckets())
    monkeypatch.setattr(consumers, "_connects", RecentBuckets())
    monkeypatch.setattr(handshake, "_handshakes", RecentBuckets())


def test_an_ipv6_address_counts_as_its_64(settings):
    assert address_key("2001:db8:1:2:aaaa::1") == "2001:db8:1:2::/64"
    assert address_key("[2001:DB8:1:2:bbbb::7]:443") == "2001:db8:1:2::/64"
    assert address_key("203.0.113.7") == "203.0.113.7"
    assert address_key("::ffff:203.0.113.7") == "203.0.113.7"
    settings.TRUSTED_PROXIES = ["10.0.0.2"]
    scope = {"client": ["10.0.0.2", 1], "headers": [(b"x-forwarded-for", b"2001:db8:1:2:cccc::3")]}
    assert scope_client_address(scope) == "2001:db8:1:2::/64"


async def test_handshakes_from_one_64_share_its_budget(asgi_application, settings):
    settings.ADDRESS_CONNECT_BURST = 2
    settings.ADDRESS_CONNECTS_PER_SECOND = 0.001
    network = a_network()
    for n in range(2):
        lobby = await open_socket(asgi_application, "/ws/lobby/", f"{network}:{n + 1}::1")
        await receive(lobby, "rooms")
        await lobby.disconnect()
    refused = await open_socket(asgi_application, "/ws/lobby/", f"{network}:9::1")
    assert await refused.receive_output(timeout=10) == {"type": "websocket.close", "code": CLOSE_TOO_MANY}


async def test_messages_from_one_64_share_its_budget(asgi_application, settings):
    settings.ADDRESS_MESSAGE_BURST = 4
    settings.ADDRESS_MESSAGES_PER_SECOND = 0.001
    network = a_network()
    sockets = [await open_socket(asgi_application, "/ws/lobby/", f"{network}:{n + 1}::1") for n in range(2)]
    for socket in sockets:
        await receive(socket, "rooms")
    answers = []
    for n in range(6):
        await sockets[n % 2].send_json_to({"type": "sit"})
        answers.append((await receive(sockets[n % 2], "error"))["code"])
    assert answers == ["unknown_type"] * 4 + ["rate_limited"] * 2
    for socket in sockets:
        await socket.disconnect()
