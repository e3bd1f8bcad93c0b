"""In the admin: the role is granted by an action (or the groups field), suspensions,
bans and room closing go through the same logged services, and staff without the
moderation permission see none of it."""

import pytest
from django.contrib.auth import get_user_model

from games.models import Room
from moderation.models import AuditEntry, Sanction
from tests.tables import make_players, start_match

pytestmark = pytest.mark.django_db


@pytest.fixture
def root(client):
    user = get_user_model().objects.create_superuser("root", password="a-long-secret-9")
    client.force_login(user)
    return user


def act(client, path: str, action: str, pk: object) -> None:
    response = client.post(path, {"action": action, "_selected_action": [pk]})
    assert response.status_code == 302, response.content[:500]


def test_grant_suspend_and_close_from_the_admin(client, root):
    helper, player = make_players(2)
    act(client, "/admin/accounts/user/", "grant_moderator", helper.pk)
    assert get_user_model().objects.get(pk=helper.pk).has_perm("moderation.moderate")
    act(client, "/admin/accounts/user/", "suspend_week", player.pk)
    assert Sanction.objects.get(user=player).kind == "suspension"
    match = start_match("classic", turn_seconds=30)
    act(client, "/admin/games/room/", "close_rooms", match.room_id)
    assert Room.objects.get(pk=match.room_id).closed
    act(client, "/admin/games/room/", "reopen_rooms", match.room_id)
    assert not Room.objects.get(pk=match.room_id).closed
    assert list(AuditEntry.objects.order_by("id").values_list("action", "moderator")) == [
        ("grant", root.pk), ("suspend", root.pk), ("close_room", root.pk), ("reopen_room", root.pk)]


def test_staff_without_the_permission_see_no_moderation(client):
    staff = get_user_model().objects.create_user("clerk", password="a-long-secret-9", is_staff=True)
    client.force_login(staff)
    assert client.get("/admin/moderation/auditentry/").status_code == 403
    assert client.get("/admin/moderation/report/").status_code == 403
    assert client.get("/moderation/").status_code == 403
