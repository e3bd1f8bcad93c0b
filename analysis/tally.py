"""What one seat's cards and calls count for in a hand's analysis: pure Python, so that the
stored sums (analysis.models.SeatFigures) and their backfill migration count alike.

A hand's analysis is `data` in docs/analysis.schema.json. Every count is of the seat's own
cards and calls; a card "at cost 0" is one no other card beat double dummy.
"""

from collections.abc import Iterable, Mapping
from typing import Any

# The sums kept per match and seat (SeatFigures has a field of each name).
FIELDS = (
    "hands",           # hands played out (not thrown in) and analysed
    "cards",           # cards the seat played
    "best_cards",      # ... at cost 0
    "lost",            # the tricks those cards cost, summed
    "leads",           # opening leads (a hand's first card) the seat made
    "best_leads",      # ... at cost 0
    "declarer_cards",  # Classic: cards played while the seat's team held the contract
    "declarer_best",   # ... at cost 0
    "defence_cards",   # Classic: cards played while the other team held the contract
    "defence_best",    # ... at cost 0
    "bids",            # Classic: the seat's bids (passes are not bids)
    "makeable_bids",   # ... that the analysis did not mark as overreached
)

Tally = dict[str, int]


def empty() -> Tally:
    return dict.fromkeys(FIELDS, 0)


def seat_tally(data: Mapping[str, Any], seat: int) -> Tally:
    """What seat `seat`'s cards and calls in this hand count for."""
    out = empty()
    cards = data["cards"]
    classic = data.get("classic") or {}
    contract = classic.get("contract")
    holders = None if contract is None else contract["seat"] % 2
    for card in cards:
        if card["seat"] != seat:
            continue
        best = card["cost"] == 0
        out["cards"] += 1
        out["best_cards"] += best
        out["lost"] += card["cost"]
        if holders is not None:
            side = "declarer" if holders == seat % 2 else "defence"
            out[f"{side}_cards"] += 1
            out[f"{side}_best"] += best
    out["hands"] = 1 if out["cards"] else 0
    if cards and cards[0]["seat"] == seat:
        out["leads"] = 1
        out["best_leads"] = 1 if cards[0]["cost"] == 0 else 0
    for call in classic.get("calls", ()):
        if call["seat"] == seat and call["bid"] is not None:
            out["bids"] += 1
            out["makeable_bids"] += call["verdict"] != "overreached"
    return out


def match_tally(analyses: Iterable[Mapping[str, Any]]) -> list[Tally]:
    """Per seat 0..3, the sums over a match's analysed hands."""
    out = [empty() for _ in range(4)]
    for data in analyses:
        for seat in range(4):
            for name, value in seat_tally(data, seat).items():
                out[seat][name] += value
    return out
