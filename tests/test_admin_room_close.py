"""Closing a room from the admin's Room form is the moderator's close: its match is
aborted and the audit log has the entry, as from the list's action or the table's menu.
Reopening likewise. Staff without the moderation permission cannot tick `closed`."""

from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Permission

from games.models import Match, Room
from moderation.models import AuditEntry
from tests.tables import start_match

pytestmark = pytest.mark.django_db

PASSWORD = "a-long-secret-9"


def change_form(client, room: Room) -> dict[str, Any]:
    """The Room change form as the admin's page fills it, inline seats included."""
    page = client.get(f"/admin/games/room/{room.pk}/change/")
    assert page.status_code == 200
    forms = [page.context["adminform"].form]
    for inline in page.context["inline_admin_formsets"]:
        forms += [inline.formset.management_form, *inline.formset.forms]
    data: dict[str, Any] = {}
    for form in forms:
        for name in form.fields:
            value = form[name].value()
            if value is True:
                data[form.add_prefix(name)] = "on"
            elif value is not None and value is not False:  # seat 0 is no False
                data[form.add_prefix(name)] = value
    return data


def save(client, room: Room, **changes: Any) -> None:
    data = {**change_form(client, room), **changes}
    data = {name: value for name, value in data.items() if value is not False}
    response = client.post(f"/admin/games/room/{room.pk}/change/", data)
    assert response.status_code == 302, response.context["errors"]


def test_the_form_closes_and_reopens_through_the_moderators_path(client):
    root = get_user_model().objects.create_superuser("root", password=PASSWORD)
    client.force_login(root)
    match = start_match("classic", turn_seconds=30)
    room = match.room

    save(client, room, closed="on", name="renamed table")
    room.refresh_from_db()
    assert room.closed and room.name == "renamed table"
    assert Match.objects.get(pk=match.pk).status == Match.Status.ABORTED
    entry = AuditEntry.objects.get(action="close_room")
    assert (entry.moderator, entry.room_id, entry.match_id) == (root, room.pk, match.pk)

    save(client, room, closed=False)
    assert not Room.objects.get(pk=room.pk).closed
    assert list(AuditEntry.objects.order_by("id").values_list("action", flat=True)) == [
        "close_room", "reopen_room"]

    save(client, room, name="quiet edit")  # other fields alone: nothing logged
    assert AuditEntry.objects.count() == 2


def test_staff_without_moderation_cannot_close_from_the_form(client):
    clerk = get_user_model().objects.create_user("clerk", password=PASSWORD, is_staff=True)
    clerk.user_permissions.add(*Permission.objects.filter(codename__in=["view_room", "change_room"]))
    client.force_login(clerk)
    match = start_match("classic", turn_seconds=30)
    save(client, match.room, closed="on")
    assert not Room.objects.get(pk=match.room_id).closed
    assert Match.objects.get(pk=match.pk).status == Match.Status.PLAYING
    assert not AuditEntry.objects.exists()
