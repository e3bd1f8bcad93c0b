"""`manage.py moderator grant|revoke <username>` adds and removes the role, and says so in
the audit log."""

import pytest
from django.core.management import CommandError, call_command

from moderation.models import AuditEntry

pytestmark = pytest.mark.django_db


def test_grant_then_revoke(alice, django_user_model, capsys):
    call_command("moderator", "grant", "alice")
    assert django_user_model.objects.get(pk=alice.pk).has_perm("moderation.moderate")
    assert "alice is a moderator now" in capsys.readouterr().out
    call_command("moderator", "revoke", "alice")
    assert not django_user_model.objects.get(pk=alice.pk).has_perm("moderation.moderate")
    assert list(AuditEntry.objects.order_by("id").values_list("action", "user__username", "moderator")) == [
        ("grant", "alice", None), ("revoke", "alice", None)]


def test_an_unknown_user_is_an_error():
    with pytest.raises(CommandError):
        call_command("moderator", "grant", "nobody")
