"""The Classic expert's auction reads the other seats' bids and passes by the standard rule it
finishes the auction with: a sampled deal whose bidder misses that rule's threshold weighs
little, so the deals it values bids on have bidders as strong as their bids say (the softer
weighting before sampled them about a trick weaker, and passers stronger, than they were)."""

import random
import statistics

from games.bots import expert
from games.bots.table import Table
from tests.bots.positions import Spec, build

HAND = "6S 5S 4S KS AH JH TH 9H 3H 2H QD TD 8D"


def _deals(auction):
    spec = Spec("auction", ("expert",), phase="bidding", seat=2, dealer=2, auction=auction, hand=HAND)
    view, events = build(spec)
    return expert.auction_deals(Table.from_view(view, events), random.Random(7))


def _strength(deals, seat):
    weights = [d.weight for d in deals]
    return statistics.fmean([d.expect(seat) for d in deals], weights=weights)


def test_a_bidder_is_sampled_as_strong_as_the_rule_needs():
    # Seat 3 opened 7 and seat 0 bid 8 over it: the standard rule needs a team estimate of
    # 7.5 for the 7 and 8.5 + (0.6 partner's bid, none here) for partner's 8.
    deals = _deals((7, 8, "pass"))
    assert len(deals) == expert.AUCTION_SAMPLES
    assert _strength(deals, 3) >= 7.3
    assert _strength(deals, 0) >= 8.2
    unweighted = statistics.fmean(d.expect(0) for d in deals)
    assert _strength(deals, 0) > unweighted + 0.5


def test_a_pass_is_sampled_below_the_rules_threshold():
    # Seat 1 passed over 8: the rule would have bid 9 from an estimate of 9.5 (9.5 - 0.6 with
    # its partner's 7).
    deals = _deals((7, 8, "pass"))
    assert _strength(deals, 1) < 8.9
    weights = [d.weight for d in deals]
    strong = sum(w for d, w in zip(deals, weights, strict=True) if d.expect(1) > 10.0)
    assert strong < 0.02 * sum(weights)
