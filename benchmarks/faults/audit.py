"""The measuring: the match logs read back from our own cluster through Django, on a
thread that survives a database restart; moves lost and log faults as MOVES_LOST defines
them, and what became of the acts the seats sent."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

from benchmarks.faults.tables import Act

MOVES_LOST = """\
moves lost: acts a client sent that came back acknowledged (the same socket then got a
  state of that match at a later version, and no error) but are not in the match's event
  log as that seat's player move at the version after the one acted on. Acts never
  acknowledged (socket closed first) are counted apart: the client resends on its next
  socket, as docs/protocol.md asks.
log faults: per match, event sequence numbers that are missing (gaps) or repeated, and
  matches whose log does not replay through the engine to the stored state (a move
  applied twice or lost from the state)."""


# The database, read from here (Django on our own cluster)

async def on_db(function: Callable[..., Any], *args: Any) -> Any:
    """`function(*args)` on a thread, its connection handed back to the pool afterwards
    (a request's lifecycle: one kept across a database restart would be dead)."""
    def call() -> Any:
        from django.db import InterfaceError, OperationalError, connections

        for attempt in range(3):
            try:
                return function(*args)
            except (InterfaceError, OperationalError):
                if attempt == 2:
                    raise
                # A connection the database dropped: this process is a client too.
            finally:
                connections.close_all()

    return await asyncio.to_thread(call)


def pending_turns(rooms: list[str]) -> dict[int, tuple[int, Any]]:
    """match id -> (version, deadline) of every match waiting on a deadline."""
    from games.models import Match

    return {pk: (version, deadline) for pk, version, deadline in Match.objects.filter(
        room_id__in=rooms, status=Match.Status.PLAYING, deadline__isnull=False
    ).values_list("pk", "version", "deadline")}


def versions_now(match_ids: list[int]) -> dict[int, int]:
    from games.models import Match

    return dict(Match.objects.filter(pk__in=match_ids).values_list("pk", "version"))


def played_by(match_ids: dict[int, int]) -> dict[str, int]:
    """Who played the move after each given version: player, timer or system."""
    from games.models import MatchEvent

    counts: dict[str, int] = {}
    for match_id, version in match_ids.items():
        actors = MatchEvent.objects.filter(match_id=match_id, seq=version + 1).values_list("actor", flat=True)
        for actor in actors:
            counts[actor] = counts.get(actor, 0) + 1
    return counts


def audit(rooms: list[str], acts: list[Act]) -> dict[str, Any]:
    """Moves lost and log faults, as MOVES_LOST defines them."""
    from django.db import connection, transaction
    from django.db.models import Count

    from games import records
    from games.models import Match, MatchEvent

    # Acknowledged before the snapshot, so committed before it: the tables may still be
    # playing, and acks arriving meanwhile must not be held against an older snapshot.
    acts = [act for act in acts if act.acked and not act.refused]
    with transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        matches = list(Match.objects.filter(room_id__in=rooms))
        events = {(e.match_id, e.seq): e for e in MatchEvent.objects.filter(match__in=matches)}
        repeats = (MatchEvent.objects.filter(match__in=matches).values("match", "seq")
                   .annotate(n=Count("id")).filter(n__gt=1).count())
        gaps = 0
        replay = []
        for match in matches:
            seqs = sorted(seq for (match_id, seq) in events if match_id == match.pk)
            gaps += (seqs[-1] - len(set(seqs))) if seqs else 0
            try:
                if records.rebuild(match).to_dict() != match.state:
                    replay.append(f"match {match.pk} v{match.version} {match.status}: the replay differs")
            except ValueError as exc:
                replay.append(f"match {match.pk} v{match.version}: {exc}")
    lost = []
    for act in acts:
        event = events.get((act.match_id, act.v + 1))
        if event is None or event.actor != "player" or event.seat != act.seat or event.action != act.action:
            lost.append((act, event and (event.actor, event.seat, event.action)))
    return {"moves lost": len(lost), "log gaps": gaps, "log repeats": repeats,
            "replay mismatches": len(replay), "_lost": lost[:3], "_replay": replay[:3]}


def act_counts(acts: list[Act]) -> dict[str, int]:
    return {"acts sent": len(acts), "acknowledged": sum(a.acked and not a.refused for a in acts),
            "refused": sum(a.refused for a in acts), "never acknowledged": sum(not a.acked for a in acts)}
