"""A room's logged-out spectators hear it through one subscription per server process,
after its players' sockets, which stay members of the room's group (games.relay)."""

import asyncio

import pytest
from channels.layers import get_channel_layer

from games import groups
from games.relay import PLAYERS_FIRST_SECONDS, SLICE, Inbox, relays
from tarneeb.layers import InMemoryChannelLayer
from tests.socket_slots import a_network, open_socket
from tests.tables import receive, seated_table


async def test_a_player_hears_a_state_before_any_of_the_crowd() -> None:
    layer = InMemoryChannelLayer()
    heard: list[str] = []
    player = await layer.new_channel()
    await layer.group_add("room.relayed", player)
    crowd = [Inbox() for _ in range(3 * SLICE)]
    for inbox in crowd:
        await relays().join(layer, "room.relayed", inbox)

    async def play() -> None:
        assert (await layer.receive(player))["n"] == 1
        heard.append("player")

    crowd_heard_at: list[float] = []

    async def watch(n: int, inbox: Inbox) -> None:
        assert (await inbox.get())["n"] == 1
        crowd_heard_at.append(asyncio.get_running_loop().time())
        heard.append(f"spectator {n}")

    listeners = [asyncio.create_task(watch(n, inbox)) for n, inbox in enumerate(crowd)]
    listeners.append(asyncio.create_task(play()))
    sent_at = asyncio.get_running_loop().time()
    await layer.group_send("room.relayed", {"type": "room.state", "n": 1})
    await asyncio.wait_for(asyncio.gather(*listeners), 10)

    assert heard[0] == "player" and len(heard) == 1 + len(crowd)
    # The players' sockets have that long to write their states out first.
    assert min(crowd_heard_at) - sent_at >= PLAYERS_FIRST_SECONDS
    assert len(layer.groups["room.relayed"]) == 2  # the player's channel and the relay's
    for inbox in crowd:
        await relays().leave("room.relayed", inbox)
    assert set(layer.groups["room.relayed"]) == {player}
    assert "room.relayed" not in relays().relays


async def test_an_inbox_that_falls_behind_loses_messages_not_the_relay() -> None:
    layer = InMemoryChannelLayer()
    stuck, reading = Inbox(), Inbox()
    await relays().join(layer, "room.slow", stuck)
    await relays().join(layer, "room.slow", reading)
    for n in range(stuck.maxsize + 5):
        await layer.group_send("room.slow", {"type": "room.state", "n": n})
        assert (await asyncio.wait_for(reading.get(), 5))["n"] == n
    assert stuck.full() and stuck.overflowed
    await relays().leave("room.slow", stuck)
    await relays().leave("room.slow", reading)


@pytest.mark.django_db(transaction=True)
async def test_a_move_reaches_players_directly_and_the_crowd_through_the_relay(asgi_application, settings):
    settings.ROOM_SPECTATORS = 50
    room, players, states = await seated_table(asgi_application)
    path = f"/ws/rooms/{room.pk}/"
    spectators = [await open_socket(asgi_application, path, f"{a_network()}::1") for _ in range(30)]
    for socket in spectators:
        await receive(socket)
    relay = relays().relays[groups.room(room.pk)]
    assert len(relay.inboxes) == 30
    if isinstance(layer := get_channel_layer(), InMemoryChannelLayer):
        assert len(layer.groups[groups.room(room.pk)]) == 5  # four players and one relay

    seat = next(seat for seat, state in states.items() if state["legal"])
    await players[seat].send_json_to({"type": "act", "action": states[seat]["legal"][0],
                                      "v": states[seat]["v"]})
    version = states[seat]["v"] + 1
    for socket in players:
        assert (await receive(socket))["v"] == version
    for socket in spectators:
        state = await receive(socket)
        assert state["v"] == version and state["you"]["seat"] is None and state["match"]["hand"] == []

    for socket in spectators:
        await socket.disconnect()
    assert groups.room(room.pk) not in relays().relays
    await players[seat].send_json_to({"type": "sync"})
    assert (await receive(players[seat]))["v"] == version  # the players' sockets are unaffected
    for socket in players:
        await socket.disconnect()
