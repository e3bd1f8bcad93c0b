"""The "here" of a process's sockets is written together, about once a second: a burst of
them is one database call, not one each on the threads the moves wait for, and a closed
socket's "here" never lands after its going."""

import asyncio
from collections.abc import Collection
from datetime import timedelta

import pytest
from django.utils import timezone

from games import here_batch
from games.models import Seat
from games.services import room_life
from tests.tables import create_room, make_players

Pair = tuple[str, int]


async def test_a_burst_of_here_is_one_write(monkeypatch):
    monkeypatch.setattr(here_batch, "WRITE_SECONDS", 0.05)
    writes: list[set[Pair]] = []

    async def write(heard: Collection[Pair]) -> None:
        writes.append(set(heard))

    batch = here_batch.HereBatch(write)
    for user_id in range(800):
        batch.add(f"room{user_id % 200}", user_id)
    await asyncio.sleep(0.2)
    assert len(writes) == 1 and len(writes[0]) == 800
    batch.add("room0", 0)  # after the write: the next one
    await asyncio.sleep(0.2)
    assert writes[1:] == [{("room0", 0)}]


async def test_a_closed_socket_waits_for_its_here_in_flight(monkeypatch):
    monkeypatch.setattr(here_batch, "WRITE_SECONDS", 0.01)
    written = asyncio.Event()
    release = asyncio.Event()
    order: list[str] = []

    async def write(heard: Collection[Pair]) -> None:
        written.set()
        await release.wait()
        order.append(f"here {sorted(heard)}")

    batch = here_batch.HereBatch(write)
    batch.add("room", 1)
    batch.add("room", 2)
    await written.wait()
    forgetting = asyncio.create_task(batch.forget("room", 1))
    await asyncio.sleep(0.05)
    assert not forgetting.done()  # its going must wait: the write holds its "here"
    release.set()
    await forgetting
    order.append("gone")
    assert order == ["here [('room', 1), ('room', 2)]", "gone"]

    batch.add("room", 3)
    await batch.forget("room", 3)  # not written yet: simply dropped
    await asyncio.sleep(0.05)
    assert order[-1] == "gone"


@pytest.mark.django_db
def test_here_all_keeps_each_seat_present(monkeypatch):
    told: list[str] = []
    monkeypatch.setattr(room_life.published, "publish_presence", told.append)
    players = make_players(3, prefix="herebatch")
    rooms = [create_room(player) for player in players]
    long_ago = timezone.now() - timedelta(minutes=5)
    for number, (room, player) in enumerate(zip(rooms, players, strict=True)):
        Seat.objects.create(room=room, user=player, number=0,
                            here_until=long_ago if number == 0 else timezone.now() + timedelta(seconds=5))
    room_life.here_all([(room.pk, player.pk) for room, player in zip(rooms[:2], players[:2], strict=True)])
    soon = timezone.now() + timedelta(seconds=30)
    present = dict(Seat.objects.values_list("user_id", "here_until"))
    assert present[players[0].pk] > soon and present[players[1].pk] > soon
    assert present[players[2].pk] < soon  # not heard: unchanged
    assert told == [rooms[0].pk]  # back after being away: that table hears it at once
