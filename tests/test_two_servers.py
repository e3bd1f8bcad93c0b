"""A whole match in scaled mode, from outside: two daphne processes on two ports (two
players on each), PostgreSQL, channels_redis and a separate Celery worker process,
driven by tests/protocol_client.py, which knows only docs/protocol.md."""

import asyncio
import time
import uuid
from typing import Any

import pytest

from tests.cards import cards_in, visible_cards
from tests.conftest import start_server
from tests.processes import free_port, stop_process
from tests.protocol_client import TableClient, create_room, quick_classic_policy, signup, wait_healthy

pytestmark = [pytest.mark.scaled, pytest.mark.django_db(transaction=True)]

OVERALL_SECONDS = 240  # a stuck match ends the test before pytest-timeout's 300 s


async def play_to_the_end(client: TableClient) -> dict[str, Any]:
    """Act whenever the latest state offers legal actions, until the match is finished."""
    acted_on: tuple[int, int] | None = None
    while True:
        state = client.state
        assert state is not None
        match = state["match"]
        if match is not None and match["phase"] == "finished":
            return state
        if state["legal"]:
            assert match["to_act"] == state["you"]["seat"], "legal actions on a seat not to act"
            if (match["id"], state["v"]) != acted_on:
                acted_on = (match["id"], state["v"])
                await client.act(quick_classic_policy(state), state["v"])
        await client.next_message(timeout=30)


def versions(client: TableClient) -> list[tuple[int, int]]:
    """The (match id, v) of every state this socket got once the match was on, repeats
    of the same version (sits, resends) folded."""
    seen: list[tuple[int, int]] = []
    for message in client.messages:
        if message["type"] == "state" and message["match"] is not None:
            key = (message["match"]["id"], message["v"])
            if not seen or seen[-1] != key:
                seen.append(key)
    return seen


async def whole_match(bases: list[str]) -> list[TableClient]:
    tag = uuid.uuid4().hex[:6]
    sessions = await asyncio.gather(*(
        asyncio.to_thread(signup, bases[seat // 2], f"scaled-{tag}-{seat}") for seat in range(4)))
    room_id = await asyncio.to_thread(create_room, sessions[0], "two servers", "classic", 31, 120)
    clients = [TableClient(bases[seat // 2], room_id, sessions[seat], name=f"seat{seat}")
               for seat in range(4)]
    for client in clients:
        first = await client.connect()
        assert first["v"] == 0 and first["match"] is None and first["you"]["seat"] is None
        assert first["room"]["id"] == room_id and first["room"]["target"] == 31
    for seat, client in enumerate(clients):
        await client.sit(seat)
        await client.wait_state(lambda s, seat=seat: s["you"]["seat"] == seat)
    finals = await asyncio.gather(*(play_to_the_end(client) for client in clients))
    for client in clients:
        await client.close()
    assert len({final["v"] for final in finals}) == 1, [final["v"] for final in finals]
    return clients


async def test_a_whole_match_across_two_daphne_processes(worker):
    ports = [free_port(), free_port()]
    servers = [start_server(port, "two-servers", NEXT_HAND_SECONDS="0.2") for port in ports]
    bases = [f"http://127.0.0.1:{port}" for port in ports]
    started = time.monotonic()
    try:
        for base in bases:
            health = await asyncio.to_thread(wait_healthy, base, 60)
            assert health["mode"] == "scaled"
        clients = await asyncio.wait_for(whole_match(bases), OVERALL_SECONDS)
    finally:
        for server in servers:
            stop_process(server)
    elapsed = time.monotonic() - started

    sequences = [versions(client) for client in clients]
    assert all(sequence == sequences[0] for sequence in sequences), "sockets saw different versions"
    numbers = [v for _, v in sequences[0]]
    assert numbers == sorted(set(numbers)) and numbers[0] == 1, numbers
    for client in clients:
        assert client.errors == [], (client.name, client.errors)
        assert client.leaks == [], (client.name, client.leaks)
        for message in client.messages:
            assert cards_in(message) <= visible_cards(message.get("match")), message
            if message["type"] == "state" and message["match"] is not None:
                match = message["match"]
                assert message["you"]["seat"] == match["seat"]
                # A deadline while someone is to act; none between hands or after the match.
                assert (message["deadline"] is None) == (match["to_act"] is None), message
                assert bool(message["legal"]) == (match["to_act"] == match["seat"]), message
        final = client.state
        assert final is not None
        assert final["match"]["phase"] == "finished"
        assert final["match"]["winner"] in (0, 1)
        assert final["legal"] == [] and final["deadline"] is None
        assert final["room"]["status"] == "over"
    scores = clients[0].state["match"]["scores"]
    assert max(scores) >= 31
    hands = clients[0].state["match"]["hand_number"]
    print(f"\nwhole match over two daphne processes: {hands} hands, v={numbers[-1]}, "
          f"scores {scores}, {elapsed:.1f} s")
