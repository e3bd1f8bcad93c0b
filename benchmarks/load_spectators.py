"""Spectators at one table while all the tables play (benchmarks.load `--spectators N`),
logged out, or logged in with `--spectators-logged-in`.

The spectators run in processes of their own, not in the one playing the watched table:
reading a thousand copies of each state would otherwise delay that process's players and
its other tables, and the watched table would look slow for the load generator's sake.
The first `--spectator-sample` of them (50) are a process of their own too, which times
each state's arrival: their delay is the server's, not the time a crowd's process takes to
read a thousand frames. The others (the crowd) count what they receive. Each process
opens its sockets CONNECTING handshakes at a time, dealt to the daphnes round robin.

A spectator process talks to benchmarks.load's parent over a pipe: it sends how many
sockets opened, receives the start time, plays nothing, and at the end receives the
watched table's final version (as its players last held it); it waits up to `drain`
seconds for every spectator to hold that version, then sends back what it counted.
"""

from __future__ import annotations

import asyncio
import math
import statistics
import time
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any

from websockets.exceptions import ConnectionClosed, InvalidHandshake

from benchmarks.abuse import percentile
from benchmarks.load_report import send_measured, settled
from tests.protocol_client import HttpSession, TableClient, order

Version = tuple[int, int]  # (match id, v): the protocol's order of states


@dataclass
class Crowd:
    """The spectators one process holds: numbers first..first+count-1 at one room."""

    bases: list[str]
    room: str
    first: int
    count: int
    timed: bool  # record each state's arrival (the sample), or only count
    warmup: float
    window: float
    drain: float
    connecting: int
    sessions: list[HttpSession]  # one a spectator when they are logged in, else none


@dataclass
class Watcher:
    client: TableClient
    states: int = 0  # received since the start
    arrivals: list[tuple[float, int, int]] = field(default_factory=list)  # (at, match, v), timed only
    held: Version = (0, 0)  # the newest state it holds


async def watch(connection: Connection, crowd: Crowd) -> dict[str, Any]:
    loop = asyncio.get_running_loop()
    sessions: list[HttpSession | None] = [*crowd.sessions] or [None] * crowd.count
    watchers = [Watcher(TableClient(crowd.bases[n % len(crowd.bases)], crowd.room, sessions[n - crowd.first],
                                    name=f"w{n}"))
                for n in range(crowd.first, crowd.first + crowd.count)]
    gate = asyncio.Semaphore(crowd.connecting)
    refused: list[str] = []
    drops: list[str] = []
    errors: list[str] = []
    closing = False
    start = math.inf

    async def open_one(watcher: Watcher) -> bool:
        watcher.client.keep_messages = False
        async with gate:
            try:
                first = await watcher.client.connect()
            except (OSError, TimeoutError, ConnectionClosed, InvalidHandshake) as exc:
                refused.append(f"{watcher.client.name}: {type(exc).__name__} {exc}")
                return False
        watcher.held = order(first)
        return True

    async def read(watcher: Watcher) -> None:
        while not closing:
            try:
                message = await watcher.client.next_message(timeout=3600)
            except TimeoutError:
                continue
            except ConnectionClosed as exc:
                if not closing:
                    drops.append(f"{watcher.client.name}: {exc}")
                return
            now = time.perf_counter()
            if message.get("type") == "error":
                errors.append(str(message.get("code")))
            if message.get("type") != "state":
                continue
            watcher.held = max(watcher.held, order(message))
            if now < start:
                continue
            watcher.states += 1
            if crowd.timed:
                watcher.arrivals.append((now, *order(message)))

    began = time.perf_counter()
    connected = await asyncio.gather(*(open_one(w) for w in watchers))
    took = time.perf_counter() - began
    opened = [w for w, ok in zip(watchers, connected, strict=True) if ok]
    readers = [asyncio.create_task(read(w)) for w in opened]
    settled()
    connection.send({"opened": len(opened), "refused": refused})
    start = await loop.run_in_executor(None, connection.recv)
    opens, closes = start + crowd.warmup, start + crowd.warmup + crowd.window

    # How late this process's loop wakes: large means the spectators' reader, not the
    # server, is what delays them.
    lags: list[float] = []

    async def lag() -> float:
        await asyncio.sleep(max(0.0, opens - time.perf_counter()))
        used = time.process_time()
        while time.perf_counter() < closes:
            before = time.perf_counter()
            await asyncio.sleep(0.05)
            lags.append(time.perf_counter() - before - 0.05)
        return time.process_time() - used

    cpu = await lag()
    final: Version | None = await loop.run_in_executor(None, connection.recv)
    if final is not None:
        until = time.perf_counter() + crowd.drain
        while time.perf_counter() < until and any(w.held < final for w in opened):
            await asyncio.sleep(0.1)
    closing = True

    async def close_one(watcher: Watcher) -> None:
        async with gate:
            await watcher.client.close()

    # A few at a time, as they were opened: a thousand at once can run a scaled daphne's
    # Redis pool out of connections (each disconnect leaves its groups; benchmarks.usage).
    await asyncio.gather(*(close_one(w) for w in opened), return_exceptions=True)
    await asyncio.gather(*readers, return_exceptions=True)
    return {
        "opened": len(opened), "took": took, "refused": refused, "drops": drops, "errors": errors,
        "states": [w.states for w in opened],
        "missed_final": 0 if final is None else sum(1 for w in opened if w.held < final),
        "leaks": sum(len(w.client.leaks) for w in opened),
        "arrivals": [w.arrivals for w in opened] if crowd.timed else [],
        "cpu": cpu, "lag_p99": percentile(lags, 0.99) * 1000,
    }


def spectator_process(connection: Connection, crowd: Crowd) -> None:
    """One spectator process (multiprocessing's target): what it counted, or its error."""
    send_measured(connection, watch(connection, crowd))


def crowds(bases: list[str], room: str, count: int, sample: int, warmup: float, window: float, drain: float,
           connecting: int, sessions: list[HttpSession]) -> list[Crowd]:
    """The timed sample's process, then the rest's; `sessions` logs each spectator in
    (none: logged out)."""
    timed = min(count, sample)
    parts = [Crowd(bases, room, 0, timed, True, warmup, window, drain, connecting, sessions[:timed])]
    if count > timed:
        parts.append(Crowd(bases, room, timed, count - timed, False, warmup, window, drain, connecting,
                           sessions[timed:count]))
    return [part for part in parts if part.count]


# Figures

def delays(moves: list[tuple[float, int, int]], arrivals: list[list[tuple[float, int, int]]], opens: float,
           closes: float) -> tuple[list[float], int]:
    """For each move (sent at, match, new v) sent in [opens, closes): the ms from its
    sending until every timed spectator held a state at its version or later; and how many
    moves some spectator never got."""
    found, missed = [], 0
    for sent, match, v in moves:
        if not opens <= sent < closes:
            continue
        firsts = [next((at for at, m, w in seen if (m, w) >= (match, v)), None) for seen in arrivals]
        if not firsts or any(at is None for at in firsts):
            missed += 1
            continue
        found.append((max(at for at in firsts if at is not None) - sent) * 1000)
    return found, missed


def summary(results: list[dict[str, Any]], moves: list[tuple[float, int, int]], versions: int,
            opens: float, closes: float, window: float) -> dict[str, Any]:
    """The spectator processes' results as one row's figures."""
    states = [n for r in results for n in r["states"]]
    waits, missed = delays(moves, [a for r in results for a in r["arrivals"]], opens, closes)
    return {
        "opened": sum(r["opened"] for r in results), "took": max((r["took"] for r in results), default=0.0),
        **{key: [x for r in results for x in r[key]] for key in ("refused", "drops", "errors")},
        "leaks": sum(r["leaks"] for r in results), "missed_final": sum(r["missed_final"] for r in results),
        "states_min": min(states, default=0), "states_median": statistics.median(states) if states else 0,
        "states_max": max(states, default=0), "versions": versions,
        "timed": len([a for r in results for a in r["arrivals"]]),
        "moves": len(waits), "moves_missed": missed,
        "p50": statistics.median(waits) if waits else math.nan, "p95": percentile(waits, 0.95),
        "p99": percentile(waits, 0.99), "max": max(waits, default=math.nan),
        "cpu": sum(r["cpu"] for r in results) / window,
        "lag_p99": max((r["lag_p99"] for r in results), default=math.nan),
    }
