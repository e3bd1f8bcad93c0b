"""GET /u/<username>/matches.jsonl?analysis=1: each match's line carries its hand analyses,
each as analysis.json serves it (docs/analysis.schema.json), the hand in play none; one more
query for a hundred matches; without the parameter the lines are the plain records."""

import json
from pathlib import Path

from django.db import connection
from django.test.utils import CaptureQueriesContext
from jsonschema import Draft202012Validator

from analysis import hands
from games.services import move_path
from tests.tables import make_players, play_until
from tests.test_history_export import lines, match_of

ROOT = Path(__file__).resolve().parent.parent
RECORD = Draft202012Validator(json.loads((ROOT / "docs" / "record.schema.json").read_text()))
ANALYSIS = Draft202012Validator(json.loads((ROOT / "docs" / "analysis.schema.json").read_text()))


def body(client, query: str) -> list[dict]:
    response = client.get(f"/u/an0/matches.jsonl{query}")
    return [json.loads(line) for line in b"".join(response.streaming_content).decode().splitlines()]


def test_the_lines_carry_the_analyses_of_the_hands_that_are_over(client, db):
    players = make_players(4, prefix="an")
    match = play_until(match_of(players), "deal")
    match = move_path.play(match.pk, seat=None, action=move_path.DEAL, version=match.version,
                           actor=move_path.SYSTEM)  # hand 2 in play
    hands.analyse(match.pk, 1)
    [plain] = lines(client, "an0")
    assert "analyses" not in plain
    with CaptureQueriesContext(connection) as captured:
        [record] = body(client, "?analysis=1")
    with CaptureQueriesContext(connection) as without:
        body(client, "")
    assert len(captured) == len(without) + 1
    assert not list(RECORD.iter_errors(record))
    assert {k: v for k, v in record.items() if k != "analyses"} == plain
    assert [a["hand"] for a in record["analyses"]] == [1]
    assert record["analyses"][0] == client.get(f"/matches/{match.pk}/hands/1/analysis.json").json()
    assert not list(ANALYSIS.iter_errors(record["analyses"][0]))
