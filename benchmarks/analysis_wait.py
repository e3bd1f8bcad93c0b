"""How long a hand's analysis takes to be served once the hand is over, measured by the
paced load test (benchmarks.load) while its tables play.

A table's client notes each hand that its own move ended (the state after it is between
hands, or the match is over) with the time the first seat held that state; the watcher of
its process asks /matches/<id>/analysis.json, the list the replay asks while an analysis is
pending, every POLL seconds for each match with a hand waiting, and records the time until
the hand is listed: from the hand's end to its analysis being served, as a viewer of the
replay would see it (give or take POLL). One request a match with hands waiting per POLL:
a few requests a second at 100 tables, nothing beside the moves.
"""

from __future__ import annotations

import asyncio
import json
import math
import statistics
import time
from typing import Any

from benchmarks.abuse import percentile
from tests.protocol_client import HttpSession

POLL = 0.25


class AnalysisWatch:
    def __init__(self, base: str) -> None:
        self.session = HttpSession(base)  # anonymous: the load test's rooms are public
        self.waiting: dict[tuple[int, int], float] = {}  # (match, hand) -> over at
        self.samples: list[tuple[float, float]] = []  # (over at, seconds until served)
        self.failures = 0
        self.stopping = False

    def hand_over(self, match: int, hand: int) -> None:
        self.waiting.setdefault((match, hand), time.perf_counter())

    def served(self, match: int) -> set[int]:
        answer = self.session.get(f"/matches/{match}/analysis.json")
        if answer.status != 200:
            raise RuntimeError(f"analysis list of match {match}: HTTP {answer.status}")
        return set(json.loads(answer.body)["hands"])

    async def run(self, grace: float) -> None:
        """Until stopped, then `grace` more seconds for the hands still waiting."""
        loop = asyncio.get_running_loop()
        deadline = math.inf
        while self.waiting or not self.stopping:
            if self.stopping and deadline == math.inf:
                deadline = time.perf_counter() + grace
            if time.perf_counter() >= deadline:
                return
            for match in {m for m, _ in self.waiting}:
                try:
                    hands = await loop.run_in_executor(None, self.served, match)
                except (OSError, RuntimeError):
                    self.failures += 1
                    continue
                now = time.perf_counter()
                for key in [k for k in self.waiting if k[0] == match and k[1] in hands]:
                    self.samples.append((self.waiting[key], now - self.waiting.pop(key)))
            await asyncio.sleep(POLL)

    def result(self) -> dict[str, Any]:
        return {"samples": self.samples, "missing": list(self.waiting.values()), "failures": self.failures}


def summary(samples: list[tuple[float, float]], missing: list[float], opens: float, closes: float,
            grace: float, failures: int = 0) -> str:
    """The waits of the hands that ended in the window [opens, closes)."""
    waits = [wait for at, wait in samples if opens <= at < closes]
    late = sum(1 for at in missing if opens <= at < closes)
    if failures:
        return summary(samples, missing, opens, closes, grace) + f"; {failures} requests for the list failed"
    if not waits and not late:
        return "analysis served after its hand's end: no hand ended in the window"
    tail = f"; {late} not served within the drain and {grace:g} s more" if late else ""
    if not waits:
        return f"analysis served after its hand's end: none of {late} hands{tail}"
    return (f"analysis served after its hand's end (s): p50 {statistics.median(waits):.1f}, "
            f"p95 {percentile(waits, 0.95):.1f}, max {max(waits):.1f} over {len(waits)} hands{tail} "
            "(target p95 <= 10 s)")
