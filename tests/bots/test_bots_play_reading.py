"""The expert reads the opponents' cards: a sampled deal weighs less for each card an opponent
played that the standard rules would not have played from its sampled hand, and the search
keeps the deals that explain their cards best."""

import random

import pytest

from games.bots import choose, expert
from games.bots.arena import seeded_decks
from games.bots.table import Table
from games.engine import new_match
from games.engine.cards import CARD_INDEX


def expert_positions(variant: str, decks: int):
    """(table, true hands) at each playing decision of seats 0 and 2 (the expert's side), with
    standard opponents, from seeded decks."""
    for k in range(decks):
        match = new_match(variant, dealer=k % 4, deals=1)
        history = match.deal(next(seeded_decks(5, k)))
        while match.to_act is not None:
            seat = match.to_act
            view = match.view(seat)
            level = "expert" if seat % 2 == 0 else "standard"
            if match.phase == "playing" and seat % 2 == 0:
                hands = [sum(1 << CARD_INDEX[c] for c in match.view(s)["hand"]) for s in range(4)]
                yield Table.from_view(view, history), hands
            history += match.apply(seat, choose(view, history, level, random.Random(k)))


@pytest.mark.parametrize("variant", ["classic", "forty_one"])
def test_the_true_deal_explains_standard_opponents_and_a_swap_may_not(variant):
    true_weights, swapped_less = [], 0
    for t, hands in expert_positions(variant, 6):
        true_weights.append(expert.play_weight(t, hands))
        left, right = (t.seat + 1) & 3, (t.seat + 3) & 3
        # The two opponents' hands swapped where each could hold the other's: a deal that
        # fits every void shown, but not, as a rule, the cards they chose.
        if t.plays and hands[left].bit_count() == hands[right].bit_count() \
                and not hands[right] & ~t.may_hold(left) and not hands[left] & ~t.may_hold(right):
            swapped = list(hands)
            swapped[left], swapped[right] = hands[right], hands[left]
            swapped_less += expert.play_weight(t, swapped) < 1.0
    assert len(true_weights) > 100 and set(true_weights) == {1.0}
    assert swapped_less > 0


def test_the_search_keeps_the_deals_that_explain_the_opponents_best():
    kept_weights, drawn_weights = [], []
    for t, _ in expert_positions("forty_one", 4):
        if t.hand.bit_count() > expert.SEARCH_FROM["forty_one"] or not t.plays:
            continue
        kept = expert.sampled_deals(t, random.Random(1))
        assert len(kept) == expert.SAMPLES[t.hand.bit_count()]
        kept_weights += [expert.play_weight(t, hands) for hands, _ in kept]
        rng = random.Random(2)
        drawn = [expert.sample_hands(t, rng) for _ in range(len(kept))]
        drawn_weights += [expert.play_weight(t, hands) for hands in drawn if hands is not None]
    assert sum(kept_weights) / len(kept_weights) > 2 * sum(drawn_weights) / len(drawn_weights)


def test_one_decisions_reads_weigh_every_sampled_deal_as_fresh_ones_do():
    # The reads are built once a decision and keep the rules' card by hand: the deals drawn
    # after many others must weigh as each would alone.
    checked = 0
    for t, _ in expert_positions("classic", 3):
        if len(t.plays) < 8:
            continue
        reads = expert.opponent_reads(t)
        rng = random.Random(3)
        for hands in filter(None, (expert.sample_hands(t, rng) for _ in range(20))):
            assert expert.play_weight(t, hands, reads) == expert.play_weight(t, hands)
            checked += 1
    assert checked > 500
