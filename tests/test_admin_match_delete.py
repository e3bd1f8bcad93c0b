"""Matches and their event log are the record of what was played: the admin deletes
neither, one at a time or in bulk, nor through the room they were played in."""

import pytest

from games.models import Match, MatchEvent, Room
from tests.tables import start_match

pytestmark = pytest.mark.django_db


def test_the_match_list_offers_no_delete_action(admin_client):
    start_match("classic", turn_seconds=30)
    response = admin_client.get("/admin/games/match/")
    assert response.status_code == 200
    assert "delete_selected" not in dict(response.context["cl"].model_admin.get_action_choices(
        response.wsgi_request))
    assert "delete_selected" not in response.content.decode()


def test_the_event_list_offers_no_delete_action(admin_client):
    start_match("classic", turn_seconds=30)
    response = admin_client.get("/admin/games/matchevent/")
    assert response.status_code == 200
    assert "delete_selected" not in response.content.decode()


def test_deleting_a_match_is_refused(admin_client):
    match = start_match("classic", turn_seconds=30)
    assert admin_client.get(f"/admin/games/match/{match.pk}/delete/").status_code == 403
    assert admin_client.post(f"/admin/games/match/{match.pk}/delete/", {"post": "yes"}).status_code == 403
    response = admin_client.post("/admin/games/match/", {"action": "delete_selected", "post": "yes",
                                                         "_selected_action": [match.pk]})
    assert response.status_code in (200, 302)
    assert Match.objects.filter(pk=match.pk).exists()
    assert MatchEvent.objects.filter(match=match).exists()


def test_deleting_an_event_is_refused(admin_client):
    match = start_match("classic", turn_seconds=30)
    event = MatchEvent.objects.get(match=match, seq=1)
    path = f"/admin/games/matchevent/{event.pk}/delete/"
    assert admin_client.get(path).status_code == 403
    assert admin_client.post(path, {"post": "yes"}).status_code == 403
    assert MatchEvent.objects.filter(pk=event.pk).exists()


def test_the_match_page_offers_no_delete_link_nor_deletes_its_inlines(admin_client):
    match = start_match("classic", turn_seconds=30)
    page = admin_client.get(f"/admin/games/match/{match.pk}/change/").content.decode()
    assert f"/admin/games/match/{match.pk}/delete/" not in page
    assert "-DELETE" not in page  # no delete box on the players' or the log's rows


def test_deleting_a_room_that_has_matches_is_refused(admin_client):
    match = start_match("classic", turn_seconds=30)
    response = admin_client.post(f"/admin/games/room/{match.room_id}/delete/", {"post": "yes"})
    assert response.status_code == 403
    assert Room.objects.filter(pk=match.room_id).exists()
    assert Match.objects.filter(pk=match.pk).exists()
