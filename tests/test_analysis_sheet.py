"""What the match page shows of the analyses: the score sheet's double-dummy column reads
"pending" until a hand is analysed, then its figures; /matches/<id>/analysis.json lists the
analysed hands (what the replay asks while one is pending), private as the match's record."""

import pytest

from analysis import hands
from games.models import Room
from tests.tables import play_until, start_match

pytestmark = pytest.mark.django_db


def test_the_column_and_the_list_follow_the_analyses(client):
    match = play_until(start_match("classic", turn_seconds=30), "deal")
    page = client.get(f"/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'class="double-dummy" data-hand="1">' in page and "pending" in page
    assert 'data-analysed=""' in page
    listed = client.get(f"/matches/{match.pk}/analysis.json")
    assert listed.json() == {"match": match.pk, "version": 1, "hands": []}
    assert listed["Cache-Control"] == "no-cache"

    data = hands.analyse(match.pk, 1).data
    assert client.get(f"/matches/{match.pk}/analysis.json").json()["hands"] == [1]
    page = client.get(f"/matches/{match.pk}/", HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert 'data-analysed="1"' in page
    tricks = data["table"]["tricks"][data["trump"]]
    assert f"{tricks[0]} \u2013 {tricks[1]}" in page  # an en dash between them
    costly = sum(seat["costly"] for seat in data["seats"])
    assert f"{costly} costly card" in page


def test_a_private_match_lists_nothing_to_strangers(client, django_user_model):
    match = play_until(start_match("classic", turn_seconds=30), "deal")
    Room.objects.filter(pk=match.room_id).update(private=True)
    client.force_login(django_user_model.objects.create_user("mallory", password="x-long-secret-1"))
    assert client.get(f"/matches/{match.pk}/analysis.json").status_code == 404
    client.force_login(match.players.get(seat=0).user)
    response = client.get(f"/matches/{match.pk}/analysis.json")
    assert response.status_code == 200 and response["Cache-Control"] == "private, no-store"
