"""A player who reloads, drops, or opens a second tab comes back to the same state."""

import pytest
from channels.db import database_sync_to_async

from tests.tables import current_match, open_socket, receive, seated_table

pytestmark = pytest.mark.django_db(transaction=True)


async def test_a_reconnect_mid_hand_gets_the_same_state(asgi_application):
    room, sockets, states = await seated_table(asgi_application)
    # A few moves into the hand.
    for _ in range(6):
        seat = states[0]["match"]["to_act"]
        await sockets[seat].send_json_to(
            {"type": "act", "action": states[seat]["legal"][0], "v": states[seat]["v"]})
        for n, socket in enumerate(sockets):
            states[n] = await receive(socket)

    dropped = 2
    player = await database_sync_to_async(lambda: current_match(room.pk).players.get(seat=dropped).user)()
    await sockets[dropped].disconnect()
    again = await open_socket(asgi_application, room.pk, player)
    second_tab = await open_socket(asgi_application, room.pk, player)
    for socket in (again, second_tab):
        state = await receive(socket)
        assert state == states[dropped]
        assert state["you"] == {"seat": dropped}
    match = await database_sync_to_async(current_match)(room.pk)
    assert match.version == states[0]["v"]
    deals = await database_sync_to_async(match.events.filter(action__type="deal").count)()
    assert deals == 1
    for socket in [*sockets[:dropped], *sockets[dropped + 1:], again, second_tab]:
        await socket.disconnect()
