"""The shape of ``Match.view(seat)``: what one seat (or a spectator) may see.

Built by the engine, sent to each socket inside the table's ``state`` message
(docs/protocol.md) and read by the bots (games/bots); JSON-ready throughout.
"""

# No `from __future__ import annotations`: with it, Python 3.11's TypedDict takes a
# NotRequired key for a required one (__optional_keys__, read by the schema test).
from typing import Literal, NotRequired, TypedDict


class TrickCard(TypedDict):
    seat: int
    card: str


class LastTrick(TypedDict):
    cards: list[TrickCard]
    winner: int


class BidView(TypedDict):
    seat: int
    value: int


# "pass" is a keyword, hence the call form.
PassView = TypedDict("PassView", {"seat": int, "pass": bool})


class ClassicContract(TypedDict):
    seat: int
    value: int
    trump: str | None  # named by the auction's winner after it ends


# Classic: the auction's winner and bid; Tarneeb 41: each seat's bid (None before it bids).
Contract = ClassicContract | list[int | None]


class HandScore(TypedDict):
    """A variant's figures of a hand played out."""

    points: list[int]  # gained this hand: per team in Classic, per seat in Tarneeb 41
    kaboot: bool  # Classic: the bidding team took all 13; Tarneeb 41: a team took all 13
    contract: NotRequired[ClassicContract]  # Classic
    made: NotRequired[bool]  # Classic
    bids: NotRequired[list[int]]  # Tarneeb 41: per seat


class ScoredHand(HandScore):
    """A hand played out: the ``hand_scored`` event without its type."""

    hand_number: int
    dealer: int
    thrown_in: Literal[False]
    tricks: list[int]  # per seat
    team_tricks: list[int]
    scores: list[int]  # the match's, after this hand


class ThrownInHand(TypedDict):
    """A hand thrown in, unscored: the ``thrown_in`` event without its type."""

    hand_number: int
    dealer: int
    thrown_in: Literal[True]
    reason: Literal["all_passed", "bids_under_11"]
    bids: list[BidView | PassView]  # the auction, in order


HandSummary = ScoredHand | ThrownInHand


class View(TypedDict):
    variant: str
    target: int
    seat: int | None  # None: a spectator's view, with no hand
    phase: str
    dealer: int
    to_act: int | None
    hand: list[str]
    trump: str | None
    scores: list[int]
    winner: int | None
    bids: list[BidView | PassView]  # this hand's auction in order
    contract: Contract | None
    trick: list[TrickCard]  # the trick on the table, from its leader
    leader: int | None
    tricks_taken: list[int]  # per seat
    team_tricks: list[int]
    last_trick: LastTrick | None
    cards_left: list[int]  # per seat
    exposed_card: str | None  # Tarneeb 41: the dealer's card shown to all, until played
    hand_number: int
    last_hand: HandSummary | None  # the hand before this one
