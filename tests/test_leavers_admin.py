"""In the admin, abandonments are read-only; a moderator with the permission forgives
one, which ends the player's cool-down and is recorded (on the row and in the admin's
history). Staff without the permission get no such action."""

import pytest
from django.contrib.admin.models import LogEntry
from django.contrib.auth.models import Permission

from games.services import room_life
from playban.models import Abandonment
from tests.leavers import finished_match
from tests.tables import create_room, make_players

pytestmark = pytest.mark.django_db

LIST = "/admin/playban/abandonment/"


@pytest.fixture
def abandonment():
    finished_match(make_players(4), removed={0})
    return Abandonment.objects.get()


def staff(*permissions: str):
    (user,) = make_players(1, prefix="moderator")
    user.is_staff = True
    user.save()
    user.user_permissions.add(*Permission.objects.filter(content_type__app_label="playban",
                                                         codename__in=permissions))
    return user


def forgive(client, abandonment):
    return client.post(LIST, {"action": "forgive", "_selected_action": [abandonment.pk]})


def test_a_moderator_forgives_one_and_it_is_recorded(client, abandonment):
    moderator = staff("view_abandonment", "forgive_abandonment")
    client.force_login(moderator)
    listing = client.get(LIST).content.decode()
    assert abandonment.user.username in listing and 'value="forgive"' in listing
    assert client.get(f"{LIST}{abandonment.pk}/change/").status_code == 200  # read-only view
    assert client.post(f"{LIST}{abandonment.pk}/change/", {"reason": "timer"}).status_code == 403
    assert client.post(f"{LIST}{abandonment.pk}/delete/", {"post": "yes"}).status_code == 403

    assert forgive(client, abandonment).status_code == 302
    abandonment.refresh_from_db()
    assert (abandonment.forgiven, abandonment.forgiven_by) == (Abandonment.Forgiven.MODERATOR, moderator)
    assert LogEntry.objects.filter(user=moderator, object_id=str(abandonment.pk)).exists()
    room_life.sit(create_room(moderator).pk, abandonment.user, 0)  # the cool-down is over


def test_staff_without_the_permission_cannot_forgive(client, abandonment):
    client.force_login(staff("view_abandonment"))
    listing = client.get(LIST)
    assert listing.status_code == 200 and 'value="forgive"' not in listing.content.decode()
    forgive(client, abandonment)
    abandonment.refresh_from_db()
    assert abandonment.forgiven_at is None


def test_players_cannot_see_the_list(client, abandonment):
    client.force_login(abandonment.user)
    assert client.get(LIST).status_code == 302  # to the admin's login
