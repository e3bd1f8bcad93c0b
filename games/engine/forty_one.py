"""Tarneeb 41: trump from the dealer's exposed card, one bid each, per-seat scores."""

from __future__ import annotations

from typing import Any

from .cards import CARD_INDEX, FULL_DECK, SAME_COLOUR, SUIT_INDEX, Action
from .events import Dealt, Event
from .match import LIVE_PHASES, IllegalAction, Match
from .views import HandScore

TARGET = 41
BID_VALUES = (2, 3, 4, 5, 7, 8, 9, 10, 11, 12, 13)  # 2..13 except 6
MIN_TOTAL = 11  # bids totalling less are thrown in
BID_ACTIONS = tuple(Action(type="bid", value=v) for v in BID_VALUES)


class FortyOneMatch(Match):
    variant = "forty_one"

    def __init__(self, *, dealer: int, target: int | None = None, deals: int | None = None) -> None:
        if target is not None and (type(target) is not int or target != TARGET):
            raise ValueError(f"Tarneeb 41 is always played to 41, not {target!r}")
        super().__init__(dealer=dealer, target=TARGET, deals=deals)
        self._scores = [0, 0, 0, 0]
        self._exposed: int | None = None

    def _reset_auction(self) -> None:
        self._seat_bids: list[int | None] = [None, None, None, None]

    def _start_hand(self, cards: tuple[str, ...], dealt: Dealt, events: list[Event]) -> None:
        # The dealer's last card is shown to all; trump is its colour's other suit.
        exposed = cards[51]
        self._exposed = CARD_INDEX[exposed]
        suit = SAME_COLOUR[exposed[1]]
        self._trump = SUIT_INDEX[suit]
        dealt["exposed_card"] = FULL_DECK[self._exposed]
        events.append({"type": "trump", "seat": None, "suit": suit})

    # -------------------------------------------------------------- actions

    def _other_actions(self) -> list[dict[str, Any]]:
        return list(BID_ACTIONS)

    def _apply_auction(self, seat: int, action: dict[str, Any]) -> list[Event]:
        value = action.get("value")
        if action.get("type") != "bid" or len(action) != 2 or type(value) is not int:
            if action.get("type") == "pass":
                raise IllegalAction("Tarneeb 41 has no pass: bid 2 to 13 tricks (not 6)")
            self._reject(action, ("bid",))
        if value not in BID_VALUES:
            raise IllegalAction(f"A Tarneeb 41 bid is 2 to 13 tricks except 6, not {value}")
        self._bids.append((seat, value))
        self._seat_bids[seat] = value
        events: list[Event] = [{"type": "bid", "seat": seat, "value": value}]
        if len(self._bids) < 4:
            self.to_act = (seat + 1) & 3
        elif self._bid_total() < MIN_TOTAL:
            self._throw_in("bids_under_11", events)
        else:
            self._begin_play((self.dealer + 1) & 3)  # the first bidder leads
        return events

    # ---------------------------------------------------------------- timer

    def _timeout_other(self, seat: int) -> dict[str, Any]:
        # Bid 2; the fourth bidder bids the least that keeps the hand from being thrown in.
        if len(self._bids) < 3:
            return {"type": "bid", "value": 2}
        total = self._bid_total()
        return {"type": "bid", "value": next(v for v in BID_VALUES if total + v >= MIN_TOTAL)}

    def _bid_total(self) -> int:
        return sum(v for v in self._seat_bids if v is not None)  # None: yet to bid

    # -------------------------------------------------------------- scoring

    def _score_hand(self, team_tricks: list[int]) -> HandScore:
        bids = [bid for bid in self._seat_bids if bid is not None]
        assert len(bids) == 4  # all four bid before a card was played
        points = []
        for seat, bid in enumerate(bids):
            gain = bid if self._tricks[seat] >= bid else -bid  # extra tricks count for nothing
            points.append(gain)
            self._scores[seat] += gain
        return {"bids": bids, "points": points, "kaboot": 13 in team_tricks}

    def _qualifies(self, team: int) -> bool:
        a, b = self._scores[team], self._scores[team + 2]
        return (a >= TARGET and b > 0) or (b >= TARGET and a > 0)

    def _match_winner(self) -> int | None:
        q0, q1 = self._qualifies(0), self._qualifies(1)
        if q0 and q1:
            s = self._scores
            t0, t1 = s[0] + s[2], s[1] + s[3]
            return None if t0 == t1 else (0 if t0 > t1 else 1)  # equal totals play on
        if q0:
            return 0
        if q1:
            return 1
        return None

    # ------------------------------------------------------------ view/state

    def _contract_view(self) -> list[int | None] | None:
        # Per-seat bids of the current (or last dealt) hand; None before the first deal.
        return list(self._seat_bids) if self.hand_number else None

    def _exposed_view(self) -> str | None:
        if self._exposed is None or self.phase not in LIVE_PHASES:
            return None
        return FULL_DECK[self._exposed]

    def _variant_state(self) -> dict[str, Any]:
        return {
            "exposed_card": None if self._exposed is None else FULL_DECK[self._exposed],
            "seat_bids": list(self._seat_bids),
        }

    def _load_variant_state(self, d: dict[str, Any]) -> None:
        e = d["exposed_card"]
        self._exposed = None if e is None else CARD_INDEX[e]
        self._seat_bids = list(d["seat_bids"])
