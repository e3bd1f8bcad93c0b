"""What the servers cost while a benchmark runs: each process's CPU and resident memory
(read from /proc, a prefork worker's pool included), and the memory an idle socket
holds."""

from __future__ import annotations

import asyncio
import contextlib
import os
import time
from dataclasses import dataclass
from pathlib import Path

from benchmarks.table_latency import cpu_seconds
from tests.protocol_client import TableClient


def descendants(pid: int) -> list[int]:
    """The process and its children, theirs and so on (a prefork worker's pool)."""
    parents: dict[int, list[int]] = {}
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            with contextlib.suppress(OSError, IndexError, ValueError):
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
                parents.setdefault(ppid, []).append(int(entry.name))
    found, todo = [], [pid]
    while todo:
        found.append(todo.pop())
        todo += parents.get(found[-1], [])
    return found


def rss_bytes(pid: int) -> int:
    with contextlib.suppress(OSError, StopIteration, ValueError):
        line = next(x for x in Path(f"/proc/{pid}/status").read_text().splitlines() if x.startswith("VmRSS:"))
        return int(line.split()[1]) * 1024
    return 0


@dataclass
class Usage:
    """CPU seconds so far of each pid of each named server process (its pool included)."""

    cpu: dict[str, dict[int, float]]
    at: float

    @classmethod
    def now(cls, named: dict[str, list[int]]) -> Usage:
        return cls({name: {pid: cpu_seconds([pid]) for pid in pids} for name, pids in named.items()},
                   time.perf_counter())

    def since(self, before: Usage) -> dict[str, float]:
        """Share of one core each name used between the two readings; a process that
        started in between counts from its start."""
        seconds = self.at - before.at
        return {name: sum(cpu - before.cpu.get(name, {}).get(pid, 0.0) for pid, cpu in pids.items()) / seconds
                for name, pids in self.cpu.items()}


async def idle_sockets(bases: list[str], rooms: list[str], steps: list[int], daphne_pids: list[int],
                       connecting: int) -> list[tuple[int, int]]:
    """The daphne processes' RSS in all with each number of idle spectator sockets open,
    `connecting` handshakes at a time."""
    gate = asyncio.Semaphore(connecting)
    watchers: list[TableClient] = []

    async def open_one(n: int) -> None:
        client = TableClient(bases[n % len(bases)], rooms[n % len(rooms)], name=f"idle{n}")
        client.keep_messages = False
        async with gate:
            await client.connect()
        watchers.append(client)

    found = []
    for count in steps:
        await asyncio.gather(*(open_one(n) for n in range(len(watchers), count)))
        await asyncio.sleep(3)  # handshakes finish, their garbage is collected
        found.append((count, sum(rss_bytes(pid) for pid in daphne_pids)))

    async def close_one(client: TableClient) -> None:
        async with gate:
            await client.close()

    # A few at a time, as they were opened: 800 at once ran a scaled daphne's Redis pool
    # into connect timeouts (each disconnect leaves its groups), and the next round's
    # handshakes failed.
    await asyncio.gather(*(close_one(client) for client in watchers), return_exceptions=True)
    return found


def show_idle(found: list[tuple[int, int]]) -> None:
    """Each step's RSS, its growth a socket since no sockets (which includes what the first
    socket loads once) and since the step before (the cost of one more socket)."""
    parts = []
    for n, (count, rss) in enumerate(found):
        part = f"{count} sockets {rss / 2**20:.1f} MiB"
        if n:
            (first, first_rss), (last, last_rss) = found[0], found[n - 1]
            part += f" ({(rss - first_rss) / (count - first) / 1024:.0f} KiB a socket since {first}"
            if n > 1:
                part += f", {(rss - last_rss) / (count - last) / 1024:.0f} since {last}"
            part += ")"
        parts.append(part)
    print("idle sockets, daphne RSS in all: " + "; ".join(parts) + f"; load {os.getloadavg()[0]:.2f}")
