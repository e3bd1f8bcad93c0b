"""The analysis runs on a queue of its own with a worker of its own: with 50 hands waiting for
analysis in the embedded worker, turn deadlines are still played within 1 s; and a hand
that ends is analysed by that worker once its move commits (the `moved` hook)."""

from datetime import timedelta

import pytest
from celery import current_app
from django.conf import settings
from django.utils import timezone

from analysis import hands
from analysis.models import HandAnalysis
from games.models import Match, MatchEvent
from tests.tables import play_until, start_match, wait_for

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.embedded]

WAITING = 50


def copies(match: Match, count: int) -> list[Match]:
    """`count` copies of a finished match, log and all: hands to analyse, without playing them."""
    events = list(match.events.order_by("seq"))
    made = []
    for _ in range(count):
        copy = Match.objects.create(room=match.room, variant=match.variant, target=match.target,
                                    status=match.status, first_dealer=match.first_dealer,
                                    version=match.version, state=match.state, seating=match.seating)
        MatchEvent.objects.bulk_create(
            MatchEvent(match=copy, seq=e.seq, seat=e.seat, actor=e.actor, action=e.action, result=e.result)
            for e in events)
        made.append(copy)
    return made


def test_the_analysis_task_is_routed_to_its_own_queue():
    route = current_app.amqp.router.route({}, hands.ANALYSE_HAND_TASK)
    assert route["queue"].name == settings.ANALYSIS_QUEUE != current_app.conf.task_default_queue


def test_a_hand_that_ends_is_analysed_by_the_analysis_worker(worker):
    match = play_until(start_match("classic", turn_seconds=30), "deal")
    assert wait_for(lambda: HandAnalysis.objects.filter(match=match, hand=1).first(), timeout=120)


def test_turn_deadlines_are_kept_with_fifty_hands_waiting(worker):
    played = play_until(start_match("classic", turn_seconds=30), "finished")
    per_match = len(hands.over_hands(list(played.events.order_by("seq"))))
    *waiting, last = [(copy.pk, hand) for copy in copies(played, -(-(WAITING + 1) // per_match))
                      for hand in range(1, per_match + 1)][:WAITING + 1]
    for match_id, hand in waiting:
        hands.send(match_id, hand)
    match = start_match("classic", turn_seconds=30)
    lateness = []
    for _ in range(5):
        version = match.version
        deadline = timezone.now() + timedelta(seconds=0.3)
        Match.objects.filter(pk=match.pk).update(deadline=deadline)
        timer = wait_for(lambda: match.events.filter(seq=version + 1).first(), timeout=30)  # noqa: B023
        assert timer.actor == MatchEvent.Actor.TIMER
        lateness.append((timer.created_at - deadline).total_seconds())
        match.refresh_from_db()
    analysed = HandAnalysis.objects.filter(match_id__in={m for m, _ in waiting}).count()
    print(f"turn timers {', '.join(f'{s:.2f}' for s in lateness)} s late with {WAITING - analysed} "
          f"of {WAITING} hands still waiting for analysis")
    assert analysed < WAITING, "the backlog was gone before the timers were measured"
    assert max(lateness) <= 1.0
    # The rest of the backlog is dropped, and the hand being analysed finishes (a hand sent
    # after it is analysed): the next test starts with an idle analysis worker.
    with current_app.connection_for_write() as connection:
        connection.default_channel.queue_purge(settings.ANALYSIS_QUEUE)
    hands.send(*last)
    wait_for(lambda: HandAnalysis.objects.filter(match_id=last[0], hand=last[1]).exists(), timeout=120)
