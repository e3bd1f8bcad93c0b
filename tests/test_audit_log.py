"""The audit log: every action is an entry that nobody changes or deletes (not in the
admin, not through the model), listed newest first at /moderation/log/ with filters by
moderator, action, player and dates, 50 a page."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.utils import timezone

from moderation import services
from moderation.models import AuditEntry
from tests.moderators import make_moderator
from tests.tables import make_players

pytestmark = pytest.mark.django_db


def rows(client, query: str = "") -> list[str]:
    page = client.get(f"/moderation/log/{query}")
    assert page.status_code == 200
    return [entry.action for entry in page.context["page"]]


def test_filters_and_pages(client):
    first, second = make_moderator("first"), make_moderator("second")
    alice, bob = make_players(2)
    services.warn(first, alice, "rude")
    services.mute(second, bob, 60, "spam")
    services.warn(second, bob, "again")
    services.warn(first, bob, "long ago")
    AuditEntry.objects.filter(reason="long ago").update(created_at=timezone.now() - timedelta(days=40))
    client.force_login(first)

    # Newest first: the two grants (make_moderator) come before the warnings, the one
    # moved 40 days back comes last.
    assert rows(client) == ["warn", "mute", "warn", "grant", "grant", "warn"]
    assert rows(client, "?moderator=second") == ["warn", "mute"]
    assert rows(client, "?action=mute") == ["mute"]
    assert rows(client, f"?username={bob.username}&action=warn") == ["warn", "warn"]
    today = timezone.localdate().isoformat()
    assert "long ago" not in [e.reason for e in client.get(f"/moderation/log/?start={today}").context["page"]]
    earlier = (timezone.localdate() - timedelta(days=41)).isoformat()
    month = (timezone.localdate() - timedelta(days=30)).isoformat()
    between = client.get(f"/moderation/log/?start={earlier}&end={month}").context["page"]
    assert [e.reason for e in between] == ["long ago"]

    AuditEntry.objects.bulk_create(AuditEntry(moderator=first, action="warn", reason=f"bulk {n}")
                                   for n in range(60))
    page_two = client.get("/moderation/log/?action=warn&page=2")
    assert len(page_two.context["page"]) == 63 - 50
    assert "action=warn&amp;page=1" in page_two.content.decode()  # the filters stay on the links


def test_entries_cannot_be_changed_or_deleted(client):
    moderator = make_moderator()
    (alice,) = make_players(1)
    services.warn(moderator, alice, "rude")
    entry = AuditEntry.objects.get(action="warn")
    with pytest.raises(ValueError):
        entry.save()
    with pytest.raises(ValueError):
        entry.delete()

    admin = get_user_model().objects.create_superuser("root", password="a-long-secret-9")
    client.force_login(admin)
    assert client.get("/admin/moderation/auditentry/").status_code == 200
    assert client.get("/admin/moderation/auditentry/add/").status_code == 403
    assert client.post(f"/admin/moderation/auditentry/{entry.pk}/change/", {"reason": "x"}).status_code == 403
    assert client.post(f"/admin/moderation/auditentry/{entry.pk}/delete/", {"post": "yes"}).status_code == 403
    assert AuditEntry.objects.get(pk=entry.pk).reason == "rude"
