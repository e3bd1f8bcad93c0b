"""Verifiable deals.

Each deal draws a 32-byte seed from `secrets`, derives the deck from it with a
Fisher-Yates shuffle driven by HMAC-SHA256, and publishes sha256(seed) before anyone
acts. Once the hand is over the seed is revealed, and anyone can check both the
commitment and the cards (docs/fairness.md).
"""

import hashlib
import hmac
import secrets
from typing import Literal, TypedDict

SEED_BYTES = 32
# The unshuffled order, spelled out so a verifier needs nothing of ours: clubs, diamonds,
# hearts, spades, each from 2 to ace.
ORDERED_DECK = tuple(rank + suit for suit in "CDHS" for rank in "23456789TJQKA")


class Commitment(TypedDict):
    """The server's event beside the engine's in a deal's logged events: sha256(seed)."""

    type: Literal["commitment"]
    hand: int
    sha256: str


def new_seed() -> bytes:
    return secrets.token_bytes(SEED_BYTES)


def commitment(seed: bytes) -> str:
    return hashlib.sha256(seed).hexdigest()


def _uniform_below(seed: bytes, bound: int, counter: list[int]) -> int:
    """An integer in [0, bound), from HMAC-SHA256(seed, counter) by rejection sampling."""
    limit = (1 << 256) - (1 << 256) % bound  # largest multiple of bound: no modulo bias
    while True:
        block = hmac.new(seed, counter[0].to_bytes(8, "big"), hashlib.sha256).digest()
        counter[0] += 1
        value = int.from_bytes(block, "big")
        if value < limit:
            return value % bound


def deck_from_seed(seed: bytes) -> list[str]:
    """The deck for `seed`: ORDERED_DECK shuffled by Fisher-Yates, i from 51 down to 1."""
    deck = list(ORDERED_DECK)
    counter = [0]
    for i in range(len(deck) - 1, 0, -1):
        j = _uniform_below(seed, i + 1, counter)
        deck[i], deck[j] = deck[j], deck[i]
    return deck
