"""Self-play: ``python -m games.bots.selfplay --level standard --deals 100000``.

All four seats play one level on seeded decks, match after match, until the number
of deals is reached; printed per variant: deals, deals per CPU second and the
decision time p50/p99.  The engine refuses an illegal action (``IllegalAction``),
so every finished deal is a deal without one and a bot bug stops the run.

``--samples N`` caps the expert's sampled deals per decision: the same sampling,
solving and scoring code at a fraction of the cost, which is how CI affords
thousands of expert deals (docs/bots.md, Tests).
"""

from __future__ import annotations

import argparse
import contextlib
import random
import time
from collections.abc import Iterator
from dataclasses import dataclass

from . import LEVELS, expert
from .arena import percentile, play_match, seeded_decks

VARIANTS = ("classic", "forty_one")


@dataclass
class SelfPlay:
    deals: int
    cpu_seconds: float
    decisions: list[float]  # CPU seconds per decision


@contextlib.contextmanager
def expert_samples_capped(cap: int | None) -> Iterator[None]:
    """The expert samples at most ``cap`` deals per decision, in play and in the auction,
    meanwhile (None: as tuned)."""
    tuned = expert.SAMPLES, expert.AUCTION_SAMPLES
    if cap is not None:
        expert.SAMPLES = {cards: min(n, cap) for cards, n in tuned[0].items()}
        expert.AUCTION_SAMPLES = min(tuned[1], cap)
    try:
        yield
    finally:
        expert.SAMPLES, expert.AUCTION_SAMPLES = tuned


def self_play(level: str, variant: str, deals: int, *, seed: int = 7, samples: int | None = None) -> SelfPlay:
    """Play ``deals`` deals of ``variant`` with ``level`` in all four seats."""
    rng = random.Random(f"selfplay:{level}:{variant}:{seed}")
    dealt = pair = 0
    decisions: list[float] = []
    start = time.process_time()
    with expert_samples_capped(samples):
        while dealt < deals:
            record = play_match(
                variant, (level, level), seeded_decks(seed, pair), dealer=pair % 4, target=None,
                rng=rng, max_hands=deals - dealt,
            )
            dealt += len(record.deals)
            decisions += record.times[level]
            pair += 1
    return SelfPlay(dealt, time.process_time() - start, decisions)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m games.bots.selfplay",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("--level", default="standard", choices=LEVELS)
    parser.add_argument("--deals", type=int, default=100_000, help="deals per variant")
    parser.add_argument("--samples", type=int, default=None, help="expert: deals sampled a decision, at most")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    for variant in VARIANTS:
        run = self_play(args.level, variant, args.deals, seed=args.seed, samples=args.samples)
        print(
            f"{args.level} self-play, {variant}: {run.deals} deals without an illegal action,"
            f" {run.deals / run.cpu_seconds:.1f} deals per CPU second;"
            f" {len(run.decisions)} decisions, p50 {1000 * percentile(run.decisions, 0.5):.2f} ms,"
            f" p99 {1000 * percentile(run.decisions, 0.99):.2f} ms",
            flush=True,
        )


if __name__ == "__main__":
    main()
