"""A whole match through games.services where the timer plays two of every three of
seat 1's turns: that player collects one abandonment and loses their seat; seat 3, whose
turns the timer played one in three, and the others collect none."""

import pytest

from games.models import MatchEvent, Seat
from games.services import refusals, room_life
from playban.models import Abandonment
from tests.leavers import finish
from tests.tables import start_match

pytestmark = pytest.mark.django_db(transaction=True)


def mostly_timer_at_seat_1(seat: int, turn: int) -> bool:
    return (seat == 1 and turn % 3 != 0) or (seat == 3 and turn % 3 == 0)


def test_the_player_whose_turns_the_timer_mostly_played_collects_an_abandonment():
    match = finish(start_match("classic", turn_seconds=120), timer=mostly_timer_at_seat_1)
    assert match.status == "finished"
    events = MatchEvent.objects.filter(match=match)
    for seat, share in ((1, 2 / 3), (3, 1 / 3)):
        timer = events.filter(seat=seat, actor="timer").count() / events.filter(seat=seat).count()
        assert timer == pytest.approx(share, abs=0.1)
    leaver = match.seating[1]["user"]
    (abandonment,) = Abandonment.objects.all()
    assert (abandonment.user_id, abandonment.match_id, abandonment.seat, abandonment.reason) == (
        leaver, match.pk, 1, Abandonment.Reason.TIMER)
    assert abandonment.created_at == match.finished_at
    # The leaver's seat is free for someone else; the others keep theirs for a rematch.
    assert sorted(Seat.objects.filter(room=match.room).values_list("number", flat=True)) == [0, 2, 3]
    with pytest.raises(refusals.Refused) as refused:
        room_life.sit(match.room_id, abandonment.user, 1)
    assert refused.value.code == "cooling_down"
