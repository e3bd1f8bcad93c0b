"""An invitation's link is the sender's say-so, read again when it is followed: once the
sender no longer sits at or owns the table (they stood up, or were suspended), the link
no longer opens it, a private room least of all."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from friends import services as friends
from games.services import room_life
from moderation.models import Sanction
from tests.tables import make_players

pytestmark = pytest.mark.django_db


def _invited(owner, sender, friend):
    room = room_life.create_room(owner, name="private", variant="classic", target=31, turn_seconds=60,
                                 private=True)
    room_life.sit(room.pk, sender, 1)
    friends.follow(sender, friend.username)
    friends.invite(sender, friend.username, room.pk)
    notification = friends.read_notifications(friend)[0].notification
    client = Client()
    client.force_login(friend)
    return room, client, friends.join_url(notification)


def test_the_link_ends_when_the_sender_stands_up():
    owner, sender, friend = make_players(3, prefix="stale-")
    room, client, url = _invited(owner, sender, friend)
    room_life.stand(room.pk, sender)
    response = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 302 and room.pk not in response["Location"]
    page = client.get(response["Location"], HTTP_ACCEPT_LANGUAGE="en")
    assert "This invitation has ended" in page.content.decode()


def test_the_link_ends_when_the_sender_is_suspended():
    owner, sender, friend = make_players(3, prefix="stale-s-")
    room, client, url = _invited(owner, sender, friend)
    Sanction.objects.create(user=sender, kind=Sanction.Kind.SUSPENSION, reason="abuse",
                            until=timezone.now() + timedelta(days=1))
    response = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 302 and room.pk not in response["Location"]


def test_the_link_still_opens_the_table_while_the_sender_sits_there():
    owner, sender, friend = make_players(3, prefix="stale-ok-")
    room, client, url = _invited(owner, sender, friend)
    assert client.get(url)["Location"] == room.get_absolute_url()
