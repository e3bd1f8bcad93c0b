"""The ceiling of issue 30's target: a side that sees the whole deal, against standard.

    python -m benchmarks.bots_ceiling --variant classic --oracle oracle-play --matches 50 --seed 20261207

An "oracle" side plays against the standard bots in the arena's duplicate pairs
(games.bots.arena: the same decks both ways, points a deal with a 95% interval). It
cheats: it reads every seat's hand from the match, so it measures what perfect
information is worth, not a bot. It lives here, outside games/, and reaches the arena
only through play_pair's ``seers``: it is no level of ``games.bots.choose`` (LEVELS) nor
of the arena's command line, so nothing on the platform can seat it.

Three oracles (``--oracle``):

- ``oracle-play``: the expert's bids and trump; every card chosen by DDS on the true deal,
  each card's tricks scored as the hand scores them (the expert's ``classic_utility`` and
  ``forty_one_utility``). In Classic the scoring only grows with the side's tricks, so this
  is the side's double-dummy best whatever the defence does. In Tarneeb 41 DDS counts a
  side's tricks, not a seat's: as in the expert, the tricks after the one in progress are
  taken to be shared between partners as best serves their bids, which the play cannot
  always arrange: there the oracle is a strong player, not a perfect one.
- ``oracle-all``: the same play, and bids from the true deal too. Classic: the auction is
  searched to its end, the oracle's two seats choosing every action (each pass and bid) and
  the other side bidding by the standard rule (which is deterministic: the oracle knows
  their hands, so it knows their bids); each contract reached is worth its Classic score at
  the declaring side's double-dummy tricks (declarer leads) with the trump its declarer
  names (the oracle: its best double-dummy suit; standard: its rule's). Tarneeb 41: each
  oracle seat bids the tricks it takes in a double-dummy play of the deal (every seat's best
  card for its side, ties to the lowest), 2 at least and 5 for a 6; as the last bidder it
  brings the four bids to 11 when its side's double-dummy tricks leave the tricks for it,
  else lets the hand be thrown in.
- ``oracle-seats``: oracle-play, and in Tarneeb 41's last ``ENDGAME`` tricks every line of
  play searched exactly for each seat's own tricks (pure Python; too dear earlier).

Two more split oracle-play at the trick where the expert starts searching
(``expert.SEARCH_FROM``: Classic from 11 cards a hand, Tarneeb 41 from 12; 9 when the eighth
session measured them), to show where the expert's gap to it lies: ``oracle-early`` plays the
true deal's cards before it and the expert's after, ``oracle-late`` the expert's (the standard
rules') before and the true deal's after.

All of them are lower bounds of what perfect information can take against standard: the
play is double dummy's, best against a defence that also sees every card, not the best
reply to standard's known rules.
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import pathlib
import random
import statistics
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from games.bots import choose, dds, expert, standard
from games.bots.arena import PairResult, Seer, play_pair, report
from games.bots.table import SUIT_OF, Table, beats, bits
from games.engine.cards import CARD_INDEX, FULL_DECK, SUIT_MASK
from games.engine.events import Event
from games.engine.match import Match

ORACLE_PLAY, ORACLE_ALL, ORACLE_SEATS = "oracle-play", "oracle-all", "oracle-seats"
ORACLE_EARLY, ORACLE_LATE = "oracle-early", "oracle-late"
# oracle-seats: Tarneeb 41's exact search of each seat's tricks from this many cards a hand
# (pure Python: 4 cards a hand is a few thousand positions).
ENDGAME = 4


def true_hands(match: Match) -> list[int]:
    """Every seat's cards (engine masks), read from each seat's view: the cheat."""
    return [sum(1 << CARD_INDEX[c] for c in match.view(s)["hand"]) for s in range(4)]


def card_values(t: Table, hands: Sequence[int]) -> dict[int, float]:
    """Each legal card's worth to ``t.seat``'s side on the true deal: DDS's tricks for the side,
    turned into what the hand scores as the expert turns them."""
    leader = t.trick[0][0] if t.trick else t.seat
    scores = dds.solve(hands, t.trump, leader, [c for _, c in t.trick])
    values = {}
    for card in expert.legal_cards(t):
        if t.variant == "classic":
            values[card] = expert.classic_utility(t, scores[card])
        else:
            winner = expert.forced_winner(t, list(hands), card)
            values[card] = expert.forty_one_utility(t, scores[card], winner)
    return values


def seat_values(t: Table, hands: Sequence[int]) -> dict[int, float]:
    """Tarneeb 41, late in the hand: each legal card's exact worth to this side when all four
    play on for their side's points by each seat's own bid (this side's seats for the most, the
    other's for the least), searched trick by trick without DDS."""
    bids = [b or 0 for b in t.contract]
    side, trump = t.seat & 1, t.trump

    def score(taken: tuple[int, ...]) -> int:
        return sum((b if k >= b else -b) * (1 if p & 1 == side else -1)
                   for p, (b, k) in enumerate(zip(bids, taken, strict=True)))

    @functools.cache
    def next_trick(left: tuple[int, ...], leader: int, taken: tuple[int, ...]) -> int:
        return in_trick(left, leader, (), taken) if left[leader] else score(taken)

    def in_trick(left: tuple[int, ...], leader: int, trick: tuple[int, ...], taken: tuple[int, ...]) -> int:
        if len(trick) == 4:
            best = 0
            for k in (1, 2, 3):
                if beats(trick[k], trick[best], trump):
                    best = k
            winner = (leader + best) & 3
            # Tricks past a seat's bid change nothing: capped, more positions are the same.
            won = tuple(min(bids[p], k + (p == winner)) for p, k in enumerate(taken))
            return next_trick(left, winner, won)
        seat = (leader + len(trick)) & 3
        mine = left[seat]
        cards = bits(mine & SUIT_MASK[SUIT_OF[trick[0]]] or mine) if trick else bits(mine)
        values = [in_trick(tuple(h & ~(1 << c) if p == seat else h for p, h in enumerate(left)), leader,
                           (*trick, c), taken) for c in cards]
        return max(values) if seat & 1 == side else min(values)

    leader = t.trick[0][0] if t.trick else t.seat
    taken = tuple(min(b, k) for b, k in zip(bids, t.tricks_taken, strict=True))
    left = tuple(hands)
    trick = tuple(c for _, c in t.trick)
    return {c: float(in_trick(tuple(h & ~(1 << c) if p == t.seat else h for p, h in enumerate(left)), leader,
                              (*trick, c), taken))
            for c in expert.legal_cards(t)}


def oracle_card(t: Table, hands: Sequence[int], endgame: int = 0) -> int:
    """The card of best value on the true deal; among equals the standard rules' card, else
    the cheapest (no trump, no master, lowest rank first, as the expert breaks ties).
    ``endgame``: Tarneeb 41, search each seat's own tricks exactly (seat_values) once no hand
    holds more cards than that."""
    legal = expert.legal_cards(t)
    if len(legal) == 1:
        return legal[0]
    if t.variant == "forty_one" and max(t.cards_left) <= endgame:
        values = seat_values(t, hands)
    else:
        values = card_values(t, hands)
    best = max(values.values())
    tied = [c for c in legal if values[c] >= best - 1e-9]
    fallback = standard.play(t)
    if fallback in tied:
        return fallback
    return min(tied, key=lambda c: (SUIT_OF[c] == t.trump, t.is_master(c), c % 13))


# ------------------------------------------------------------------ oracle bidding


@functools.lru_cache(maxsize=4)
def dd_table(hands: tuple[int, ...]) -> dict[tuple[int, int], int]:
    """(trump, leader) -> the leader's side's double-dummy tricks on a full deal."""
    return dds.table(hands, range(4))


def standard_trump(hand: int, bid: int) -> int:
    """The trump the standard rule names for a contract of ``bid`` (standard.classic_trump's
    rule, from the hand alone)."""
    sure, suit = standard.best_sure(hand)
    return suit if sure >= bid else standard.best_trump(hand)


def classic_auction(t: Table, hands: tuple[int, ...]) -> dict[str, Any]:
    """Classic: the action whose auction, searched to its end, scores best for this side."""
    dd = dd_table(hands)
    side = t.seat & 1
    expect = [standard.team_tricks(h) for h in hands]
    sure = [standard.best_sure(h)[0] for h in hands]

    def contract_points(declarer: int, bid: int) -> int:
        """This side's points minus the other's when ``declarer`` plays ``bid``."""
        if declarer & 1 == side:
            return expert.classic_points(bid, max(dd[(s, declarer)] for s in range(4)))
        return -expert.classic_points(bid, dd[(standard_trump(hands[declarer], bid), declarer)])

    @functools.cache
    def value(passed: int, high: int, high_seat: int | None, bid_by: int, seat: int) -> int:
        if seat & 1 == side:
            return max(after(passed, high, high_seat, bid_by, seat, a) for a in options(high))
        partner = seat ^ 2
        limit = standard.bid_limit(expect[seat], bool(bid_by >> partner & 1), high_seat == partner)
        return after(passed, high, high_seat, bid_by, seat, standard.classic_value(high, limit, sure[seat]))

    def after(
        passed: int, high: int, high_seat: int | None, bid_by: int, seat: int, action: int | None
    ) -> int:
        # The engine's auction (expert.contract_after's steps): a pass is for good; it ends
        # on 13, on a bid after three passes, or with one seat left over a bid.
        if action is None:
            passed |= 1 << seat
            left = 4 - passed.bit_count()
            if left == 0:
                return 0  # thrown in
            if left == 1 and high_seat is not None:
                return contract_points(high_seat, high)
        else:
            high, high_seat, bid_by = action, seat, bid_by | 1 << seat
            if action == 13 or passed.bit_count() == 3:
                return contract_points(seat, high)
        seat = (seat + 1) & 3
        while passed >> seat & 1:
            seat = (seat + 1) & 3
        return value(passed, high, high_seat, bid_by, seat)

    passed, high, high_seat, bid_by = expert._auction(t)
    # Ties: the pass, then the cheaper bid.
    best = max(options(high), key=lambda a: (after(passed, high, high_seat, bid_by, t.seat, a), a is None,
                                             -(a or 0)))
    return {"type": "pass"} if best is None else {"type": "bid", "value": best}


def options(high: int) -> list[int | None]:
    return [None, *range(max(7, high + 1), 14)]


def classic_oracle_trump(t: Table, hands: tuple[int, ...]) -> dict[str, Any]:
    dd = dd_table(hands)
    suit = max(range(4), key=lambda s: (dd[(s, t.seat)], -s))
    return {"type": "trump", "suit": "CDHS"[suit]}


@functools.lru_cache(maxsize=4)
def dd_shares(hands: tuple[int, ...], trump: int, leader: int) -> tuple[int, ...]:
    """Tricks each seat wins when all four play the double-dummy best card for their side from
    the opening lead (ties: the lowest non-trump)."""
    left = list(hands)
    won = [0, 0, 0, 0]
    for _ in range(13):
        trick: list[int] = []
        seat = leader
        for _ in range(4):
            legal = bits(left[seat])
            if trick:
                legal = [c for c in legal if SUIT_OF[c] == SUIT_OF[trick[0]]] or legal
            if len(legal) > 1:
                scores = dds.solve(left, trump, leader, trick)
                top = max(scores[c] for c in legal)
                legal = [c for c in legal if scores[c] == top]
            card = min(legal, key=lambda c: (SUIT_OF[c] == trump, c % 13))
            trick.append(card)
            left[seat] &= ~(1 << card)
            seat = (seat + 1) & 3
        best = 0
        for k in range(1, 4):
            c, b = trick[k], trick[best]
            if (SUIT_OF[c] == SUIT_OF[b] and c > b) or (SUIT_OF[c] == trump and SUIT_OF[b] != trump):
                best = k
        leader = (leader + best) & 3
        won[leader] += 1
    return tuple(won)


def forty_one_oracle_bid(t: Table, hands: tuple[int, ...]) -> dict[str, Any]:
    """Tarneeb 41: this seat's tricks in a double-dummy play of the deal, as a legal bid."""
    assert t.trump is not None
    first = (t.dealer + 1) & 3
    shares = dd_shares(hands, t.trump, first)
    value = max(2, shares[t.seat])
    if value == 6:
        value = 5  # 6 is no bid
    so_far = sum(b["value"] for b in t.bids)
    if len(t.bids) == 3 and so_far + value < 11:
        # The last bidder: bring the total to 11 if its side's tricks leave that many for it
        # (partner's bid kept), else the hand is thrown in (0 beats a sure loss).
        need = next(v for v in standard.FORTY_ONE_BIDS if so_far + v >= 11)
        side = shares[t.seat] + shares[t.seat ^ 2]
        partner = t.bid_of(t.seat ^ 2) or 0
        if need <= side - partner:
            value = need
    return {"type": "bid", "value": value}


# ------------------------------------------------------------------------- seers


def _decide(
    match: Match, seat: int, history: list[Event], rng: random.Random, *, bids: bool, endgame: int = 0,
    sees: Callable[[Table], bool] = lambda t: True,
) -> dict:
    """``sees``: whether the oracle plays this card from the true deal; else the expert's."""
    view = match.view(seat)
    t = Table.from_view(view, history)
    if t.phase == "playing":
        if not sees(t):
            return choose(view, history, "expert", rng)
        return {"type": "play", "card": FULL_DECK[oracle_card(t, true_hands(match), endgame)]}
    if bids:
        hands = tuple(true_hands(match))
        if t.phase == "trump":
            return classic_oracle_trump(t, hands)
        if t.variant == "classic":
            return classic_auction(t, hands)
        return forty_one_oracle_bid(t, hands)
    return choose(view, history, "expert", rng)


def oracle_play(match: Match, seat: int, history: list[Event], rng: random.Random) -> dict:
    """The expert's bids and trump, the true deal's double-dummy cards."""
    return _decide(match, seat, history, rng, bids=False)


def oracle_all(match: Match, seat: int, history: list[Event], rng: random.Random) -> dict:
    """Bids, trump and cards from the true deal."""
    return _decide(match, seat, history, rng, bids=True)


def oracle_seats(match: Match, seat: int, history: list[Event], rng: random.Random) -> dict:
    """As oracle_play, and in Tarneeb 41's last ENDGAME tricks each seat's own tricks searched
    exactly."""
    return _decide(match, seat, history, rng, bids=False, endgame=ENDGAME)


def _unsearched(t: Table) -> bool:
    """Tricks the expert leaves to the standard rules: its hand holds more than SEARCH_FROM."""
    return t.hand.bit_count() > expert.SEARCH_FROM[t.variant]


def oracle_early(match: Match, seat: int, history: list[Event], rng: random.Random) -> dict:
    """As oracle_play while the expert would play by the standard rules (the first tricks), the
    expert's own cards once it searches: what seeing every card is worth in the tricks the
    expert does not search."""
    return _decide(match, seat, history, rng, bids=False, sees=_unsearched)


def oracle_late(match: Match, seat: int, history: list[Event], rng: random.Random) -> dict:
    """The expert's cards (the standard rules') in the first tricks, then as oracle_play: what
    seeing every card is worth in the tricks the expert searches."""
    return _decide(match, seat, history, rng, bids=False, sees=lambda t: not _unsearched(t))


SEERS: dict[str, Seer] = {ORACLE_PLAY: oracle_play, ORACLE_ALL: oracle_all, ORACLE_SEATS: oracle_seats,
                          ORACLE_EARLY: oracle_early, ORACLE_LATE: oracle_late}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.bots_ceiling",
                                     description=(__doc__ or "").split("\n\n")[0])
    parser.add_argument("--oracle", default=ORACLE_PLAY, choices=tuple(SEERS))
    parser.add_argument("--against", default="standard", choices=("standard", "expert"))
    parser.add_argument("--variant", default="classic", choices=("classic", "forty_one"))
    parser.add_argument("--matches", type=int, default=50, help="duplicate match pairs")
    parser.add_argument("--first", type=int, default=0, help="the first pair's number (a run in pieces)")
    parser.add_argument("--seed", type=int, default=20261207)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--deals", type=pathlib.Path, help="write each paired deal here, a JSON line each")
    parser.add_argument("--join", type=pathlib.Path, nargs="+", metavar="DEALS",
                        help="print the points a deal of these --deals files together, and play nothing")
    parser.add_argument("--minus", type=pathlib.Path, nargs="+", default=[], metavar="DEALS",
                        help="with --join: another run's --deals files, compared deal by deal")
    args = parser.parse_args(argv)
    if args.join:
        print(join(args.join, args.minus))
        return
    tasks = [(args.variant, args.oracle, args.against, args.seed, p, None)
             for p in range(args.first, args.first + args.matches)]
    run: Callable[[tuple[str, str, str, int, int, int | None]], PairResult] = functools.partial(
        play_pair, seers=SEERS)
    start = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            results = list(pool.map(run, tasks, chunksize=1))
    else:
        results = [run(task) for task in tasks]
    if args.deals:
        with args.deals.open("w") as out:
            for row in (row for r in results for row in r.deal_rows):
                out.write(json.dumps(row) + "\n")
    print(f"{args.variant}, seed {args.seed}, pairs {args.first}..{args.first + args.matches - 1}: "
          f"{args.oracle} (north-south first) against {args.against}")
    print(report(args.oracle, args.against, results, time.perf_counter() - start))


def interval(values: Sequence[float]) -> str:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return f"{mean:+.2f} (95% CI {mean - half:+.2f} .. {mean + half:+.2f})"


def read_rows(paths: Sequence[pathlib.Path]) -> dict[tuple[int, int], dict]:
    """The ``--deals`` rows of a run's pieces, by (pair, hand): the same deck and dealer in any
    run of the same seed."""
    rows = (json.loads(line) for p in paths for line in p.open())
    return {(row["pair"], row["hand"]): row for row in rows}


def shared_as_bid(row: dict) -> float:
    """Tarneeb 41: the paired deal's points a deal had level A's partners, whenever they took
    at least their two bids together, made both (the same tricks shared as bid: optimistic,
    the cards do not always allow it)."""
    points = []
    for side, table in enumerate(row["tables"]):  # level A north-south, then east-west
        hand = table[-1]
        if hand["thrown_in"]:
            points.append(0.0)
            continue
        scored, bids, tricks = list(hand["points"]), hand["bids"], hand["tricks"]
        if tricks[side] + tricks[side + 2] >= bids[side] + bids[side + 2]:
            scored[side], scored[side + 2] = bids[side], bids[side + 2]
        points.append(scored[side] + scored[side + 2] - scored[side ^ 1] - scored[side ^ 3])
    return sum(points) / 2


def seat_bids(rows: Sequence[dict]) -> str:
    """Tarneeb 41: level A's seats' bids made, and the hands where one failed though the two
    partners took at least their bids together."""
    seats = made = failed = enough = 0
    for row in rows:
        for side, table in enumerate(row["tables"]):
            hand = table[-1]
            if hand["thrown_in"]:
                continue
            bids, tricks = hand["bids"], hand["tricks"]
            short = [p for p in (side, side + 2) if tricks[p] < bids[p]]
            seats += 2
            made += 2 - len(short)
            failed += bool(short)
            enough += bool(short) and tricks[side] + tricks[side + 2] >= bids[side] + bids[side + 2]
    return (f"level A's bids made {made} of {seats} ({100 * made / max(1, seats):.1f}%); hands where one "
            f"failed {failed}, of them {enough} with the partners' tricks at least their bids together")


def join(paths: Sequence[pathlib.Path], minus: Sequence[pathlib.Path] = ()) -> str:
    """Points a deal and its 95% interval over the ``--deals`` files of a run's pieces; with
    ``minus``, also this run less that one on the deals both played."""
    rows = read_rows(paths)
    lines = [f"{len(rows)} paired deals: {interval([r['diff'] for r in rows.values()])}"]
    if rows and "bids" in next(iter(rows.values()))["tables"][0][-1]:
        lines.append("Tarneeb 41: " + seat_bids(list(rows.values())))
        shared = [shared_as_bid(r) for r in rows.values()]
        lines.append(f"the partners' tricks shared as bid: {interval(shared)}")
    if minus:
        other = read_rows(minus)
        both = sorted(rows.keys() & other.keys())
        lines.append(f"less the other run on the {len(both)} deals both played: "
                     f"{interval([rows[k]['diff'] - other[k]['diff'] for k in both])}")
    return "\n".join(lines)


if __name__ == "__main__":
    main()
