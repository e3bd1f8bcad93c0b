"""Duplicate arena: ``python -m games.bots.arena --north-south expert --east-west standard``.

Each pair of matches is played on the same seeded decks twice, the second time
with the teams swapped, so the cards' luck cancels.  Printed: match wins,
points per deal (paired deals: the same deck and dealer at both tables) with a
95% confidence interval, Classic contracts made % (all, those bid at 10 or more, and 13s),
and decision time p50/p99
(CPU time of one process); ``--deals FILE`` writes every paired deal's difference and
both tables' auctions and results, a JSON line each.  Levels: the bot levels and ``timer``, the engine's
``timeout_action()``; ``expert@REV`` (any level at a git revision) plays the bots of
that commit, e.g. ``--east-west expert@4df812c`` to measure a change against the expert
before it.
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import json
import math
import pathlib
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from games.engine import ends_hand, full_deck, new_match
from games.engine.events import Event
from games.engine.match import Match
from games.engine.views import View

from . import LEVELS, choose

ARENA_LEVELS = (*LEVELS, "timer")
Chooser = Callable[[View, list[Event], str, random.Random], dict]
# A level that is given the match itself, hidden hands included: for measurements outside the
# platform only (benchmarks.bots_ceiling's oracle), passed to play_match / play_pair by name,
# never a bot level.
Seer = Callable[[Match, int, list[Event], random.Random], dict]


def bots_at(rev: str) -> Chooser:
    """``games.bots.choose`` as it was at git revision ``rev``: its package extracted from git
    and imported under a name of its own (the engine is today's)."""
    # Kept by commit, not by name: a name such as HEAD moves, and its old copy would stay.
    git = ["git", "rev-parse", "--verify", f"{rev}^{{commit}}"]
    return _bots_of(subprocess.run(git, check=True, capture_output=True, text=True).stdout.strip())


@functools.cache
def _bots_of(commit: str) -> Chooser:
    root = pathlib.Path(tempfile.gettempdir()) / f"tarneeb-bots-{commit}"
    if not root.exists():
        # Unpacked aside and renamed into place: the arena's workers may ask at once.
        aside = pathlib.Path(tempfile.mkdtemp(dir=root.parent))
        git = ["git", "archive", commit, "games/bots"]
        archive = subprocess.run(git, check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", str(aside)], input=archive, check=True)
        try:
            aside.rename(root)
        except OSError:  # another worker's copy came first
            shutil.rmtree(aside)
    name = f"_bots_{commit}"
    package = root / "games" / "bots"
    spec = importlib.util.spec_from_file_location(
        name, package / "__init__.py", submodule_search_locations=[str(package)])
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    chooser: Chooser = module.choose
    return chooser


def chooser(level: str) -> tuple[Chooser, str]:
    """The choose function and bot level of an arena level (``expert``, ``expert@REV``)."""
    if "@" in level:
        name, rev = level.split("@", 1)
        return bots_at(rev), name
    return choose, level


def arena_level(text: str) -> str:
    if text.split("@", 1)[0] not in ARENA_LEVELS or text.startswith("timer@"):
        raise argparse.ArgumentTypeError(f"{text!r}: one of {ARENA_LEVELS}, or a bot level @ a git revision")
    return text


def seeded_decks(seed: int, pair: int) -> Iterator[list[str]]:
    """The k-th deck of a match pair: the same at both tables."""
    k = 0
    while True:
        deck = full_deck()
        random.Random(f"arena:{seed}:{pair}:{k}").shuffle(deck)
        yield deck
        k += 1


@dataclass
class Record:
    """What one match table yields, by level."""

    winner_level: str | None = None
    deals: list[tuple[int, list[int]]] = field(default_factory=list)  # (dealer, team points) per hand
    # Classic: (bid, made?) per declaring level.
    contracts: dict[str, list[tuple[int, bool]]] = field(default_factory=dict)
    times: dict[str, list[float]] = field(default_factory=dict)  # seconds per decision, by level
    auctions: list[list[Event]] = field(default_factory=list)  # per hand: its bids, passes and summary


def side_points(summary: Mapping[str, Any]) -> list[int]:
    """A scored hand's points for each side (Tarneeb 41 scores seats: partners' are summed)."""
    if summary["thrown_in"]:
        return [0, 0]
    points = summary["points"]
    if len(points) == 4:
        return [points[0] + points[2], points[1] + points[3]]
    return list(points)


def play_match(
    variant: str,
    team_levels: tuple[str, str],
    decks: Iterator[list[str]],
    *,
    dealer: int,
    target: int | None,
    rng: random.Random,
    max_hands: int | None = None,
    seers: Mapping[str, Seer] | None = None,
) -> Record:
    """Play one match (or ``max_hands`` hands of it); ``team_levels[t]`` plays team t
    (``seers``: levels that see the whole match, by name)."""
    match = new_match(variant, dealer=dealer, target=target)
    record = Record()
    clock = time.process_time
    hands = 0
    while match.phase != "finished" and (max_hands is None or hands < max_hands):
        hand_dealer = match.dealer
        history = match.deal(next(decks))
        while match.to_act is not None:
            seat = match.to_act
            level = team_levels[seat % 2]
            start = clock()
            if level == "timer":
                action = match.timeout_action()
            elif seers and level in seers:
                action = seers[level](match, seat, history, rng)
            else:
                decide, name = chooser(level)
                action = decide(match.view(seat), history, name, rng)
            record.times.setdefault(level, []).append(clock() - start)
            history += match.apply(seat, action)  # IllegalAction propagates: a bot bug
        summary = next(filter(ends_hand, reversed(history)))
        auction: list[Event] = [e for e in history if e["type"] in ("bid", "pass")]
        record.auctions.append([*auction, summary])
        hands += 1
        record.deals.append((hand_dealer, side_points(summary)))
        if summary["thrown_in"]:
            continue
        if variant == "classic":
            side = summary["contract"]["seat"] % 2
            bid = summary["contract"]["value"]
            record.contracts.setdefault(team_levels[side], []).append((bid, summary["made"]))
    if match.winner is not None:
        record.winner_level = team_levels[match.winner]
    return record


@dataclass
class PairResult:
    wins: dict[str, int]
    deal_diffs: list[float]  # level A's points minus level B's, per paired deal (mean of both tables)
    # Per paired deal: the pair, the hand's number, the diff and both tables' auctions (level A
    # north-south first, then east-west), to find the deals a level loses (``--deals``).
    deal_rows: list[dict]
    contracts: dict[str, list[tuple[int, bool]]]
    times: dict[str, list[float]]


def play_pair(
    args: tuple[str, str, str, int, int, int | None], seers: Mapping[str, Seer] | None = None
) -> PairResult:
    variant, level_a, level_b, seed, pair, target = args
    rng = random.Random(f"bots:{seed}:{pair}")
    dealer = pair % 4
    first = play_match(
        variant, (level_a, level_b), seeded_decks(seed, pair), dealer=dealer, target=target, rng=rng,
        seers=seers,
    )
    second = play_match(
        variant, (level_b, level_a), seeded_decks(seed, pair), dealer=dealer, target=target, rng=rng,
        seers=seers,
    )
    wins = {level_a: 0, level_b: 0}
    for rec in (first, second):
        if rec.winner_level is not None:
            wins[rec.winner_level] = wins.get(rec.winner_level, 0) + 1
    diffs, rows = [], []
    hands = zip(first.deals, second.deals, first.auctions, second.auctions, strict=False)
    for k, ((d1, p1), (d2, p2), a1, a2) in enumerate(hands):
        if d1 == d2:  # the same deck dealt by the same seat: a duplicate pair
            diffs.append(((p1[0] - p1[1]) + (p2[1] - p2[0])) / 2)
            rows.append({"pair": pair, "hand": k, "diff": diffs[-1], "tables": [a1, a2]})
    contracts: dict[str, list[tuple[int, bool]]] = {}
    times: dict[str, list[float]] = {}
    for rec in (first, second):
        for level, made in rec.contracts.items():
            contracts.setdefault(level, []).extend(made)
        for level, ts in rec.times.items():
            times.setdefault(level, []).extend(ts)
    return PairResult(wins, diffs, rows, contracts, times)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def report(level_a: str, level_b: str, results: list[PairResult], elapsed: float) -> str:
    pairs = len(results)
    wins_a = sum(r.wins.get(level_a, 0) for r in results)
    wins_b = sum(r.wins.get(level_b, 0) for r in results)
    diffs = [d for r in results for d in r.deal_diffs]
    mean = statistics.fmean(diffs) if diffs else 0.0
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs)) if len(diffs) > 1 else float("nan")
    lines = [
        f"{pairs} duplicate match pairs ({2 * pairs} matches), {len(diffs)} paired deals, {elapsed:.0f} s",
        f"match wins: {level_a} {wins_a} ({100 * wins_a / max(1, wins_a + wins_b):.1f}%), {level_b} {wins_b}",
        f"points per deal, {level_a} minus {level_b}: {mean:+.2f}"
        f" (95% CI {mean - half:+.2f} .. {mean + half:+.2f})",
    ]
    for level in dict.fromkeys((level_a, level_b)):
        bids = [c for r in results for c in r.contracts.get(level, [])]
        made = [m for _, m in bids]
        times = [t for r in results for t in r.times.get(level, [])]
        line = f"{level:9s}"
        if made:
            line += f" Classic contracts made {100 * sum(made) / len(made):.1f}% of {len(made)}"
            for low, label in ((10, "bid at 10+"), (13, "13s")):
                high = [m for bid, m in bids if bid >= low]
                line += f", {label} {sum(high)} of {len(high)}"
            line += ";"
        if times:
            line += (
                f" decisions {len(times)}, p50 {1000 * percentile(times, 0.5):.2f} ms,"
                f" p99 {1000 * percentile(times, 0.99):.2f} ms, max {1000 * max(times):.1f} ms"
            )
        lines.append(line)
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m games.bots.arena", description=__doc__.split("\n\n")[0])
    parser.add_argument("--north-south", default="standard", type=arena_level, help="also LEVEL@GIT-REVISION")
    parser.add_argument("--east-west", default="timer", type=arena_level, help="also LEVEL@GIT-REVISION")
    parser.add_argument("--matches", type=int, default=100, help="duplicate match pairs")
    parser.add_argument("--first", type=int, default=0,
                        help="the first pair's number: a long run in pieces, joined by their --deals")
    parser.add_argument("--variant", default="classic", choices=("classic", "forty_one"))
    parser.add_argument("--target", type=int, default=None, help="Classic: 31, 41 or 61")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1, help="worker processes (decision times stay per core)")
    parser.add_argument("--deals", type=pathlib.Path, help="write each paired deal here, a JSON line each")
    args = parser.parse_args(argv)
    level_a, level_b = args.north_south, args.east_west
    pairs = range(args.first, args.first + args.matches)
    tasks = [(args.variant, level_a, level_b, args.seed, p, args.target) for p in pairs]
    start = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(play_pair, tasks, chunksize=4))
    else:
        results = [play_pair(t) for t in tasks]
    if args.deals:
        with args.deals.open("w") as out:
            for row in (row for r in results for row in r.deal_rows):
                out.write(json.dumps(row) + "\n")
    print(f"{args.variant}: {level_a} (north-south first) against {level_b}")
    print(report(level_a, level_b, results, time.perf_counter() - start))
    sys.stdout.flush()


if __name__ == "__main__":
    main()
