"""The standard level: rule-based bidding and card play, no search.

Bidding counts playing tricks (high cards, long suits, trump length and ruffs);
Bids never fall below the tricks the hand takes for certain (``sure_tricks``).
Play follows the table rules a club player knows: second hand low, third hand
high, win as cheaply as possible, leave a partner's trick that is already won
(unless, in Tarneeb 41, partner's bid is made and this seat's own is not), draw
trumps as the contract's side, keep master cards and guards, and remember who
showed out of which suit.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from games.engine.cards import FULL_DECK, SUIT_MASK

from .table import SUIT_OF, Table, above, beats, bits, highest, lowest

# Tarneeb 41's legal bids (2..13 except 6), Classic's 7..13.
FORTY_ONE_BIDS = (2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13)
A, K, Q, J = 12, 11, 10, 9


# --------------------------------------------------------------- hand value


def playing_tricks(hand: int, trump: int | None) -> float:
    """Tricks a 13-card hand should take by itself with ``trump`` as trump."""
    total = 0.0
    trumps = (hand & SUIT_MASK[trump]).bit_count() if trump is not None else 0
    for suit in range(4):
        # Bit r: rank r (0 = two .. 12 = ace); no lists, as the expert counts sampled hands.
        held = hand >> (13 * suit) & 0x1FFF
        n = held.bit_count()
        ace, king, queen = held >> A & 1, held >> K & 1, held >> Q & 1
        if suit == trump:
            # Honours that stand up, and every trump past the third.
            honours = ace + (king and n >= 2) * 0.9 + (queen and n >= 3) * 0.6
            honours += (held >> J & 1 and n >= 4) * 0.3
            total += max(honours, 0) + max(0, n - 3) * 0.9
            continue
        total += ace + king * (0.8 if n >= 2 else 0.2)
        total += (queen and n >= 3) * (0.5 if (ace or king) else 0.25)
        if n >= 5:
            total += (n - 4) * 0.4  # a long side suit sets up late tricks
        if trumps >= 3 and n <= 1:
            total += (1.0 if n == 0 else 0.5) * min(1.0, (trumps - 2) / 2)  # ruffs
    return total


def top_run(held: int) -> int:
    """How many of a suit's top cards, from the ace down without a gap, ``held`` (bit r:
    rank r) holds."""
    run = 0
    while run < 13 and held >> (12 - run) & 1:
        run += 1
    return run


def sure_tricks(hand: int, trump: int) -> int:
    """Tricks a 13-card hand takes for certain with ``trump``, whoever holds the rest:
    its unbroken top trumps; and when those outnumber every trump left out (so they
    draw them all), every trump it holds and the unbroken top cards of its other suits."""
    trumps = hand >> (13 * trump) & 0x1FFF
    run = top_run(trumps)
    if run < 13 - trumps.bit_count():
        return run  # an opponent may hold more trumps than our winners: side winners can be ruffed
    return min(13, sum(top_run(hand >> (13 * s) & 0x1FFF) for s in range(4) if s != trump)
               + trumps.bit_count())


def best_sure(hand: int) -> tuple[int, int]:
    """(sure tricks, suit) of the trump in which the hand takes the most tricks for certain."""
    return max((sure_tricks(hand, s), s) for s in range(4))


def best_trump(hand: int, tricks: Sequence[float] | None = None) -> int:
    """The suit in which the hand takes the most tricks (ties: the longer suit); ``tricks``:
    its playing tricks per suit when already counted."""
    if tricks is None:
        tricks = [playing_tricks(hand, s) for s in range(4)]
    return max(range(4), key=lambda s: (tricks[s], (hand & SUIT_MASK[s]).bit_count(), s))


# A team's tricks with the best trump, from the bidder's own playing tricks: a
# least-squares fit to 500 random deals solved double-dummy with the bidder
# leading (residual spread TEAM_SPREAD tricks; docs/bots.md).
TEAM_BASE, TEAM_SLOPE, TEAM_SPREAD = 4.07, 0.87, 2.3


def team_tricks(hand: int) -> float:
    return TEAM_BASE + TEAM_SLOPE * playing_tricks(hand, best_trump(hand))


def original_hand(t: Table) -> int:
    return t.hand | t.played_by[t.seat]


# ----------------------------------------------------------------- bidding


def bid_strength(expect: float, partner_bid: bool, partner_high: bool) -> float:
    """What a seat whose team expects ``expect`` tricks (its own hand's ``team_tricks``) may
    bid up to, before rounding down, given whether partner has bid and holds the highest bid."""
    if partner_bid:
        expect += 0.6  # partner's bid shows values that fit with ours somewhere
    expect -= 0.5  # double dummy flatters the declarer: keep a margin
    if partner_high:
        expect -= 1  # take the contract from partner only with clearly more
    return expect


def bid_limit(expect: float, partner_bid: bool, partner_high: bool) -> int:
    """The highest Classic bid for such a seat (bid_strength)."""
    return math.floor(bid_strength(expect, partner_bid, partner_high))


def classic_value(high: int, limit: int, sure: int) -> int | None:
    """The Classic bid (None: pass) over the highest bid ``high`` (0: none yet) of a seat
    whose bid limit is ``limit`` and whose hand takes ``sure`` tricks for certain: the sure
    tricks at once when they outbid (a sure 13 scores 26 bid, 16 unbid), else the cheapest
    bid within the limit."""
    cheapest = max(7, high + 1)
    if sure >= cheapest:
        return sure
    return cheapest if cheapest <= min(limit, 13) else None


def classic_bid(t: Table, legal: list[dict]) -> dict:
    partner = t.bid_of(t.partner)
    high = max((b["value"] for b in t.bids if "value" in b), default=0)
    hand = original_hand(t)
    limit = bid_limit(team_tricks(hand), partner is not None, partner is not None and partner == high)
    value = classic_value(high, limit, best_sure(hand)[0])
    return {"type": "pass"} if value is None else {"type": "bid", "value": value}


def classic_trump(t: Table) -> dict:
    hand = original_hand(t)
    sure, suit = best_sure(hand)
    if sure < t.contract["value"]:
        suit = best_trump(hand)  # the contract needs partner's tricks too: the suit of most
    return {"type": "trump", "suit": "CDHS"[suit]}


def forty_one_bid(t: Table) -> dict:
    hand = original_hand(t)
    assert t.trump is not None  # Tarneeb 41's trump is known before the bidding
    sure = sure_tricks(hand, t.trump)
    own = max(playing_tricks(hand, t.trump), sure)
    value = max(2, min(13, round(own - 0.3)), sure)
    if value == 6:
        value = 5  # 6 is not a bid; failing costs the bid, so go down
    so_far = sum(b["value"] for b in t.bids)
    if len(t.bids) == 3 and so_far + value < 11:
        # The four bids would total under 11 and the hand be thrown in: bid what brings
        # them to 11 when the hand is worth it (its sure tricks, or a trick short of its
        # estimate), else let it be thrown in.
        need = next(v for v in FORTY_ONE_BIDS if so_far + v >= 11)
        if need <= max(sure, round(own - 0.3) + 1):
            value = need
    return {"type": "bid", "value": value}


# -------------------------------------------------------------------- play


def unguards(t: Table, card: int) -> bool:
    """Would throwing ``card`` leave the honour (jack or better) above it in its suit with too
    few cards to guard it against the unseen cards that outrank it (Kx, Qxx, Jxxx)?"""
    held = t.hand & SUIT_MASK[SUIT_OF[card]]
    top = highest(held)
    if top == card or top % 13 < J:
        return False
    over = (t.unseen() & above(top)).bit_count()
    return over > 0 and held.bit_count() - 1 <= over


def discard(t: Table, options: int) -> int:
    """The cheapest card to throw: never a trump or a master card while another will do,
    nor a guard of an honour; the lowest rank; from the shorter suit (a void may let us ruff
    later)."""

    def cost(card: int) -> tuple[int, int, bool, int, int]:
        suit = SUIT_OF[card]
        return (suit == t.trump, t.is_master(card), unguards(t, card), card % 13,
                (t.hand & SUIT_MASK[suit]).bit_count())

    return min(bits(options), key=cost)


def cheapest_sure(t: Table, cards: list[int], led: int) -> int | None:
    for card in cards:  # lowest first
        if t.sure_winner(card, led):
            return card
    return None


def needs_partners_trick(t: Table) -> bool:
    """Tarneeb 41: partner's bid is made and this seat's own is not, so a trick partner has
    won is worth more to this seat (each seat scores its own bid)."""
    if t.variant != "forty_one" or not t.contract:
        return False
    bids = t.contract
    return (t.tricks_taken[t.partner] >= (bids[t.partner] or 0)
            and t.tricks_taken[t.seat] < (bids[t.seat] or 0))


def follow(t: Table) -> int:
    seat_best = t.winning()
    assert seat_best is not None
    winner, best = seat_best
    led = SUIT_OF[t.trick[0][1]]
    position = len(t.trick) + 1  # 2, 3 or 4
    # Partner's trick is ours already: leave it, unless this seat needs it for its own bid.
    partner_winning = winner == t.partner and not needs_partners_trick(t)
    mine = t.hand & SUIT_MASK[led]
    if mine:
        if partner_winning and (position == 4 or t.sure_winner(best, led)):
            return lowest(mine)  # partner's trick is won: do not overtake
        winners = [c for c in bits(mine) if beats(c, best, t.trump)]
        if not winners:
            return lowest(mine)
        if position == 4:
            return winners[0]  # win as cheaply as possible
        sure = cheapest_sure(t, winners, led)
        if sure is not None:
            return sure
        if position == 2:
            return lowest(mine)  # second hand low
        return winners[-1]  # third hand high: make the last hand pay for the trick
    # Void in the led suit: ruff, or discard.
    trumps = t.hand & SUIT_MASK[t.trump] if t.trump is not None else 0
    if partner_winning or not trumps:
        return discard(t, t.hand)
    ruffs = [c for c in bits(trumps) if beats(c, best, t.trump)]
    if not ruffs:
        return discard(t, t.hand)
    if position == 4:
        return ruffs[0]
    sure = cheapest_sure(t, ruffs, led)
    return sure if sure is not None else ruffs[0]


def lead(t: Table) -> int:
    hand, trump = t.hand, t.trump
    opponents = ((t.seat + 1) & 3, (t.seat + 3) & 3)
    opp_hold = t.may_hold(opponents[0]) | t.may_hold(opponents[1])
    trump_mask = SUIT_MASK[trump] if trump is not None else 0
    my_trumps = hand & trump_mask
    opp_trumps = opp_hold & trump_mask

    def ruffed(suit: int) -> bool:
        # Or the opponents hold none of the suit but some trumps.
        return t.ruff_shown(suit) or (suit != trump and not opp_hold & SUIT_MASK[suit] and bool(opp_trumps))

    # Draw trumps as the side that must take tricks.
    if my_trumps and opp_trumps and t.declaring():
        top = highest(my_trumps)
        if t.is_master(top):
            return top
        if my_trumps.bit_count() >= 3 and my_trumps.bit_count() >= opp_trumps.bit_count() // 2:
            return lowest(my_trumps)
    side = [s for s in range(4) if s != trump and hand & SUIT_MASK[s]]
    safe = [s for s in side if not ruffed(s)]
    # Cash a master card where nobody ruffs it; the suit with most cards out first.
    cash = [highest(hand & SUIT_MASK[s]) for s in safe if t.is_master(highest(hand & SUIT_MASK[s]))]
    if cash:
        return max(cash, key=lambda c: (opp_hold & SUIT_MASK[SUIT_OF[c]]).bit_count())
    # Give partner a ruff: a suit partner has shown out of, while partner may hold a trump.
    partner_hold = t.may_hold(t.partner)
    for s in safe:
        if t.voids[t.partner] >> s & 1 and partner_hold & trump_mask:
            return lowest(hand & SUIT_MASK[s])
    if my_trumps and t.is_master(highest(my_trumps)) and opp_trumps and not safe:
        return highest(my_trumps)
    pool = safe or side
    if pool:
        suit = max(pool, key=lambda s: ((hand & SUIT_MASK[s]).bit_count(), -s))
        cards = hand & SUIT_MASK[suit]
        top = highest(cards)
        # Top of a sequence (K from K-Q) sets up the suit; otherwise lead low.
        if top % 13 >= J and cards >> (top - 1) & 1:
            return top
        return lowest(cards)
    return lowest(my_trumps or hand)


def sound(t: Table, legal: list[int]) -> list[int]:
    """The legal cards a partner would not wince at (the expert wants any other card to be
    clearly better in its search): no overtaking or trumping a trick partner has won (unless
    this seat needs it for its own Tarneeb 41 bid), no master card thrown away, no lead into
    an opponent's shown void while they may ruff.  Never empty."""
    keep = legal
    seat_best = t.winning()  # None when this seat leads
    if seat_best is not None:
        winner, best = seat_best
        led = SUIT_OF[t.trick[0][1]]
        if (winner == t.partner and not needs_partners_trick(t)
                and (len(t.trick) == 3 or t.sure_winner(best, led))):
            keep = [c for c in keep if not beats(c, best, t.trump)] or keep
        if not t.hand & SUIT_MASK[led]:
            keep = [c for c in keep if SUIT_OF[c] == t.trump or not t.is_master(c)] or keep
    else:
        keep = [c for c in keep if not t.ruff_shown(SUIT_OF[c])] or keep
    return keep


def play(t: Table) -> int:
    return follow(t) if t.trick else lead(t)


def choose(t: Table, legal: list[dict]) -> dict:
    if t.phase == "playing":
        return {"type": "play", "card": FULL_DECK[play(t)]}
    if t.phase == "trump":
        return classic_trump(t)
    if t.variant == "classic":
        return classic_bid(t, legal)
    return forty_one_bid(t)
