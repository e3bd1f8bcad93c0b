"""How fast this machine's cores are right now: a fixed piece of pure Python, timed in CPU.

The same load run on the same quiet machine cost 6.8 ms of server CPU a move in one run
and 10.2 ms in another, and the clients' CPU moved with it: the cores themselves are
slower at times (a virtual machine's cores share their physical ones with others'). A run's
figures are read beside this reference, measured during its window.
"""

from __future__ import annotations

import random
import statistics
import time

from games import engine
from games.engine.cards import full_deck

# Hands played by one reference run.
HANDS = 240
# Its CPU milliseconds on this project's 2-core machine at its fastest (the least of 60 runs,
# 4 December 2026); the same runs took up to 43 ms, with nothing else running. Kept as the
# yardstick the figures since are scaled to, though later that day it ran in 19.7 ms.
FULL_SPEED_MS = 24.0


def reference_ms() -> float:
    """CPU milliseconds to play HANDS Classic hands of seeded random legal moves."""
    rng = random.Random(20261204)
    began = time.process_time()
    for hand in range(HANDS):
        match = engine.new_match("classic", dealer=hand % 4, target=31)
        deck = full_deck()
        rng.shuffle(deck)
        match.deal(deck)
        while match.phase not in ("deal", "over"):
            match.apply(match.to_act, rng.choice(match.legal_actions()))
    return (time.process_time() - began) * 1000


def at_full_speed(cpu_ms: float, reference: float) -> float:
    """CPU milliseconds measured while the reference took `reference`, scaled to the machine
    at its fastest: an estimate, which assumes everything slowed alike."""
    return cpu_ms * FULL_SPEED_MS / reference


def reference_until(closes: float, every: float = 4.0) -> float:
    """The median reference, run every `every` seconds until perf_counter() reaches `closes`
    (one run at least); it costs under 1% of a core."""
    runs = [reference_ms()]
    while (left := closes - time.perf_counter()) > 0:
        time.sleep(min(every, left))
        if closes - time.perf_counter() > 0:
            runs.append(reference_ms())
    return statistics.median(runs)
