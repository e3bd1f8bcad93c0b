"""What an event shows of its play: each deal's traveller (how every table played it) once
its round is over, and the whole event as JSON (docs/events.md, docs/fairness.md)."""

from typing import Any

from django.urls import reverse

from events import scoring, services
from events.models import Deal, DealResult, Event, Pair, Round, Table
from games.models import MatchEvent


def _round_of(event: Event, deal: Deal) -> int:
    return (deal.number - 1) // event.deals + 1


def traveller(event: Event, deal: Deal, plays: dict[int, dict[int, dict[str, Any]]] | None = None
              ) -> list[dict[str, Any]] | None:
    """Every table's result on `deal`, best north-south first; None while its round is
    being played (a table still at it must not learn how the others did). `plays` keeps
    each table's log as read once, by match, for a caller asking for several deals."""
    plays = {} if plays is None else plays
    done = Round.objects.filter(event=event, number=_round_of(event, deal), status=Round.Status.DONE)
    if not done.exists():
        return None
    results = list(DealResult.objects.filter(deal=deal).select_related(
        "table__ns__first", "table__ns__second", "table__ew__first", "table__ew__second"))
    scored = scoring.score_deal(scoring.Result(deal.number, r.table.ns_id, r.table.ew_id, r.score)
                                for r in results)
    lines = []
    for result in sorted(results, key=lambda r: -r.score):
        table = result.table
        lines.append({
            "table": table.number, "ns": _names(table.ns), "ew": _names(table.ew), "score": result.score,
            "thrown_in": result.thrown_in, "play": _how_played(table, result.hand, plays),
            "matchpoints": [scored.matchpoints[table.ns_id], scored.matchpoints[table.ew_id]],
            "imps": [round(scored.imps[table.ns_id], 2), round(scored.imps[table.ew_id], 2)],
            "replay": f"{reverse('match', args=[table.match_id])}#h{result.hand}-m0",
            "match": table.match_id, "hand": result.hand})
    return lines


def _names(pair: Pair) -> list[str]:
    return [pair.first.username, pair.second.username if pair.second else ""]


def _how_played(table: Table, hand: int, plays: dict[int, dict[int, dict[str, Any]]]) -> dict[str, Any]:
    """The deal's contract (Classic: the winning bid and its seat; Tarneeb 41: every bid)
    and the tricks each team took, from the table's log (read once into `plays`)."""
    assert table.match_id is not None  # a table with a result has its match
    if table.match_id not in plays:
        by_hand: dict[int, dict[str, Any]] = {}
        play: dict[str, Any] = {}
        for event in MatchEvent.objects.filter(match_id=table.match_id).order_by("seq").only("result"):
            for happened in event.result:
                if happened["type"] == "dealt":
                    play = by_hand[len(by_hand) + 1] = {"contract": None, "bids": [], "tricks": None}
                elif happened["type"] == "contract":
                    play["contract"] = {"seat": happened["seat"], "value": happened["value"]}
                elif happened["type"] == "bid":
                    play["bids"].append({"seat": happened["seat"], "value": happened["value"]})
                elif happened["type"] == "hand_scored":
                    play["tricks"] = happened["team_tricks"]
        plays[table.match_id] = by_hand
    return plays[table.match_id].get(hand, {"contract": None, "bids": [], "tricks": None})


def results(event: Event) -> dict[str, Any]:
    """The whole event: settings, standings, rounds and tables (with each table's match, to
    check its record), deals (commitments; seeds once it is over), travellers of the rounds
    that are over."""
    finished = event.status == Event.Status.FINISHED
    duplicate = event.format == Event.Format.DUPLICATE
    rounds = []
    for round_ in event.round_set.order_by("number"):
        rounds.append({"number": round_.number, "status": round_.status,
                       "bye": round_.bye_id,
                       "tables": [{"number": t.number, "ns": t.ns_id, "ew": t.ew_id, "match": t.match_id,
                                   "bot_seats": t.bot_seats}
                                  for t in round_.tables.order_by("number")]})
    deals = []
    plays: dict[int, dict[int, dict[str, Any]]] = {}  # each table's log read once
    for deal in event.deal_set.order_by("number"):
        deals.append({"number": deal.number, "round": _round_of(event, deal), "dealer": deal.dealer,
                      "sha256": deal.sha256, "seed": deal.seed if finished else None,
                      "results": traveller(event, deal, plays)})
    standings = []
    for row in services.standings(event):
        line: dict[str, Any] = {"rank": row.rank, "pair": row.pair.pk, "players": _names(row.pair),
                                "removed": row.pair.removed, "adjustment": row.adjustment}
        if duplicate:
            line.update(matchpoints=row.matchpoints, top=row.top, percentage=row.percentage, imps=row.imps,
                        deals=row.deals)
        else:
            line.update(score=row.score, buchholz=row.buchholz, difference=row.difference)
        standings.append(line)
    return {"id": event.pk, "name": event.name, "format": event.format, "variant": event.variant,
            "target": event.target, "deals_per_round": event.deals, "rounds_planned": event.rounds,
            "status": event.status, "starts_at": event.starts_at.isoformat(),
            "standings": standings, "rounds": rounds, "deals": deals if duplicate else []}
