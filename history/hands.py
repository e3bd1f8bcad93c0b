"""Writes history.models.HandResult: a deal's four rows, when the move that ends it is applied.

Called by the move path only (its `moved` hook, games.services.hooks), in its transaction,
after the move's event is logged: the rows are committed with the move or not at all.
"""

from collections.abc import Mapping, Sequence
from typing import Any

from django.db.models import Count, Q

from games import engine
from games.models import LoggedEvent, Match, MatchEvent
from history.models import HandResult


def record(match: Match, events: Sequence[LoggedEvent]) -> None:
    """If `events` (the engine's, for the move just logged) end a deal, write its rows."""
    over = next(filter(engine.ends_hand, events), None)
    if over is None:
        return
    # The deal's moves: everything at a seat since the last deal (that move was logged already).
    deal = match.events.filter(action__type="deal").order_by("-seq").values("seq")[:1]
    moves: dict[int | None, Mapping[str, Any]] = {row["seat"]: row for row in (
        match.events.filter(seq__gt=deal, seat__isnull=False).values("seat")
        .annotate(turns=Count("pk"), timer=Count("pk", filter=Q(actor=MatchEvent.Actor.TIMER))))}
    HandResult.objects.bulk_create(
        HandResult(match=match, hand=over["hand_number"], seat=seat, user_id=match.seating[seat]["user"],
                   turns=moves.get(seat, {}).get("turns", 0), timer_turns=moves.get(seat, {}).get("timer", 0),
                   **outcome(match.variant, over, seat))
        for seat in range(4))


def outcome(variant: str, over: engine.HandOver, seat: int) -> dict[str, Any]:
    """The engine's `hand_scored` (or `thrown_in`) event, for one seat."""
    if over["thrown_in"]:
        return {}
    team = seat % 2
    figures = {"kaboot": over["team_tricks"][team] == 13, "tricks": over["tricks"][seat]}
    if variant == "classic":
        contract = over["contract"]
        declarer = contract["seat"] == seat
        return {**figures, "points": over["points"][team], "bid": contract["value"] if declarer else None,
                "made": over["made"] if declarer else None}
    bid = over["bids"][seat]
    return {**figures, "points": over["points"][seat], "bid": bid, "made": over["tricks"][seat] >= bid}
