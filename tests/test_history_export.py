"""GET /u/<username>/matches.jsonl: a player's matches, one public record per line,
newest first; private rooms' matches only for those who sat in them and staff; never a
live hand's seed; streamed, with a bounded number of queries per match."""

import json
import warnings
from pathlib import Path

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from jsonschema import Draft202012Validator

from games.models import Match
from games.services import move_path, room_life
from tests.tables import make_players, play_until

pytestmark = pytest.mark.django_db

SCHEMA = json.loads((Path(__file__).resolve().parent.parent / "docs" / "record.schema.json").read_text())


def match_of(players: list, variant: str = "classic", private: bool = False) -> Match:
    room = room_life.create_room(players[0], name="export table", variant=variant, target=31,
                                turn_seconds=30, private=private)
    for seat, player in enumerate(players):
        room_life.sit(room.pk, player, seat)
    return Match.objects.get(room=room)


@pytest.fixture
def history() -> dict:
    """alice's matches: a finished one, a private one, then a public one whose second hand
    is being played; and one match she did not play."""
    alice, bob, carol, dan, erin = make_players(5, prefix="exp")
    finished = play_until(match_of([alice, bob, carol, dan]), "finished")
    # Over, so its players may sit at the live one (one live seat per player).
    private = play_until(match_of([bob, alice, carol, dan], variant="forty_one", private=True), "finished")
    live = play_until(match_of([carol, dan, alice, bob]), "deal")
    move_path.play(live.pk, seat=None, action=move_path.DEAL, version=live.version, actor=move_path.SYSTEM)
    live.refresh_from_db()
    others = match_of(make_players(4, prefix="other"))
    return {"alice": alice, "bob": bob, "erin": erin, "finished": finished, "private": private,
            "live": live, "others": others}


def lines(client, username: str = "exp0") -> list[dict]:
    response = client.get(f"/u/{username}/matches.jsonl")
    assert response.status_code == 200
    assert response.streaming
    assert response["Content-Type"] == "application/jsonl; charset=utf-8"
    body = b"".join(response.streaming_content).decode()
    assert body.endswith("\n") or body == ""
    return [json.loads(line) for line in body.splitlines()]


def test_the_player_gets_exactly_her_matches_newest_first(client, history):
    client.force_login(history["alice"])
    records = lines(client)
    assert [r["id"] for r in records] == [history[k].pk for k in ("live", "private", "finished")]
    validator = Draft202012Validator(SCHEMA)
    for record in records:
        assert not list(validator.iter_errors(record))
    assert records[0] == client.get(f"/matches/{history['live'].pk}/record.json").json()


def test_a_stranger_does_not_get_the_private_match(client, history):
    assert [r["id"] for r in lines(client)] == [history["live"].pk, history["finished"].pk]
    client.force_login(history["erin"])
    assert [r["id"] for r in lines(client)] == [history["live"].pk, history["finished"].pk]


def test_those_who_sat_in_the_private_match_and_staff_get_it(client, history, django_user_model):
    client.force_login(history["bob"])
    assert history["private"].pk in [r["id"] for r in lines(client)]
    moderator = django_user_model.objects.create_user("mod", password="x-long-secret-1", is_staff=True)
    client.force_login(moderator)
    assert len(lines(client)) == 3


def test_the_live_hands_seed_is_absent(client, history):
    live = history["live"]
    live_seed = live.events.get(seq=live.version).action["seed"]
    client.force_login(history["alice"])
    record = lines(client)[0]
    assert live_seed not in json.dumps(record)
    assert record["hands"][-1] == {**record["hands"][-1], "over": False, "seed": None}
    assert record["moves"][-1]["action"] == {"type": "deal"}


def test_an_unknown_player_is_a_404(client, db):
    assert client.get("/u/nobody/matches.jsonl").status_code == 404


def test_one_query_per_match(client):
    players = make_players(4, prefix="q")
    client.force_login(players[0])

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            lines(client, "q0")
        return len(captured)

    play_until(match_of(players), "finished")
    one = queries()
    for _ in range(3):
        players = [*players[1:], players[0]]
        play_until(match_of(players), "finished")
    assert queries() - one == 3


@pytest.mark.django_db(transaction=True)
async def test_served_over_asgi_as_a_stream(async_client, history):
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        response = await async_client.get("/u/exp0/matches.jsonl")
        assert response.status_code == 200 and response.is_async
        body = b"".join([part async for part in response.streaming_content]).decode()
    ids = [json.loads(line)["id"] for line in body.splitlines()]
    assert ids == [history["live"].pk, history["finished"].pk]
