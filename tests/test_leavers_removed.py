"""A player a moderator removed collects one abandonment, even when they (not the timer)
played their turns: here the removal comes just before the match's last move."""

import pytest

from playban.models import Abandonment
from tests.leavers import finish, remove
from tests.tables import start_match

pytestmark = pytest.mark.django_db(transaction=True)


def test_a_removed_seat_collects_one_abandonment():
    def remove_a_seat(match, game):
        remove(match, (game.to_act + 1) % 4)

    match = finish(start_match("classic", turn_seconds=120), before_last_move=remove_a_seat)
    removed = next(seat for seat, sitter in enumerate(match.seating) if sitter.get("removed"))
    (abandonment,) = Abandonment.objects.all()
    assert (abandonment.user_id, abandonment.seat, abandonment.reason) == (
        match.seating[removed]["user"], removed, Abandonment.Reason.REMOVED)
