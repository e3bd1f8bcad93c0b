"""What every fault is given and returns: `FaultScenario` (a name, a line of summary and
the fault itself) and the `Harness` it runs against (the cluster, the tables in play and
the helpers that wait for overdue turns)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from benchmarks.faults.audit import on_db, versions_now
from benchmarks.faults.cluster import Cluster
from benchmarks.faults.tables import Play


@dataclass(frozen=True)
class FaultScenario:
    """One fault: `run` injects it into the running harness, waits (bounded) for
    recovery, leaves every process up and the seats acting, and returns its figures."""

    name: str
    summary: str
    run: Callable[[Harness], Awaitable[dict[str, Any]]]


@dataclass
class Harness:
    """The running cluster and tables a fault is injected into; `outage` is --outage."""

    cluster: Cluster
    play: Play
    outage: float

    async def settle(self) -> None:
        """Seats stop acting; returns once no act of theirs is still in flight."""
        self.play.acting = False
        await asyncio.sleep(0.5)

    async def overdue_turns_played(self, pending: dict[int, tuple[int, Any]], timeout: float) -> float:
        """Seconds until every match in `pending` moved past its version."""
        started = time.monotonic()
        while True:
            now = await on_db(versions_now, list(pending))
            if all(now[pk] > version for pk, (version, _) in pending.items()):
                return time.monotonic() - started
            if time.monotonic() - started > timeout:
                raise TimeoutError(f"{sum(now[pk] == v for pk, (v, _) in pending.items())} overdue turn(s) "
                                   f"still unplayed after {timeout:.0f} s")
            await asyncio.sleep(0.1)

    async def wait_past(self, pending: dict[int, tuple[int, Any]]) -> None:
        """Returns once the latest deadline in `pending` is past (and 0.3 s more)."""
        from django.utils import timezone

        latest = max(deadline for _, deadline in pending.values())
        await asyncio.sleep(max(0.0, (latest - timezone.now()).total_seconds()) + 0.3)
