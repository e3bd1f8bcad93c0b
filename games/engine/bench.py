"""Benchmark: ``python -m games.engine.bench [seconds-per-variant]``.

Plays random matches through the public API only (shuffle, ``deal``,
``legal_actions``, ``apply`` with a random legal action each turn) and prints
played-out hands per second per variant (thrown-in deals are not counted),
per second of the process's CPU time and by the wall clock, then the median
time of single ``apply``, ``legal_actions`` and ``view`` calls.
"""

from __future__ import annotations

import random
import statistics
import sys
import time

from . import FULL_DECK, new_match
from .events import Event

VARIANTS = ("classic", "forty_one")


def hands_per_second(variant: str, seconds: float, seed: int = 1) -> tuple[float, float, int, int]:
    """Play for about ``seconds`` of CPU time.

    Returns (hands per CPU second, hands per wall-clock second, hands played
    out, hands thrown in).  On an idle core the two rates agree; on a busy
    machine the CPU-time rate is the engine's own speed.
    """
    rng = random.Random(seed)
    rand = rng.random
    played = thrown = 0
    match = new_match(variant, dealer=0)
    start, cpu_start = time.perf_counter(), time.process_time()
    deadline = cpu_start + seconds
    while True:
        for _ in range(50):  # check the clock every 50 hands only
            if match.phase == "finished":
                match = new_match(variant, dealer=rng.randrange(4))
            # Shuffle: sort by random keys, a uniform shuffle cheaper than random.shuffle.
            match.deal(sorted(FULL_DECK, key=lambda _card: rand()))
            legal = match.legal_actions
            apply = match.apply
            events: list[Event] = []
            while match.to_act is not None:
                acts = legal()
                events = apply(match.to_act, acts[int(rand() * len(acts))])
            if events[-1]["type"] == "thrown_in":
                thrown += 1
            else:
                played += 1
        cpu = time.process_time()
        if cpu >= deadline:
            wall = time.perf_counter() - start
            return played / (cpu - cpu_start), played / wall, played, thrown


def median_call_us(variant: str, samples: int = 20000, seed: int = 2) -> dict[str, float]:
    """Median µs of one apply / legal_actions / view(to_act) call (timer overhead included)."""
    rng = random.Random(seed)
    clock = time.perf_counter_ns
    timings: dict[str, list[int]] = {"apply": [], "legal_actions": [], "view": []}
    match = new_match(variant, dealer=0)
    while len(timings["apply"]) < samples:
        if match.phase == "finished":
            match = new_match(variant, dealer=rng.randrange(4))
        if match.phase == "deal":
            deck = list(FULL_DECK)
            rng.shuffle(deck)
            match.deal(deck)
            continue
        seat = match.to_act
        assert seat is not None  # dealt, not finished
        t0 = clock()
        acts = match.legal_actions()
        t1 = clock()
        match.view(seat)
        t2 = clock()
        match.apply(seat, rng.choice(acts))
        t3 = clock()
        timings["legal_actions"].append(t1 - t0)
        timings["view"].append(t2 - t1)
        timings["apply"].append(t3 - t2)
    return {k: statistics.median(v) / 1000 for k, v in timings.items()}


def main(argv: list[str] | None = None) -> None:
    args = sys.argv[1:] if argv is None else argv
    seconds = float(args[0]) if args else 3.0
    print(f"Python {sys.version.split()[0]}, {seconds:g} s per variant, one core")
    for variant in VARIANTS:  # warm up: the first timed run is otherwise ~10% slow
        hands_per_second(variant, min(seconds, 0.5), seed=99)
    for variant in VARIANTS:
        rate, wall_rate, played, thrown = hands_per_second(variant, seconds)
        med = median_call_us(variant)
        print(
            f"{variant:10s} {rate:9,.0f} hands/s of CPU time ({wall_rate:,.0f} by the wall clock;"
            f" {played:,} played out, {thrown:,} thrown in)\n"
            f"{'':10s} median µs: apply {med['apply']:.2f}, legal_actions"
            f" {med['legal_actions']:.2f}, view {med['view']:.2f}"
        )


if __name__ == "__main__":
    main()
