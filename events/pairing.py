"""Swiss pairing, in pure Python (no Django): each round, pairs of equal score meet, no
two pairs meet twice, and with an odd number one pair sits out with a bye
(docs/events.md).

The pairs are ranked by score, then the tie-breaks of `standings` (Buchholz: the sum of
the opponents' scores; then the points difference over the pair's matches; then the
registration order). The bye goes to the lowest-ranked pair that has not had one. Then,
from the top, each pair meets the highest-ranked pair below it that it has not met; when
that leaves the pairs below with no pairing, the search goes back and takes the next
candidate (a depth-first search, bounded by MAX_STEPS).
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field

# A bye scores as a win.
BYE_SCORE = 1
# The search's bound: a field where no pairing without a repeat exists (more rounds than
# the pairs allow) is refused rather than searched for ever.
MAX_STEPS = 200_000


class NoPairing(ValueError):
    """Every pairing of these pairs repeats a meeting (or the search ran out of steps)."""


@dataclass(frozen=True)
class Played:
    """One match of a past round: its two pairs, the winner (None: not played out), and
    each pair's points."""

    first: Hashable
    second: Hashable
    winner: Hashable | None
    points: tuple[int, int] = (0, 0)


@dataclass
class Standing:
    pair: Hashable
    score: int = 0
    buchholz: int = 0
    difference: int = 0
    byes: int = 0
    opponents: set[Hashable] = field(default_factory=set)


def standings(pairs: Sequence[Hashable], played: Iterable[Played], byes: Iterable[Hashable] = (),
              adjustments: Mapping[Hashable, int] | None = None) -> list[Standing]:
    """Every pair's score (1 a win, BYE_SCORE a bye, a moderator's adjustment added) and
    tie-breaks, best first; `pairs` is the registration order, the last tie-break."""
    table = {pair: Standing(pair) for pair in pairs}
    for pair, adjustment in (adjustments or {}).items():
        if pair in table:
            table[pair].score += adjustment
    for pair in byes:
        if pair in table:
            table[pair].score += BYE_SCORE
            table[pair].byes += 1
    matches = list(played)
    for match in matches:
        for pair, other, (mine, theirs) in ((match.first, match.second, match.points),
                                           (match.second, match.first, match.points[::-1])):
            if pair in table:
                table[pair].opponents.add(other)
                table[pair].difference += mine - theirs
                if match.winner == pair:
                    table[pair].score += 1
    for standing in table.values():
        standing.buchholz = sum(table[other].score for other in standing.opponents if other in table)
    order = {pair: n for n, pair in enumerate(pairs)}
    return sorted(table.values(), key=lambda s: (-s.score, -s.buchholz, -s.difference, order[s.pair]))


def pair_round(ranked: Sequence[Standing]) -> tuple[list[tuple[Hashable, Hashable]], Hashable | None]:
    """The next round's matches (the higher-ranked pair first) and the pair with the bye,
    for pairs ranked best first. Raises NoPairing when every pairing repeats a meeting."""
    steps = [0]
    if len(ranked) % 2 == 0:
        matches = _pair(list(ranked), steps)
        if matches is None:
            raise NoPairing("every pairing repeats a meeting")
        return matches, None
    # The lowest-ranked pair without a bye sits out, unless the rest cannot then be paired.
    candidates = sorted(range(len(ranked)), key=lambda i: (ranked[i].byes, -i))
    for i in candidates:
        matches = _pair([s for n, s in enumerate(ranked) if n != i], steps)
        if matches is not None:
            return matches, ranked[i].pair
    raise NoPairing("every pairing repeats a meeting")


def _pair(ranked: list[Standing], steps: list[int]) -> list[tuple[Hashable, Hashable]] | None:
    """Depth-first: the top pair meets the best pair below it it has not met, and the
    rest are paired the same way; None if no pairing without a repeat is found."""
    matches: list[tuple[Hashable, Hashable]] = []
    free = list(ranked)
    # Each frame: the pairs left when it began, and the next candidate index to try.
    stack: list[tuple[list[Standing], int]] = []
    start = 1
    while free:
        steps[0] += 1
        if steps[0] > MAX_STEPS:
            raise NoPairing("the search for a pairing without a repeat ran out of steps")
        top = free[0]
        for n in range(start, len(free)):
            if free[n].pair not in top.opponents:
                stack.append((free, n + 1))
                matches.append((top.pair, free[n].pair))
                free = free[1:n] + free[n + 1:]
                start = 1
                break
        else:
            if not stack:
                return None
            free, start = stack.pop()
            matches.pop()
    return matches
