"""A Swiss event run by events.services: 8 pairs over 3 rounds never meet twice, an odd
field gives each round's bye to a different pair, a match's winner scores."""

import pytest

from events import services
from events.models import Event, Round, Table
from games.models import Match
from games.services import room_life
from tests.event_tables import event_with_pairs
from tests.tables import play_until

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_pause(settings):
    settings.EVENT_ROUND_PAUSE_SECONDS = 0


def run_rounds(event):
    """Start the event and close every table of each round (a moderator's close ends a
    match without a winner), until it is over."""
    services.step(event.pk)
    while Event.objects.get(pk=event.pk).status == Event.Status.RUNNING:
        playing = Table.objects.filter(match__status=Match.Status.PLAYING)
        for room_id in playing.values_list("room_id", flat=True):
            room_life.close_room(room_id)
        services.step(event.pk)  # the round is over
        services.step(event.pk)  # the next begins (or the event is over)


def test_eight_pairs_over_three_rounds_never_meet_twice():
    event, _ = event_with_pairs(8, format="swiss", rounds=3, prefix="s")
    run_rounds(event)
    meetings = [frozenset(pair) for pair in Table.objects.filter(round__event=event).values_list("ns", "ew")]
    assert len(meetings) == 12 and len(set(meetings)) == 12
    assert Round.objects.filter(event=event, status=Round.Status.DONE).count() == 3


def test_an_odd_field_gives_each_bye_to_a_different_pair():
    event, _ = event_with_pairs(5, format="swiss", rounds=3, prefix="o")
    run_rounds(event)
    byes = list(Round.objects.filter(event=event).values_list("bye", flat=True))
    assert len(byes) == 3 and None not in byes and len(set(byes)) == 3
    rows = {row.pair.pk: row for row in services.standings(Event.objects.get(pk=event.pk))}
    assert all(rows[pair].score == 1 for pair in byes)  # a bye is a win; closed matches none


def test_the_winner_of_a_match_scores_a_point():
    event, _ = event_with_pairs(2, format="swiss", rounds=1, prefix="w")
    services.step(event.pk)
    table = Table.objects.get(round__event=event)
    match = play_until(table.match, "finished")
    services.step(event.pk)
    event.refresh_from_db()
    assert event.status == Event.Status.FINISHED
    winner = table.ns_id if match.winner == 0 else table.ew_id
    [first, second] = services.standings(event)
    assert (first.pair.pk, first.score, second.score) == (winner, 1, 0)
    assert first.difference > 0 > second.difference
