"""An announcement to the lobby is a moderator's act like any other: it has its audit
entry (who, the text, the delay), written before the message is sent, and the log at
/moderation/log/ lists it."""

import pytest
from django.contrib.auth import get_user_model

from games import tasks
from moderation.models import AuditEntry

pytestmark = pytest.mark.django_db


def test_an_announcement_is_logged_then_sent(client, monkeypatch, django_capture_on_commit_callbacks):
    sent: list[tuple] = []
    monkeypatch.setattr(tasks.announce, "apply_async", lambda args, countdown: sent.append((args, countdown)))
    root = get_user_model().objects.create_superuser("root", password="a-long-secret-9")
    client.force_login(root)
    with django_capture_on_commit_callbacks(execute=True):
        response = client.post("/moderation/announce/", {"text": "Restart in 5 minutes", "delay_minutes": 5})
    assert response.status_code == 302
    entry = AuditEntry.objects.get(action="announce")
    assert (entry.moderator, entry.reason) == (root, "Restart in 5 minutes")
    assert entry.details == {"delay_minutes": 5}
    assert sent == [(("Restart in 5 minutes",), 300)]

    log = client.get("/moderation/log/?action=announce", HTTP_ACCEPT_LANGUAGE="en")
    assert [e.pk for e in log.context["page"]] == [entry.pk]
    assert "Restart in 5 minutes" in log.content.decode() and "sent after 5 minutes" in log.content.decode()


def test_an_invalid_announcement_is_neither_logged_nor_sent(client, monkeypatch):
    monkeypatch.setattr(tasks.announce, "apply_async", lambda *args, **kwargs: pytest.fail("sent"))
    client.force_login(get_user_model().objects.create_superuser("root", password="a-long-secret-9"))
    assert client.post("/moderation/announce/", {"text": "", "delay_minutes": 0}).status_code == 200
    assert not AuditEntry.objects.exists()
