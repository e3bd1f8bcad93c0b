"""A room's sockets hear it through one subscription per server process: its players'
at once, the crowd's after them (games.relay)."""

import asyncio

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from games import groups
from games.relay import PLAYERS_FIRST_SECONDS, SLICE, Inbox, relays
from tarneeb.layers import InMemoryChannelLayer
from tests.relay_inboxes import drained, state
from tests.socket_slots import a_network, open_socket
from tests.tables import make_players, receive, seated_table
from tests.tables import open_socket as open_logged_in


async def heard(group: str, count: int) -> None:
    """Until the relay of `group` has heard `count` messages (well before the crowd's turn)."""
    while relays().relays[group].heard < count:
        await asyncio.sleep(0)


async def test_a_player_hears_a_state_before_any_of_the_crowd() -> None:
    layer = InMemoryChannelLayer()
    heard: list[str] = []
    player = Inbox("7")
    await relays().join(layer, "room.relayed", player)
    crowd = [Inbox(None if n % 2 else str(100 + n)) for n in range(3 * SLICE)]
    for inbox in crowd:
        await relays().join(layer, "room.relayed", inbox)

    async def play() -> None:
        assert (await player.get())["n"] == 1
        heard.append("player")

    crowd_heard_at: list[float] = []

    async def watch(n: int, inbox: Inbox) -> None:
        assert (await inbox.get())["n"] == 1
        crowd_heard_at.append(asyncio.get_running_loop().time())
        heard.append(f"spectator {n}")

    listeners = [asyncio.create_task(watch(n, inbox)) for n, inbox in enumerate(crowd)]
    listeners.append(asyncio.create_task(play()))
    sent_at = asyncio.get_running_loop().time()
    await layer.group_send("room.relayed", state(1, "7"))
    await asyncio.wait_for(asyncio.gather(*listeners), 10)

    assert heard[0] == "player" and len(heard) == 1 + len(crowd)
    # The players' sockets have that long to write their states out first.
    assert min(crowd_heard_at) - sent_at >= PLAYERS_FIRST_SECONDS
    assert len(layer.groups["room.relayed"]) == 1  # the relay's channel alone
    for inbox in crowd:
        await relays().leave("room.relayed", inbox)
    # With no crowd left, nothing waits for its turn.
    await layer.group_send("room.relayed", state(2, "7"))
    assert (await asyncio.wait_for(player.get(), 10))["n"] == 2
    assert not relays().relays["room.relayed"].pending
    await relays().leave("room.relayed", player)
    assert "room.relayed" not in layer.groups
    assert "room.relayed" not in relays().relays


async def test_one_who_sits_is_given_what_the_crowd_was_owed_first_and_nothing_twice() -> None:
    layer = InMemoryChannelLayer()
    sitter, spectator = Inbox("9"), Inbox(None)
    for inbox in (sitter, spectator):
        await relays().join(layer, "room.sitting", inbox)
    # Before the crowd's turn: a state, a chat line, then the state that seats "9".
    await layer.group_send("room.sitting", state(1, "5"))
    await layer.group_send("room.sitting", {"type": "room.chat", "n": 2})
    await layer.group_send("room.sitting", state(3, "5", "9"))
    await heard("room.sitting", 3)
    assert [sitter.get_nowait()["n"] for _ in range(sitter.qsize())] == [1, 2, 3]
    await layer.group_send("room.sitting", {"type": "room.chat", "n": 4})
    await heard("room.sitting", 4)
    assert sitter.get_nowait()["n"] == 4  # a player now: at once
    # Standing up again: back in the crowd's turn, still once each, in order.
    await layer.group_send("room.sitting", state(5, "5"))
    await layer.group_send("room.sitting", {"type": "room.chat", "n": 6})
    assert await drained(sitter) == [5, 6]
    assert await drained(spectator) == [1, 2, 3, 4, 5, 6]
    for inbox in (sitter, spectator):
        await relays().leave("room.sitting", inbox)


async def test_a_socket_is_not_given_what_the_room_heard_before_it_joined() -> None:
    layer = InMemoryChannelLayer()
    # A spectator already there: state 1 still waits for the crowd's turn when `late` joins.
    first, watching, late = Inbox("1"), Inbox(None), Inbox(None)
    await relays().join(layer, "room.late", first)
    await relays().join(layer, "room.late", watching)
    await layer.group_send("room.late", state(1, "1"))
    await heard("room.late", 1)
    await relays().join(layer, "room.late", late)  # it reads the room's state itself
    await layer.group_send("room.late", state(2, "1"))
    assert await drained(first) == [1, 2]
    assert await drained(watching) == [1, 2]
    assert await drained(late) == [2]
    for inbox in (first, watching, late):
        await relays().leave("room.late", inbox)


async def test_an_inbox_that_falls_behind_loses_messages_not_the_relay() -> None:
    layer = InMemoryChannelLayer()
    stuck, reading = Inbox(), Inbox()
    await relays().join(layer, "room.slow", stuck)
    await relays().join(layer, "room.slow", reading)
    for n in range(stuck.maxsize + 5):
        await layer.group_send("room.slow", {"type": "room.state", "n": n, "seats": {}})
        assert (await asyncio.wait_for(reading.get(), 5))["n"] == n
    assert stuck.full() and stuck.overflowed
    await relays().leave("room.slow", stuck)
    await relays().leave("room.slow", reading)


@pytest.mark.django_db(transaction=True)
async def test_a_move_reaches_players_and_the_crowd_through_one_subscription(asgi_application, settings):
    settings.ROOM_SPECTATORS = 50
    room, players, states = await seated_table(asgi_application)
    path = f"/ws/rooms/{room.pk}/"
    people = await database_sync_to_async(make_players)(5, prefix="watching")
    # Logged out and logged in alike: a person who has no seat is in the crowd.
    spectators = [*[await open_socket(asgi_application, path, f"{a_network()}::1") for _ in range(25)],
                  *[await open_logged_in(asgi_application, room.pk, person) for person in people]]
    for socket in spectators:
        await receive(socket)
    relay = relays().relays[groups.room(room.pk)]
    assert len(relay.inboxes) == 34
    if isinstance(layer := get_channel_layer(), InMemoryChannelLayer):
        assert len(layer.groups[groups.room(room.pk)]) == 1  # the relay's channel alone

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
    assert len(relay.inboxes) == 4
    await players[seat].send_json_to({"type": "sync"})
    assert (await receive(players[seat]))["v"] == version  # the players' sockets are unaffected
    for socket in players:
        await socket.disconnect()
    assert groups.room(room.pk) not in relays().relays
