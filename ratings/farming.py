"""What rating farming gains, with and without the defences of docs/ratings.md (the
repeated-opponent discount and RATING_MIN_OPPONENTS), and what the discount costs honest
players:

    .venv/bin/python -m ratings.farming

All in memory through ratings.rate.Replay, the rules rebuild_ratings replays (no database).
Honest seasons first, four players drawn at random for each match, the side with more skill
winning more often: young (40 players, 150 matches in a week, as on a new site), dense (40
players, 4,000 matches in 30 days: 13 a day each, a small club) and wide (200 players,
4,000 matches in 30 days). Then one person's accounts farm: accounts 1001 and 1002 always
beat a pair of the others, every pair in turn (with four accounts, always the same two),
one match every 8.4 s (the 50 matches in 7 minutes of issue 28) or a few a day.
"""

import argparse
import copy
import math
import os
import random
from collections.abc import Iterator
from contextlib import AbstractContextManager, nullcontext
from datetime import UTC, datetime, timedelta
from itertools import combinations
from typing import TYPE_CHECKING
from unittest import mock

import django
from django.conf import settings

if TYPE_CHECKING:
    from ratings.rate import Replay

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tarneeb.settings")
SEASONS = {"young": (40, 150, 7), "dense": (40, 4000, 30), "wide": (200, 4000, 30)}  # players, matches, days
START = datetime(2026, 1, 1, tzinfo=UTC)
FARMED_FROM = START + timedelta(days=31)
FAST = timedelta(seconds=8.4)
# accounts, pace in matches a day (None: one every 8.4 s); before, only the fast ones.
FARMS = ((4, None), (8, None), (12, None), (4, 10), (8, 10), (12, 10), (8, 3), (12, 3))
CURVE = (10, 50, 100, 500)
FARMER = 1001


def season(players: int, matches: int, days: int) -> tuple["Replay", list[float]]:
    """The ratings after an honest season, and the weight of each of its rating changes."""
    from ratings.rate import Replay  # after django.setup()

    rng, replay, weights = random.Random(28), Replay(), []
    skill = [rng.gauss(0.0, 1.0) for _ in range(players)]
    for n in range(matches):
        seats = rng.sample(range(players), 4)
        edge = skill[seats[0]] + skill[seats[2]] - skill[seats[1]] - skill[seats[3]]
        winner = 0 if rng.random() < 1 / (1 + math.exp(-edge)) else 1
        changes = replay.rate(n, "classic", winner, START + n * timedelta(days=days) / matches,
                              [user + 1 for user in seats])
        weights += [change.weight for change in changes]
    return replay, weights


def leader(replay: "Replay", opponents: int) -> int | None:
    """The user at #1 of the Classic leaderboard (ratings.views.leaderboard's filter and order)."""
    listed = [r for r in replay.ratings.values()
              if r.matches >= settings.RATING_MIN_MATCHES and r.opponents >= opponents]
    return min(listed, key=lambda r: (-r.rating, -r.matches, r.user_id)).user_id if listed else None


def best(replay: "Replay", opponents: int) -> int:
    user = leader(replay, opponents)
    return replay.ratings[user, "classic"].rating if user else 0


def tables(accounts: int) -> Iterator[list[int]]:
    """Seats of each farmed match: FARMER and his partner against each pair of the others."""
    losers = list(combinations(range(FARMER + 2, FARMER + accounts), 2))
    while True:
        for first, second in losers:
            yield [FARMER, first, FARMER + 1, second]


def farm(honest: "Replay", accounts: int, every: timedelta, limit: int,
         opponents: int) -> tuple[int | None, list[int]]:
    """Farmed matches until FARMER is #1 (None: not within `limit`), and his rating after
    each number of matches in CURVE."""
    replay = copy.deepcopy(honest)
    first, curve, seats = None, [], tables(accounts)
    for n in range(1, limit + 1):
        replay.rate(10**6 + n, "classic", 0, FARMED_FROM + (n - 1) * every, next(seats))
        if n in CURVE:
            curve.append(replay.ratings[FARMER, "classic"].rating)
        if first is None and leader(replay, opponents) == FARMER:
            first = n
    return first, curve


def run(rule: str, patch: AbstractContextManager[object], opponents: int, limit: int) -> None:
    with patch:
        honest = {name: season(*shape) for name, shape in SEASONS.items()}
        for name, (replay, weights) in honest.items():
            print(f"{rule}: {name} season: #1 at {best(replay, opponents)}, "
                  f"{sum(w < 1 for w in weights) / len(weights):.1%} of its rating changes discounted, "
                  f"mean weight {sum(weights) / len(weights):.3f}")
        for accounts, pace in FARMS[:3] if rule == "before" else FARMS:
            every = timedelta(days=1) / pace if pace else FAST
            label = f"{accounts} accounts, " + (f"{pace} matches a day" if pace else "one match every 8.4 s")
            for name in ("young", "dense"):
                first, curve = farm(honest[name][0], accounts, every, limit, opponents)
                reached = f"#1 after {first}" if first else f"never #1 in {limit}"
                print(f"  {rule}, {label}, {name} board: {reached}; rating after "
                      f"{'/'.join(map(str, CURVE))}: {'/'.join(map(str, curve))}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--limit", type=int, default=1000, help="farmed matches to play (default 1000)")
    limit = parser.parse_args().limit
    django.setup()
    print(f"RATING_MIN_MATCHES {settings.RATING_MIN_MATCHES}, "
          f"RATING_MIN_OPPONENTS {settings.RATING_MIN_OPPONENTS} (before: none)")
    run("before", mock.patch("ratings.rate.repeat_weight", lambda met: 1.0), 0, limit)
    run("after", nullcontext(), settings.RATING_MIN_OPPONENTS, limit)


if __name__ == "__main__":
    main()
