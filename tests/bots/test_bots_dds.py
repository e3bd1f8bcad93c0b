"""games.bots.dds (DDS through ctypes) agrees with endplay's own solve_board."""

import random

from endplay.dds import solve_board
from endplay.types import Deal, Denom, Player

from games.bots.dds import solve

RANKS = "23456789TJQKA"


def pbn(mask):
    # endplay's PBN lists spades, hearts, diamonds, clubs; the engine's suits are C, D, H, S.
    return ".".join(
        "".join(RANKS[c % 13] for c in range(52 - 1, -1, -1) if mask >> c & 1 and c // 13 == s)
        for s in (3, 2, 1, 0)
    )


def test_it_scores_every_card_as_endplay_does():
    rng = random.Random(3)
    for _ in range(40):
        cards = list(range(52))
        rng.shuffle(cards)
        n = rng.choice((3, 5, 7))
        hands = [sum(1 << c for c in cards[k * 13 : k * 13 + n]) for k in range(4)]
        trump, leader = rng.randrange(4), rng.randrange(4)
        deal = Deal("N:" + " ".join(pbn(h) for h in hands))
        deal.trump = (Denom.clubs, Denom.diamonds, Denom.hearts, Denom.spades)[trump]
        deal.first = Player(leader)
        # endplay's suits run spades..clubs (0..3); its ranks are bits 2..14.
        expected = {
            (3 - card.suit.value) * 13 + card.rank.value.bit_length() - 3: tricks
            for card, tricks in solve_board(deal)
        }
        assert solve(hands, trump, leader, []) == expected


def test_a_trick_in_progress_is_scored_for_the_next_seat():
    rng = random.Random(5)
    for _ in range(40):
        cards = list(range(52))
        rng.shuffle(cards)
        n = rng.choice((2, 4, 6))
        hands = [sum(1 << c for c in cards[k * 13 : k * 13 + n]) for k in range(4)]
        trump, leader = rng.randrange(4), rng.randrange(4)
        for card, tricks in solve(hands, trump, leader, []).items():
            after = list(hands)
            after[leader] ^= 1 << card
            # What the leader's side makes is what the next side cannot.
            assert max(solve(after, trump, leader, [card]).values()) == n - tricks
