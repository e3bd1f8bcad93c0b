"""PostgreSQL restarted: pg_ctl restart -m fast under tables in play while both daphne
are asked for a page every 50 ms; counts the pages answered 5xx or refused during the
restart and in the 5 s after, and how soon every table moves again."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from typing import Any

from benchmarks.faults.cluster import page_status
from benchmarks.faults.harness import FaultScenario, Harness


async def restart_postgres(h: Harness) -> dict[str, Any]:
    play, cluster = h.play, h.cluster
    answers: list[tuple[float, int]] = []
    stop = asyncio.Event()

    async def poll_pages() -> None:
        n = 0
        while not stop.is_set() and n < 2000:
            base = cluster.bases[n % 2]
            sent = time.monotonic()
            answers.append((sent, await asyncio.to_thread(page_status, base)))
            n += 1
            await asyncio.sleep(0.05)

    poller = asyncio.create_task(poll_pages())
    await asyncio.sleep(1)
    began = time.monotonic()
    await asyncio.to_thread(cluster.postgres.restart)
    up = time.monotonic()
    await asyncio.sleep(5)
    stop.set()
    await poller
    moving = await play.until(lambda: play.all_moved_since(up), 30, "every table moving after the restart")

    def count(start: float, end: float, test: Callable[[int], bool]) -> int:
        return sum(1 for moment, status in answers if start <= moment < end and test(status))

    return {"restart took s": round(up - began, 2),
            "page requests during / 5 s after": f"{count(began, up, lambda s: True)} / "
                                                 f"{count(up, up + 5, lambda s: True)}",
            "5xx during / after":
                f"{count(began, up, lambda s: s >= 500)} / {count(up, up + 5, lambda s: s >= 500)}",
            "refused connections (daphne itself) during / after":
                f"{count(began, up, lambda s: s == 0)} / {count(up, up + 5, lambda s: s == 0)}",
            "every table moving again after s": round(moving, 2)}


SCENARIO = FaultScenario("postgres", "pg_ctl restart -m fast while pages are requested every 50 ms",
                         restart_postgres)
