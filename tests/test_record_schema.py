"""docs/record.schema.json describes the records the server really serves: whole matches
of both variants, a match being played and an aborted one; and it refuses a record that
shows a live hand's seed."""

import copy
import json
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator, FormatChecker

from games import records
from games.models import Match
from games.services import move_path, room_life
from tests.tables import play_until, start_match

pytestmark = pytest.mark.django_db

SCHEMA = json.loads((Path(__file__).resolve().parent.parent / "docs" / "record.schema.json").read_text())
VALIDATOR = Draft202012Validator(SCHEMA, format_checker=FormatChecker())


def served(client, match: Match) -> dict:
    response = client.get(f"/matches/{match.pk}/record.json")
    assert response.status_code == 200
    return response.json()


def assert_valid(record: dict) -> None:
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in VALIDATOR.iter_errors(record)]
    assert not errors, errors[:5]


def test_the_schema_is_a_valid_draft_2020_12_schema():
    Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["properties"]["format"]["const"] == records.RECORD_FORMAT


@pytest.mark.parametrize("variant", ["classic", "forty_one"])
def test_a_whole_match_is_valid(client, variant):
    match = play_until(start_match(variant, turn_seconds=30), "finished")
    record = served(client, match)
    assert record["format"] == 1 and record["status"] == "finished"
    assert all(hand["over"] and hand["seed"] for hand in record["hands"])
    assert_valid(record)


def test_a_live_match_is_valid(client):
    match = play_until(start_match("classic", turn_seconds=30), "deal")
    move_path.play(match.pk, seat=None, action=move_path.DEAL, version=match.version, actor=move_path.SYSTEM)
    match.refresh_from_db()
    move_path.play(match.pk, seat=match.game.to_act, action=match.game.timeout_action(),
                   version=match.version)
    record = served(client, match)
    assert record["status"] == "playing" and record["hands"][-1]["seed"] is None
    assert_valid(record)


def test_an_aborted_match_is_valid(client):
    match = play_until(start_match("forty_one", turn_seconds=30), "deal")
    move_path.play(match.pk, seat=None, action=move_path.DEAL, version=match.version, actor=move_path.SYSTEM)
    room_life.close_room(match.room_id)
    record = served(client, match)
    assert record["status"] == "aborted" and all(hand["seed"] for hand in record["hands"])
    assert_valid(record)


def test_a_record_showing_a_live_hands_seed_is_refused(client):
    match = start_match("classic", turn_seconds=30)
    record = served(client, match)
    assert_valid(record)
    leaked = copy.deepcopy(record)
    leaked["hands"][-1]["seed"] = match.events.get(seq=1).action["seed"]
    assert not VALIDATOR.is_valid(leaked)
    # The same seed in the deal's move (`moves[n].action.seed`) is not expressible: the
    # schema cannot tie a move to its entry in `hands` (docs/records.md, Privacy).
