"""A hand that is over, read from the match's log, analysed and stored; and the schedule.

`schedule` is the `moved` hook (games.services.hooks): it runs inside the move's
transaction, under the match's row lock, so it only asks for the task once the move
commits. The task, `manage.py analyse_matches` and the tests call `analyse`, which reads
the hand's moves (one query), computes outside any transaction (analysis.deal, DDS: up
to seconds of CPU) and writes one row in a short one.
"""

import logging
from collections.abc import Iterator, Sequence
from functools import partial

from celery import current_app
from django.db import IntegrityError, transaction

from analysis import deal
from analysis.models import HandAnalysis
from games import engine, fairness
from games.models import LoggedEvent, Match, MatchEvent

log = logging.getLogger(__name__)

# Sent by name: CELERY_TASK_ROUTES puts it on the analysis queue (tarneeb/settings.py).
ANALYSE_HAND_TASK = "analysis.tasks.analyse_hand"


def schedule(match: Match, events: Sequence[LoggedEvent]) -> None:
    """If the move's `events` end a hand, send its analysis once the move commits."""
    for event in events:
        if engine.ends_hand(event):
            # robust: a broker that refuses the task must not fail a move that committed;
            # `manage.py analyse_matches` finds the hands left behind.
            transaction.on_commit(partial(send, match.pk, event["hand_number"]), robust=True)


def send(match_id: int, hand: int) -> None:
    current_app.send_task(ANALYSE_HAND_TASK, args=(match_id, hand))


def hand_moves(events: Sequence[MatchEvent], number: int) -> tuple[list[str], int, list[deal.Move]] | None:
    """Hand `number`'s deck, dealer and moves (up to the one that ends it) from the log;
    None unless the log holds that hand played out or thrown in."""
    deals = 0
    found: tuple[list[str], int, list[deal.Move]] | None = None
    for event in events:
        if event.action["type"] == "deal":
            deals += 1
            if deals > number:
                break
            if deals == number:
                dealer = next(e["dealer"] for e in event.result if e["type"] == "dealt")
                found = (fairness.deck_from_seed(bytes.fromhex(event.action["seed"])), dealer, [])
        elif found is not None:
            found[2].append((event.seat, event.action))
            if any(map(engine.ends_hand, event.result)):
                return found
    return None  # not dealt, or still in play, or cut short by a moderator


def over_hands(events: Sequence[MatchEvent]) -> list[int]:
    """The numbers of the log's hands that were played out or thrown in."""
    deals, out = 0, []
    for event in events:
        if event.action["type"] == "deal":
            deals += 1
        elif any(map(engine.ends_hand, event.result)):
            out.append(deals)
    return out


def analyse(match_id: int, hand: int, *, again: bool = False) -> HandAnalysis | None:
    """Analyse hand `hand` of the match and store it, unless an analysis of this version
    (or a newer one, by a newer worker) is stored already and not `again`; None when the
    hand is not over or the match is gone."""
    stored = HandAnalysis.objects.filter(match_id=match_id, hand=hand).first()
    if stored is not None and stored.version >= deal.VERSION and not again:
        return stored
    match = Match.objects.filter(pk=match_id).first()
    if match is None:
        return None
    # The hand's moves only: from its deal to the next deal (or the end of the log).
    deals = list(match.events.filter(action__type="deal").order_by("seq")
                 .values_list("seq", flat=True)[:hand + 1])
    if len(deals) < hand:
        return None
    rows = match.events.filter(seq__gte=deals[hand - 1]).order_by("seq")
    if len(deals) > hand:
        rows = rows.filter(seq__lt=deals[hand])
    events = list(rows)
    moves = hand_moves(events, 1)
    if moves is None:
        return None
    data = deal.analyse(match.variant, *moves)
    # Each card's move in the log, as the replay's positions name it (`move.seq`).
    plays = [event.seq for event in events if event.action["type"] == "play"]
    for card, seq in zip(data["cards"], plays, strict=True):
        card["seq"] = seq
    try:
        with transaction.atomic():
            stored = HandAnalysis.objects.select_for_update().filter(match_id=match_id, hand=hand).first()
            if stored is None:
                return HandAnalysis.objects.create(match=match, hand=hand, version=deal.VERSION, data=data)
            if stored.version > deal.VERSION:
                return stored  # a newer worker's: kept
            stored.version, stored.data = deal.VERSION, data
            stored.save()
            return stored
    except IntegrityError:
        # The match was deleted while its hand was being analysed.
        if Match.objects.filter(pk=match_id).exists():
            raise
        return None


def waiting(match_ids: Sequence[int] = ()) -> Iterator[tuple[int, int]]:
    """(match, hand) of every hand that is over and has no analysis of this version, oldest
    match first; limited to `match_ids` when given."""
    matches = Match.objects.order_by("pk")
    if match_ids:
        matches = matches.filter(pk__in=match_ids)
    for match_id in matches.values_list("pk", flat=True).iterator():
        done = set(HandAnalysis.objects.filter(match_id=match_id, version__gte=deal.VERSION)
                   .values_list("hand", flat=True))
        events = MatchEvent.objects.filter(match_id=match_id).order_by("seq").only("action", "result")
        for hand in over_hands(list(events)):
            if hand not in done:
                yield match_id, hand
