"""What only its viewer may see carries `Cache-Control: private, no-store`, so no cache
(a shared proxy, a shared computer's browser) keeps it for the next person: a private
room's match page, record, hands and room page, a player's lists and export (they hold
the private rooms' matches of those who sat in them), profiles, the moderation pages,
the account pages. A public room's finished hand stays cacheable by anyone."""

from typing import Any

import pytest
from django.contrib.auth import get_user_model

from games.models import Match, Room
from moderation.models import Report
from tests.moderators import make_moderator
from tests.tables import play_until, start_match

pytestmark = pytest.mark.django_db


def directives(response: Any) -> set[str]:
    return {part.strip() for part in response.get("Cache-Control", "").split(",") if part.strip()}


def not_private(client, urls: list[str]) -> list[tuple[str, str]]:
    """Each url whose answer a cache could keep, with its Cache-Control."""
    found = []
    for url in urls:
        response = client.get(url)
        assert response.status_code == 200, url
        cache = directives(response)
        if not {"private", "no-store"} <= cache or "public" in cache:
            found.append((url, response.get("Cache-Control", "")))
    return found


@pytest.fixture
def private_match() -> Match:
    """A private room's match, its first hand over."""
    match = play_until(start_match("classic", turn_seconds=30), "deal")
    Room.objects.filter(pk=match.room_id).update(private=True)
    return Match.objects.select_related("room").get(pk=match.pk)


def test_a_private_rooms_match_and_its_player_pages(client, private_match):
    player = private_match.players.get(seat=1).user
    client.force_login(player)
    export = b"".join(client.get(f"/u/{player.username}/matches.jsonl").streaming_content).decode()
    assert f'"room": "{private_match.room_id}"' in export  # the private match is in it
    assert not_private(client, [
        f"/matches/{private_match.pk}/", f"/matches/{private_match.pk}/record.json",
        f"/matches/{private_match.pk}/record.json?download=1", f"/matches/{private_match.pk}/hands/1.json",
        f"/rooms/{private_match.room_id}/", f"/u/{player.username}/", f"/u/{player.username}/matches/",
        f"/u/{player.username}/matches.jsonl"]) == []


def test_the_moderation_and_account_pages(client, alice, bob):
    found = not_private(client, ["/accounts/signup/"])
    client.force_login(alice)
    found += not_private(client, [f"/u/{bob.username}/report/"])
    Report.objects.create(reporter=alice, reported=bob, reason=Report.Reason.CHAT)
    client.force_login(make_moderator())
    found += not_private(client, ["/moderation/", "/moderation/log/"])
    client.force_login(get_user_model().objects.create_superuser("root", password="a-long-secret-9"))
    found += not_private(client, ["/moderation/announce/"])
    assert found == []


def test_a_public_rooms_hand_stays_cacheable(client):
    match = play_until(start_match("classic", turn_seconds=30), "deal")
    assert client.get(f"/matches/{match.pk}/hands/1.json")["Cache-Control"] == "public, max-age=86400"
    assert "no-store" not in directives(client.get(f"/matches/{match.pk}/record.json"))
