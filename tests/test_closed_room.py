"""A room a moderator closed stays closed: no rematch starts there, and the hand that
was being played can be checked, as its seed is revealed."""

import pytest

from games import fairness, records, services
from games.models import Match
from tests.tables import create_room, make_players, quick_policy

pytestmark = pytest.mark.django_db


def finished_match() -> Match:
    players = make_players(4)
    room = create_room(players[0], target=31)
    for seat, player in enumerate(players):
        services.sit(room.pk, player, seat)
    match = Match.objects.get(room=room)
    while (game := match.game).phase != "finished":
        if game.phase == "deal":
            services.play(match.pk, seat=None, action=services.DEAL, version=match.version,
                          actor=services.SYSTEM)
        else:
            services.play(match.pk, seat=game.to_act, action=quick_policy(game, game.legal_actions()),
                          version=match.version)
        match.refresh_from_db()
    return match


def test_a_rematch_in_a_closed_room_is_refused():
    match = finished_match()
    services.close_room(match.room_id)
    player = match.players.get(seat=1).user
    with pytest.raises(services.Refused) as refusal:
        services.rematch(match.room_id, player)
    assert refusal.value.code == "closed"
    assert Match.objects.filter(room_id=match.room_id).count() == 1


def test_closing_mid_hand_reveals_that_hands_seed(client):
    players = make_players(4)
    room = create_room(players[0], target=31)
    for seat, player in enumerate(players):
        services.sit(room.pk, player, seat)
    match = Match.objects.get(room=room)
    commitment = match.fairness["sha256"]

    services.close_room(room.pk)

    match.refresh_from_db()
    assert match.status == Match.Status.ABORTED
    revealed = match.fairness["previous"]
    assert revealed["sha256"] == commitment
    assert fairness.commitment(bytes.fromhex(revealed["seed"])) == commitment
    record = client.get(f"/matches/{match.pk}/record.json").json()
    assert record["hands"][0]["seed"] == revealed["seed"]
    assert records.verify(match) == []
