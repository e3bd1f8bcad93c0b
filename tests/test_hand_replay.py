"""The replay's positions: every move of a hand that is over, each as the engine saw it,
with the four hands the revealed seed dealt; a hand in play is never served."""

import json

import pytest

from games import engine, fairness
from games.models import Match
from games.services import move_path
from tests.cards import CARD
from tests.tables import play_until, start_match

pytestmark = pytest.mark.django_db


def seed_deal(seed: str, dealer: int) -> list[list[str]]:
    """Each seat's cards as the seed deals them, one card at a time from the dealer's left."""
    hands: list[list[str]] = [[], [], [], []]
    for i, card in enumerate(fairness.deck_from_seed(bytes.fromhex(seed))):
        hands[(dealer + 1 + i) % 4].append(card)
    return [sorted(hand) for hand in hands]


def independent_positions(match: Match, number: int) -> list[dict]:
    """The spectator's view after the deal and after each move of hand `number`."""
    game = engine.new_match(match.variant, dealer=match.first_dealer, target=match.target)
    views, dealt = [], 0
    for event in match.events.order_by("seq"):
        if event.action["type"] == "deal":
            dealt += 1
            if dealt > number:
                break
            game.deal(fairness.deck_from_seed(bytes.fromhex(event.action["seed"])))
        else:
            game.apply(event.seat, event.action)
        if dealt == number:
            views.append(json.loads(json.dumps(game.view(None))))
    return views


@pytest.mark.parametrize("variant", ["classic", "forty_one"])
def test_every_hand_replays_as_the_engine_played_it(client, variant):
    match = play_until(start_match(variant, turn_seconds=30), "finished")
    deals = list(match.events.filter(action__type="deal").order_by("seq"))
    for number, deal in enumerate(deals, start=1):
        hand = client.get(f"/matches/{match.pk}/hands/{number}.json").json()
        assert [p["view"] for p in hand["positions"]] == independent_positions(match, number)
        first = hand["positions"][0]
        dealer = first["view"]["dealer"]
        assert [sorted(cards) for cards in first["hands"]] == seed_deal(deal.action["seed"], dealer)
        assert hand["seed"] == deal.action["seed"]
        moves = list(match.events.filter(seq__gt=deal.seq).order_by("seq")[:len(hand["positions"]) - 1])
        assert [p["move"]["action"] for p in hand["positions"][1:]] == [move.action for move in moves]
        assert all(len(p["hands"]) == 4 for p in hand["positions"])
    assert client.get(f"/matches/{match.pk}/hands/{len(deals) + 1}.json").status_code == 404
    assert client.get(f"/matches/{match.pk}/hands/0.json").status_code == 404


def test_a_hand_in_play_is_not_served(client):
    match = play_until(start_match("classic", turn_seconds=30), "deal")
    move_path.play(match.pk, seat=None, action=move_path.DEAL, version=match.version, actor=move_path.SYSTEM)
    match.refresh_from_db()
    live_seed = match.events.get(seq=match.version).action["seed"]
    response = client.get(f"/matches/{match.pk}/hands/1.json")
    assert response.status_code == 200
    assert live_seed not in response.content.decode()
    # Hand 1's last position has no cards left in anyone's hand, so none of hand 2's.
    assert not any(response.json()["positions"][-1]["hands"])
    assert client.get(f"/matches/{match.pk}/hands/2.json").status_code == 404
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert 'data-hands="1"' in page and live_seed not in page


def test_a_first_hand_still_in_play_has_no_replay(client):
    match = start_match("classic", turn_seconds=30)
    assert client.get(f"/matches/{match.pk}/hands/1.json").status_code == 404
    page = client.get(f"/matches/{match.pk}/").content.decode()
    assert 'id="replay"' not in page
    # Less the room's id, which may hold a card's two letters between dashes ("x-9C-y").
    assert not CARD.search(page.split("<main", 1)[1].replace(match.room_id, ""))


def test_a_private_rooms_hands_are_404_for_a_stranger(client, django_user_model):
    match = play_until(start_match("classic", turn_seconds=30), "finished")
    match.room.private = True
    match.room.save()
    url = f"/matches/{match.pk}/hands/1.json"
    assert client.get(url).status_code == 404
    client.force_login(django_user_model.objects.create_user("mallory", password="x-long-secret-1"))
    assert client.get(url).status_code == 404
    client.force_login(match.players.get(seat=1).user)
    response = client.get(url)
    assert response.status_code == 200
    assert response["Cache-Control"].startswith("private")


def test_a_hand_is_sent_gzipped_and_cacheable(client):
    match = play_until(start_match("classic", turn_seconds=30), "finished")
    response = client.get(f"/matches/{match.pk}/hands/1.json", HTTP_ACCEPT_ENCODING="gzip")
    assert response["Content-Encoding"] == "gzip"
    assert response["Cache-Control"] == "public, max-age=86400"
