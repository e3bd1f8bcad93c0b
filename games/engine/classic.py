"""Classic Tarneeb: a team auction 7..13, the winner names trump and leads."""

from __future__ import annotations

from typing import Any

from .cards import SUIT_INDEX, SUIT_MASK, SUITS, Action, indices_of
from .events import Event
from .match import IllegalAction, Match
from .views import ClassicContract, HandScore

TARGETS = (31, 41, 61)
MIN_BID, MAX_BID = 7, 13

PASS = Action(type="pass")
BID_ACTIONS = {v: Action(type="bid", value=v) for v in range(MIN_BID, MAX_BID + 1)}
# Legal auction actions by the highest bid so far (0 = none): higher bids, then pass.
AUCTION_ACTIONS: dict[int, tuple[Action, ...]] = {
    high: (*(BID_ACTIONS[v] for v in range(max(MIN_BID, high + 1), MAX_BID + 1)), PASS)
    for high in (0, *range(MIN_BID, MAX_BID))
}
TRUMP_ACTIONS = tuple(Action(type="trump", suit=s) for s in SUITS)


class ClassicMatch(Match):
    variant = "classic"

    def __init__(self, *, dealer: int, target: int | None = None, deals: int | None = None) -> None:
        if target is None:
            target = 41
        if type(target) is not int or target not in TARGETS:
            raise ValueError(f"Classic target must be 31, 41 or 61, got {target!r}")
        super().__init__(dealer=dealer, target=target, deals=deals)
        self._scores = [0, 0]

    def _reset_auction(self) -> None:
        self._passed = 0  # bitmask of seats out of this hand's auction
        self._high = 0  # highest bid so far, 0 for none
        self._high_seat: int | None = None
        self._contract: tuple[int, int] | None = None  # (seat, bid) once the auction is won

    # -------------------------------------------------------------- actions

    def _other_actions(self) -> list[dict[str, Any]]:
        if self.phase == "bidding":
            return list(AUCTION_ACTIONS[self._high])
        return list(TRUMP_ACTIONS)

    def _apply_auction(self, seat: int, action: dict[str, Any]) -> list[Event]:
        kind = action.get("type")
        if self.phase == "bidding":
            if kind == "pass" and len(action) == 1:
                return self._pass(seat)
            value = action.get("value")
            if kind == "bid" and len(action) == 2 and type(value) is int:
                return self._bid(seat, value)
            self._reject(action, ("bid", "pass"))
        suit = action.get("suit")
        if kind == "trump" and len(action) == 2 and type(suit) is str:
            if suit not in SUIT_INDEX:
                raise IllegalAction(f"{suit!r} is not a suit; trump is one of C, D, H, S")
            return self._name_trump(seat, suit)
        self._reject(action, ("trump",))

    def _bid(self, seat: int, value: int) -> list[Event]:
        if not MIN_BID <= value <= MAX_BID:
            raise IllegalAction(f"A Classic bid is {MIN_BID} to {MAX_BID} tricks, not {value}")
        if value <= self._high:
            raise IllegalAction(
                f"A bid must be higher than the highest bid so far ({self._high}), not {value}"
            )
        self._bids.append((seat, value))
        self._high, self._high_seat = value, seat
        events: list[Event] = [{"type": "bid", "seat": seat, "value": value}]
        # 13 cannot be outbid; a bid by the only player left (three passed) ends it too.
        if value == MAX_BID or self._passed.bit_count() == 3:
            self._win_auction(seat, events)
        else:
            self.to_act = self._next_bidder(seat)
        return events

    def _pass(self, seat: int) -> list[Event]:
        self._bids.append((seat, None))
        self._passed |= 1 << seat
        events: list[Event] = [{"type": "pass", "seat": seat}]
        left = 4 - self._passed.bit_count()
        if left == 0:
            self._throw_in("all_passed", events)
        elif left == 1 and self._high_seat is not None:
            self._win_auction(self._high_seat, events)  # the one left is the highest bidder
        else:
            self.to_act = self._next_bidder(seat)
        return events

    def _next_bidder(self, seat: int) -> int:
        nxt = (seat + 1) & 3
        while self._passed >> nxt & 1:
            nxt = (nxt + 1) & 3
        return nxt

    def _win_auction(self, seat: int, events: list[Event]) -> None:
        self._contract = (seat, self._high)
        self.phase = "trump"
        self.to_act = seat
        events.append({"type": "contract", "seat": seat, "value": self._high})

    def _name_trump(self, seat: int, suit: str) -> list[Event]:
        self._trump = SUIT_INDEX[suit]
        self._begin_play(seat)  # the auction winner leads
        return [{"type": "trump", "seat": seat, "suit": suit}]

    # ---------------------------------------------------------------- timer

    def _timeout_other(self, seat: int) -> dict[str, Any]:
        if self.phase == "bidding":
            # Pass, except the last player when the other three passed with no bid.
            if self._high_seat is None and self._passed.bit_count() == 3:
                return {"type": "bid", "value": MIN_BID}
            return {"type": "pass"}
        return {"type": "trump", "suit": self.timeout_trump(self._hands[seat])}

    @staticmethod
    def timeout_trump(hand: int) -> str:
        """The suit with the most cards; ties go to the suit with the higher cards
        (compared from the top down), then to the suit later in C, D, H, S."""

        def key(s: int) -> tuple[int, list[int], int]:
            ranks = sorted((i % 13 for i in indices_of(hand & SUIT_MASK[s])), reverse=True)
            return (len(ranks), ranks, s)

        return SUITS[max(range(4), key=key)]

    # -------------------------------------------------------------- scoring

    def _score_hand(self, team_tricks: list[int]) -> HandScore:
        contract = self._contract_view()
        assert contract is not None  # the auction was won before any card was played
        seat, bid = contract["seat"], contract["value"]
        team = seat & 1
        took = team_tricks[team]
        if bid < MAX_BID:
            if took >= bid:
                gain, other = (16 if took == 13 else took), 0
            else:
                gain, other = -bid, 13 - took
        elif took == 13:
            gain, other = 26, 0
        else:
            gain, other = -16, 2 * (13 - took)
        points = [0, 0]
        points[team], points[1 - team] = gain, other
        self._scores[0] += points[0]
        self._scores[1] += points[1]
        return {"contract": contract, "points": points, "made": took >= bid, "kaboot": took == 13}

    def _match_winner(self) -> int | None:
        # Only one team gains points in a hand, so at most one reaches the target now.
        s0, s1 = self._scores
        if s0 >= self.target or s1 >= self.target:
            return 0 if s0 >= s1 else 1
        return None

    # ------------------------------------------------------------ view/state

    def _contract_view(self) -> ClassicContract | None:
        if self._contract is None:
            return None
        seat, value = self._contract
        return {
            "seat": seat,
            "value": value,
            "trump": None if self._trump is None else SUITS[self._trump],
        }

    def _variant_state(self) -> dict[str, Any]:
        return {
            "passed": self._passed,
            "high": self._high,
            "high_seat": self._high_seat,
            "contract": None if self._contract is None else list(self._contract),
        }

    def _load_variant_state(self, d: dict[str, Any]) -> None:
        self._passed = d["passed"]
        self._high = d["high"]
        self._high_seat = d["high_seat"]
        c = d["contract"]
        self._contract = None if c is None else (c[0], c[1])
