"""`back` from a player who is not away changes nothing, so nobody is sent a state."""

import pytest

from tests.tables import receive, seated_table

pytestmark = pytest.mark.django_db(transaction=True)


async def test_back_when_not_away_sends_nothing_to_the_room(asgi_application):
    _room, sockets, states = await seated_table(asgi_application)
    to_act = states[0]["match"]["to_act"]
    idle = sockets[(to_act + 1) % 4]
    for _ in range(3):
        await idle.send_json_to({"type": "back"})
    # The next message everyone gets is the move's state, not a copy of the old one.
    await sockets[to_act].send_json_to(
        {"type": "act", "action": states[to_act]["legal"][0], "v": states[to_act]["v"]})
    for socket in sockets:
        assert (await receive(socket))["v"] == states[to_act]["v"] + 1
    for socket in sockets:
        await socket.disconnect()
