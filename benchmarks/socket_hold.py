"""Sockets held open: spectators crowding one table, and one address opening socket after
socket, while other tables play.

    python -m benchmarks.socket_hold [--mode embedded|scaled] [--rounds off,on]

Tables of four players play one move each every `--pace` seconds (the watched table
among them), each table's players from a loopback address of their own. After a quiet
`--phase`, an attacker process opens `--per-address` logged-out spectator sockets at the
watched table from each of `--addresses` addresses (two a second from each, within the
handshake budgets), and one more address opens `--greedy` lobby sockets, 20 at once and
then one every 1.1 s (as the handshake budgets allow); every socket it keeps reads what
it is sent until the end. The players' latency (an act sent until all four seats hold
the new version) is measured while quiet and while the attack holds its sockets, for
the other tables and for the watched one.

Two rounds on fresh servers: `off`, the open-socket caps lifted (ADDRESS_SOCKETS,
USER_SOCKETS, ROOM_SPECTATORS unlimited: the server as it was before them), and `on`,
their values (the defaults, or this environment's). Servers as benchmarks.load starts
them (embedded: one daphne; scaled: `--daphne` processes, a worker and beat on
PostgreSQL `tarneeb_socket_hold` and Redis database 12); the rate limits keep their
production values except the TCP connection budget, which the sign-ups from 127.0.0.1
would spend.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import json
import math
import multiprocessing
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidHandshake
from websockets.typing import Origin

from benchmarks.abuse import PacedTable, household, percentile, seat_tables, window
from benchmarks.load_servers import LoadServers
from benchmarks.table_latency import Servers, cpu_seconds, sign_up_players
from tarneeb import settings as site_settings

CAPS = ("ADDRESS_SOCKETS", "USER_SOCKETS", "ROOM_SPECTATORS")
# benchmarks.load lifts these for its own clients; here they keep production values.
HANDSHAKE_BUDGETS = ("ADDRESS_CONNECT_BURST", "ADDRESS_CONNECTS_PER_SECOND",
                     "SOCKET_CONNECT_BURST", "SOCKET_CONNECTS_PER_SECOND")
DATABASE = "tarneeb_socket_hold"
PG_HOLD = f"postgres://postgres@127.0.0.1:5432/{DATABASE}"
REDIS_HOLD = "redis://127.0.0.1:6379/12"
PREFIX = "socket-hold"
GREEDY = "127.0.3.1"
GREEDY_BURST = 20  # the handshake budgets' burst; then one a second
CROWD_RATE = 2.0  # sockets a second from each crowd address


def crowd(address: int) -> str:
    return f"127.0.2.{address + 1}"


class HoldServers(LoadServers):
    """benchmarks.load's servers; scaled on a database, Redis database and prefix of this
    benchmark's own (Redis database 12: the one the socket tests use, so never run both
    at once)."""

    def __init__(self, caps: bool, args: argparse.Namespace) -> None:
        super().__init__(args.mode == "scaled", args.daphne, args.next_hand, args.logs)
        self.caps = caps

    def env(self) -> dict[str, str]:
        env = {k: v for k, v in super().env().items() if k not in HANDSHAKE_BUDGETS}
        if not self.caps:
            env.update({name: "1000000" for name in CAPS})
        if self.scaled:
            env.update(DATABASE_URL=PG_HOLD, REDIS_URL=REDIS_HOLD, CHANNELS_PREFIX=PREFIX)
        return env

    def start(self) -> list[str]:
        if self.scaled:
            self.own_backends(DATABASE, REDIS_HOLD)
            self.spawn_worker_and_beat("hold")
        bases = Servers.start(self)  # not LoadServers': its database and Redis are its own
        self.named = {**{f"daphne-{n}": p for n, p in enumerate(self.processes[-len(bases):])}, **self.named}
        return bases


# The attacker, in a process of its own: reading its sockets' messages must not slow the
# measuring of the players (perf_counter is the system's monotonic clock, shared).

@dataclass
class Tally:
    opened: int = 0
    held: int = 0
    refused: collections.Counter[str] = field(default_factory=collections.Counter)


async def hold_socket(url: str, address: str, until: float, tally: Tally) -> None:
    """A logged-out socket from `address`, reading what it is sent until `until`."""
    tally.opened += 1
    try:
        socket = await connect(url, origin=Origin(url.replace("ws://", "http://").split("/ws/")[0]),
                               proxy=None, compression=None, open_timeout=15, ping_interval=None,
                               local_addr=(address, 0))
    except (OSError, TimeoutError, InvalidHandshake) as exc:
        tally.refused[type(exc).__name__] += 1
        return
    try:
        first = json.loads(await asyncio.wait_for(socket.recv(), 15))
        if first.get("type") == "error":
            with contextlib.suppress(ConnectionClosed, TimeoutError):
                await asyncio.wait_for(socket.recv(), 15)
            tally.refused[f"{socket.close_code} {first['code']}"] += 1
            return
        tally.held += 1
        while time.perf_counter() < until:
            await asyncio.wait_for(socket.recv(), max(0.1, until - time.perf_counter()))
    except TimeoutError:
        pass
    except ConnectionClosed:  # by the server, after it let the socket in
        tally.refused[f"closed later {socket.close_code}"] += 1
    finally:
        await socket.close()


def attack(bases: list[str], watched: str, args: argparse.Namespace,
           start: float, until: float) -> dict[str, Tally]:
    crowd_tally, greedy_tally = Tally(), Tally()

    def url(n: int, path: str) -> str:
        return bases[n % len(bases)].replace("http://", "ws://") + path

    async def greedy() -> None:
        tasks = []
        for n in range(args.greedy):
            if n >= GREEDY_BURST:
                await asyncio.sleep(1.1)  # a token a second comes back: not a moment before
            tasks.append(asyncio.create_task(hold_socket(url(n, "/ws/lobby/"), GREEDY, until, greedy_tally)))
        await asyncio.gather(*tasks)

    async def spectators(address: int) -> None:
        await asyncio.sleep(address / args.addresses / CROWD_RATE)  # the addresses out of step
        tasks = []
        for n in range(args.per_address):
            tasks.append(asyncio.create_task(
                hold_socket(url(n, f"/ws/rooms/{watched}/"), crowd(address), until, crowd_tally)))
            await asyncio.sleep(1 / CROWD_RATE)
        await asyncio.gather(*tasks)

    async def run() -> None:
        await asyncio.sleep(max(0.0, start - time.perf_counter()))
        await asyncio.gather(greedy(), *(spectators(address) for address in range(args.addresses)))

    asyncio.run(run())
    return {"crowd": crowd_tally, "greedy": greedy_tally}


# A round

def figures(values: list[float]) -> str:
    p50 = statistics.median(values) if values else math.nan
    return f"p50 {p50:6.1f} ms  p99 {percentile(values, 0.99):6.1f} ms  ({len(values)} moves)"


async def hold(bases: list[str], pids: list[int], args: argparse.Namespace) -> None:
    sessions = await asyncio.to_thread(sign_up_players, bases, 4 * (args.tables + 1))
    tables = await seat_tables(bases, sessions, args.tables + 1, household)
    paced = [PacedTable(t, args.pace, random.Random(n)) for n, t in enumerate(tables)]
    start = time.perf_counter()
    attack_at = start + args.phase
    ramp_end = attack_at + max(args.per_address / CROWD_RATE, 1.1 * (args.greedy - GREEDY_BURST)) + 5.0
    end = ramp_end + args.phase
    rooms = [table[0].room_id for table in tables]
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        attacking = asyncio.get_running_loop().run_in_executor(
            pool, attack, bases, rooms[0], args, attack_at, end)
        cpu: list[float] = []

        async def measure_cpu() -> None:
            for moment in (start, attack_at, ramp_end, end):
                await asyncio.sleep(max(0.0, moment - time.perf_counter()))
                cpu.append(cpu_seconds(pids))

        await asyncio.gather(measure_cpu(), *(table.run(end - start) for table in paced))
        tallies = await attacking
    for name, who in (("crowd", f"{args.addresses} addresses x {args.per_address} at the watched table"),
                      ("greedy", f"one address, {args.greedy} at the lobby")):
        tally = tallies[name]
        print(f"  attack, {who}: opened {tally.opened}, held {tally.held}, refused {dict(tally.refused)}")
    for name, group in (("other tables", paced[1:]), ("watched table", paced[:1])):
        samples = [s for table in group for s in table.samples]
        print(f"  {name:<13} quiet: {figures(window(samples, start + 1, attack_at))}   "
              f"held: {figures(window(samples, ramp_end, end))}")
    print(f"  server CPU: quiet {(cpu[1] - cpu[0]) / (attack_at - start):.0%}, "
          f"held {(cpu[3] - cpu[2]) / (end - ramp_end):.0%}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mode", choices=["embedded", "scaled"], default="embedded")
    parser.add_argument("--daphne", type=int, default=2, help="scaled: daphne processes (default 2)")
    parser.add_argument("--rounds", default="off,on", help="caps off, on, or both (default off,on)")
    parser.add_argument("--tables", type=int, default=4, help="other tables playing (default 4)")
    parser.add_argument("--pace", type=float, default=0.5, help="seconds between a table's moves")
    parser.add_argument("--addresses", type=int, default=30, help="crowd: addresses (default 30)")
    parser.add_argument("--per-address", type=int, default=20, help="crowd: spectators each (default 20)")
    parser.add_argument("--greedy", type=int, default=48, help="sockets the one greedy address opens")
    parser.add_argument("--phase", type=float, default=15, help="seconds measured quiet, and held")
    parser.add_argument("--next-hand", type=float, default=0.5)
    parser.add_argument("--logs", type=Path, default=None, help="keep server logs in this directory")
    args = parser.parse_args(argv)
    daphne = args.daphne if args.mode == "scaled" else 1
    args.daphne = daphne
    print(f"socket_hold ({args.mode}, {daphne} daphne): the watched table and {args.tables} others, one "
          f"move each every {args.pace:g} s")
    for round_name in args.rounds.split(","):
        caps = round_name.strip() == "on"
        label = ("caps on: " + ", ".join(f"{name}={getattr(site_settings, name)}" for name in CAPS) if caps
                 else "caps off (as before: no cap on open sockets)")
        print(label)
        with HoldServers(caps, args) as servers:
            bases = servers.start()
            pids = [process.pid for name, process in servers.named.items() if name.startswith("daphne")]
            asyncio.run(hold(bases, pids, args))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
