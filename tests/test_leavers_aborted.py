"""A match a moderator closes (aborted) counts nothing: not the seat the timer played,
not the removed one, and no clean match either."""

import pytest

from games.models import Match
from games.services import move_path, room_life
from playban.models import Abandonment
from tests.leavers import remove
from tests.tables import start_match

pytestmark = pytest.mark.django_db(transaction=True)


def test_an_aborted_match_gives_no_abandonment():
    match = start_match("classic", turn_seconds=120)
    for _turn in range(12):  # the timer plays every turn of the first three rounds
        game = match.game
        move_path.play(match.pk, seat=game.to_act, action=game.timeout_action(), version=match.version,
                      actor=move_path.TIMER)
        match.refresh_from_db()
    remove(match, 2)
    room_life.close_room(match.room_id)
    assert Match.objects.get(pk=match.pk).status == Match.Status.ABORTED
    assert not Abandonment.objects.exists()
