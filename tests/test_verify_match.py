from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from games.models import Match, MatchEvent
from games.services import room_life
from tests.tables import create_room, make_players, play_until, start_match

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def played_match() -> Match:
    return play_until(start_match("classic", turn_seconds=30), "finished")


def test_it_passes_on_a_played_match(played_match):
    out = StringIO()
    call_command("verify_match", played_match.pk, stdout=out)
    assert "verified" in out.getvalue()


def test_it_fails_on_a_tampered_seed(played_match):
    deal = MatchEvent.objects.filter(match=played_match, action__type="deal").order_by("seq").first()
    seed = bytearray.fromhex(deal.action["seed"])
    seed[0] ^= 1
    deal.action["seed"] = seed.hex()
    deal.save()
    err = StringIO()
    with pytest.raises(CommandError, match="FAILED"):
        call_command("verify_match", played_match.pk, stderr=err)
    assert "does not match the commitment" in err.getvalue()


def test_the_log_rebuilds_every_finished_match(played_match):
    from games import records

    assert records.rebuild(played_match).to_dict() == played_match.state
    assert played_match.status == Match.Status.FINISHED
    assert played_match.winner in (0, 1)


def test_seeds_are_revealed_only_after_their_hand(client):
    players = make_players(4)
    room = create_room(players[0])
    for seat, player in enumerate(players):
        room_life.sit(room.pk, player, seat)
    match = Match.objects.get(room=room)
    record = client.get(f"/matches/{match.pk}/record.json").json()
    assert record["hands"] == [{"hand": 1, "seq": 1, "sha256": match.fairness["sha256"],
                                "seed": None, "over": False}]
    assert record["moves"][0]["action"] == {"type": "deal"}
