"""A socket that missed a broadcast (channels_redis delivers at most once) and acts on
an old state is told `stale` and sent the current state; one that holds the current
state is only told `stale`."""

import asyncio
import threading

import pytest

from games.services import published
from tests.tables import receive, seated_table

pytestmark = pytest.mark.django_db(transaction=True)


async def test_a_socket_that_missed_a_state_is_resynced(asgi_application, monkeypatch):
    _room, sockets, states = await seated_table(asgi_application)
    to_act = states[0]["match"]["to_act"]
    v = states[to_act]["v"]
    lost = []
    committed = threading.Event()

    def lose(messages: list) -> None:
        lost.append(messages)
        committed.set()

    monkeypatch.setattr(published, "publish_many", lose)
    await sockets[to_act].send_json_to({"type": "act", "action": states[to_act]["legal"][0], "v": v})
    # Sockets act concurrently in scaled mode: the follower waits for the move to commit.
    assert await asyncio.to_thread(committed.wait, 10)
    follower = sockets[(to_act + 1) % 4]
    # The move's broadcast is lost: every socket still holds v. The follower acts on it.
    await follower.send_json_to({"type": "act", "action": {"type": "pass"}, "v": v})
    assert (await receive(follower, "error"))["code"] == "stale"
    fresh = await receive(follower)
    assert fresh["v"] == v + 1 and lost
    # Now it holds the current state: another stale act gets the error alone.
    await follower.send_json_to({"type": "act", "action": {"type": "pass"}, "v": v})
    assert (await receive(follower, "error"))["code"] == "stale"
    await follower.send_json_to({"type": "dance"})
    assert (await receive(follower, "error"))["code"] == "unknown_type"
    for socket in sockets:
        await socket.disconnect()
