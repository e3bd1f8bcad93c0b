"""A room a moderator closed stays closed: no rematch starts there, and the hand that
was being played can be checked, as its seed is revealed."""

import pytest

from games import fairness, records
from games.models import Match
from games.services import refusals, room_life
from tests.tables import play_until, start_match

pytestmark = pytest.mark.django_db


def test_a_rematch_in_a_closed_room_is_refused():
    match = play_until(start_match("classic", turn_seconds=30), "finished")
    room_life.close_room(match.room_id)
    player = match.players.get(seat=1).user
    with pytest.raises(refusals.Refused) as refusal:
        room_life.rematch(match.room_id, player)
    assert refusal.value.code == "closed"
    assert Match.objects.filter(room_id=match.room_id).count() == 1


def test_closing_mid_hand_reveals_that_hands_seed(client):
    match = start_match("classic", turn_seconds=30)
    commitment = match.fairness["sha256"]

    room_life.close_room(match.room_id)

    match.refresh_from_db()
    assert match.status == Match.Status.ABORTED
    revealed = match.fairness["previous"]
    assert revealed["sha256"] == commitment
    assert fairness.commitment(bytes.fromhex(revealed["seed"])) == commitment
    record = client.get(f"/matches/{match.pk}/record.json").json()
    assert record["hands"][0]["seed"] == revealed["seed"]
    assert records.verify(match) == []
