"""/matches/<id>/hands/<n>/analysis.json: what docs/analysis.schema.json describes, for hands
of both variants with a mix of outcomes (thrown-in deals, kaboots, failed contracts);
never for a hand in play."""

import gzip
import json
import random
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator

from analysis import deal, hands
from games.models import Match
from games.services import move_path
from tests.seeded_play import play_seeded, seeded_deals
from tests.tables import play_until, start_match

pytestmark = pytest.mark.django_db

SCHEMA = json.loads((Path(__file__).resolve().parent.parent / "docs" / "analysis.schema.json").read_text())
VALIDATOR = Draft202012Validator(SCHEMA)


def test_the_schema_is_a_valid_draft_2020_12_schema_of_this_version():
    Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["properties"]["version"]["const"] == deal.VERSION


def forty_one_hands() -> Match:
    """A Tarneeb 41 match's first hand thrown in (four bids of 2), then four played out
    (a whole match is some 90 hands of the seeded policy)."""
    match = start_match("forty_one", turn_seconds=30)
    for _ in range(4):
        match = move_path.play(match.pk, seat=match.game.to_act, action={"type": "bid", "value": 2},
                               version=match.version)
    for _ in range(4):
        match = move_path.play(match.pk, seat=None, action=move_path.DEAL, version=match.version,
                               actor=move_path.SYSTEM)
        match = play_until(match, "deal")
    return match


@pytest.mark.parametrize("variant", ["classic", "forty_one"])
def test_every_hand_of_a_match_is_served_as_the_schema_says(client, monkeypatch, variant):
    if variant == "classic":
        # Eight hands: one thrown in, contracts made and failed.
        seeded_deals(monkeypatch, random.Random("analysis-json:classic"), sweeps=0.1)
        match = play_seeded(start_match(variant, turn_seconds=30), random.Random(variant))
    else:
        match = forty_one_hands()
    over = hands.over_hands(list(match.events.order_by("seq")))
    assert over == list(range(1, len(over) + 1))
    for number in over:
        assert hands.analyse(match.pk, number) is not None
    thrown_in = 0
    for number in over:
        response = client.get(f"/matches/{match.pk}/hands/{number}/analysis.json",
                              HTTP_ACCEPT_ENCODING="gzip")
        assert response.status_code == 200
        assert response["Cache-Control"] == "public, max-age=3600"
        analysis = json.loads(gzip.decompress(response.content))
        errors = [f"{list(e.absolute_path)}: {e.message}" for e in VALIDATOR.iter_errors(analysis)]
        assert not errors, errors[:5]
        assert (analysis["match"], analysis["hand"], analysis["variant"]) == (match.pk, number, variant)
        assert len(analysis["cards"]) == (0 if analysis["thrown_in"] else 52)
        # Each card names its move as the replay does: the replay's marks and chart find it.
        replay = client.get(f"/matches/{match.pk}/hands/{number}.json").json()
        assert [card["seq"] for card in analysis["cards"]] == [
            p["move"]["seq"] for p in replay["positions"] if p["move"]["action"]["type"] == "play"]
        assert [card["card"] for card in analysis["cards"]] == [
            p["move"]["action"]["card"] for p in replay["positions"] if p["move"]["action"]["type"] == "play"]
        thrown_in += analysis["thrown_in"]
    assert thrown_in >= 1
    assert client.get(f"/matches/{match.pk}/hands/{len(over) + 1}/analysis.json").status_code == 404
    assert client.get(f"/matches/{match.pk}/hands/0/analysis.json").status_code == 404


def test_a_hand_in_play_has_no_analysis(client):
    match = play_until(start_match("classic", turn_seconds=30), "deal")
    match = move_path.play(match.pk, seat=None, action=move_path.DEAL, version=match.version,
                           actor=move_path.SYSTEM)
    game = match.game
    match = move_path.play(match.pk, seat=game.to_act, action=game.legal_actions()[0], version=match.version)
    assert hands.analyse(match.pk, 1) is not None
    assert client.get(f"/matches/{match.pk}/hands/1/analysis.json").status_code == 200
    # Hand 2 is being bid: nothing to analyse, nothing served.
    assert hands.analyse(match.pk, 2) is None
    assert client.get(f"/matches/{match.pk}/hands/2/analysis.json").status_code == 404
    assert Match.objects.get(pk=match.pk).analyses.count() == 1


def test_an_analysis_of_an_older_version_is_not_served(client):
    match = play_until(start_match("classic", turn_seconds=30), "deal")
    stored = hands.analyse(match.pk, 1)
    stored.version = deal.VERSION - 1
    stored.save()
    assert client.get(f"/matches/{match.pk}/hands/1/analysis.json").status_code == 404
