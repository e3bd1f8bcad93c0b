"""Refit Tarneeb 41's estimate of a seat's tricks: ``python -m games.bots.seat_fit --seed 9007
--decks 20000``.

Standard self-play plays one Tarneeb 41 hand on each deck (a hand thrown in is skipped); each
seat's ``expert.seat_measures`` (its hand, the opponents' bids before its turn) and the tricks
it took are fitted by least squares.  Printed: the weights (``expert.SEAT_FIT``) and the
residual spread out of sample (k-fold), beside that of today's ``SEAT_FIT`` and of the
playing tricks alone (``SEAT_SPREAD`` is the fit's).  Pure Python: ten measures need no numpy.
"""

from __future__ import annotations

import argparse
import math
import random
from collections.abc import Iterator, Sequence

from games.engine import ends_hand, new_match
from games.engine.cards import mask_of

from . import choose, expert
from .arena import seeded_decks

Row = tuple[tuple[float, ...], int]
RIDGE = 1e-3


def seat_rows(seed: int, first: int, decks: int) -> Iterator[Row]:
    """Each seat's measures and the tricks it took, hand by hand, standard on every seat."""
    for n in range(first, first + decks):
        match = new_match("forty_one", dealer=n % 4, deals=1)
        history = match.deal(next(seeded_decks(seed, n)))
        hands = [mask_of(match.view(seat)["hand"]) for seat in range(4)]
        exposed_trump = match.view(0)["trump"]
        assert exposed_trump is not None  # Tarneeb 41's trump is known from the deal
        trump = "CDHS".index(exposed_trump)
        while not any(map(ends_hand, history)):
            seat = match.to_act
            rng = random.Random(f"seat_fit:{seed}:{n}:{len(history)}")
            history += match.apply(seat, choose(match.view(seat), history, "standard", rng))
        over = next(filter(ends_hand, history))
        if over["type"] != "hand_scored":
            continue
        bids = [(e["seat"], e["value"]) for e in history if e["type"] == "bid"]
        for turn, (seat, _) in enumerate(bids):
            opponents = [value for who, value in bids[:turn] if (who - seat) % 2]
            yield expert.seat_measures(hands[seat], trump, opponents), over["tricks"][seat]


def least_squares(rows: Sequence[Row]) -> list[float]:
    """The weights that minimise the squared error over ``rows`` (the normal equations, solved
    by Gaussian elimination with partial pivoting).  A hair of ridge keeps them solvable when
    two measures agree on every row: the sure tricks and the trumps' top run part only on
    hands whose top trumps outnumber the trumps out."""
    size = len(rows[0][0])
    a = [[RIDGE if i == j else 0.0 for j in range(size + 1)] for i in range(size)]
    for x, y in rows:
        for i in range(size):
            for j in range(size):
                a[i][j] += x[i] * x[j]
            a[i][size] += x[i] * y
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: abs(a[r][col]))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(size):
            if r != col and a[r][col]:
                f = a[r][col] / a[col][col]
                a[r] = [v - f * p for v, p in zip(a[r], a[col], strict=True)]
    return [a[i][size] / a[i][i] for i in range(size)]


def predict(weights: Sequence[float], x: Sequence[float]) -> float:
    return sum(w * v for w, v in zip(weights, x, strict=True))


def spread(weights: Sequence[float], rows: Sequence[Row]) -> float:
    """The root mean square of the residuals of ``weights`` on ``rows``."""
    return math.sqrt(sum((y - predict(weights, x)) ** 2 for x, y in rows) / len(rows))


def out_of_sample(rows: Sequence[Row], folds: int = 5) -> float:
    """The residual spread of a fit on the other folds, each fold in turn."""
    squared = 0.0
    for k in range(folds):
        weights = least_squares([row for i, row in enumerate(rows) if i % folds != k])
        squared += sum((y - predict(weights, x)) ** 2 for i, (x, y) in enumerate(rows) if i % folds == k)
    return math.sqrt(squared / len(rows))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m games.bots.seat_fit", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--seed", type=int, default=9007)
    parser.add_argument("--first", type=int, default=0, help="the first deck's number")
    parser.add_argument("--decks", type=int, default=20_000)
    args = parser.parse_args(argv)
    rows = list(seat_rows(args.seed, args.first, args.decks))
    weights = least_squares(rows)
    alone = [(x[:2], y) for x, y in rows]
    print(f"{len(rows)} seats of {args.decks} decks (seed {args.seed}), standard on every seat")
    print("SEAT_FIT = (" + ", ".join(f"{w:.3f}" for w in weights) + ")")
    print(f"residual spread: in sample {spread(weights, rows):.3f}, out of sample {out_of_sample(rows):.3f};"
          f" today's SEAT_FIT {spread(expert.SEAT_FIT, rows):.3f};"
          f" the playing tricks alone, refitted {out_of_sample(alone):.3f}")


if __name__ == "__main__":
    main()
