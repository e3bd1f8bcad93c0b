"""A match's score sheet: one line per deal, thrown-in deals too, from one read of its log.

Every figure on a line is the engine's own (its `hand_scored` or `thrown_in` event); the
line adds what the log says around it: who dealt, the calls in order, and the deal's
commitment, revealed seed and the server's check of it (games.records.check_hand). Only
deals that are over appear: the hand being played is nobody's business yet. An aborted
match reveals every deal, so the hand the moderator cut short is there too, with no result
(`HandLine.finished` false).
"""

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from games import engine, records
from games.engine.views import BidView, PassView
from games.models import Match, MatchEvent


@dataclass
class HandLine:
    number: int
    dealer: int
    sha256: str
    seed: str | None = None
    calls: list[BidView | PassView] = field(default_factory=list)  # bids and passes, in order
    exposed_card: str | None = None
    trump: str | None = None
    # The engine's hand_scored or thrown_in event, without its type.
    result: dict[str, Any] = field(default_factory=dict)
    # The match's scores after this deal (a thrown-in deal leaves them as they were).
    scores: list[int] = field(default_factory=list)
    verified: bool | None = None
    # Over, and shown: its seed too, unless an event holds it (games.models.Match.seeds_held).
    over: bool = False

    @property
    def thrown_in(self) -> bool:
        return bool(self.result.get("thrown_in"))

    @property
    def finished(self) -> bool:
        """Scored or thrown in; false only for an aborted match's hand cut short."""
        return bool(self.result)


def score_sheet(match: Match, events: Sequence[MatchEvent] | None = None) -> list[HandLine]:
    """The lines of every deal that is over (or revealed because the match was aborted)."""
    events = records.events_of(match) if events is None else events
    hands = {hand["seq"]: hand for hand in records.deals_of(match, events)}
    lines: list[HandLine] = []
    for event in events:
        for happened in event.result:
            if happened["type"] == "dealt":
                hand = hands[event.seq]
                lines.append(HandLine(number=len(lines) + 1, dealer=happened["dealer"], sha256=hand["sha256"],
                                      exposed_card=happened["exposed_card"]))
                lines[-1].over = hand["over"]
                if hand["over"] and hand["seed"] is not None:
                    lines[-1].seed = hand["seed"]
                    lines[-1].verified = not records.check_hand(hand, events)
            elif happened["type"] == "bid":
                lines[-1].calls.append({"seat": happened["seat"], "value": happened["value"]})
            elif happened["type"] == "pass":
                lines[-1].calls.append({"seat": happened["seat"], "pass": True})
            elif happened["type"] == "trump":
                lines[-1].trump = happened["suit"]
            elif engine.ends_hand(happened):
                lines[-1].result = {k: v for k, v in happened.items() if k != "type"}
                if happened["type"] == "hand_scored":
                    lines[-1].scores = happened["scores"]
                elif len(lines) > 1:  # thrown in: the scores are as they were
                    lines[-1].scores = lines[-2].scores
    return [line for line in lines if line.over]
