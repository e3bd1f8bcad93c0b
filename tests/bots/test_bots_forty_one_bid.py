"""The Tarneeb 41 expert reads the opponents' bids before its own: each trick they bid is
about a tenth of a trick fewer for its hand; its partner's bid does not count against it."""

import random

from games.bots import choose
from tests.bots.positions import Spec, build

# Six spades to AKQJ, the ace and queen of hearts, the ace of diamonds, KJ of clubs: about
# seven or eight tricks of its own.
HAND = "AS KS QS JS 6S 3S AH QH 3H AD 7D KC JC"


def expert_bid(seat: int, auction: tuple[int, ...]) -> int:
    spec = Spec("reads-bids", ("expert",), variant="forty_one", phase="bidding", seat=seat, dealer=3,
                trump="S", exposed="9C", hand=HAND, auction=auction)
    view, events = build(spec)
    return choose(view, events, "expert", random.Random(0))["value"]


def test_an_opponents_high_bid_lowers_the_bid():
    # Seat 1 bids second: seat 0, before it, is an opponent.
    assert expert_bid(1, (2,)) == 8
    assert expert_bid(1, (9,)) == 7


def test_only_the_opponents_bids_count_against_the_hand():
    # Seat 2 bids third: seat 0 is its partner, seat 1 an opponent.
    assert expert_bid(2, (9, 2)) == 8
    assert expert_bid(2, (2, 9)) == 7
