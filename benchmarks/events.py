"""Events: Swiss pairing and duplicate scoring, pure Python on one core
(`python -m benchmarks.events`).

- Pairing a Swiss round of 1,000 pairs after a few rounds of random results
  (events.pairing.standings, then pair_round).
- Scoring a duplicate event of 64 pairs and 24 deals: 32 tables play every deal, each
  deal is compared in both directions (events.scoring.score_event, then ranking).

    python -m benchmarks.events [--pairs 1000] [--rounds 6] [--score-pairs 64] [--deals 24]

Targets: under 1 s each.
"""

import argparse
import random
import sys
import time
from collections.abc import Hashable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from events.pairing import Played, pair_round, standings
from events.scoring import Result, ranking, score_event

TARGET_SECONDS = 1.0


def swiss_history(pairs: int, rounds: int,
                  rng: random.Random) -> tuple[list[Hashable], list[Played], list[Hashable]]:
    """`rounds` rounds of a Swiss of `pairs` pairs with random winners."""
    field: list[Hashable] = list(range(pairs))
    played: list[Played] = []
    byes: list[Hashable] = []
    for _ in range(rounds):
        matches, bye = pair_round(standings(field, played, byes))
        if bye is not None:
            byes.append(bye)
        for first, second in matches:
            winner = rng.choice((first, second))
            played.append(Played(first, second, winner, (41, rng.randrange(41)) if winner == first
                                 else (rng.randrange(41), 41)))
    return field, played, byes


def time_pairing(pairs: int, rounds: int, seed: int) -> float:
    field, played, byes = swiss_history(pairs, rounds, random.Random(seed))
    start = time.perf_counter()
    matches, _ = pair_round(standings(field, played, byes))
    elapsed = time.perf_counter() - start
    assert len(matches) == pairs // 2
    return elapsed


def time_scoring(pairs: int, deals: int, seed: int) -> float:
    rng = random.Random(seed)
    results = [Result(deal, table * 2, table * 2 + 1, rng.randrange(-26, 27))
               for deal in range(1, deals + 1) for table in range(pairs // 2)]
    start = time.perf_counter()
    ranked = ranking(score_event(results), order={pair: pair for pair in range(pairs)})
    elapsed = time.perf_counter() - start
    assert len(ranked) == pairs
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=6, help="rounds played before the one timed")
    parser.add_argument("--score-pairs", type=int, default=64)
    parser.add_argument("--deals", type=int, default=24)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    pairing = time_pairing(args.pairs, args.rounds, args.seed)
    scoring = time_scoring(args.score_pairs, args.deals, args.seed)
    print(f"events: Swiss round {args.rounds + 1} of {args.pairs} pairs paired in {pairing:.3f} s "
          f"(target < {TARGET_SECONDS:.0f} s)")
    print(f"events: duplicate of {args.score_pairs} pairs, {args.deals} deals scored in {scoring:.3f} s "
          f"(target < {TARGET_SECONDS:.0f} s)")


if __name__ == "__main__":
    main()
