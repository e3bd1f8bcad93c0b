"""A change to the Classic auction against the bots of a git revision, on single deals:
``python -m games.bots.auction_ab --against a1c0fad --seed 9001 --decks 300``.  With
``--every-deal`` (a change to the play) every deal is played out, in either variant.

Each deck is dealt twice, the expert's side north-south then east-west (standard the other
side), and bid out by today's bots and by those of ``--against``; only where the two
auctions differ are both hands played out (every decision's rng seeded from the deck, the
side and the position, so the same position plays the same card).  Printed: today's expert
side's points minus the other side's, less the same at the revision, averaged over every
deal and side (unchanged auctions count 0), with a 95% confidence interval.  Much cheaper
and steadier than whole matches for an auction change: most deals end in the same contract
and cost an auction, not a hand of play.  ``--set NAME=VALUE`` sets a constant of today's
``games.bots.expert`` first (e.g. ``BID_MARGIN=99``: standard's auction with the expert's play).
A play change leaves the auctions alone: ``--every-deal`` plays out every deal, and the deals
the change plays alike cost CPU but add no noise (whole matches part ways after the first
deal played differently).
"""

from __future__ import annotations

import argparse
import json
import math
import pathlib
import random
import statistics
from typing import Any

from games.engine import ends_hand, new_match
from games.engine.events import Event
from games.engine.match import Match

from . import choose, expert
from .arena import Chooser, bots_at, seeded_decks, side_points


def play(
    decide: Chooser, deck: list[str], dealer: int, side: int, key: str, *, whole: bool,
    variant: str = "classic",
) -> tuple[Match, list[Event]]:
    """One deal with the expert on ``side`` (standard the other), to the end of the auction
    and the trump (``whole``: to the end of the hand)."""
    match = new_match(variant, dealer=dealer, deals=1)
    history = match.deal(deck)
    while match.to_act is not None and (whole or match.phase != "playing"):
        seat = match.to_act
        level = "expert" if seat % 2 == side else "standard"
        rng = random.Random(f"{key}:{len(history)}")
        history += match.apply(seat, decide(match.view(seat), history, level, rng))
    return match, history


def auction(history: list[Event]) -> list[tuple[Any, ...]]:
    return [
        (e["type"], e.get("seat"), e.get("value"), e.get("suit"))
        for e in history
        if e["type"] in ("bid", "pass", "trump")
    ]


def compare(
    old: Chooser, seed: int, deck_no: int, side: int, *, variant: str = "classic", every: bool = False
) -> dict[str, Any]:
    deck = next(seeded_decks(seed, deck_no))
    dealer = deck_no % 4
    key = f"ab:{seed}:{deck_no}:{side}"
    versions = {"new": choose, "old": old}
    auctions = {
        name: auction(play(f, deck, dealer, side, key, whole=False, variant=variant)[1])
        for name, f in versions.items()
    }
    row: dict[str, Any] = {"deck": deck_no, "side": side, "diff": 0}
    if auctions["new"] == auctions["old"] and not every:
        return row
    for name, f in versions.items():
        history = play(f, deck, dealer, side, key, whole=True, variant=variant)[1]
        summary = next(filter(ends_hand, reversed(history)))
        points = side_points(summary)
        row[name] = {
            "auction": auctions[name],
            "points": points[side] - points[1 - side],
            "contract": summary.get("contract"),
            "team_tricks": summary.get("team_tricks"),
        }
    row["diff"] = row["new"]["points"] - row["old"]["points"]
    return row


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(
        prog="python -m games.bots.auction_ab", description=__doc__.split("\n\n")[0]
    )
    parser.add_argument("--against", required=True, help="a git revision: the bots to compare with")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--first", type=int, default=0, help="the first deck's number")
    parser.add_argument("--decks", type=int, default=300)
    parser.add_argument("--variant", default="classic", choices=("classic", "forty_one"))
    parser.add_argument("--every-deal", action="store_true",
                        help="play out every deal, not only those whose auctions differ (a play change)")
    parser.add_argument(
        "--set",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a constant of today's games.bots.expert",
    )
    parser.add_argument("--rows", type=pathlib.Path, help="write each deal and side here, a JSON line each")
    args = parser.parse_args(argv)
    for item in args.set:
        name, value = item.split("=", 1)
        if not hasattr(expert, name):
            parser.error(f"games.bots.expert has no {name}")
        setattr(expert, name, type(getattr(expert, name))(float(value)))
    old = bots_at(args.against)
    rows = [
        compare(old, args.seed, n, side, variant=args.variant, every=args.every_deal)
        for n in range(args.first, args.first + args.decks)
        for side in (0, 1)
    ]
    if args.rows:
        with args.rows.open("w") as out:
            for row in rows:
                out.write(json.dumps(row) + "\n")
    diffs = [row["diff"] for row in rows]
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))
    changed = sum(row["new"]["auction"] != row["old"]["auction"] for row in rows if "new" in row)
    played = sum(row["new"]["points"] != row["old"]["points"] for row in rows if "new" in row)
    print(
        f"{args.variant}, today's bots against {args.against}, seed {args.seed}, decks "
        f"{args.first}..{args.first + args.decks - 1}: {len(rows)} deals and sides, "
        f"{changed} auctions changed, {played} results changed"
    )
    print(
        f"points per deal, today minus {args.against}: {mean:+.3f}"
        f" (95% CI {mean - half:+.3f} .. {mean + half:+.3f})"
    )


if __name__ == "__main__":
    main()
