"""A room's socket reads its client, its own channel and its room's relay through one
queue, in the order the messages came (games.relay.dispatch_all)."""

import asyncio

import pytest

from games.relay import INBOX_CAPACITY, Inbox, dispatch_all, relays
from tarneeb.layers import InMemoryChannelLayer


class Stop(Exception):
    pass


async def test_every_source_is_dispatched_in_order_and_a_full_inbox_makes_sources_wait() -> None:
    inbox = Inbox()
    client: asyncio.Queue[dict] = asyncio.Queue()
    for n in range(INBOX_CAPACITY * 2):  # more than the inbox holds: none may be lost
        client.put_nowait({"type": "client", "n": n})
    client.put_nowait({"type": "stop"})
    channel: asyncio.Queue[dict] = asyncio.Queue()
    seen: list[tuple[str, int]] = []

    async def dispatch(message: dict) -> None:
        if message["type"] == "stop":
            raise Stop
        seen.append((message["type"], message["n"]))
        if len(seen) == 1:  # the relay and the channel add theirs meanwhile
            inbox.put_nowait({"type": "relay", "n": 0})
            channel.put_nowait({"type": "channel", "n": 0})
        await asyncio.sleep(0)

    with pytest.raises(Stop):
        await asyncio.wait_for(dispatch_all(inbox, [client.get, channel.get], dispatch), 10)
    assert [n for kind, n in seen if kind == "client"] == list(range(INBOX_CAPACITY * 2))
    assert ("relay", 0) in seen and ("channel", 0) in seen and not inbox.overflowed


async def test_a_source_that_fails_ends_the_socket_with_its_error() -> None:
    inbox = Inbox()
    idle: asyncio.Queue[dict] = asyncio.Queue()

    async def failing() -> dict:
        await asyncio.sleep(0.01)
        raise ConnectionError("Redis went away")

    async def dispatch(message: dict) -> None:
        raise AssertionError(f"nothing to dispatch: {message}")

    with pytest.raises(ConnectionError, match="Redis went away"):
        await asyncio.wait_for(dispatch_all(inbox, [idle.get, failing], dispatch), 10)


async def test_a_players_own_frames_leave_room_for_their_table_s_states() -> None:
    # A slow move while the client sends on: the frames read ahead wait, the state is kept.
    layer = InMemoryChannelLayer()
    inbox = Inbox("7")
    await relays().join(layer, "room.own", inbox)
    client: asyncio.Queue[dict] = asyncio.Queue()
    for n in range(INBOX_CAPACITY * 2):
        client.put_nowait({"type": "client", "n": n})
    client.put_nowait({"type": "stop"})
    idle: asyncio.Queue[dict] = asyncio.Queue()
    release = asyncio.Event()
    seen: list[tuple[str, int]] = []

    async def dispatch(message: dict) -> None:
        if message["type"] == "stop":
            raise Stop
        seen.append((message["type"], message["n"]))
        if len(seen) == 1:
            await release.wait()

    reading = asyncio.create_task(dispatch_all(inbox, [client.get, idle.get], dispatch))
    await asyncio.sleep(0.01)  # the pumps fill what they may
    await layer.group_send("room.own", {"type": "room.state", "n": 1, "seats": {"7": 0}})
    await asyncio.sleep(0.01)
    release.set()
    with pytest.raises(Stop):
        await asyncio.wait_for(reading, 10)
    await relays().leave("room.own", inbox)
    assert ("room.state", 1) in seen and not inbox.overflowed
    assert [n for kind, n in seen if kind == "client"] == list(range(INBOX_CAPACITY * 2))
