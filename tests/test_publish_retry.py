"""A publish that fails on a connection Redis closed (its first after a restart) is tried
again, so the state, the chat line or the ban it carries still arrives; one that times out
is not sent twice."""

import asyncio
import threading
from typing import Any

import pytest

from tarneeb import realtime


class FlakyLayer:
    """A channel layer whose first `failures` sends raise, as channels_redis does on a
    connection the server closed."""

    def __init__(self, failures: int) -> None:
        self.failures = failures
        self.sent: list[tuple[str, dict[str, Any]]] = []
        self.done = threading.Event()

    async def group_send(self, group: str, message: dict[str, Any]) -> None:
        if self.failures:
            self.failures -= 1
            raise ConnectionError("Connection closed by server.")
        self.sent.append((group, message))
        self.done.set()


@pytest.mark.parametrize("failures", [1, 2])
def test_a_send_that_failed_is_sent_again(monkeypatch, failures):
    layer = FlakyLayer(failures)
    monkeypatch.setattr(realtime, "get_channel_layer", lambda: layer)
    realtime.publish("user.7", {"type": "user.suspended", "until": None, "reason": "cheating"})
    assert layer.done.wait(5)
    assert layer.sent == [("user.7", {"type": "user.suspended", "until": None, "reason": "cheating"})]


def test_after_every_retry_failed_the_next_message_still_goes(monkeypatch, caplog):
    layer = FlakyLayer(len(realtime.RETRY_PAUSES) + 1)
    monkeypatch.setattr(realtime, "get_channel_layer", lambda: layer)
    realtime.publish_many([("room.a", {"type": "room.state"}), ("room.b", {"type": "room.state"})])
    assert layer.done.wait(5)
    assert layer.sent == [("room.b", {"type": "room.state"})]
    assert "publish to room.a failed; given up" in caplog.text


def test_a_send_that_timed_out_is_not_sent_twice(monkeypatch):
    calls: list[str] = []
    done = threading.Event()

    class SlowLayer:
        async def group_send(self, group: str, message: dict[str, Any]) -> None:
            calls.append(group)
            if group == "room.slow":
                await asyncio.sleep(1)
            done.set()

    monkeypatch.setattr(realtime, "SEND_TIMEOUT", 0.1)
    monkeypatch.setattr(realtime, "get_channel_layer", SlowLayer)
    realtime.publish_many([("room.slow", {"type": "x"}), ("room.next", {"type": "x"})])
    assert done.wait(5)
    assert calls == ["room.slow", "room.next"]
