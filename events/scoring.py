"""Duplicate scoring, in pure Python (no Django): every table of a round plays the same
deals in the same seats, and a pair is scored on each deal against every other pair that
held the same cards (docs/events.md).

A result is one table's play of one deal: the deal's number, the pair in seats 0 and 2
("north-south"), the pair in seats 1 and 3 ("east-west"), and `score`, the points the
deal gave north-south minus those it gave east-west (a thrown-in deal scores 0). An
east-west pair's score on it is `-score`: a pair is compared only with the pairs that sat
in the same direction at the other tables of the deal.

- **Matchpoints**: on each deal, 2 for every pair of the same direction one did better
  than, 1 for each one did equally well as; a pair's percentage is its matchpoints over the
  most it could have had (2 for each comparison).
- **IMPs** (an IMP-like scale for Tarneeb's points, IMP_SCALE): on each deal, every
  difference from another pair of the same direction is converted by the scale (signed),
  and the pair's IMPs on the deal are the mean of those conversions (cross-IMPs, averaged,
  so that a field of any size gives the same range).
"""

from __future__ import annotations

import bisect
from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping
from dataclasses import dataclass, field

# Upper bounds of point differences for 0, 1, 2 ... IMPs; a difference above the last bound
# is worth len(IMP_SCALE) IMPs. A classic hand moves a team 2 to 26 points: a trick or two
# (the usual gap between two good plays of a deal) is 1 or 2 IMPs, a made contract against
# a set one 5 to 7, a slam of 13 the most.
IMP_SCALE = (0, 2, 4, 6, 9, 13, 18, 25)


def imps(difference: int) -> int:
    """The IMPs for a difference in points, signed as the difference."""
    size = bisect.bisect_left(IMP_SCALE, abs(difference))
    return size if difference >= 0 else -size


@dataclass(frozen=True)
class Result:
    deal: int
    ns: Hashable
    ew: Hashable
    score: int


@dataclass
class PairScore:
    """A pair's duplicate totals: matchpoints, the most it could have had, IMPs."""

    matchpoints: int = 0
    top: int = 0
    imps: float = 0.0
    deals: int = 0
    # A moderator's adjustment, in percentage points.
    adjustment: int = 0

    @property
    def percentage(self) -> float:
        return (100.0 * self.matchpoints / self.top if self.top else 50.0) + self.adjustment


@dataclass
class DealScores:
    """One deal's scores for every pair that played it, by pair."""

    matchpoints: dict[Hashable, int] = field(default_factory=dict)
    top: int = 0
    imps: dict[Hashable, float] = field(default_factory=dict)


def score_deal(results: Iterable[Result]) -> DealScores:
    """Matchpoints and IMPs of every pair on one deal (the results of every table)."""
    results = list(results)
    scores = DealScores(top=2 * (len(results) - 1))
    for direction in ("ns", "ew"):
        sign = 1 if direction == "ns" else -1
        mine = sorted((sign * result.score, getattr(result, direction)) for result in results)
        values = [value for value, _ in mine]
        for value, pair in mine:
            below = bisect.bisect_left(values, value)
            equal = bisect.bisect_right(values, value) - below - 1  # the others with this score
            scores.matchpoints[pair] = 2 * below + equal
            others = len(values) - 1
            scores.imps[pair] = (sum(imps(value - other) for other in values) / others) if others else 0.0
    return scores


def score_event(results: Iterable[Result]) -> dict[Hashable, PairScore]:
    """Every pair's totals over the deals it played."""
    by_deal: dict[int, list[Result]] = defaultdict(list)
    for result in results:
        by_deal[result.deal].append(result)
    totals: dict[Hashable, PairScore] = defaultdict(PairScore)
    for deal_results in by_deal.values():
        deal = score_deal(deal_results)
        for pair, matchpoints in deal.matchpoints.items():
            total = totals[pair]
            total.matchpoints += matchpoints
            total.top += deal.top
            total.imps += deal.imps[pair]
            total.deals += 1
    return dict(totals)


def ranking(totals: Mapping[Hashable, PairScore], adjustments: Mapping[Hashable, int] | None = None,
            order: Mapping[Hashable, int] | None = None) -> list[tuple[Hashable, PairScore]]:
    """Pairs best first: by percentage (a moderator's adjustment, in percentage points,
    counted in), then IMPs, then `order` (registration: the earlier first)."""
    adjustments = adjustments or {}
    order = order or {}
    adjusted = {pair: PairScore(score.matchpoints, score.top, score.imps, score.deals,
                                adjustments.get(pair, 0)) for pair, score in totals.items()}
    return sorted(adjusted.items(), key=lambda item: (-item[1].percentage, -item[1].imps,
                                                       order.get(item[0], 0)))
