"""A client address holds at most ADDRESS_SOCKETS websockets open at once, however slowly
it opens them; an IPv6 /64 is one address. The next socket is sent `too_many_sockets`
and closed with 4409; closing one gives its slot back."""

import pytest

from tests.socket_slots import (
    a_network,
    assert_refused,
    no_slots_left_over,  # noqa: F401 - an autouse fixture
    open_socket,
)
from tests.tables import receive

pytestmark = pytest.mark.django_db(transaction=True)


async def test_an_address_beyond_its_open_sockets_is_refused_until_one_closes(asgi_application, settings):
    settings.ADDRESS_SOCKETS = 3
    network = a_network()
    held = [await open_socket(asgi_application, "/ws/lobby/", f"{network}::{n + 1}") for n in range(3)]
    for socket in held:
        await receive(socket, "rooms")

    # Another address of the same /64: the same subscriber.
    refused = await open_socket(asgi_application, "/ws/lobby/", f"{network}:ffff::9")
    await assert_refused(refused, "too_many_sockets")
    other = await open_socket(asgi_application, "/ws/lobby/", f"{a_network()}::1")
    await receive(other, "rooms")

    await held[0].disconnect()
    again = await open_socket(asgi_application, "/ws/lobby/", f"{network}::4")
    await receive(again, "rooms")
    for socket in [*held[1:], other, again]:
        await socket.disconnect()

