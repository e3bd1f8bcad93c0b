"""Redis restarted: kill -9 Redis while every table waits on a turn, and start it again
on the same port after --outage s. The worker and beat must outlive the outage, every
overdue turn be played, every seat reconnect and every table move again."""

from __future__ import annotations

import asyncio
import time
from typing import Any

from benchmarks.faults.audit import on_db, pending_turns
from benchmarks.faults.harness import FaultScenario, Harness


async def kill_redis(h: Harness) -> dict[str, Any]:
    play, cluster = h.play, h.cluster
    await h.settle()
    pending = await on_db(pending_turns, play.rooms())
    assert cluster.worker is not None and cluster.beat is not None
    cluster.redis.kill()
    killed = time.monotonic()
    worker_died_after: float | None = None
    while time.monotonic() - killed < h.outage:
        if worker_died_after is None and cluster.worker.poll() is not None:
            worker_died_after = time.monotonic() - killed
        await asyncio.sleep(0.1)
    cluster.redis.start()
    returned = time.monotonic()
    try:
        recovery: float | str = round(await h.overdue_turns_played(pending, 40), 2)
    except TimeoutError as exc:
        recovery = f"never ({exc})"
    figures: dict[str, Any] = {
        "outage s": h.outage, "overdue turns": len(pending),
        "worker alive after": cluster.worker.poll() is None,
        "worker exited after s": None if worker_died_after is None else round(worker_died_after, 2),
        "beat alive after": cluster.beat.poll() is None,
        "every overdue turn played after Redis returned, s": recovery,
    }
    if cluster.worker.poll() is not None:
        # Not what a fixed worker does: restart it, as a supervisor would, and go on.
        figures["worker exit code"] = cluster.worker.returncode
        cluster.start_worker()
        figures["played after a supervisor restart, s"] = round(await h.overdue_turns_played(pending, 60), 2)
    await play.until(play.all_connected, 30, "seats connected")
    figures["every seat connected after Redis returned, s"] = round(
        max(0.0, max(seat.connected_at for seat in play.seats) - returned), 2)
    play.acting = True
    resumed = time.monotonic()
    figures["every table moving again after s"] = round(
        await play.until(lambda: play.all_moved_since(resumed), 30, "tables moving"), 2)
    return figures


SCENARIO = FaultScenario("redis", "kill -9 Redis, start it again on the same port after --outage s",
                         kill_redis)
