"""Notifications: a resolved report tells its reporter, an invitation its friend; the
header counts the unread ones, the page lists them in the reader's language and marks them
read. An invitation's link leads to its room until it ends, and only for its receiver."""

from datetime import timedelta

import pytest
from django.utils import timezone

from friends import services as friends
from friends.models import Invitation, Notification
from moderation import services as moderation
from tests.friends import english  # noqa: F401 - an autouse fixture
from tests.moderators import make_moderator
from tests.tables import create_room, make_players

pytestmark = pytest.mark.django_db


def unread_in_header(page: str) -> str | None:
    head = page.split('id="unread-notifications"', 1)[1].split("</span>", 1)[0]
    return None if head.startswith(" hidden") else head.split(">", 1)[1]


def test_a_report_outcome_and_an_invitation_are_listed_then_read(client):
    reporter, reported, host = make_players(3, prefix="told-")
    report = moderation.report(reporter, reported, reason="chat")
    moderation.resolve(make_moderator(), report, decision="warn", note="be nice")
    room = create_room(host)
    friends.follow(host, reporter.username)
    friends.invite(host, reporter.username, room.pk)

    client.force_login(reporter)
    assert unread_in_header(client.get("/").content.decode()) == "2"
    page = client.get("/notifications/").content.decode()
    invitation = Notification.objects.get(kind="invitation")
    assert page.index(f"\u2068{host.username}\u2069 invites you to their table “\u2068test table\u2069”.") < (
        page.index(f"Your report about \u2068{reported.username}\u2069: action was taken. Thank you."))
    assert f'href="/friends/invitations/{invitation.pk}/"' in page
    assert page.count('class="notification unread"') == 2
    assert unread_in_header(client.get("/").content.decode()) is None
    arabic = client.get("/notifications/", HTTP_ACCEPT_LANGUAGE="ar").content.decode()
    assert f"بلاغك عن \u2068{reported.username}\u2069: اتُّخذ إجراء. شكرًا لك." in arabic
    assert "unread" not in arabic.split("<main", 1)[1].split("</main>", 1)[0]


def test_an_invitations_link_leads_to_its_room_until_it_ends(client):
    friend, host, someone = make_players(3, prefix="link-")
    room = create_room(host)
    friends.follow(host, friend.username)
    friends.invite(host, friend.username, room.pk)
    link = f"/friends/invitations/{Notification.objects.get().pk}/"

    client.force_login(someone)  # not theirs: no such invitation
    response = client.get(link, follow=True)
    assert response.redirect_chain == [("/notifications/", 302)]
    assert "There is no such invitation." in response.content.decode()
    assert client.get(f"/friends/invitations/{10**30}/")["Location"] == "/notifications/"

    client.force_login(friend)
    response = client.get(link)
    assert response.status_code == 302 and response["Location"] == f"/rooms/{room.pk}/"
    Invitation.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    response = client.get(link, follow=True)
    assert "This invitation has ended: ask for a new one." in response.content.decode()
    # Ended, it has no link on the page either.
    assert link not in client.get("/notifications/").content.decode()
