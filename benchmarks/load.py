"""Paced load: N tables, each making one move every P seconds, as an evening's players do.

    python -m benchmarks.load --mode embedded --tables 50,100,200,400
    python -m benchmarks.load --mode scaled --daphne 2 --tables 50,100,200,400

Each table is four protocol clients (tests/protocol_client.py: signed up and logged in
over HTTP, or with `--sessions db` made with their sessions in the servers' database by
benchmarks.load_sessions; then one websocket each, as a bot would). On each table's
tick, every P seconds (tables out of step), the seat whose own state offers legal moves sends one of
them, if its state is the newest the table has seen; otherwise the tick passes (the
table is between hands, or its last move has not come back yet). After a warm-up, a
fixed window is measured: for every move sent in it, the time until all four sockets
hold a state at the new version or later (time.perf_counter, the system's monotonic
clock, read in the client process when it sends and when it has parsed the message).
The clients run in processes of their own (`--procs`, 1 for one holding every socket), a
table's four in one process. `--spectators N` opens N logged-out sockets at table 0 while
all the tables play (benchmarks.load_spectators), and reports table 0's moves apart.

It starts its own servers as benchmarks.table_latency does: embedded is one daphne on a
fresh SQLite file with the in-process worker; scaled is PostgreSQL database
`tarneeb_load`, Redis database 5 (prefix `tarneeb-load`; others with `--database` and
`--redis-db`, for a second run on the same machine), `--daphne` processes, one
prefork Celery worker and beat; sockets are dealt to the daphne processes round robin,
or with `--proxy` all go to Debian's nginx run from deploy/'s configuration, which deals
them (and the sign-ups) to the daphnes itself.
The message rate limits stay at production values except those counted per client
address: every client here is 127.0.0.1. Before the tables, it reports the daphne
processes' RSS with 0, 200 and 800 idle sockets open (spectators at the rooms); with the
tables, the deal timer's lateness, and the time from a hand's end to its analysis being
served (benchmarks.analysis_wait). docs/performance.md says what each column means.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import math
import multiprocessing
import os
import random
import resource
import statistics
import time
import uuid
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from pathlib import Path
from typing import Any

from websockets.exceptions import ConnectionClosed

from benchmarks.abuse import PacedTable, percentile
from benchmarks.analysis_wait import AnalysisWatch
from benchmarks.analysis_wait import summary as analysis_summary
from benchmarks.load_report import figures, latency, send_measured, settled, show
from benchmarks.load_servers import DATABASE, REDIS_DB, LoadServers, profile, server_processes
from benchmarks.load_sessions import db_sessions
from benchmarks.load_spectators import crowds, spectator_process
from benchmarks.load_spectators import summary as spectator_summary
from benchmarks.machine_speed import reference_until
from benchmarks.table_latency import pool_map, sign_up_players
from benchmarks.usage import Usage, idle_sockets, rss_bytes, show_idle
from tests.protocol_client import HttpSession, TableClient, create_room

# Handshakes in flight at once per client process: a burst of ~100 on one scaled daphne
# runs its channels_redis pool out of connections (as benchmarks.table_latency found).
CONNECTING = 10


class RoundFailed(RuntimeError):
    """A client process could not seat its tables or play them out."""


# A table that keeps to its ticks

@dataclass
class LoadTable(PacedTable):
    """abuse.PacedTable's latency samples, with ticks on a fixed schedule (a slow reply
    does not push the next tick back), moves only on the newest state, a count of
    everything that went wrong, and the lateness of the deal timer: from the move that
    ended a hand being sent to all four seats holding the next deal, less the pause
    before it (`next_hand`)."""

    next_hand: float = 0.0
    ticks: list[float] = field(default_factory=list)  # scheduled times
    late: list[float] = field(default_factory=list)  # how late each tick ran, seconds
    sent: list[float] = field(default_factory=list)  # when each move was sent
    errors: list[tuple[float, str]] = field(default_factory=list)
    drops: list[tuple[float, str]] = field(default_factory=list)
    acted_on: tuple[int, int] | None = None
    closing: bool = False
    moved: dict[tuple[int, int], float] = field(default_factory=dict)  # version our move made -> sent at
    deals: dict[tuple[int, int], tuple[float, set[int]]] = field(default_factory=dict)  # as `pending`
    deal_samples: list[tuple[float, float]] = field(default_factory=list)  # (move sent at, lateness)
    passes: list[tuple[float, str]] = field(default_factory=list)  # (tick, why no move was sent)
    watch: AnalysisWatch | None = None  # told of each hand our move ended
    stagger: float = 0.0  # the first tick within this many seconds (at least one pace)
    # For the spectators' figures (benchmarks.load_spectators): each move as (sent at,
    # match, the version it makes), and when any seat first held each version.
    moves: list[tuple[float, int, int]] = field(default_factory=list)
    first_held: dict[tuple[int, int], float] = field(default_factory=dict)

    def note(self, seat: int, state: dict[str, Any]) -> None:
        super().note(seat, state)
        match = state.get("match")
        if not match:
            return
        key = (match["id"], state["v"])
        self.first_held.setdefault(key, time.perf_counter())
        if self.watch is not None and match["phase"] in ("deal", "finished") and key in self.moved:
            self.watch.hand_over(match["id"], match["hand_number"])
        if match["phase"] == "deal" and key in self.moved:
            self.deals[(key[0], key[1] + 1)] = (self.moved.pop(key), set())
        now = time.perf_counter()
        for deal in [k for k in self.deals if k[0] == key[0] and k[1] <= key[1]]:
            sent, seats = self.deals[deal]
            seats.add(seat)
            if len(seats) == 4:
                self.deal_samples.append((sent, now - sent - self.next_hand))
                del self.deals[deal]

    def newest(self) -> tuple[int, int] | None:
        held = [(s["match"]["id"], s["v"]) for s in (c.state for c in self.clients) if s and s.get("match")]
        return max(held, default=None)

    async def tick(self, at: float | None = None) -> None:
        """One tick, scheduled `at` (now if not given)."""
        for client in self.clients:
            await client.say_here_if_due()
        if (why := await self.move()) is not None:
            self.passes.append((time.perf_counter() if at is None else at, why))

    async def move(self) -> str | None:
        """Send the table's next move, or say why there is none to send."""
        newest = self.newest()
        if newest is None:
            return "no match yet"
        if newest == self.acted_on:
            return "reply pending"  # the last move has not come back to anyone yet
        for client in self.clients:
            state = client.state or {}
            match = state.get("match") or {}
            if (match.get("id"), state.get("v")) != newest:
                continue
            if state["legal"]:
                self.acted_on = newest
                now = time.perf_counter()
                self.pending[(newest[0], newest[1] + 1)] = (now, set())
                self.moved = {(newest[0], newest[1] + 1): now}  # only the last can end a hand
                self.sent.append(now)
                self.moves.append((now, newest[0], newest[1] + 1))
                await client.act(self.rng.choice(state["legal"]), newest[1])
                return None
            if match.get("phase") == "finished" and newest[0] not in self.rematched:
                self.rematched.add(newest[0])  # not a move: not timed
                await client.send({"type": "rematch"})
                return "rematch"
        phases = {((c.state or {}).get("match") or {}).get("phase") for c in self.clients}
        if phases & {"deal", "finished"}:
            return "between hands"
        return "to-act seat behind"  # its socket has not been sent the newest state

    async def drive(self, until: float) -> None:
        # Tables out of step; with a stagger, their hands end spread out too.
        tick = time.perf_counter() + self.rng.uniform(0, max(self.pace, self.stagger))
        while tick < until:
            await asyncio.sleep(max(0.0, tick - time.perf_counter()))
            self.ticks.append(tick)
            self.late.append(time.perf_counter() - tick)
            await self.tick(tick)
            tick += self.pace

    async def read(self, seat: int, until: float = math.inf) -> None:
        client = self.clients[seat]
        while not self.closing:
            try:
                message = await client.next_message(timeout=3600)
            except TimeoutError:
                continue
            except ConnectionClosed as exc:
                if not self.closing:
                    self.drops.append((time.perf_counter(), f"{client.name}: {exc}"))
                return
            if message.get("type") == "state":
                self.note(seat, message)
            elif message.get("type") == "error":
                self.errors.append((time.perf_counter(), str(message.get("code"))))


@dataclass
class Share:
    """The tables one client process plays: (table number, room id, four sessions)."""

    bases: list[str]
    tables: list[tuple[int, str, list[HttpSession]]]
    pace: float
    next_hand: float
    warmup: float
    window: float
    drain: float
    seed: int
    analysis_grace: float
    stagger: float


def daphne_for(table: int, seat: int, bases: list[str]) -> str:
    return bases[(4 * table + seat) % len(bases)]  # round robin over the sockets


async def seated(share: Share) -> list[LoadTable]:
    """Every table's four sockets open, seated, holding a dealt match. Tables of an
    earlier, smaller round are still playing: their players are seated on connect."""
    rng = random.Random(share.seed)
    tables = [LoadTable([TableClient(daphne_for(n, seat, share.bases), room, sessions[seat],
                                     name=f"t{n}s{seat}") for seat in range(4)],
                        share.pace, random.Random(rng.random()), next_hand=share.next_hand,
                        stagger=share.stagger)
              for n, room, sessions in share.tables]
    everyone = [client for table in tables for client in table.clients]
    gate = asyncio.Semaphore(CONNECTING)

    async def connect(client: TableClient, seat: int) -> None:
        client.keep_messages = False
        async with gate:
            await client.connect()
        if client.seat is None:
            await client.sit(seat)

    def dealt(state: dict[str, Any]) -> bool:
        return state["match"] is not None and state["you"]["seat"] is not None

    await asyncio.gather(*(connect(client, n % 4) for n, client in enumerate(everyone)))
    await asyncio.gather(*(client.wait_state(dealt, 120) for client in everyone))
    return tables


async def play(connection: Connection, share: Share) -> dict[str, Any]:
    tables = await seated(share)
    watch = AnalysisWatch(share.bases[0])
    for table in tables:
        table.watch = watch
    watching = asyncio.create_task(watch.run(share.analysis_grace))
    readers = [asyncio.create_task(table.read(seat)) for table in tables for seat in range(4)]
    settled()
    connection.send("seated")
    start = await asyncio.get_running_loop().run_in_executor(None, connection.recv)
    opens, closes = start + share.warmup, start + share.warmup + share.window

    async def own_cpu() -> float:
        await asyncio.sleep(max(0.0, opens - time.perf_counter()))
        used = time.process_time()
        await asyncio.sleep(max(0.0, closes - time.perf_counter()))
        return time.process_time() - used

    await asyncio.sleep(max(0.0, start - time.perf_counter()))
    cpu, *_ = await asyncio.gather(own_cpu(), *(table.drive(closes) for table in tables))
    # Moves sent near the end get `drain` seconds to come back to all four seats.
    drain_until = time.perf_counter() + share.drain
    while time.perf_counter() < drain_until and any(table.pending for table in tables):
        await asyncio.sleep(0.1)
    for table in tables:
        table.closing = True
    await asyncio.gather(*(c.close() for table in tables for c in table.clients), return_exceptions=True)
    await asyncio.gather(*readers, return_exceptions=True)
    watch.stopping = True
    await watching
    # Table 0 is the one spectators watch (benchmarks.load_spectators): its figures apart.
    watched = next((table for (n, _, _), table in zip(share.tables, tables, strict=True) if n == 0), None)
    others = [table for table in tables if table is not watched]
    return {
        "analysis": watch.result(),
        "cpu": cpu,
        "samples": [s for table in others for s in table.samples],
        "watched": watched.samples if watched else [],
        "watched_moves": watched.moves if watched else [],
        "watched_final": watched.newest() if watched else None,
        "watched_versions": sum(1 for at in watched.first_held.values() if at >= start) if watched else 0,
        "deals": [s for table in tables for s in table.deal_samples],
        "sent": [t for table in tables for t in table.sent],
        "ticks": [t for table in tables for t in table.ticks],
        "late": [late for table in tables for tick, late in zip(table.ticks, table.late, strict=True)
                 if opens <= tick < closes],
        "errors": [e for table in tables for e in table.errors],
        "drops": [d for table in tables for d in table.drops],
        "passes": [p for table in tables for p in table.passes],
        "leaks": sum(len(client.leaks) for table in tables for client in table.clients),
    }


def client_process(connection: Connection, share: Share) -> None:
    """One load process: plays its share of the tables, sends back what it measured."""
    send_measured(connection, play(connection, share))


def shares(tables: list[tuple[int, str, list[HttpSession]]], processes: int) -> list[list[Any]]:
    """Tables dealt to the client processes in turn, each table whole (one clock for its
    four seats)."""
    return [tables[n::processes] for n in range(processes) if tables[n::processes]]


def run_round(servers: LoadServers, bases: list[str], tables: list[tuple[int, str, list[HttpSession]]],
              args: argparse.Namespace, spectator_sessions: list[HttpSession]) -> dict[str, Any]:
    servers.check_running()
    context = multiprocessing.get_context("spawn")
    pipes, processes, watchers = [], [], []

    def launch(target: Any, argument: Any) -> Connection:
        parent, child = context.Pipe()
        process = context.Process(target=target, args=(child, argument), daemon=True)
        process.start()
        processes.append(process)
        return parent

    for n, part in enumerate(shares(tables, args.procs)):
        share = Share(bases, part, args.pace, args.next_hand, args.warmup, args.window, args.drain,
                      args.seed + n, args.analysis_grace, args.stagger)
        pipes.append(launch(client_process, share))
    try:
        for pipe in pipes:
            answer = pipe.recv()
            if answer != "seated":
                raise RoundFailed(f"a client process failed while seating: {answer}")
        # The spectators come once the players are seated: their handshakes do not slow
        # the seating (a round's tables wait for all of theirs).
        for crowd in crowds(bases, tables[0][1], args.spectators, args.spectator_sample, args.warmup,
                            args.window, args.drain, CONNECTING, spectator_sessions):
            watchers.append(launch(spectator_process, crowd))
        for pipe in watchers:
            answer = pipe.recv()
            if not isinstance(answer, dict):
                raise RoundFailed(f"a spectator process failed while opening: {answer}")
        start = time.perf_counter() + 1
        for pipe in pipes + watchers:
            pipe.send(start)
        opens, closes = start + args.warmup, start + args.warmup + args.window
        time.sleep(max(0.0, opens - time.perf_counter()))
        before = Usage.now(server_processes(servers))
        profilers = (profile(servers, args.profile / f"{len(tables)}", args.window, args.profile_gil)
                     if args.profile else [])
        reference = reference_until(closes)
        for profiler in profilers:
            profiler.wait(30)
        usage = Usage.now(server_processes(servers)).since(before)
        # PostgreSQL's backends share its buffers: their RSS would count them once each;
        # Redis holds every database of the machine.
        rss = {name: sum(rss_bytes(pid) for pid in pids) for name, pids in server_processes(servers).items()
               if name not in ("postgres", "redis")}
        load = Path("/proc/loadavg").read_text().split()[0]
        results = [pipe.recv() for pipe in pipes]
        # The spectators wait for the watched table's last version, as its players held it.
        final = next((r["watched_final"] for r in results if isinstance(r, dict) and r["watched_final"]),
                     None)
        for pipe in watchers:
            pipe.send(final)
        spectated = [pipe.recv() for pipe in watchers]
    finally:
        for process in processes:
            process.join(30)
            if process.is_alive():
                process.kill()
    failed = [r for r in results + spectated if isinstance(r, str)]
    if failed:
        raise RoundFailed(f"a client process failed: {failed[0]}")
    merged = {key: [x for r in results for x in r[key]]
              for key in ("samples", "watched", "watched_moves", "deals", "sent", "ticks", "late", "errors",
                          "drops", "passes")}
    deals = [late * 1000 for at, late in merged["deals"] if opens <= at < closes]
    if args.samples:
        write_samples(args.samples / f"{len(tables)}.csv", merged["samples"] + merged["watched"],
                      opens, closes)
    row: dict[str, Any] = dict(figures(merged["samples"] + merged["watched"], merged["sent"], merged["ticks"],
                                       opens, closes))
    row.update(watched=latency(merged["watched"], opens, closes),
               unwatched=latency(merged["samples"], opens, closes), spectators=args.spectators)
    if spectated:
        versions = sum(r["watched_versions"] for r in results)
        row["spectated"] = spectator_summary(spectated, merged["watched_moves"], versions, opens, closes,
                                             args.window)
    # Errors and drops from the warm-up on: a table that lost a socket then is short in
    # the window too.
    row.update(
        tables=len(tables), load=load, usage=usage, rss=rss, reference=reference,
        client_cpu=sum(r["cpu"] for r in results) / args.window,
        late_p99=percentile(merged["late"], 0.99) * 1000,
        deals=len(deals), deal_p50=statistics.median(deals) if deals else math.nan,
        deal_p99=percentile(deals, 0.99), deal_max=max(deals, default=math.nan),
        errors=[code for _, code in merged["errors"]], drops=[text for _, text in merged["drops"]],
        leaks=sum(r["leaks"] for r in results),
        passes=collections.Counter(why for at, why in merged["passes"] if opens <= at < closes),
        analysis=analysis_summary([s for r in results for s in r["analysis"]["samples"]],
                                  [at for r in results for at in r["analysis"]["missing"]], opens, closes,
                                  args.analysis_grace, sum(r["analysis"]["failures"] for r in results)),
    )
    return row


def write_samples(path: Path, samples: list[tuple[float, float]], opens: float, closes: float) -> None:
    """When each move of the window was sent and how long it took: a tail spread over the
    window is queueing, one bunched in time is a stall everyone waited for."""
    path.parent.mkdir(parents=True, exist_ok=True)
    rows = sorted((at - opens, latency * 1000) for at, latency in samples if opens <= at < closes)
    path.write_text("sent_s,latency_ms\n" + "".join(f"{at:.3f},{ms:.1f}\n" for at, ms in rows))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mode", choices=["embedded", "scaled"], default="embedded")
    parser.add_argument("--daphne", type=int, default=None, help="daphne processes (scaled; default 2)")
    parser.add_argument("--proxy", action="store_true",
                        help="scaled: every client through nginx, deploy/'s configuration")
    parser.add_argument("--tables", default="50,100,200,400", help="table counts, comma separated; "
                        "played smallest first, each round keeping the tables of the one before")
    parser.add_argument("--pace", type=float, default=2.0, help="seconds between a table's moves (default 2)")
    parser.add_argument("--warmup", type=float, default=10.0, help="seconds played before measuring")
    parser.add_argument("--window", type=float, default=60.0, help="seconds measured (default 60)")
    parser.add_argument("--drain", type=float, default=10.0,
                        help="seconds a move sent in the window has to reach all four seats")
    parser.add_argument("--procs", type=int, default=2, help="client processes (default 2); 1 holds every "
                        "player's socket in one process")
    parser.add_argument("--sessions", choices=["http", "db"], default="http",
                        help="players signed up over HTTP (a password hash each), or made with their "
                        "sessions in the servers' database (benchmarks.load_sessions)")
    parser.add_argument("--spectators", type=int, default=0,
                        help="logged-out sockets watching table 0 while all the tables play")
    parser.add_argument("--spectators-logged-in", action="store_true",
                        help="the spectators are logged in, each a person of their own with a session "
                        "made in the database (needs --sessions db)")
    parser.add_argument("--spectator-sample", type=int, default=50,
                        help="spectators, of --spectators, whose states are timed (a process of their own)")
    parser.add_argument("--database", default=DATABASE,
                        help=f"scaled: the PostgreSQL database to create and drop (default {DATABASE})")
    parser.add_argument("--redis-db", type=int, default=REDIS_DB,
                        help=f"scaled: the Redis database to empty and use (default {REDIS_DB})")
    parser.add_argument("--idle", default="0,200,800", help="idle socket counts for RSS ('' to skip)")
    parser.add_argument("--next-hand", type=float, default=0.5,
                        help="NEXT_HAND_SECONDS: shorter than a tick, so a table keeps its pace")
    parser.add_argument("--logs", type=Path, default=None, help="keep server logs in this directory")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--stagger", type=float, default=0.0,
                        help="each table starts within this many seconds (default: within one pace), so that "
                        "the tables' hands end spread out rather than together; warm up at least as long")
    parser.add_argument("--analysis-grace", type=float, default=30.0,
                        help="seconds after the drain that the hands ended in the window have to be analysed")
    parser.add_argument("--profile", type=Path, default=None,
                        help="sample the servers with py-spy over each window into this directory")
    parser.add_argument("--profile-gil", action="store_true",
                        help="with --profile: only the samples of the thread holding the GIL (the CPU)")
    parser.add_argument("--samples", type=Path, default=None,
                        help="write each move of the window (seconds into it, latency ms) to DIR/N.csv")
    args = parser.parse_args(argv)
    counts = sorted({int(n) for n in args.tables.split(",") if n.strip()})
    steps = sorted({int(n) for n in args.idle.split(",") if n.strip()})
    scaled = args.mode == "scaled"
    daphne = args.daphne or (2 if scaled else 1)
    if not scaled and daphne != 1:
        parser.error("embedded mode is one daphne (its channel layer and worker are in-process)")
    if args.proxy and not scaled:
        parser.error("--proxy is for scaled mode, as deploy/ runs it")
    if args.spectators_logged_in and args.sessions != "db":
        parser.error("--spectators-logged-in needs --sessions db")
    if args.logs:
        args.logs.mkdir(parents=True, exist_ok=True)
    # 400 tables are 1,600 sockets in one daphne; the servers and client processes inherit
    # this (a soft limit of 1,024 open files is common).
    _, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    print(f"{os.cpu_count()} cores, load average {' '.join(f'{x:.2f}' for x in os.getloadavg())}", flush=True)

    with LoadServers(scaled, daphne, args.next_hand, args.logs, args.proxy, args.database,
                     args.redis_db) as servers:
        print(f"starting {args.mode} servers ({daphne} daphne{' + worker' if scaled else ''}"
              f"{' behind nginx' if args.proxy else ''})...", flush=True)
        bases = servers.start()
        started = time.perf_counter()
        if args.sessions == "db":
            sessions = db_sessions(servers.env(), bases, 4 * max(counts))
            spectator_sessions = (db_sessions(servers.env(), bases, args.spectators)
                                  if args.spectators_logged_in else [])
        else:
            sessions, spectator_sessions = sign_up_players(bases, 4 * max(counts)), []
        made = time.perf_counter()
        rooms = pool_map(lambda owner: create_room(owner, f"load {uuid.uuid4().hex[:4]}", "classic", 31, 120),
                         sessions[::4], workers=4 * daphne)
        how = "made in the database" if args.sessions == "db" else "signed up over HTTP"
        print(f"{len(sessions)} players {how} in {made - started:.1f} s, {len(rooms)} rooms opened over HTTP "
              f"in {time.perf_counter() - made:.1f} s", flush=True)
        if steps:
            daphne_pids = [p.pid for name, p in servers.named.items() if name.startswith("daphne")]
            show_idle(asyncio.run(idle_sockets(bases, rooms, steps, daphne_pids, CONNECTING)))
        tables = [(n, rooms[n], sessions[4 * n:4 * n + 4]) for n in range(max(counts))]
        rows = []
        for count in counts:
            print(f"playing {count} tables...", flush=True)
            try:
                rows.append(run_round(servers, bases, tables[:count], args, spectator_sessions))
            except RoundFailed as failure:
                # The rows so far still count; more tables would fail the same way.
                print(f"{count} tables: {failure}; no larger count tried", flush=True)
                break
        show(f"{args.mode}{'+nginx' if args.proxy else ''}", daphne, rows, args)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
