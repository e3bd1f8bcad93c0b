"""A room's messages reach each server process once, however many of its sockets are at
the room there, and its players' sockets before its spectators' (games.relay)."""

import asyncio
import random

import pytest
from channels.layers import get_channel_layer

from games import groups
from games.relay import SLICE, Inbox, relays
from tarneeb.layers import InMemoryChannelLayer
from tests.socket_slots import a_network, open_socket
from tests.tables import receive, seated_table

pytestmark = pytest.mark.django_db(transaction=True)


async def test_players_hear_a_state_before_any_spectator() -> None:
    layer = InMemoryChannelLayer()
    heard: list[str] = []
    players = [Inbox() for _ in range(4)]
    spectators = [Inbox() for _ in range(3 * SLICE)]
    for inbox in players:
        inbox.first = True
    # Joined in an order that puts the players anywhere among the spectators.
    everyone = {f"spectator {n}": inbox for n, inbox in enumerate(spectators)} | {
        f"player {n}": inbox for n, inbox in enumerate(players)}
    joining = list(everyone.values())
    random.Random(32).shuffle(joining)
    for inbox in joining:
        await relays().join(layer, "room.relayed", inbox)

    async def listen(name: str, inbox: Inbox) -> None:
        assert (await inbox.get())["n"] == 1
        heard.append(name)

    listeners = [asyncio.create_task(listen(name, inbox)) for name, inbox in everyone.items()]
    await layer.group_send("room.relayed", {"type": "room.state", "n": 1})
    await asyncio.wait_for(asyncio.gather(*listeners), 10)

    assert sorted(heard[:4]) == [f"player {n}" for n in range(4)]
    assert len(heard) == len(everyone)
    assert len(layer.groups["room.relayed"]) == 1  # one delivery to this process
    for inbox in everyone.values():
        await relays().leave("room.relayed", inbox)
    assert "room.relayed" not in layer.groups
    assert "room.relayed" not in relays().relays


async def test_a_move_reaches_players_and_spectators_through_one_subscription(asgi_application, settings):
    settings.ROOM_SPECTATORS = 50
    room, players, states = await seated_table(asgi_application)
    path = f"/ws/rooms/{room.pk}/"
    spectators = [await open_socket(asgi_application, path, f"{a_network()}::1") for _ in range(30)]
    for socket in spectators:
        await receive(socket)
    relay = relays().relays[groups.room(room.pk)]
    assert len(relay.inboxes) == 34
    if isinstance(layer := get_channel_layer(), InMemoryChannelLayer):
        assert len(layer.groups[groups.room(room.pk)]) == 1

    seat = next(seat for seat, state in states.items() if state["legal"])
    await players[seat].send_json_to({"type": "act", "action": states[seat]["legal"][0],
                                      "v": states[seat]["v"]})
    version = states[seat]["v"] + 1
    for socket in players:
        assert (await receive(socket))["v"] == version
    for socket in spectators:
        state = await receive(socket)
        assert state["v"] == version and state["you"]["seat"] is None and state["match"]["hand"] == []

    for socket in [*players, *spectators]:
        await socket.disconnect()
    assert groups.room(room.pk) not in relays().relays
