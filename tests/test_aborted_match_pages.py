"""A match a moderator aborted (room_life.close_room) is still a record anyone may read:
its page, record, replays, the players' lists and the admin's pages all render, with the
hands that were scored and, marked as not finished, the one the closing cut short."""

import json
import re
from pathlib import Path

import pytest
from jsonschema import Draft202012Validator, FormatChecker

from games.models import Match
from games.services import move_path, room_life
from history.scoresheet import score_sheet
from tests.tables import play_until, quick_policy, start_match

pytestmark = pytest.mark.django_db

SCHEMA = json.loads((Path(__file__).resolve().parent.parent / "docs" / "record.schema.json").read_text())
VALIDATOR = Draft202012Validator(SCHEMA, format_checker=FormatChecker())
UNFINISHED = "Not finished: the room was closed"


def play(match: Match, moves: int) -> Match:
    for _ in range(moves):
        game = match.game
        move_path.play(match.pk, seat=game.to_act, action=quick_policy(game, game.legal_actions()),
                      version=match.version)
        match.refresh_from_db()
    return match


def aborted(variant: str, *, moves: int | None = 3, until: str | None = None) -> Match:
    """A match closed by a moderator once its first hand is scored: during the second hand
    after `moves` moves of it (or once it reaches phase `until`), or between the two
    hands when `moves` is None."""
    match = play_until(start_match(variant, turn_seconds=30), "deal")
    if moves is not None:
        move_path.play(match.pk, seat=None, action=move_path.DEAL, version=match.version,
                       actor=move_path.SYSTEM)
        match.refresh_from_db()
        match = play(match, moves)
        while until is not None and match.game.phase != until:
            match = play(match, 1)
    room_life.close_room(match.room_id)
    match.refresh_from_db()
    assert match.status == Match.Status.ABORTED
    return match


def row(page: str, number: int) -> str:
    found = re.search(rf'<tr id="h{number}">(.*?)</tr>', page, re.S)
    assert found, f"no line for hand {number}"
    return found.group(1)


def match_page(client, match: Match, language: str = "en") -> str:
    response = client.get(f"/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return response.content.decode()


CUT_SHORT = [("classic", {"moves": 0}), ("classic", {"moves": 2}), ("classic", {"until": "playing"}),
             ("classic", {"until": "playing", "moves": 9}), ("forty_one", {"moves": 0}),
             ("forty_one", {"moves": 2}), ("forty_one", {"until": "playing", "moves": 6})]
IDS = ["classic-dealt", "classic-bidding", "classic-trump-chosen", "classic-playing", "forty_one-dealt",
       "forty_one-bidding", "forty_one-playing"]


@pytest.mark.parametrize(("variant", "cut"), CUT_SHORT, ids=IDS)
def test_the_page_shows_the_scored_hands_and_the_one_cut_short_as_not_finished(client, variant, cut):
    match = aborted(variant, **cut)
    page = match_page(client, match)
    assert "Aborted: a moderator closed the room." in page
    first = row(page, 1)
    assert " / ".join(map(str, score_sheet(match)[0].scores)) in first
    assert UNFINISHED not in first
    second = row(page, 2)
    assert UNFINISHED in second
    # Nothing was scored: no tricks, points, scores or double-dummy review, but the deal is
    # checked all the same.
    assert second.count("—") == 4 and "✓" in second
    assert 'id="h3"' not in page
    assert 'data-hands="2"' in page


def test_the_hand_cut_short_reads_so_in_arabic(client):
    page = match_page(client, aborted("forty_one"), language="ar")
    assert "لم تنتهِ: أُغلقت الغرفة" in row(page, 2)


@pytest.mark.parametrize("variant", ["classic", "forty_one"])
def test_a_match_aborted_between_hands_shows_only_the_hands_scored(client, variant):
    match = aborted(variant, moves=None)
    page = match_page(client, match)
    assert " / ".join(map(str, match.game.scores)) in row(page, 1)
    assert UNFINISHED not in page and 'id="h2"' not in page


@pytest.mark.parametrize(("variant", "cut"), [CUT_SHORT[3], CUT_SHORT[6]], ids=[IDS[3], IDS[6]])
def test_the_record_stays_valid_and_reveals_every_seed(client, variant, cut):
    match = aborted(variant, **cut)
    response = client.get(f"/matches/{match.pk}/record.json")
    assert response.status_code == 200
    record = response.json()
    errors = [f"{list(e.absolute_path)}: {e.message}" for e in VALIDATOR.iter_errors(record)]
    assert not errors, errors[:5]
    assert record["status"] == "aborted" and len(record["hands"]) == 2
    assert all(hand["over"] and hand["seed"] for hand in record["hands"])


@pytest.mark.parametrize(("variant", "cut"), [CUT_SHORT[3], CUT_SHORT[6]], ids=[IDS[3], IDS[6]])
def test_both_hands_replay_and_only_the_first_is_finished(client, variant, cut):
    match = aborted(variant, **cut)
    hands = [client.get(f"/matches/{match.pk}/hands/{number}.json") for number in (1, 2)]
    assert [hand.status_code for hand in hands] == [200, 200]
    first, second = (hand.json() for hand in hands)
    assert (first["finished"], second["finished"]) == (True, False)
    assert first["hands"] == second["hands"] == 2
    # The second hand's positions: its deal, then each move made before the room closed.
    dealt_at = second["positions"][0]["move"]["seq"]
    assert len(second["positions"]) == match.events.filter(seq__gte=dealt_at).count()
    assert client.get(f"/matches/{match.pk}/hands/3.json").status_code == 404


@pytest.mark.parametrize(("variant", "cut"), [CUT_SHORT[3], CUT_SHORT[6]], ids=[IDS[3], IDS[6]])
def test_the_players_lists_and_exports_show_the_match_as_aborted(client, variant, cut):
    match = aborted(variant, **cut)
    username = match.seating[0]["username"]
    response = client.get(f"/u/{username}/matches/", HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 200
    assert [(r.match_id, r.result) for r in response.context["rows"]] == [(match.pk, "aborted")]
    assert client.get(f"/u/{username}/", HTTP_ACCEPT_LANGUAGE="en").status_code == 200
    export = client.get(f"/u/{username}/matches.jsonl")
    assert export.status_code == 200
    lines = b"".join(export.streaming_content).decode().splitlines()
    assert [json.loads(line)["status"] for line in lines] == ["aborted"]


@pytest.mark.parametrize(("variant", "cut"), [CUT_SHORT[3], CUT_SHORT[6]], ids=[IDS[3], IDS[6]])
def test_the_admins_match_pages_render(admin_client, variant, cut):
    match = aborted(variant, **cut)
    assert admin_client.get("/admin/games/match/").status_code == 200
    assert admin_client.get("/admin/games/match/", {"status__exact": "aborted"}).status_code == 200
    assert admin_client.get(f"/admin/games/match/{match.pk}/change/").status_code == 200
    assert admin_client.get("/admin/games/matchevent/", {"match__id": match.pk}).status_code == 200
    assert match_page(admin_client, match).count(UNFINISHED) == 1
