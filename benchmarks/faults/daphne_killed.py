"""A daphne killed: kill -9 one of the two daphne processes under tables in play. Its
sockets must come back on the other daphne and every table move again; then it is
started again, as its supervisor would, and the clients stay where they are."""

from __future__ import annotations

import asyncio
import statistics
import time
from typing import Any

from benchmarks.faults.cluster import wait_for_page
from benchmarks.faults.harness import FaultScenario, Harness


async def kill_a_daphne(h: Harness) -> dict[str, Any]:
    play, cluster = h.play, h.cluster
    victim = 0
    seats = [seat for seat in play.seats if seat.server == victim and seat.client is not None]
    process = cluster.daphnes[victim]
    assert process is not None
    killed = time.monotonic()
    process.kill()
    process.wait(10)
    back = await play.until(lambda: all(s.client is not None and s.server != victim and s.dropped_at is None
                                        for s in seats), 30, "clients back on the other daphne")
    playing = await play.until(lambda: play.all_moved_since(killed + back), 30, "every table playing again")
    # The supervisor starts it again; clients stay where they are.
    cluster.start_daphne(victim)
    await asyncio.to_thread(wait_for_page, cluster.bases[victim], 60)
    reconnects = [seat.reconnects[-1] for seat in seats if seat.reconnects]
    return {"sockets on the killed daphne": len(seats),
            "reconnected, median s": round(statistics.median(reconnects), 2) if reconnects else None,
            "all back on the other daphne after s": round(back, 2),
            "every table moving again after s": round(back + playing, 2)}


SCENARIO = FaultScenario("daphne", "kill -9 one of the two daphne processes", kill_a_daphne)
