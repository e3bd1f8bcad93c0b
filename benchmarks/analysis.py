"""Hand analysis: CPU per hand on one core (`python -m benchmarks.analysis`).

Standard bots play seeded hands of both variants (the engine, no server); each hand that
is played out is analysed as the analysis app's task does (analysis.deal.analyse: the
double-dummy table, AnalysePlayBin over the play, the best cards at every choice), and
the process's CPU time for it is recorded. Prints p50 / p95 / max per variant and over
all. DDS solves on the caller's thread, so one process is one core.

    python -m benchmarks.analysis [--hands 200] [--seed 1]

Target: p95 <= 2 s a hand.
"""

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from analysis.deal import Move, analyse
from games import bots, engine

VARIANTS = ("classic", "forty_one")


def played_hands(variant: str, count: int, seed: int) -> Iterator[tuple[list[str], int, list[Move]]]:
    """`count` hands played out by standard bots: (deck, dealer, moves); thrown-in deals
    are dealt again and not counted."""
    rng = random.Random(f"bench-analysis:{variant}:{seed}")
    made = 0
    while made < count:
        dealer = rng.randrange(4)
        game = engine.new_match(variant, dealer=dealer)
        deck = engine.full_deck()
        rng.shuffle(deck)
        history: list[Any] = game.deal(deck)
        moves: list[Move] = []
        while game.to_act is not None:
            seat = game.to_act
            action = bots.choose(game.view(seat), history, "standard", rng)
            moves.append((seat, action))
            history += game.apply(seat, action)
        if not next(filter(engine.ends_hand, reversed(history)))["thrown_in"]:
            made += 1
            yield deck, dealer, moves


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def line(name: str, times: list[float]) -> str:
    return (f"{name}: {len(times)} hands, CPU per hand p50 {statistics.median(times):.3f} s, "
            f"p95 {percentile(times, 0.95):.3f} s, max {max(times):.3f} s")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.analysis",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=200, help="hands played out, per variant")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    if hasattr(os, "sched_setaffinity"):
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})  # one core
    every: list[float] = []
    for variant in VARIANTS:
        times = []
        for deck, dealer, moves in played_hands(variant, args.hands, args.seed):
            start = time.process_time()
            analyse(variant, deck, dealer, moves)
            times.append(time.process_time() - start)
        print(line(variant, times), flush=True)
        every += times
    print(line("both variants", every) + " (target p95 <= 2 s)")


if __name__ == "__main__":
    main()
