"""A message a room's relay cannot read is logged and passed over: the room's sockets in
the process go on hearing the messages after it; a relay task that dies is logged."""

import asyncio
import logging

import pytest

from games.relay import Inbox, Relay, relays
from tarneeb.layers import InMemoryChannelLayer
from tests.relay_inboxes import drained, state


async def test_the_room_goes_on_after_a_message_the_relay_cannot_read(caplog: pytest.LogCaptureFixture):
    layer = InMemoryChannelLayer()
    player = Inbox("7")
    await relays().join(layer, "room.bad", player)
    with caplog.at_level(logging.ERROR, logger="games.relay"):
        await layer.group_send("room.bad", {"type": "room.state", "n": 1})  # no "seats"
        await layer.group_send("room.bad", state(2, "7"))
        assert await drained(player) == [2]
    assert [record.getMessage() for record in caplog.records if record.name == "games.relay"] == [
        "relay of room.bad: a message it could not pass on"]
    assert all(not task.done() for task in relays().relays["room.bad"].tasks)
    await relays().leave("room.bad", player)


async def test_a_relay_task_that_dies_says_so(monkeypatch, caplog):
    async def broken(self: Relay) -> None:
        raise RuntimeError("broken")

    monkeypatch.setattr(Relay, "serve_crowd", broken)
    inbox = Inbox(None)
    with caplog.at_level(logging.ERROR, logger="games.relay"):
        await relays().join(InMemoryChannelLayer(), "room.dies", inbox)
        await asyncio.sleep(0.01)
    assert [record.getMessage() for record in caplog.records if record.name == "games.relay"] == [
        "relay room.dies: crowd stopped: its sockets here hear nothing more"]
    await relays().leave("room.dies", inbox)
