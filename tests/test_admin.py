"""Moderators see every table in the admin: rooms with their seats, matches with their
players and event log (read-only), and can close a room."""

import pytest
from django.contrib.auth import get_user_model

from games.models import Match, MatchEvent, Room
from tests.tables import start_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def moderator(client):
    user = get_user_model().objects.create_superuser("moderator", password="a-long-secret-9")
    client.force_login(user)
    return user


def test_the_admin_shows_rooms_matches_and_the_log(client, moderator):
    match = start_match("classic", turn_seconds=30)
    for path in ("/admin/games/room/", f"/admin/games/room/{match.room_id}/change/",
                 "/admin/games/match/", f"/admin/games/match/{match.pk}/change/",
                 "/admin/games/matchevent/"):
        assert client.get(path).status_code == 200, path
    page = client.get(f"/admin/games/match/{match.pk}/change/").content.decode()
    assert "deal" in page and "commitment" in page


def test_the_log_cannot_be_edited_or_deleted(client, moderator):
    match = start_match("classic", turn_seconds=30)
    event = MatchEvent.objects.get(match=match, seq=1)
    response = client.post(f"/admin/games/matchevent/{event.pk}/change/", {"seat": 3})
    assert response.status_code == 403
    assert client.post(f"/admin/games/matchevent/{event.pk}/delete/", {"post": "yes"}).status_code == 403
    assert MatchEvent.objects.filter(pk=event.pk, seat=None).exists()


def test_closing_a_room_ends_its_match(client, moderator):
    match = start_match("classic", turn_seconds=30)
    response = client.post("/admin/games/room/",
                           {"action": "close_rooms", "_selected_action": [match.room_id]})
    assert response.status_code == 302
    assert Room.objects.get(pk=match.room_id).closed
    assert Match.objects.get(pk=match.pk).status == Match.Status.ABORTED
