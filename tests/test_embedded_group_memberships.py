"""Embedded mode's channel layer keeps a group membership as long as its socket stays: a
room's relay joined once for all the room's sockets, and the lobby's sockets, still hear
their group a day later, and so does a player who connects to that room then."""

import asyncio
import time

import pytest

from games.relay import Inbox, relays
from tarneeb.layers import InMemoryChannelLayer
from tests.relay_inboxes import drained, state

A_DAY_LATER = 86400 + 60


@pytest.fixture
def a_day_later(monkeypatch: pytest.MonkeyPatch):
    """Moves the wall clock (which memberships are stamped with) on when called."""
    def move(layer: InMemoryChannelLayer) -> None:
        now = time.time
        monkeypatch.setattr(time, "time", lambda: now() + A_DAY_LATER)
        layer._swept_at = 0.0  # its once-a-second sweep is due
    return move


async def test_a_room_open_for_a_day_still_hears_its_group(a_day_later) -> None:
    layer = InMemoryChannelLayer()
    open_tab = Inbox(None)
    await relays().join(layer, "room.day", open_tab)
    a_day_later(layer)
    player = Inbox("7")
    await relays().join(layer, "room.day", player)
    await layer.group_send("room.day", state(1, "7"))
    assert await drained(player) == [1]
    assert await drained(open_tab) == [1]
    await relays().leave("room.day", open_tab)
    await relays().leave("room.day", player)


async def test_a_lobby_socket_open_for_a_day_still_hears_its_group(a_day_later) -> None:
    layer = InMemoryChannelLayer()
    channel = await layer.new_channel()
    await layer.group_add("lobby", channel)
    a_day_later(layer)
    await layer.group_send("lobby", {"type": "lobby.room", "n": 1})
    assert (await asyncio.wait_for(layer.receive(channel), 1))["n"] == 1
