"""The match state machine shared by both variants.

``Match`` owns everything the two variants have in common: dealing, the
turn check, playing cards to tricks, the view, and the JSON round trip.  The
variants (``classic.py``, ``forty_one.py``) fill in bidding, timer moves,
scoring and the end-of-match test through the hooks marked "variant hook".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar, Literal, NoReturn

from .cards import (
    ALL_CARDS,
    CARD_INDEX,
    FULL_DECK,
    PLAYS_BY_SUIT,
    SUIT_BITS,
    SUIT_MASK,
    SUITS,
    Action,
    cards_of,
    legal_play_mask,
    mask_of,
    trick_winner,
    weakest,
)
from .events import Dealt, Event, HandScored, ThrownIn
from .views import (
    BidView,
    Contract,
    HandScore,
    HandSummary,
    LastTrick,
    PassView,
    ScoredHand,
    ThrownInHand,
    TrickCard,
    View,
)

PHASES = ("deal", "bidding", "trump", "playing", "finished")
LIVE_PHASES = frozenset(("bidding", "trump", "playing"))
ACTION_TYPES = ("bid", "pass", "trump", "play")
ACTION_SHAPES = {
    "bid": '{"type": "bid", "value": <int>}',
    "pass": '{"type": "pass"}',
    "trump": '{"type": "trump", "suit": "C"|"D"|"H"|"S"}',
    "play": '{"type": "play", "card": "<rank><suit>", e.g. "QH"}',
}
FORMAT = 1  # version of the to_dict() layout
MAX_DEALS = 52

# Card string -> its bit in a hand mask, so deal() can sum instead of loop.
_CARD_BIT: dict[str, int] = {c: 1 << i for i, c in enumerate(FULL_DECK)}
_T0, _T1, _T2, _T3 = PLAYS_BY_SUIT


class IllegalAction(ValueError):
    """An action (or deal) that the rules refuse; the match is left unchanged."""


def _copy_json(obj: Any) -> Any:
    # Views and to_dict() must never share mutable parts with the live state.
    if type(obj) is dict:
        return {k: _copy_json(v) for k, v in obj.items()}
    if type(obj) is list:
        return [_copy_json(v) for v in obj]
    return obj


def _deck_error(cards: tuple[Any, ...]) -> str:
    bad = [c for c in cards if not (type(c) is str and c in _CARD_BIT)]
    if bad:
        return f"Not cards: {bad[:5]!r}; cards look like 'TH' (rank, suit)"
    return f"A deck must be 52 distinct cards; got {len(cards)} with {len(set(cards))} distinct"


def _seat_cards(leader: int, cards: Sequence[int]) -> list[TrickCard]:
    return [{"seat": (leader + k) & 3, "card": FULL_DECK[c]} for k, c in enumerate(cards)]


class Match:
    """One match of Tarneeb; create it with ``new_match``.

    Public, read-only attributes: ``variant``, ``target``, ``dealer``,
    ``phase``, ``to_act``, ``winner``, ``hand_number``; ``scores`` is a
    property returning a fresh list.
    """

    variant: ClassVar[str] = ""
    _registry: ClassVar[dict[str, type[Match]]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if cls.variant:
            Match._registry[cls.variant] = cls

    def __init__(self, *, dealer: int, target: int, deals: int | None = None) -> None:
        if type(dealer) is not int or not 0 <= dealer <= 3:
            raise ValueError(f"dealer must be a seat 0..3, got {dealer!r}")
        if deals is not None and (type(deals) is not int or not 1 <= deals <= MAX_DEALS):
            raise ValueError(f"deals must be 1..{MAX_DEALS} or None, got {deals!r}")
        self.target = target
        # A duplicate table's match: this many deals, each from the next dealer (a thrown-in
        # one too, so that deal n is dealt from the same seat at every table), and the team
        # with more points after the last wins (equal: a draw, winner None). The target
        # plays no part.
        self.deals = deals
        self.dealer = dealer
        self.phase = "deal"
        self.to_act: int | None = None
        self.winner: int | None = None
        self.hand_number = 0  # hands dealt so far, thrown-in ones included
        self._scores: list[int] = []
        self._hands = [0, 0, 0, 0]
        self._trump: int | None = None
        self._bids: list[tuple[int, int | None]] = []  # (seat, value) or (seat, None) = pass
        self._trick: list[int] = []  # card indices in play order
        self._leader: int | None = None
        self._tricks = [0, 0, 0, 0]
        self._last_trick: tuple[int, tuple[int, ...], int] | None = None  # leader, cards, winner
        self._last_hand: HandSummary | None = None
        self._reset_auction()

    # ------------------------------------------------------------------ public

    @property
    def scores(self) -> list[int]:
        return list(self._scores)

    def deal(self, deck: Sequence[str]) -> list[Event]:
        """Deal ``deck`` (52 distinct cards): card i to seat (dealer + 1 + i) % 4."""
        if self.phase != "deal":
            raise IllegalAction(f"Cannot deal now: the match is in phase {self.phase!r}")
        try:
            cards = tuple(deck)
        except TypeError:
            raise IllegalAction("A deck must be a sequence of 52 card strings") from None
        try:
            get = _CARD_BIT.__getitem__
            # The k-th of every four cards goes to seat dealer + 1 + k.
            dealt = [sum(map(get, cards[k::4])) for k in range(4)]
        except (TypeError, KeyError):
            raise IllegalAction(_deck_error(cards)) from None
        # 52 powers of two sum to 2**52 - 1 only if they are all different.
        if len(cards) != 52 or sum(dealt) != ALL_CARDS:
            raise IllegalAction(_deck_error(cards))
        first = self.dealer + 1
        hands = [dealt[(seat - first) & 3] for seat in range(4)]
        self._hands = hands
        self.hand_number += 1
        self._bids = []
        self._trick = []
        self._leader = None
        self._tricks = [0, 0, 0, 0]
        self._last_trick = None
        self._trump = None
        self._reset_auction()
        self.phase = "bidding"
        self.to_act = first & 3
        event: Dealt = {
            "type": "dealt",
            "dealer": self.dealer,
            "hand_number": self.hand_number,
            "exposed_card": None,
        }
        events: list[Event] = [event]
        self._start_hand(cards, event, events)
        return events

    def legal_actions(self) -> list[dict[str, Any]]:
        """The legal actions of ``to_act`` ([] when nobody acts).

        The dicts are shared, read-only objects: copy one before changing it.
        """
        to_act = self.to_act
        if to_act is None:
            return []
        if self.phase == "playing":
            hand = self._hands[to_act]
            trick = self._trick
            if trick:
                led = trick[0] // 13
                bits = (hand >> (13 * led)) & SUIT_BITS
                if bits:
                    return list(PLAYS_BY_SUIT[led][bits])
            return [
                *_T0[hand & SUIT_BITS],
                *_T1[(hand >> 13) & SUIT_BITS],
                *_T2[(hand >> 26) & SUIT_BITS],
                *_T3[hand >> 39],
            ]
        return self._other_actions()

    def apply(self, seat: int | None, action: dict[str, Any]) -> list[Event]:
        """Apply ``action`` for ``seat``; return the events.  Raises IllegalAction."""
        to_act = self.to_act
        # `is` first: seats 0..3 are cached ints in CPython, and `is` refuses True for 1.
        if to_act is None or (seat is not to_act and (type(seat) is not int or seat != to_act)):
            raise IllegalAction(self._turn_error(seat))
        seat = to_act  # the same value, an int for the checker
        if self.phase != "playing":
            if not isinstance(action, dict):
                raise IllegalAction(f"An action must be a dict such as {ACTION_SHAPES['bid']}")
            return self._apply_auction(seat, action)
        # Playing a card: the hot path for bots (52 times a hand), so it is
        # written out here.  legal_actions()' own dicts carry their card index.
        idx = action.card_index if type(action) is Action else None
        if idx is None:
            idx = self._parse_play(action)
        hand = self._hands[seat]
        trick = self._trick
        # Legal cards: the led suit if held, else the whole hand.
        legal = (hand & SUIT_MASK[trick[0] // 13] or hand) if trick else hand
        if not legal >> idx & 1:
            raise IllegalAction(self._play_error(seat, idx))
        # Checked; from here on the state changes.
        self._hands[seat] = hand ^ (1 << idx)
        trick.append(idx)
        if len(trick) < 4:
            self.to_act = (seat + 1) & 3
            return [{"type": "play", "seat": seat, "card": FULL_DECK[idx]}]
        # The trick is complete (written out by hand: this runs 13 times a hand).
        leader, trump = self._leader, self._trump
        assert leader is not None and trump is not None  # both set before the first card
        c0, c1, c2, c3 = trick
        winner = (leader + trick_winner(trick, trump)) & 3
        self._last_trick = (leader, (c0, c1, c2, c3), winner)
        self._tricks[winner] += 1
        self._trick = []
        events: list[Event] = [
            {"type": "play", "seat": seat, "card": FULL_DECK[idx]},
            {
                "type": "trick",
                "winner": winner,
                "cards": [
                    {"seat": leader, "card": FULL_DECK[c0]},
                    {"seat": (leader + 1) & 3, "card": FULL_DECK[c1]},
                    {"seat": (leader + 2) & 3, "card": FULL_DECK[c2]},
                    {"seat": seat, "card": FULL_DECK[c3]},
                ],
            },
        ]
        if self._hands[winner]:
            self._leader = self.to_act = winner
        else:
            self._finish_hand(events)
        return events

    def timeout_action(self) -> dict[str, Any]:
        """The move the system makes for ``to_act`` when the turn timer runs out."""
        to_act = self.to_act
        if to_act is None:
            raise IllegalAction(f"Nobody is to act in phase {self.phase!r}")
        if self.phase == "playing":
            trick = self._trick
            led = trick[0] // 13 if trick else None
            legal = legal_play_mask(self._hands[to_act], led)
            return {"type": "play", "card": FULL_DECK[weakest(legal, self._trump)]}
        return self._timeout_other(to_act)

    def view(self, seat: int | None = None) -> View:
        """What ``seat`` (or a spectator, for None) may see, as JSON-ready data."""
        if seat is not None and (type(seat) is not int or not 0 <= seat <= 3):
            raise ValueError(f"seat must be 0..3 or None, got {seat!r}")
        hands = self._hands
        t = self._tricks
        last = self._last_trick
        leader = self._leader
        return {
            "variant": self.variant,
            "target": self.target,
            "seat": seat,
            "phase": self.phase,
            "dealer": self.dealer,
            "to_act": self.to_act,
            "hand": [] if seat is None else cards_of(hands[seat]),
            "trump": None if self._trump is None else SUITS[self._trump],
            "scores": list(self._scores),
            "winner": self.winner,
            "bids": self._bids_view(),
            "contract": self._contract_view(),
            "trick": _seat_cards(leader, self._trick) if self._trick and leader is not None else [],
            "leader": leader,
            "tricks_taken": list(t),
            "team_tricks": [t[0] + t[2], t[1] + t[3]],
            "last_trick": None
            if last is None
            else LastTrick(cards=_seat_cards(last[0], last[1]), winner=last[2]),
            "cards_left": [h.bit_count() for h in hands],
            "exposed_card": self._exposed_view(),
            "hand_number": self.hand_number,
            "last_hand": _copy_json(self._last_hand),
        }

    def to_dict(self) -> dict[str, Any]:
        """The whole state (hidden hands included) as JSON-ready data."""
        last = self._last_trick
        d = {
            "format": FORMAT,
            "variant": self.variant,
            "target": self.target,
            "deals": self.deals,
            "dealer": self.dealer,
            "phase": self.phase,
            "to_act": self.to_act,
            "winner": self.winner,
            "hand_number": self.hand_number,
            "scores": list(self._scores),
            "hands": [cards_of(h) for h in self._hands],
            "trump": None if self._trump is None else SUITS[self._trump],
            "bids": [[s, v] for s, v in self._bids],
            "trick": [FULL_DECK[c] for c in self._trick],
            "leader": self._leader,
            "tricks_taken": list(self._tricks),
            "last_trick": None
            if last is None
            else {"leader": last[0], "cards": [FULL_DECK[c] for c in last[1]], "winner": last[2]},
            "last_hand": _copy_json(self._last_hand),
        }
        d.update(self._variant_state())
        return d

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Match:
        """Rebuild a match from ``to_dict()`` output (after a JSON round trip)."""
        try:
            if d["format"] != FORMAT:
                raise ValueError(f"unknown match format {d['format']!r}")
            klass = Match._registry[d["variant"]]
            m = klass.__new__(klass)
            m.target = d["target"]
            m.deals = d.get("deals")  # states stored before fixed-deal matches have none
            m.dealer = d["dealer"]
            m.phase = d["phase"]
            m.to_act = d["to_act"]
            m.winner = d["winner"]
            m.hand_number = d["hand_number"]
            m._scores = list(d["scores"])
            m._hands = [mask_of(h) for h in d["hands"]]
            m._trump = None if d["trump"] is None else SUITS.index(d["trump"])
            m._bids = [(s, v) for s, v in d["bids"]]
            m._trick = [CARD_INDEX[c] for c in d["trick"]]
            m._leader = d["leader"]
            m._tricks = list(d["tricks_taken"])
            last = d["last_trick"]
            m._last_trick = (
                None
                if last is None
                else (last["leader"], tuple(CARD_INDEX[c] for c in last["cards"]), last["winner"])
            )
            m._last_hand = _copy_json(d["last_hand"])
            m._load_variant_state(d)
        except (KeyError, TypeError, AttributeError) as exc:
            raise ValueError(f"Not a match dict: {exc!r}") from None
        if m.phase not in PHASES:
            raise ValueError(f"Not a match dict: unknown phase {m.phase!r}")
        return m

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} hand {self.hand_number} phase={self.phase}"
            f" to_act={self.to_act} scores={self._scores}>"
        )

    # ----------------------------------------------------- the end of a hand

    def _begin_play(self, leader: int) -> None:
        self.phase = "playing"
        self._leader = self.to_act = leader

    def _finish_hand(self, events: list[Event]) -> None:
        # After the 13th trick: score, then either end the match or pass the deal on.
        t = self._tricks
        team_tricks = [t[0] + t[2], t[1] + t[3]]
        score = self._score_hand(team_tricks)  # adds the hand's points to the scores
        summary: ScoredHand = {
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "thrown_in": False,
            "tricks": list(t),
            "team_tricks": team_tricks,
            **score,
            "scores": list(self._scores),
        }
        self._last_hand = summary
        self._leader = self.to_act = None
        event: HandScored = {"type": "hand_scored", **summary}
        events.append(_copy_json(event))  # the event is the receiver's to change
        self._next_deal_or_end(events)

    def _next_deal_or_end(self, events: list[Event]) -> None:
        if self.deals is None:
            winner = self._match_winner()
            over = winner is not None
        else:
            over = self.hand_number >= self.deals
            s = self._scores
            t0, t1 = (s[0] + s[2], s[1] + s[3]) if len(s) == 4 else (s[0], s[1])
            winner = None if t0 == t1 else (0 if t0 > t1 else 1)
        if not over:
            self.phase = "deal"
            self.dealer = (self.dealer + 1) & 3
        else:
            self.phase = "finished"
            self.winner = winner
            events.append({"type": "match_won", "team": winner, "scores": list(self._scores)})

    def _throw_in(self, reason: Literal["all_passed", "bids_under_11"], events: list[Event]) -> None:
        # No score; the same dealer deals again.
        summary: ThrownInHand = {
            "hand_number": self.hand_number,
            "dealer": self.dealer,
            "thrown_in": True,
            "reason": reason,
            "bids": self._bids_view(),
        }
        self._last_hand = summary
        self._hands = [0, 0, 0, 0]
        self.phase = "deal"
        self.to_act = None
        event: ThrownIn = {"type": "thrown_in", **summary}
        events.append(_copy_json(event))
        if self.deals is not None:  # a fixed number of deals: a thrown-in one counts
            self._next_deal_or_end(events)

    # --------------------------------------------------------- error messages

    def _turn_error(self, seat: object) -> str:
        if self.to_act is None:
            if self.phase == "deal":
                return "Nobody may act: the hand has not been dealt yet"
            return "Nobody may act: the match is over"
        if type(seat) is not int or not 0 <= seat <= 3:
            return f"seat must be an int 0..3, got {seat!r}"
        return f"It is seat {self.to_act}'s turn, not seat {seat}'s"

    def _reject(self, action: dict[str, Any], allowed: tuple[str, ...]) -> NoReturn:
        """Raise the clearest IllegalAction for an action of the wrong kind or shape."""
        kind = action.get("type")
        expected = " or ".join(ACTION_SHAPES[a] for a in allowed)
        if kind not in ACTION_TYPES:
            raise IllegalAction(f"Unknown action type {kind!r}; expected {expected}")
        if kind not in allowed:
            raise IllegalAction(
                f"A {kind} action is not allowed in the {self.phase} phase of {self.variant};"
                f" expected {expected}"
            )
        raise IllegalAction(f"Malformed {kind} action {action!r}; expected {ACTION_SHAPES[kind]}")

    # ---------------------------------------------------------- variant hooks

    def _reset_auction(self) -> None:
        raise NotImplementedError

    def _parse_play(self, action: object) -> int:
        """The card index of a play action from outside, or IllegalAction."""
        if not isinstance(action, dict):
            raise IllegalAction(f"An action must be a dict such as {ACTION_SHAPES['play']}")
        card = action.get("card")
        if action.get("type") != "play" or len(action) != 2 or type(card) is not str:
            self._reject(action, ("play",))
        idx = CARD_INDEX.get(card)
        if idx is None:
            raise IllegalAction(f"{card!r} is not a card; cards look like 'QH' (rank, suit)")
        return idx

    def _play_error(self, seat: int, idx: int) -> str:
        hand = self._hands[seat]
        if not hand >> idx & 1:
            return f"Seat {seat} does not hold {FULL_DECK[idx]}"
        led = self._trick[0] // 13
        held = ", ".join(cards_of(hand & SUIT_MASK[led]))
        return f"Seat {seat} must follow suit: {SUITS[led]} was led and seat {seat} holds {held}"

    def _start_hand(self, cards: tuple[str, ...], dealt: Dealt, events: list[Event]) -> None:
        """Variant hook: called by deal() with the dealt cards, its ``dealt`` event and the
        hand's events so far."""

    def _other_actions(self) -> list[dict[str, Any]]:
        raise NotImplementedError

    def _apply_auction(self, seat: int, action: dict[str, Any]) -> list[Event]:
        """Variant hook: a bid, pass or trump action for the seat to act."""
        raise NotImplementedError

    def _timeout_other(self, seat: int) -> dict[str, Any]:
        """Variant hook: the timeout move of ``seat`` (to act) in the auction."""
        raise NotImplementedError

    def _score_hand(self, team_tricks: list[int]) -> HandScore:
        """Variant hook: score the hand played out, adding its points to ``_scores``."""
        raise NotImplementedError

    def _match_winner(self) -> int | None:
        raise NotImplementedError

    def _bids_view(self) -> list[BidView | PassView]:
        return [
            BidView(seat=s, value=v) if v is not None else PassView({"seat": s, "pass": True})
            for s, v in self._bids
        ]

    def _contract_view(self) -> Contract | None:
        raise NotImplementedError

    def _exposed_view(self) -> str | None:
        return None

    def _variant_state(self) -> dict[str, Any]:
        raise NotImplementedError

    def _load_variant_state(self, d: dict[str, Any]) -> None:
        raise NotImplementedError
