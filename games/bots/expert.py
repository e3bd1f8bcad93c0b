"""The expert level: sampling and double-dummy search (Ben's PIMC loop).

Card play: deal the unseen cards many times consistently with everything
public (cards played, voids shown, Tarneeb 41's exposed card), keep those that best
explain the opponents' cards by the standard rules, weight each by how well it
explains the bids, solve every deal double-dummy with DDS for
every legal card, score each outcome as the hand scores it (Classic: the
contract and its bonus; Tarneeb 41: each seat's own bid) and play the card with
the best weighted average.  A Classic defender finishes the trick in progress by the
standard rules after each of its cards and solves from there (rules_trick).  A card the
table rules call unsound (overtaking a won trick, throwing a master) must be clearly
better to be played.  Early in a hand a full-size solve costs too much (docs/bots.md),
so until the hand is down to ``SEARCH_FROM`` cards (by variant) the standard rules play.

Bidding: Tarneeb 41's bid is the one with the best expected score given a fitted
estimate of the seat's tricks (its hand, the opponents' bids before it), never below
the hand's sure tricks.
Classic samples the other hands to fit the auction, finishes the auction on each by
the standard rule after each legal action and scores the contract from a fitted
estimate of the declaring side's tricks, never below this hand's sure tricks; the
trump is the standard rule's.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import random
from dataclasses import dataclass, field
from typing import Any

from games.engine.cards import FULL_DECK, SUIT_MASK

from . import dds, standard
from .rules_trick import modelled_scores
from .table import SUIT_OF, Table, beats, bits, trick_winner

# Tricks a seat takes in Tarneeb 41, from its hand and the opponents' bids before its own: a
# least-squares fit on 78,216 seats of standard self-play (seed 9007; cross-validated residual
# 0.90 tricks, against 1.01 from the playing tricks alone). Weights of: 1, the playing tricks,
# the sure tricks, the trumps, the side aces, the side kings, the trump honours (AKQJ), the
# trumps' top run, the opponents' bids summed, the opponents who have bid.
SEAT_FIT = (-0.642, 0.554, -0.246, 0.394, 0.358, 0.275, 0.276, 0.376, -0.099, 0.341)
SEAT_SPREAD = 0.90
# Cards in this seat's hand when searching starts, by variant: Classic from 11 (12 deals) took
# 0.31 points a deal more than from 10 on the same deals and auctions (tuning seed 9001, 1,200
# deals and sides, 95% CI +0.03 .. +0.60), from 12 (6 deals) 0.13 less than from 11 (fresh seed
# 9004); Tarneeb 41 from 12 (6 deals) took 0.14 more than from 11 on fresh seed 9004 (1,200
# deals and sides, -0.03 .. +0.31; docs/bots.md).
SEARCH_FROM = {"classic": 11, "forty_one": 12}
# Deals sampled per decision, by cards left in the hand: fewer cards, cheaper solves (a 12-card
# solve costs about four times an 11-card one).
SAMPLES = {12: 6, 11: 12, 10: 16, 9: 12, 8: 20, 7: 28, 6: 36, 5: 48, 4: 48, 3: 48, 2: 48, 1: 1}
# Points a deal by which a card the table rules call unsound must beat every sound card.
UNSOUND_MARGIN = 0.5
# Whether a defender's search plays the rest of the trick in progress by the standard rules (the
# cards a player's conventions choose, not those of double dummy, which sees every hand) and only
# the tricks after it double dummy, by variant. Classic defenders gained 0.68 points a defended deal
# on seed 9010 and 0.22 a deal on fresh seed 9011; the declaring side gained nothing (docs/bots.md).
RULES_TRICK = {"classic": True, "forty_one": False}
# Reading the opponents' cards (play_weight, sampled_deals), by variant: a sampled deal on which
# an opponent's card so far is not the standard rules' weighs PLAY_READING, and READ_DRAWS
# deals are drawn for each one solved (1.0 and 1: read nothing). Tuning seed 9001, 1,200 deals and sides
# each against the expert before: Tarneeb 41 +0.19 a deal (about +0.05 .. +0.34), Classic +0.34
# (about -0.06 .. +0.73); docs/bots.md.
PLAY_READING = {"classic": 0.2, "forty_one": 0.05}
READ_DRAWS = {"classic": 4, "forty_one": 8}


# ----------------------------------------------------------------- sampling


def sample_hands(t: Table, rng: random.Random) -> list[int] | None:
    """The other seats' hands, random but consistent with what is public (None: a dead end)."""
    hands = [0, 0, 0, 0]
    hands[t.seat] = t.hand
    need = list(t.cards_left)
    need[t.seat] = 0
    allowed = {p: t.may_hold(p) for p in range(4) if p != t.seat}
    unseen = bits(t.unseen())
    rng.shuffle(unseen)
    if len(set(allowed.values())) == 1:  # nothing tells the seats apart: deal the shuffled cards out
        for p in allowed:
            hands[p] = sum(1 << c for c in unseen[: need[p]])
            del unseen[: need[p]]
        return hands
    # The most constrained cards first: those only one or two seats may hold.
    unseen.sort(key=lambda c: sum(allowed[p] >> c & 1 for p in allowed))
    for card in unseen:
        seats = [p for p in allowed if need[p] and allowed[p] >> card & 1]
        if not seats:
            return None
        seat = rng.choices(seats, weights=[need[p] for p in seats])[0]
        hands[seat] |= 1 << card
        need[seat] -= 1
    return hands


def bid_weight(t: Table, hands: list[int]) -> float:
    """How well a sampled deal explains the bids (1: as expected; smaller: less likely)."""
    weight = 1.0
    for p in range(4):
        if p == t.seat:
            continue
        original = hands[p] | t.played_by[p]
        if t.variant == "forty_one":
            bid = (t.contract or [None] * 4)[p]
            if bid is not None:
                gap = standard.playing_tricks(original, t.trump) - bid
                weight *= math.exp(-gap * gap / 4.5)
            continue
        bid = t.bid_of(p)
        team = standard.team_tricks(original)
        if bid is not None:
            short = bid - 0.5 - team
            weight *= math.exp(-short * short / 4.5) if short > 0 else 1.0
        elif any(b["seat"] == p for b in t.bids) and team > 8:
            weight *= math.exp(-((team - 8) ** 2) / 4.5)  # a pass with a strong hand is rare
    return weight


# An opponent's card to read: the table its player saw then, the card, and the standard rules'
# card by the hand it might have held (filled in as sampled deals ask).
Read = tuple[Table, int, dict[int, int]]


def opponent_reads(t: Table) -> list[Read]:
    """Each opponent's card played so far, with the table its player saw then: every public
    thing as it stood, the hand left to fill in from a sampled deal (play_weight)."""
    reads: list[Read] = []
    played, voids, left, taken = 0, [0, 0, 0, 0], [13, 13, 13, 13], [0, 0, 0, 0]
    played_by = [0, 0, 0, 0]
    trick: list[tuple[int, int]] = []
    for k, (who, card) in enumerate(t.plays):
        if (who - t.seat) & 1:
            then = dataclasses.replace(
                t, seat=who, hand=0, trick=list(trick), leader=trick[0][0] if trick else who,
                played=played, played_by=list(played_by), voids=list(voids), cards_left=list(left),
                tricks_taken=list(taken), plays=t.plays[:k])
            reads.append((then, card, {}))
        if trick and SUIT_OF[card] != SUIT_OF[trick[0][1]]:
            voids[who] |= 1 << SUIT_OF[trick[0][1]]
        played |= 1 << card
        played_by[who] |= 1 << card
        left[who] -= 1
        trick.append((who, card))
        if len(trick) == 4:
            taken[trick_winner(trick, t.trump)[0]] += 1
            trick = []
    return reads


def play_weight(t: Table, hands: list[int], reads: list[Read] | None = None) -> float:
    """How well a sampled deal explains the opponents' cards played so far, when they play by
    the standard rules (the table's conventions: second hand low, third hand high, lead a
    master...): each card the rules would not have played from the sampled hand at that
    point weighs PLAY_READING. ``reads``: opponent_reads(t), the same for every deal sampled."""
    reading = PLAY_READING[t.variant]
    weight = 1.0
    for then, card, rules in opponent_reads(t) if reads is None else reads:
        who = then.seat
        hand = (hands[who] | t.played_by[who]) & ~then.played_by[who]
        if hand not in rules:
            # The tables are this decision's own: only the hand changes from one deal to the next.
            then.hand = hand
            rules[hand] = standard.play(then)
        if rules[hand] != card:
            weight *= reading
    return weight


# ---------------------------------------------------------------------- play


def classic_points(bid: int, took: int) -> int:
    """Classic: the declaring side's points minus the other side's when it takes ``took`` tricks."""
    if took >= bid:
        return 26 if bid == 13 else (16 if took == 13 else took)
    return -16 - 2 * (13 - took) if bid == 13 else -bid - (13 - took)


def classic_utility(t: Table, future: int) -> float:
    """Classic: points for this seat's side minus the other side's, when it takes ``future`` more tricks."""
    mine = t.tricks_taken[t.seat] + t.tricks_taken[t.partner] + future
    seat, bid = t.contract["seat"], t.contract["value"]
    ours = (seat - t.seat) % 2 == 0
    points = classic_points(bid, mine if ours else 13 - mine)
    return points if ours else -points


def side_score(taken: tuple[int, int], bids: tuple[int, int], tricks: int) -> int:
    """Tarneeb 41: what two partners who took ``taken`` and bid ``bids`` score between them
    when they take ``tricks`` more, shared out as best serves them (each seat scores its own
    bid, made or failed; tricks past a bid count for nothing)."""
    need = [max(0, b - k) for b, k in zip(bids, taken, strict=True)]
    if tricks >= need[0] + need[1]:
        return bids[0] + bids[1]
    best = -bids[0] - bids[1]
    for made in (0, 1):
        if tricks >= need[made]:
            best = max(best, bids[made] - bids[1 - made])
    return best


def forced_winner(t: Table, hands: list[int], card: int) -> int | None:
    """The seat that wins the trick in progress when this seat plays ``card`` on the sampled
    ``hands``, if no seat still to play can beat it; None when it depends on their cards."""
    trick = [*t.trick, (t.seat, card)]
    led = SUIT_OF[trick[0][1]]
    winner, best = trick_winner(trick, t.trump)
    for who in range(len(trick), 4):
        seat = (trick[0][0] + who) & 3
        cards = hands[seat] & SUIT_MASK[led] or hands[seat]
        if any(beats(c, best, t.trump) for c in bits(cards)):
            return None
    return winner


def forty_one_utility(t: Table, future: int, winner: int | None) -> float:
    """Tarneeb 41: this side's points minus the other side's, by each seat's own bid, when this
    side takes ``future`` of the tricks left (the one in progress included); ``winner``: the
    seat that takes the trick in progress, when known."""
    taken = list(t.tricks_taken)
    left = t.hand.bit_count()
    ours = future
    if winner is not None:
        taken[winner] += 1
        left -= 1
        if (winner - t.seat) % 2 == 0:
            ours -= 1
    bids = [b or 0 for b in t.contract]
    me, partner, left_opp, right_opp = t.seat, t.partner, (t.seat + 1) & 3, (t.seat + 3) & 3
    return (side_score((taken[me], taken[partner]), (bids[me], bids[partner]), ours)
            - side_score((taken[left_opp], taken[right_opp]), (bids[left_opp], bids[right_opp]), left - ours))


def sampled_deals(t: Table, rng: random.Random) -> list[tuple[list[int], float]]:
    """The deals the search solves, each with its weight by the bids: SAMPLES of them, kept
    from READ_DRAWS times as many drawn, each in proportion to how well it explains the
    opponents' cards (weighted sampling without replacement: the largest u ** (1 / weight))."""
    wanted = SAMPLES[t.hand.bit_count()]
    draws = wanted * READ_DRAWS[t.variant]
    candidates = [hands for _ in range(draws) if (hands := sample_hands(t, rng)) is not None]
    if draws > wanted:
        reads = opponent_reads(t)
        keys = [rng.random() ** (1 / max(play_weight(t, hands, reads), 1e-12)) for hands in candidates]
        order = sorted(range(len(candidates)), key=keys.__getitem__, reverse=True)
        candidates = [candidates[i] for i in order[:wanted]]
    return [(hands, bid_weight(t, hands)) for hands in candidates]


def search_scores(t: Table, legal: list[int], rng: random.Random) -> tuple[dict[int, float], float]:
    """Each legal card's summed weighted score over the sampled deals, and the weights' sum."""
    totals = dict.fromkeys(legal, 0.0)
    weight_sum = 0.0
    leader = t.trick[0][0] if t.trick else t.seat
    trick = [c for _, c in t.trick]
    modelled = RULES_TRICK[t.variant] and len(t.trick) < 3 and not t.declaring()
    for hands, w in sampled_deals(t, rng):
        weight_sum += w
        if modelled:
            for card, (future, winner) in modelled_scores(t, hands, legal).items():
                totals[card] += w * (classic_utility(t, future) if t.variant == "classic"
                                     else forty_one_utility(t, future, winner))
            continue
        scores = dds.solve(hands, t.trump, leader, trick)
        for card in legal:
            if t.variant == "classic":
                totals[card] += w * classic_utility(t, scores[card])
            else:
                totals[card] += w * forty_one_utility(t, scores[card], forced_winner(t, hands, card))
    return totals, weight_sum


def search_play(t: Table, legal: list[int], rng: random.Random) -> int:
    return pick(t, legal, *search_scores(t, legal, rng))


def pick(t: Table, legal: list[int], totals: dict[int, float], weight_sum: float) -> int:
    """The legal card of best weighted score; a card the table rules call unsound only when
    it beats every sound one by UNSOUND_MARGIN points a deal (double dummy's perfect
    knowledge flatters such cards: strategy fusion)."""
    fallback = standard.play(t)
    if weight_sum == 0:
        return fallback
    sound = standard.sound(t, legal)
    mean = {c: v / weight_sum for c, v in totals.items()}
    best_sound = max(mean[c] for c in sound)
    pool = [c for c in legal if c in sound or mean[c] >= best_sound + UNSOUND_MARGIN]
    best = max(mean[c] for c in pool)
    # Among the cards the search cannot tell apart, keep the table rules' choice.
    if fallback in pool and mean[fallback] >= best - 1e-9:
        return fallback
    tied = [c for c in pool if mean[c] >= best - 1e-9]
    return min(tied, key=lambda c: (SUIT_OF[c] == t.trump, t.is_master(c), c % 13))


def legal_cards(t: Table) -> list[int]:
    mask = t.hand
    if t.trick:
        mask = t.hand & SUIT_MASK[SUIT_OF[t.trick[0][1]]] or t.hand
    return bits(mask)


# ------------------------------------------------------------------ bidding


def _spread(mean: float, sd: float) -> list[float]:
    """P(tricks = k) for k = 0..13: a normal curve, rounded to whole tricks."""

    def below(x: float) -> float:
        return 0.5 * (1 + math.erf((x - mean) / (sd * math.sqrt(2))))

    edges = [below(k + 0.5) for k in range(13)]
    return [e - p for e, p in zip([*edges, 1.0], [0.0, *edges], strict=True)]


def seat_measures(hand: int, trump: int, opponents: list[int]) -> tuple[float, ...]:
    """Tarneeb 41: what SEAT_FIT weighs, for a 13-card ``hand`` and the bids ``opponents``
    made before this seat's turn."""
    trumps = hand >> (13 * trump) & 0x1FFF
    sides = [hand >> (13 * suit) & 0x1FFF for suit in range(4) if suit != trump]
    return (
        1,
        standard.playing_tricks(hand, trump),
        standard.sure_tricks(hand, trump),
        trumps.bit_count(),
        sum(held >> standard.A & 1 for held in sides),
        sum(held >> standard.K & 1 for held in sides),
        (trumps >> standard.J).bit_count(),
        standard.top_run(trumps),
        sum(opponents),
        len(opponents),
    )


def seat_tricks(t: Table) -> float:
    """Tarneeb 41: the tricks this seat should take by its own hand, read with the opponents'
    bids so far (each trick they bid is about a tenth of a trick fewer for it; SEAT_FIT)."""
    assert t.trump is not None  # Tarneeb 41's trump is known before the bidding
    opponents = [b["value"] for b in t.bids if (b["seat"] - t.seat) % 2]
    measures = seat_measures(standard.original_hand(t), t.trump, opponents)
    return sum(w * x for w, x in zip(SEAT_FIT, measures, strict=True))


def forty_one_bid(t: Table) -> dict[str, Any]:
    """The bid with the best expected score: +bid if this seat takes that many, else -bid."""
    hand = standard.original_hand(t)
    assert t.trump is not None  # Tarneeb 41's trump is known before the bidding
    spread = _spread(seat_tricks(t), SEAT_SPREAD)
    sure = standard.sure_tricks(hand, t.trump)
    # The sure tricks are certain: no chance of fewer (AKQJ of trumps is 4, not 3.7).
    made = [1.0 if k <= sure else sum(spread[k:]) for k in range(14)]
    bid_so_far = sum(b["value"] for b in t.bids)
    last = len(t.bids) == 3

    def value(bid: int) -> float:
        if last and bid_so_far + bid < 11:
            return 0.0  # thrown in: nobody scores
        return bid * (2 * made[bid] - 1)

    return {"type": "bid", "value": max(standard.FORTY_ONE_BIDS, key=lambda b: (value(b), -b))}


# ---------------------------------------------------------- Classic bidding

# A side's tricks as the contract's side with ``trump``, from both its hands: a least-squares
# fit to 260 random deals solved double-dummy with the declarer leading, on the hands' playing
# tricks summed, the side's trumps and its high-card points (residual 1.12 tricks); then to
# what the bots take in play, PLAY_BASE + PLAY_SLOPE x that for the expert's side and
# OTHER_SIDE less for the other side (refitted on the true hands of 612 contracts of expert
# against standard, tuning seed 9001: the expert's side took 0.23 tricks fewer than the old
# 3.17 said, standard's 0.48 more than the old 0.67 less; residual spread 1.06 and 1.15,
# PLAY_SPREAD between).  docs/bots.md.
DD_BASE, DD_PT, DD_TRUMPS, DD_POINTS = -6.98, 0.45, 0.879, 0.255
PLAY_BASE, PLAY_SLOPE, OTHER_SIDE, PLAY_SPREAD = 2.94, 0.62, 0.19, 1.10
AUCTION_SAMPLES = 128
# How far (in tricks) a sampled hand may miss the standard rule's threshold for the bid or
# pass its seat made before it weighs little (auction_weight): 0.4 nearly a hard constraint,
# hence 128 deals (a mean of 33 effective ones of 64, 15 at the 10th percentile).
AUCTION_SIGMA = 0.4
# The estimates are noisy (sampled deals, a fitted model): leave the standard rule's action only
# for one worth this many points a deal more (an opening 7 on a yarborough was a coin flip).
BID_MARGIN = 1.0
_RANK_MASKS = [
    (points, sum(1 << (13 * s + rank) for s in range(4)))
    for rank, points in ((12, 4), (11, 3), (10, 2), (9, 1))
]


def high_card_points(hand: int) -> int:
    return sum(points * (hand & mask).bit_count() for points, mask in _RANK_MASKS)


@dataclass
class AuctionDeal:
    """One sampled deal as the auction sees it."""

    hands: list[int]
    tricks: list[list[float]]  # playing tricks per seat and suit
    weight: float  # how well it explains the bids so far
    side_points: list[int] = field(init=False)  # high-card points per side
    sure: list[int] = field(init=False)  # each seat's sure tricks with its best trump for them

    def __post_init__(self) -> None:
        self.side_points = [
            high_card_points(self.hands[s]) + high_card_points(self.hands[s + 2]) for s in (0, 1)
        ]
        self.sure = [standard.best_sure(h)[0] for h in self.hands]

    def expect(self, seat: int) -> float:
        """The seat's team tricks by the standard rule (its best suit's playing tricks)."""
        return standard.TEAM_BASE + standard.TEAM_SLOPE * max(self.tricks[seat])

    def side_tricks(self, side: int, trump: int, ours: bool) -> float:
        """Tricks ``side`` takes as the contract's side with ``trump`` (``ours``: the expert's side)."""
        both = self.hands[side] | self.hands[side + 2]
        double_dummy = (
            DD_BASE
            + DD_PT * (self.tricks[side][trump] + self.tricks[side + 2][trump])
            + DD_TRUMPS * (both & SUIT_MASK[trump]).bit_count()
            + DD_POINTS * self.side_points[side]
        )
        return PLAY_BASE + PLAY_SLOPE * double_dummy - (0 if ours else OTHER_SIDE)


@functools.lru_cache(maxsize=16384)
def _expected_points(bid: int, tenths: int, low: int, high: int) -> float:
    spread = _spread(tenths / 10, PLAY_SPREAD)
    # Tricks below ``low`` or above ``high`` cannot happen: they count as those bounds.
    return sum(p * classic_points(bid, min(high, max(low, k))) for k, p in enumerate(spread))


def expected_points(bid: int, tricks: float, low: int = 0, high: int = 13) -> float:
    """The declaring side's expected points (minus the other side's) at ``bid`` when it
    expects ``tricks`` tricks and takes at least ``low`` and at most ``high`` for certain."""
    return _expected_points(bid, round(tricks * 10), low, high)


def auction_weight(t: Table, deal: AuctionDeal) -> float:
    """How well a sampled deal explains the auction so far when every other seat bids by the
    standard rule, the one the auction is finished with: each bid and pass is that rule's
    threshold on the seat's ``standard.bid_strength``, and a sampled hand that misses it by x
    tricks weighs exp(-x^2 / 2 AUCTION_SIGMA^2)."""
    weight = 1.0
    high, high_seat, bid_by = 0, None, 0
    for b in t.bids:
        p = b["seat"]
        cheapest = max(7, high + 1)
        if p != t.seat:
            partner = p ^ 2
            partner_bid = bool(bid_by >> partner & 1)
            strength = standard.bid_strength(deal.expect(p), partner_bid, high_seat == partner)
            if "value" in b:
                gap = 0.0 if deal.sure[p] >= b["value"] else b["value"] - strength
            else:  # a pass: the rule would have bid from the threshold of the cheapest bid
                gap = max(strength - cheapest, float(deal.sure[p] - cheapest + 1))
            if gap > 0:
                weight *= math.exp(-gap * gap / (2 * AUCTION_SIGMA * AUCTION_SIGMA))
        if "value" in b:
            high, high_seat = b["value"], p
            bid_by |= 1 << p
    return weight


def auction_deals(t: Table, rng: random.Random) -> list[AuctionDeal]:
    """Deals sampled for the auction, weighted by how well they explain the bids so far."""
    deals = []
    for _ in range(AUCTION_SAMPLES):
        hands = sample_hands(t, rng)
        assert hands is not None  # before play nothing constrains the deal
        tricks = [[standard.playing_tricks(h, s) for s in range(4)] for h in hands]
        deal = AuctionDeal(hands, tricks, 1.0)
        deal.weight = auction_weight(t, deal)
        deals.append(deal)
    return deals


def _auction(t: Table) -> tuple[int, int, int | None, int]:
    """(seats passed, highest bid, its seat, seats that have bid); seats as bit masks."""
    passed = bid_by = 0
    high, high_seat = 0, None
    for b in t.bids:
        if "value" in b:
            high, high_seat = b["value"], b["seat"]
            bid_by |= 1 << b["seat"]
        else:
            passed |= 1 << b["seat"]
    return passed, high, high_seat, bid_by


def contract_after(
    state: tuple[int, int, int | None, int], seat: int, first: int | None, deal: AuctionDeal
) -> tuple[int, int] | None:
    """(declarer, bid) when ``seat`` acts ``first`` (a bid; None: pass) in the auction
    ``state`` and every seat then bids by the standard rule on ``deal``; None: all passed."""
    passed, high, high_seat, bid_by = state
    action = first
    while True:
        if action is None:
            passed |= 1 << seat
            left = 4 - passed.bit_count()
            if left == 0:
                return None
            if left == 1 and high_seat is not None:
                return high_seat, high
        else:
            high, high_seat = action, seat
            bid_by |= 1 << seat
            if action == 13 or passed.bit_count() == 3:
                return seat, high
        seat = (seat + 1) & 3
        while passed >> seat & 1:
            seat = (seat + 1) & 3
        partner = seat ^ 2
        limit = standard.bid_limit(deal.expect(seat), bool(bid_by >> partner & 1), high_seat == partner)
        action = standard.classic_value(high, limit, deal.sure[seat])


def classic_bid(t: Table, legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """The legal action with the best expected points over deals sampled to fit the auction:
    on each, the auction is finished by the standard rule and the contract scored from the
    declaring side's expected tricks, so a pass is worth what the other side then makes or
    fails.  Among equals, the standard rule's action."""
    deals = auction_deals(t, rng)
    state = _auction(t)
    side = t.seat & 1
    hand = standard.original_hand(t)
    # This hand's sure tricks with each trump: the top trumps count as a defender's too.
    sure = [standard.sure_tricks(hand, s) for s in range(4)]
    top_trumps = [standard.top_run(hand >> (13 * s) & 0x1FFF) for s in range(4)]
    values = []
    for action in legal:
        total = 0.0
        for d in deals:
            end = contract_after(state, t.seat, action.get("value"), d)
            if end is None:
                continue  # thrown in: nobody scores
            declarer, bid = end
            ours = declarer & 1 == side
            trump = standard.best_trump(d.hands[declarer], d.tricks[declarer])
            tricks = d.side_tricks(declarer & 1, trump, ours)
            if ours:
                points = expected_points(bid, tricks, low=sure[trump])
            else:
                points = expected_points(bid, tricks, high=13 - top_trumps[trump])
            total += d.weight * (points if ours else -points)
        values.append(total)
    fallback = standard.classic_bid(t, legal)
    best = max(values)
    if values[legal.index(fallback)] >= best - BID_MARGIN * sum(d.weight for d in deals):
        return fallback
    return dict(legal[values.index(best)])


def choose(t: Table, legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    if t.phase == "playing":
        cards = legal_cards(t)
        if len(cards) == 1:
            return {"type": "play", "card": FULL_DECK[cards[0]]}
        if t.hand.bit_count() > SEARCH_FROM[t.variant]:
            return {"type": "play", "card": FULL_DECK[standard.play(t)]}
        return {"type": "play", "card": FULL_DECK[search_play(t, cards, rng)]}
    if t.phase == "trump":
        return standard.classic_trump(t)
    if t.variant == "classic":
        return classic_bid(t, legal, rng)
    return forty_one_bid(t)
