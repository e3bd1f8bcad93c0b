"""The match page's score sheet shows, hand by hand, exactly what the engine scored, and
each deal checked against its seed; a live hand never appears."""

import pytest

from games import engine, fairness
from games.models import Match
from games.services import move_path
from history.scoresheet import score_sheet
from tests.tables import play_until, start_match

pytestmark = pytest.mark.django_db


def replayed_results(match: Match) -> list[dict]:
    """The engine's own hand results, from an independent replay of the log."""
    game = engine.new_match(match.variant, dealer=match.first_dealer, target=match.target)
    results = []
    for event in match.events.order_by("seq"):
        if event.action["type"] == "deal":
            happened = game.deal(fairness.deck_from_seed(bytes.fromhex(event.action["seed"])))
        else:
            happened = game.apply(event.seat, event.action)
        results += [{k: v for k, v in e.items() if k != "type"} for e in happened
                    if engine.ends_hand(e)]
    return results


@pytest.mark.parametrize("variant", ["classic", "forty_one"])
def test_the_sheet_is_the_engines_scoring_hand_by_hand(variant):
    match = play_until(start_match(variant, turn_seconds=30), "finished")
    lines = score_sheet(match)
    assert [line.result for line in lines] == replayed_results(match)
    assert [line.number for line in lines] == list(range(1, len(lines) + 1))
    assert lines[-1].scores == match.game.scores
    assert all(line.verified for line in lines)


def test_a_tampered_seed_is_not_checked_off():
    match = play_until(start_match("classic", turn_seconds=30), "finished")
    deal = match.events.filter(action__type="deal").order_by("seq").first()
    seed = bytearray.fromhex(deal.action["seed"])
    seed[0] ^= 1
    deal.action["seed"] = seed.hex()
    deal.save()
    assert score_sheet(match)[0].verified is False


def test_the_live_hand_is_not_on_the_sheet_or_the_page(client):
    match = play_until(start_match("classic", turn_seconds=30), "deal")
    move_path.play(match.pk, seat=None, action=move_path.DEAL, version=match.version, actor=move_path.SYSTEM)
    match.refresh_from_db()
    live_seed = match.events.get(seq=match.version).action["seed"]
    assert len(score_sheet(match)) == 1
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert live_seed not in page
    assert match.fairness["sha256"] not in page
    assert 'id="h1"' in page and 'id="h2"' not in page


def test_the_page_shows_players_result_and_every_hand(client):
    match = play_until(start_match("forty_one", turn_seconds=30), "finished")
    page = client.get(f"/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    for sitter in match.seating:
        assert sitter["username"] in page
    winners = [match.seating[match.winner]["username"], match.seating[match.winner + 2]["username"]]
    assert f"Won by {winners[0]} and {winners[1]}" in page
    assert page.count("✓") == len(score_sheet(match))


def test_a_private_rooms_match_page_is_404_for_a_stranger(client, django_user_model):
    match = start_match("classic", turn_seconds=30)
    match.room.private = True
    match.room.save()
    assert client.get(f"/matches/{match.pk}/").status_code == 404
    client.force_login(django_user_model.objects.create_user("mallory", password="x-long-secret-1"))
    assert client.get(f"/matches/{match.pk}/").status_code == 404
    client.force_login(match.players.get(seat=0).user)
    assert client.get(f"/matches/{match.pk}/").status_code == 200
