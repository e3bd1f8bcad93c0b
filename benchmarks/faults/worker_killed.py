"""The worker killed: kill -9 the Celery worker and its children while every table waits
on a turn; no overdue turn is played until it is restarted (as a supervisor would), then
each must be played once, by the timer."""

from __future__ import annotations

from typing import Any

from benchmarks.faults.audit import on_db, pending_turns, played_by, versions_now
from benchmarks.faults.harness import FaultScenario, Harness
from tests.processes import kill_group


async def kill_the_worker(h: Harness) -> dict[str, Any]:
    play, cluster = h.play, h.cluster
    await h.settle()
    pending = await on_db(pending_turns, play.rooms())
    assert cluster.worker is not None
    kill_group(cluster.worker)
    await h.wait_past(pending)
    moved = await on_db(versions_now, list(pending))
    played_without_worker = sum(moved[pk] != version for pk, (version, _) in pending.items())
    cluster.start_worker()  # as a supervisor would (Restart=always)
    try:
        recovery: float | str = round(await h.overdue_turns_played(pending, 60), 2)
    except TimeoutError as exc:
        recovery = f"never ({exc})"
    by = await on_db(played_by, {pk: version for pk, (version, _) in pending.items()})
    play.acting = True
    return {"overdue turns": len(pending), "played while no worker ran": played_without_worker,
            "all played after the restart (worker boot included), s": recovery,
            "moves recorded at those versions, by actor": by}


SCENARIO = FaultScenario("worker", "kill -9 the worker (and its children); restart it as a supervisor would",
                         kill_the_worker)
