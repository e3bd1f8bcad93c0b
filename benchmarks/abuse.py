"""Abuse scenarios against a running site, each printing its figures.

    python -m benchmarks.abuse seed-race [--minutes 10 --deals 100]
    python -m benchmarks.abuse flood [--sockets 20 --rate 1000]

seed-race: tables play while a logged-out visitor polls every table's public record
without pause; a record that shows the seed of a hand it does not also show finished is
a live seed. flood: paced tables are measured before, during and after `--sockets`
sockets send stale acts at `--rate` messages a second in all (reconnecting whenever the
server closes them); it prints the other tables' latency in each phase and how long the
flood's effect lasted after it stopped. Servers are started as by benchmarks.table_latency
(embedded by default), on loopback only; every loop is bounded in time.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import math
import multiprocessing
import random
import statistics
import time
import uuid
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidHandshake

from benchmarks.table_latency import Servers, cpu_seconds, pool_map, sign_up_players
from games.engine import ends_hand
from tests.protocol_client import HttpSession, TableClient, create_room

# Each table's players connect from a loopback address of their own (127.0.1.<table>),
# as a household would; the attacker floods from another, having sat down from a third.
ATTACKER, ATTACKER_SEATED = "127.0.0.3", "127.0.0.4"


def household(table: int) -> str:
    return f"127.0.1.{table + 1}"


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[max(0, math.ceil(share * len(ordered)) - 1)] if ordered else math.nan


# Tables that keep playing

@dataclass
class PacedTable:
    """Four seated clients; one act every `pace` seconds, timed until all four hold it."""

    clients: list[TableClient]
    pace: float
    rng: random.Random
    samples: list[tuple[float, float]] = field(default_factory=list)  # (sent at, latency)
    pending: dict[tuple[int, int], tuple[float, set[int]]] = field(default_factory=dict)
    rematched: set[int] = field(default_factory=set)

    def note(self, seat: int, state: dict[str, Any]) -> None:
        match = state.get("match")
        if not match:
            return
        now = time.perf_counter()
        for key in [k for k in self.pending if k[0] == match["id"] and k[1] <= state["v"]]:
            sent, seats = self.pending[key]
            seats.add(seat)
            if len(seats) == 4:
                self.samples.append((sent, now - sent))
                del self.pending[key]

    async def read(self, seat: int, until: float) -> None:
        client = self.clients[seat]
        while time.perf_counter() < until:
            try:
                message = await client.next_message(timeout=max(0.1, until - time.perf_counter()))
            except (TimeoutError, ConnectionClosed):
                return
            if message.get("type") == "state":
                self.note(seat, message)

    async def drive(self, until: float) -> None:
        await asyncio.sleep(self.rng.uniform(0, self.pace))  # tables out of step, as people are
        while time.perf_counter() < until:
            await asyncio.sleep(self.pace)
            for client in self.clients:
                state = client.state or {}
                match = state.get("match")
                if not match:
                    continue
                if state["legal"]:
                    self.pending[(match["id"], state["v"] + 1)] = (time.perf_counter(), set())
                    await client.act(self.rng.choice(state["legal"]), state["v"])
                    break
                if match["phase"] == "finished" and match["id"] not in self.rematched:
                    self.rematched.add(match["id"])
                    await client.send({"type": "rematch"})
                    break

    async def run(self, seconds: float) -> None:
        until = time.perf_counter() + seconds
        await asyncio.gather(self.drive(until), *(self.read(seat, until) for seat in range(4)))


async def seat_tables(bases: list[str], sessions: list[HttpSession], count: int,
                      local_address: Callable[[int], str | None] = lambda table: None
                      ) -> list[list[TableClient]]:
    owners = [sessions[4 * t] for t in range(count)]
    rooms = await asyncio.to_thread(pool_map, lambda owner: create_room(
        owner, f"abuse {uuid.uuid4().hex[:4]}", "classic", 31, 120), owners)
    tables = [[TableClient(bases[seat * len(bases) // 4], room, sessions[4 * t + seat], name=f"t{t}s{seat}",
                           local_address=local_address(t))
               for seat in range(4)] for t, room in enumerate(rooms)]
    for table in tables:
        for seat, client in enumerate(table):
            client.keep_messages = False
            await client.connect()
            await client.sit(seat)
    for table in tables:
        for client in table:
            await client.wait_state(lambda s: s["match"] is not None and s["you"]["seat"] is not None, 60)
    return tables


# seed-race

def live_seeds(record: dict[str, Any]) -> list[int]:
    """Deals whose seed the record shows while it shows no end of their hand."""
    leaked, open_deal = [], None
    for move in record["moves"]:
        if move["action"]["type"] == "deal":
            open_deal = move if "seed" in move["action"] else None
        elif open_deal is not None and any(map(ends_hand, move["events"])):
            open_deal = None
    if open_deal is not None:
        leaked.append(open_deal["seq"])
    leaked += [hand["seq"] for hand in record["hands"] if hand["seed"] and not hand["over"]]
    return leaked


async def seed_race(bases: list[str], sessions: list[HttpSession], args: argparse.Namespace,
                    server_pids: list[int]) -> None:
    tables = await seat_tables(bases, sessions, args.tables)
    paced = [PacedTable(t, args.pace, random.Random(n)) for n, t in enumerate(tables)]
    visitor = HttpSession(bases[0])
    polls, failures, leaks = 0, 0, 0
    deals: set[tuple[int, int]] = set()
    stop_at = time.perf_counter() + args.minutes * 60

    async def poll() -> None:
        nonlocal polls, failures, leaks
        while time.perf_counter() < stop_at and not (len(deals) >= args.deals and args.stop_early):
            for table in tables:
                match = (table[0].state or {}).get("match")
                if not match:
                    continue
                response = await asyncio.to_thread(visitor.get, f"/matches/{match['id']}/record.json")
                polls += 1
                if response.status != 200:
                    failures += 1
                    continue
                record = json.loads(response.body)
                deals.update((match["id"], h["seq"]) for h in record["hands"])
                leaks += len(live_seeds(record))

    seconds = args.minutes * 60
    await asyncio.gather(poll(), *(table.run(seconds) for table in paced))
    print(f"seed-race: {args.tables} tables for {args.minutes:g} min, {polls} record polls "
          f"({failures} not answered 200), {len(deals)} deals seen, live seeds shown: {leaks}")


# flood

async def flooder(base: str, room_id: str, session: HttpSession | None, rate: float, until: float,
                  reconnect: float, counts: dict[str, int]) -> None:
    """Stale acts at `rate` a second on one socket; reconnects when closed, as an
    attacker would."""

    async def read(client: TableClient) -> None:
        assert client.socket is not None
        async for raw in client.socket:
            counts["answers"] += 1
            counts["rate_limited"] += '"rate_limited"' in str(raw)

    while time.perf_counter() < until:
        client = TableClient(base, room_id, session, name="flood", local_address=ATTACKER)
        try:
            await client.connect()
        except (OSError, TimeoutError, ConnectionClosed, InvalidHandshake):
            counts["refused"] += 1
            await asyncio.sleep(reconnect)
            continue
        counts["connects"] += 1
        reader = asyncio.create_task(read(client))
        next_send = time.perf_counter()
        try:
            while time.perf_counter() < until and not reader.done():
                await client.act({"type": "pass"}, 0)
                counts["sent"] += 1
                next_send += 1 / rate
                await asyncio.sleep(max(0.0, next_send - time.perf_counter()))
        except ConnectionClosed:
            pass
        await client.close()
        with contextlib.suppress(ConnectionClosed):
            await reader
        code = client.socket.close_code if client.socket is not None else None
        if code not in (None, 1000):
            counts[f"close {code}"] = counts.get(f"close {code}", 0) + 1


def attack(sockets: list[tuple[str, str, HttpSession | None]], rate: float, start: float, until: float,
           reconnect: float) -> dict[str, int]:
    """The flood, in a process of its own so that sending it does not slow the measuring
    of the other tables (perf_counter is the system's monotonic clock, shared)."""
    counts = {"sent": 0, "answers": 0, "rate_limited": 0, "connects": 0, "refused": 0}

    async def run() -> None:
        await asyncio.sleep(max(0.0, start - time.perf_counter()))
        await asyncio.gather(*(flooder(base, room, session, rate / len(sockets), until, reconnect, counts)
                               for base, room, session in sockets))

    asyncio.run(run())
    return counts


def window(samples: list[tuple[float, float]], start: float, end: float) -> list[float]:
    return [latency * 1000 for sent, latency in samples if start <= sent < end]


async def flood(bases: list[str], sessions: list[HttpSession], args: argparse.Namespace,
                server_pids: list[int]) -> None:
    victims = await seat_tables(bases, sessions[: 4 * args.tables], args.tables, household)
    attackers = await seat_tables(bases, sessions[4 * args.tables:], math.ceil(args.sockets / 4),
                                  lambda table: ATTACKER_SEATED)
    for table in attackers:  # their seats are taken; the flood uses fresh sockets
        for client in table:
            await client.close()
    paced = [PacedTable(t, args.pace, random.Random(n)) for n, t in enumerate(victims)]
    start = time.perf_counter()
    base_end = start + args.phase
    flood_end = base_end + args.phase
    end = flood_end + args.phase
    sockets = [(table[n % 4].base, table[n % 4].room_id, table[n % 4].session)
               for n, table in enumerate(attackers[i // 4] for i in range(args.sockets))]
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        flooding = asyncio.get_running_loop().run_in_executor(
            pool, attack, sockets, args.rate, base_end, flood_end, args.reconnect)

        cpu: list[float] = []

        async def measure_cpu() -> None:
            for moment in (start, base_end, flood_end, end):
                await asyncio.sleep(max(0.0, moment - time.perf_counter()))
                cpu.append(cpu_seconds(server_pids))

        await asyncio.gather(measure_cpu(), *(table.run(end - start) for table in paced))
        counts = await flooding
    samples = [s for table in paced for s in table.samples]
    before, during = window(samples, start + 1, base_end), window(samples, base_end, flood_end)
    after = window(samples, flood_end, end)
    limit = percentile(before, 0.95) + 20
    seconds = [window(samples, base_end + n, base_end + n + 1) for n in range(int(end - base_end))]
    slow = [n + 1 for n, values in enumerate(seconds) if percentile(values, 0.95) > limit]
    effect = max(0, max(slow, default=0) - (flood_end - base_end))
    print(f"flood: {args.sockets} sockets at {args.rate:g} messages/s in all for {args.phase:g} s; "
          f"{args.tables} other tables, one move each every {args.pace:g} s")
    print(f"  sent {counts['sent']}, answered {counts['answers']} ({counts['rate_limited']} rate_limited), "
          f"connects {counts['connects']}, refused {counts['refused']}, closed by the server: "
          f"{ {k: v for k, v in counts.items() if k.startswith('close ')} }")
    phases = (("before", before), ("during", during), ("after", after))
    for n, (name, values) in enumerate(phases):
        p50 = statistics.median(values) if values else math.nan
        busy = (cpu[n + 1] - cpu[n]) / args.phase
        print(f"  {name:<7} moves {len(values):>5}  p50 {p50:7.1f} ms  "
              f"p95 {percentile(values, 0.95):7.1f} ms  max {max(values, default=math.nan):7.1f} ms  "
              f"server CPU {busy:.0%}")
    print("  p95 ms each second from the flood's start: "
          + " ".join(f"{percentile(values, 0.95):.0f}" for values in seconds))
    print(f"  p95 rise during the flood: {percentile(during, 0.95) - percentile(before, 0.95):.1f} ms; "
          f"the last second whose p95 was over before's p95 + 20 ms ended {effect:.0f} s after "
          "the flood stopped")


SCENARIOS = {"seed-race": seed_race, "flood": flood}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("scenario", choices=sorted(SCENARIOS))
    parser.add_argument("--mode", choices=["embedded", "scaled"], default="embedded")
    parser.add_argument("--tables", type=int, default=10, help="tables playing (default 10)")
    parser.add_argument("--pace", type=float, default=0.5, help="seconds between a table's moves")
    parser.add_argument("--minutes", type=float, default=10, help="seed-race: how long to poll")
    parser.add_argument("--deals", type=int, default=100, help="seed-race: deals to see at least")
    parser.add_argument("--stop-early", action="store_true", help="seed-race: stop once --deals are seen")
    parser.add_argument("--sockets", type=int, default=20, help="flood: attacking sockets")
    parser.add_argument("--rate", type=float, default=1000, help="flood: messages a second in all")
    parser.add_argument("--phase", type=float, default=15, help="flood: seconds before, during, after")
    parser.add_argument("--reconnect", type=float, default=0.05,
                        help="flood: seconds the attacker waits before reconnecting when refused")
    parser.add_argument("--next-hand", type=float, default=0.5)
    parser.add_argument("--logs", type=Path, default=None, help="keep server logs in this directory")
    args = parser.parse_args(argv)
    with Servers(args.mode, 2 if args.mode == "scaled" else 1, args.next_hand, args.logs) as servers:
        # The flood measures the rate limits; the seed race plays fast on purpose.
        servers.relaxed_limits = args.scenario != "flood"
        bases = servers.start()
        # Each table's players from their household, the attacker's from where it sits down:
        # the flood keeps the production budget of TCP connections an address.
        sessions = sign_up_players(bases, 4 * (args.tables + math.ceil(args.sockets / 4)),
                                   lambda player: household(player // 4) if player < 4 * args.tables
                                   else ATTACKER_SEATED)
        pids = [process.pid for process in servers.processes]
        asyncio.run(SCENARIOS[args.scenario](bases, sessions, args, pids))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
