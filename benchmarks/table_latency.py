"""Table latency: tables of four protocol clients playing random legal moves.

For every `act` it measures the time from sending it to the moment all four seats'
sockets hold a state at the new version (or later), and prints the median, the p99 and
the moves per second, for each number of concurrent tables.

    python -m benchmarks.table_latency --mode embedded            # one daphne, SQLite
    python -m benchmarks.table_latency --mode scaled --servers 2  # PostgreSQL, Redis, Celery
    python -m benchmarks.table_latency --url http://127.0.0.1:8000 [--url http://...:8001]

With --mode the benchmark starts (and afterwards stops and deletes) its own servers:
embedded is one daphne on a fresh SQLite file with the in-process worker; scaled is the
PostgreSQL database `tarneeb_bench`, Redis database 4, `--servers` daphne processes and
one `celery -A tarneeb worker -P prefork`. With --url it plays against servers that
are already running (users and rooms are created there over HTTP). Clients use
tests/protocol_client.py, which knows only docs/protocol.md. Loopback addresses only.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import math
import os
import random
import secrets
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from websockets.exceptions import ConnectionClosed  # noqa: E402

from tests.processes import ProcessGroup, free_port  # noqa: E402
from tests.protocol_client import (  # noqa: E402
    HttpSession,
    TableClient,
    create_room,
    signup,
    wait_healthy,
)

PG_ADMIN = "postgres://postgres@127.0.0.1:5432/postgres"
PG_BENCH = "postgres://postgres@127.0.0.1:5432/tarneeb_bench"
REDIS_BENCH = "redis://127.0.0.1:6379/4"
# Password hashing budgets (accounts/budget.py): every benchmark signs up its hundreds of
# players from one address in seconds, as setup; benchmarks.signup_flood measures them.
PASSWORD_LIMITS = ("PASSWORD_HASHES_PER_SECOND", "PASSWORD_HASHES_PER_MINUTE",
                   "ADDRESS_PASSWORD_HASHES_PER_MINUTE", "SIGNUP_ADDRESS_BURST", "SIGNUP_ADDRESS_PER_HOUR")
RATE_LIMITS = (*PASSWORD_LIMITS, "SOCKET_MESSAGE_BURST", "SOCKET_MESSAGES_PER_SECOND", "USER_MESSAGE_BURST",
               "USER_MESSAGES_PER_SECOND", "SOCKET_CONNECT_BURST", "SOCKET_CONNECTS_PER_SECOND",
               "ADDRESS_MESSAGE_BURST", "ADDRESS_MESSAGES_PER_SECOND", "ADDRESS_CONNECT_BURST",
               "ADDRESS_CONNECTS_PER_SECOND", "CONNECTION_BURST", "CONNECTIONS_PER_SECOND", "ADDRESS_SOCKETS",
               "USER_SOCKETS", "ROOM_SPECTATORS", "ADDRESS_UNFINISHED_CONNECTIONS")


# Servers

def psql(command: str) -> None:
    subprocess.run(["psql", "-h", "127.0.0.1", "-U", "postgres", "-d", "postgres", "-v", "ON_ERROR_STOP=1",
                    "-q", "-c", command], check=True, stdout=subprocess.DEVNULL)


class Servers(ProcessGroup):
    """Server processes this benchmark starts, stopped and cleaned up on exit."""

    def __init__(self, mode: str, count: int, next_hand: float, log_dir: Path | None) -> None:
        self.tmp = Path(tempfile.mkdtemp(prefix="tarneeb-latency-"))
        super().__init__(log_dir or self.tmp)
        self.mode, self.count, self.next_hand = mode, count, next_hand
        self.bases: list[str] = []
        # Tables here play as fast as they can, far above a person's pace: the message
        # rate limits are lifted unless a caller measures them (benchmarks.abuse).
        self.relaxed_limits = True
        self.secret_key = secrets.token_urlsafe(40)  # one for all the servers: sessions cross them
        self.callback(shutil.rmtree, self.tmp, True)

    def env(self) -> dict[str, str]:
        drop = ("REDIS_URL", "CHANNELS_PREFIX", "DATABASE_URL")
        env = {k: v for k, v in super().env().items() if k not in drop}
        env["NEXT_HAND_SECONDS"] = str(self.next_hand)
        # As in production: DEBUG on logs every query and renders debug pages.
        env.update(DEBUG="false", SECRET_KEY=self.secret_key, SECURE_COOKIES="false")
        # Sign-ups and logins are setup, not what is measured: a real PBKDF2 would cost
        # about a second of a core for each of the hundreds of players.
        env["PASSWORD_HASHERS"] = "django.contrib.auth.hashers.MD5PasswordHasher"
        env.update({name: "100000" for name in PASSWORD_LIMITS})
        if self.relaxed_limits:
            env.update({name: "100000" for name in RATE_LIMITS})
        if self.mode == "embedded":
            env["DATABASE_URL"] = f"sqlite:///{self.tmp / 'bench.sqlite3'}"
        else:
            env.update(DATABASE_URL=PG_BENCH, REDIS_URL=REDIS_BENCH, CHANNELS_PREFIX="bench",
                       EMBEDDED_WORKER="false")
        return env

    def own_backends(self, database: str, redis_url: str) -> None:
        """A PostgreSQL database and a Redis database of this run's own: empty now, and
        dropped (emptied) at the end."""
        psql(f"DROP DATABASE IF EXISTS {database} WITH (FORCE)")
        psql(f"CREATE DATABASE {database}")
        self.callback(psql, f"DROP DATABASE IF EXISTS {database} WITH (FORCE)")
        import redis  # channels_redis's dependency

        client = redis.Redis.from_url(redis_url)
        client.flushdb()
        self.callback(client.flushdb)

    def start(self) -> list[str]:
        if self.mode == "scaled":
            self.own_backends("tarneeb_bench", REDIS_BENCH)
        for command in (["migrate", "--noinput"], ["collectstatic", "--noinput"]):
            subprocess.run([sys.executable, "manage.py", *command, "-v", "0"], cwd=ROOT, env=self.env(),
                           check=True)
        if self.mode == "scaled":
            self.spawn("worker", "-m", "celery", "-A", "tarneeb", "worker", "-P", "prefork",
                       "-l", "WARNING", "-n", f"bench-{uuid.uuid4().hex[:6]}@%h",
                       "--without-gossip", "--without-mingle")
        for n in range(self.count):
            port = free_port()
            self.spawn(f"daphne-{n}", "-m", "tarneeb.server", "-b", "127.0.0.1", "-p", str(port),
                       "tarneeb.asgi:application")
            self.bases.append(f"http://127.0.0.1:{port}")
        for base in self.bases:
            wait_healthy(base, 90)
        return self.bases


# Tables

@dataclass
class Table:
    room_id: str
    moves: int
    acts: int = 0
    errors: int = 0
    rematches: set[int] = field(default_factory=set)
    # (match id, new v) -> (send time, seats holding it)
    pending: dict[tuple[int, int], tuple[float, set[int]]] = field(default_factory=dict)
    latencies: list[float] = field(default_factory=list)
    last: float = 0.0
    dropped: list[str] = field(default_factory=list)

    def arrived(self, seat: int, match_id: int, v: int, now: float) -> None:
        for key in [k for k in self.pending if k[0] == match_id and k[1] <= v]:
            sent, seats = self.pending[key]
            seats.add(seat)
            if len(seats) == 4:
                self.latencies.append(now - sent)
                self.last = now
                del self.pending[key]


@dataclass
class Run:
    stop_at: float
    stopping: bool = False

    def over(self) -> bool:
        return self.stopping or time.perf_counter() >= self.stop_at


async def play_seat(client: TableClient, table: Table, run: Run, rng: random.Random) -> None:
    acted_on: tuple[int, int] | None = None
    seat = client.seat
    assert seat is not None
    while True:
        await client.say_here_if_due()
        state = client.state
        assert state is not None
        match = state["match"]
        if match is not None:
            table.arrived(seat, match["id"], state["v"], time.perf_counter())
            done = run.over() or table.acts >= table.moves
            if done and not table.pending:
                return
            if not done and state["legal"] and (match["id"], state["v"]) != acted_on:
                acted_on = (match["id"], state["v"])
                table.acts += 1
                table.pending[(match["id"], state["v"] + 1)] = (time.perf_counter(), set())
                await client.act(rng.choice(state["legal"]), state["v"])
            elif not done and match["phase"] == "finished" and match["id"] not in table.rematches:
                table.rematches.add(match["id"])
                await client.send({"type": "rematch"})
        before = len(client.errors)
        done = run.over() or table.acts >= table.moves
        try:
            await client.next_message(timeout=2 if done else max(1, run.stop_at - time.perf_counter() + 10))
        except TimeoutError:
            return
        except ConnectionClosed as exc:
            # Counted and reported: the table stops there (a real client would reconnect).
            table.dropped.append(f"{client.name}: {exc}")
            return
        table.errors += len(client.errors) - before


def cpu_seconds(pids: list[int]) -> float:
    """User + system CPU of these processes so far (Linux /proc), 0 where unreadable."""
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            total += int(fields[11]) + int(fields[12])
        except (OSError, IndexError, ValueError):
            pass
    return total / os.sysconf("SC_CLK_TCK")


def pool_map(function: Any, items: list[Any], workers: int = 8) -> list[Any]:
    with ThreadPoolExecutor(workers) as pool:
        return list(pool.map(function, items))


async def measure(bases: list[str], sessions: list[HttpSession], tables: int, moves: int,
                  seconds: float, seed: int, server_pids: list[int]) -> dict[str, Any]:
    def server_of(seat: int) -> str:
        return bases[seat * len(bases) // 4]

    owners = [sessions[4 * t] for t in range(tables)]
    room_ids = await asyncio.to_thread(
        pool_map, lambda owner: create_room(owner, f"bench {uuid.uuid4().hex[:4]}", "classic", 31, 120),
        owners)
    clients = [[TableClient(server_of(seat), room_id, sessions[4 * t + seat], name=f"t{t}s{seat}")
                for seat in range(4)] for t, room_id in enumerate(room_ids)]
    everyone = [client for table in clients for client in table]
    for client in everyone:
        client.keep_messages = False
    # A few connections at a time: a burst of ~100 handshakes on one scaled daphne runs its
    # channels_redis pool out of connections (redis-py 8 caps a pool at 100).
    gate = asyncio.Semaphore(10)

    async def connect(client: TableClient) -> None:
        async with gate:
            await client.connect()

    await asyncio.gather(*(connect(client) for client in everyone))
    for table in clients:
        for seat, client in enumerate(table):
            await client.sit(seat)
    # Every socket holds the dealt match before the clock starts.
    def dealt(s: dict[str, Any]) -> bool:
        return s["match"] is not None and s["you"]["seat"] is not None

    await asyncio.gather(*(client.wait_state(dealt, timeout=60) for client in everyone))
    rng = random.Random(seed)
    run = Run(stop_at=time.perf_counter() + seconds)
    state = [Table(room_id, moves) for room_id in room_ids]
    started = time.perf_counter()
    client_cpu, server_cpu = time.process_time(), cpu_seconds(server_pids)
    await asyncio.gather(*(play_seat(client, state[t], run, random.Random(rng.random()))
                           for t, table in enumerate(clients) for client in table))
    wall = time.perf_counter() - started
    client_cpu, server_cpu = time.process_time() - client_cpu, cpu_seconds(server_pids) - server_cpu
    elapsed = max((table.last for table in state), default=started) - started
    await asyncio.gather(*(client.close() for client in everyone), return_exceptions=True)
    latencies = sorted(ms for table in state for ms in (x * 1000 for x in table.latencies))
    leaks = sum(len(client.leaks) for client in everyone)
    return {
        "tables": tables, "acts": len(latencies), "seconds": elapsed,
        "median": statistics.median(latencies) if latencies else math.nan,
        "p99": latencies[max(0, math.ceil(0.99 * len(latencies)) - 1)] if latencies else math.nan,
        "max": latencies[-1] if latencies else math.nan,
        "moves_per_s": len(latencies) / elapsed if elapsed else math.nan,
        "errors": sum(table.errors for table in state), "leaks": leaks,
        "unfinished": sum(len(table.pending) for table in state),
        "dropped": [d for table in state for d in table.dropped],
        "client_cpu": client_cpu / wall, "server_cpu": server_cpu / wall if server_pids else math.nan,
    }


def sign_up_players(bases: list[str], count: int,
                    local_address: Callable[[int], str | None] = lambda player: None) -> list[HttpSession]:
    """`count` players signed up over HTTP, player n from `local_address(n)`, which their
    sessions keep (under production connection budgets, 127.0.0.1 alone runs out)."""
    tag = uuid.uuid4().hex[:6]

    def one(n: int) -> HttpSession:
        return signup(bases[(n % 4) * len(bases) // 4], f"bench-{tag}-{n}", local_address=local_address(n))

    return pool_map(one, list(range(count)), workers=4 * len(bases))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", default="1,50", help="concurrent table counts, comma separated")
    parser.add_argument("--moves", type=int, default=200, help="acts per table at most (default 200)")
    parser.add_argument("--seconds", type=float, default=30, help="time limit per table count (default 30)")
    parser.add_argument("--mode", choices=["embedded", "scaled"], default="embedded",
                        help="start own servers in this mode (default embedded)")
    parser.add_argument("--servers", type=int, default=None,
                        help="daphne processes to start (default: embedded 1, scaled 2)")
    parser.add_argument("--url", action="append", default=[],
                        help="play against this already running server (repeat for several)")
    parser.add_argument("--next-hand", type=float, default=0.2,
                        help="NEXT_HAND_SECONDS for own servers (default 0.2)")
    parser.add_argument("--logs", type=Path, default=None, help="keep server logs in this directory")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    counts = [int(n) for n in args.tables.split(",") if n.strip()]
    servers = args.servers or (2 if args.mode == "scaled" else 1)
    if args.logs:
        args.logs.mkdir(parents=True, exist_ok=True)

    with contextlib.ExitStack() as stack:
        if args.url:
            bases, label, pids = [url.rstrip("/") for url in args.url], "external", []
            for base in bases:
                wait_healthy(base, 30)
        else:
            label = args.mode
            print(f"starting {label} servers ({servers} daphne)...", flush=True)
            own = stack.enter_context(Servers(args.mode, servers, args.next_hand, args.logs))
            bases = own.start()
            pids = [process.pid for process in own.processes]
        started = time.perf_counter()
        sessions = sign_up_players(bases, 4 * max(counts))
        took = time.perf_counter() - started
        print(f"signed up {len(sessions)} players over HTTP in {took:.1f} s", flush=True)
        results = []
        for count in counts:
            print(f"playing {count} table(s)...", flush=True)
            results.append(asyncio.run(
                measure(bases, sessions, count, args.moves, args.seconds, args.seed, pids)))
        print()
        print(f"{'mode':<9} {'daphne':>6} {'tables':>6} {'acts':>6} {'median ms':>9} {'p99 ms':>8} "
              f"{'max ms':>8} {'moves/s':>8} {'errors':>6} {'dropped':>7} {'srv cpu':>7} {'cli cpu':>7}")
        for r in results:
            srv = "-" if math.isnan(r["server_cpu"]) else f"{r['server_cpu']:.0%}"
            print(f"{label:<9} {len(bases):>6} {r['tables']:>6} {r['acts']:>6} {r['median']:>9.1f} "
                  f"{r['p99']:>8.1f} {r['max']:>8.1f} {r['moves_per_s']:>8.1f} {r['errors']:>6} "
                  f"{len(r['dropped']):>7} {srv:>7} {r['client_cpu']:>7.0%}")
        print("srv cpu / cli cpu: CPU time of the server processes (daphne, worker) / of this client "
              "process, as a share of one core over the measurement.")
        for r in results:
            if r["leaks"] or r["unfinished"] or r["dropped"]:
                print(f"WARNING at {r['tables']} table(s): {r['leaks']} hidden-card leaks, "
                      f"{r['unfinished']} acts never seen by all four seats, "
                      f"{len(r['dropped'])} sockets closed by the server {r['dropped'][:3]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
