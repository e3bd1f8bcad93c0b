"""The tables in play: four protocol clients a table (tests/protocol_client.py), two seats
on each daphne, playing random legal moves; a client whose socket closes reconnects, to
the other daphne if its own is gone. Every act sent is kept, with whether it came back
acknowledged or refused, for the audit.

As static/js/room.js does, a seat says `here` every HERE_EVERY s while its table is not
playing (at once when a match ends): a rematch starts only with every seated person here
and gives the others' seats up (docs/leavers.md). A seat asks for the rematch
REMATCH_AFTER s after it saw the match end, as a person would, once the others said `here`."""

from __future__ import annotations

import asyncio
import contextlib
import random
import time
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from tests.protocol_client import HttpSession, TableClient, create_room

# room.js: `here` every 15 s while seated before a match; a person's rematch a moment after the end.
HERE_EVERY = 15.0
REMATCH_AFTER = 1.0


@dataclass
class Act:
    """One act a seat sent: the move `action` on match `match_id` at version `v`."""

    table: int
    seat: int
    match_id: int
    v: int
    action: dict[str, Any]
    sent: float
    acked: bool = False
    refused: bool = False


@dataclass
class Seat:
    """One player of a table, on daphne `server`; `client` is None while its socket is down."""

    table: int
    number: int
    room_id: str
    session: HttpSession
    server: int
    client: TableClient | None = None
    dropped_at: float | None = None
    connected_at: float = 0.0
    reconnects: list[float] = field(default_factory=list)
    pending: Act | None = None
    acted_on: set[tuple[int, int]] = field(default_factory=set)
    rematched: set[int] = field(default_factory=set)
    last_sent: str = ""
    # When `here` was last sent (room.js starts counting when its page loads), and when
    # each finished match was first seen.
    last_here: float = 0.0
    finished_at: dict[int, float] = field(default_factory=dict)


class Play:
    """Every seat of every table, playing random legal moves while `acting` is on; with it
    off they only read, so the turn waiting on them falls overdue."""

    def __init__(self, bases: list[str], seed: int) -> None:
        self.bases = bases
        self.rng = random.Random(seed)
        self.seats: list[Seat] = []
        self.acts: list[Act] = []
        self.acting = True
        self.stopping = False
        # table -> (match id, v) of the newest state any of its seats got, and when
        self.newest: dict[int, tuple[tuple[int, int], float]] = {}
        self.tasks: list[asyncio.Task[None]] = []

    async def start(self, sessions: list[HttpSession], tables: int, turn_seconds: int) -> None:
        owners = [sessions[4 * t] for t in range(tables)]
        rooms = await asyncio.to_thread(lambda: [
            create_room(owner, f"faults {uuid.uuid4().hex[:4]}", "classic", 31, turn_seconds)
            for owner in owners])
        for t, room_id in enumerate(rooms):
            for n in range(4):
                # Two seats of each table on each daphne.
                self.seats.append(Seat(t, n, room_id, sessions[4 * t + n], server=n // 2))
        for seat in self.seats:
            await self.connect(seat)
            assert seat.client is not None
            await seat.client.sit(seat.number)
        self.tasks = [asyncio.create_task(self.run(seat)) for seat in self.seats]

    async def stop(self) -> None:
        self.stopping = True
        await asyncio.gather(*self.tasks, return_exceptions=True)
        for seat in self.seats:
            if seat.client is not None:
                with contextlib.suppress(Exception):
                    await seat.client.close()

    async def connect(self, seat: Seat) -> bool:
        """Its own daphne first, then the other; False when neither took the socket."""
        order = [seat.server] + [n for n in range(len(self.bases)) if n != seat.server]
        for n in order:
            name = f"t{seat.table}s{seat.number}"
            client = TableClient(self.bases[n], seat.room_id, seat.session, name=name)
            client.keep_messages = False
            try:
                await asyncio.wait_for(client.connect(), 5)
            except Exception:  # refused, reset, timed out, a 5xx handshake: try the next one
                with contextlib.suppress(Exception):
                    await client.close()
                continue
            seat.client, seat.server = client, n
            seat.connected_at = seat.last_here = time.monotonic()
            if seat.dropped_at is not None:
                seat.reconnects.append(time.monotonic() - seat.dropped_at)
                seat.dropped_at = None
            # What was sent on the old socket and never acknowledged is resent if still due.
            seat.acted_on.clear()
            seat.pending = None
            return True
        return False

    async def run(self, seat: Seat) -> None:
        while not self.stopping:
            client = seat.client
            if client is None:
                if not await self.connect(seat):
                    await asyncio.sleep(0.2)
                continue
            self.observe(seat)
            errors = len(client.errors)
            try:
                await client.next_message(timeout=0.3)
            except TimeoutError:
                continue
            except Exception:  # the socket closed (a killed daphne, a lost channel layer)
                seat.client = None
                seat.dropped_at = time.monotonic()
                continue
            if len(client.errors) > errors and seat.pending is not None and seat.last_sent == "act":
                # Its act was refused, even if a state of a later version came first (the
                # timer played that turn a moment before).
                seat.pending.refused = True

    def observe(self, seat: Seat) -> None:
        assert seat.client is not None
        state = seat.client.state
        if state is None or state["match"] is None:
            return
        match = state["match"]
        key = (match["id"], state["v"])
        now = time.monotonic()
        if seat.table not in self.newest or key > self.newest[seat.table][0]:
            self.newest[seat.table] = (key, now)
        pending = seat.pending
        if pending is not None and pending.match_id == key[0] and key[1] > pending.v and not pending.refused:
            pending.acked = True
        if state["you"]["seat"] is not None and state["room"]["status"] != "playing" \
                and now - seat.last_here > HERE_EVERY:
            seat.last_here = now
            asyncio.get_running_loop().create_task(self.send(seat, {"type": "here"}))
        if not self.acting or (pending is not None and not pending.acked and not pending.refused):
            return
        if state["legal"] and key not in seat.acted_on:
            seat.acted_on.add(key)
            action = self.rng.choice(state["legal"])
            seat.pending = Act(seat.table, seat.number, key[0], key[1], action, now)
            self.acts.append(seat.pending)
            message = {"type": "act", "action": action, "v": key[1]}
            asyncio.get_running_loop().create_task(self.send(seat, message))
        elif match["phase"] == "finished" and match["id"] not in seat.rematched \
                and now - seat.finished_at.setdefault(match["id"], now) >= REMATCH_AFTER:
            seat.rematched.add(match["id"])
            asyncio.get_running_loop().create_task(self.send(seat, {"type": "rematch"}))

    async def send(self, seat: Seat, message: dict[str, Any]) -> None:
        seat.last_sent = message["type"]
        with contextlib.suppress(Exception):  # a closed socket shows up in run()
            if seat.client is not None:
                await seat.client.send(message)

    def tables(self) -> list[int]:
        return sorted({seat.table for seat in self.seats})

    def rooms(self) -> list[str]:
        return sorted({seat.room_id for seat in self.seats})

    async def until(self, condition: Callable[[], bool], timeout: float, what: str) -> float:
        """Seconds until `condition()` holds (checked every 50 ms); raises after `timeout`."""
        started = time.monotonic()
        while not condition():
            if time.monotonic() - started > timeout:
                raise TimeoutError(f"{what}: not within {timeout:.0f} s")
            await asyncio.sleep(0.05)
        return time.monotonic() - started

    def all_moved_since(self, moment: float) -> bool:
        return all(t in self.newest and self.newest[t][1] > moment for t in self.tables())

    def all_connected(self) -> bool:
        return all(seat.client is not None for seat in self.seats)
